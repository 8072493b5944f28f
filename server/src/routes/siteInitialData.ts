// What the first HTML of a page carries so it can render without waiting: the public API answers the page and the
// frame around it (the authors in the header and footer) read first (as JSON the site puts in its cache), a preload
// of the largest image, and the page's lazy code chunk.
// Only public, identical-for-everyone data goes in; the site ignores what a logged-in visitor must fetch for
// themself. Without any of this the site still works: it fetches as usual.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CourseDetails, CourseShort } from '../../../common/wireTypes.ts';
import { catalogueCourses } from '../../../common/catalogue.ts';
import { INITIAL_DATA_ELEMENT_ID } from '../../../common/initialDataElement.ts';
import { libraryResourceQuery, parseLibraryFilters } from '../../../common/libraryQuery.ts';
import { isSitePage, isSitePath } from '../../../common/sitePaths.ts';

interface PagePlan {
  /** The page module, as Vite's manifest names it (none: no chunk to preload). */
  module?: string;
  /** Site cache key → API path. */
  data: [string, string][];
  /** The image likely to be the largest paint, from the data. */
  image?: (data: Record<string, unknown>) => string | undefined;
  /** The data key without which the page does not exist (the course of a course page): 404 when the API says 404. */
  required?: string;
}

/**
 * What the frame of every page reads (the header's and footer's authors, the about page's; the footer's seller): in
 * every page's HTML.
 */
const FRAME_DATA: [string, string][] = [
  ['authors', '/api/v1/authors/'],
  ['seller', '/api/v1/seller/'],
];

function planFor(pathname: string, search: string): PagePlan | null {
  if (pathname === '/') {
    return {
      module: 'src/pages/HomePage.tsx',
      data: [
        ['authors', '/api/v1/authors/'],
        ['courses', '/api/v1/courses/'],
        ['quotations', '/api/v1/quotations/'],
        ['feedbackPage:1', '/api/v1/feedback/?page=1'],
      ],
      image: (data) => catalogueCourses((data.courses as CourseShort[] | undefined) ?? [])[0]?.thumbnail,
    };
  }
  const course = /^\/courses\/(\d{1,9})\/?$/.exec(pathname);
  if (course) {
    return {
      module: 'src/pages/CoursePage.tsx',
      data: [
        [`course:${course[1]}`, `/api/v1/courses/${course[1]}/`],
        ['courses', '/api/v1/courses/'],
      ],
      image: (data) => (data[`course:${course[1]}`] as CourseDetails | undefined)?.image,
      required: `course:${course[1]}`,
    };
  }
  if (/^\/library\/?$/.test(pathname)) {
    const query = libraryResourceQuery(parseLibraryFilters(search));
    return {
      module: 'src/pages/LibraryPage.tsx',
      data: [
        [`libraryItems:${query}`, `/api/v1/library-items/?${query}`],
        ['libraryCategories', '/api/v1/library-categories/'],
        ['courses', '/api/v1/courses/'],
      ],
    };
  }
  if (/^\/feedbacks\/?$/.test(pathname)) {
    return { module: 'src/pages/FeedbacksPage.tsx', data: [['feedbackPage:1', '/api/v1/feedback/?page=1']] };
  }
  if (/^\/timetable\/?$/.test(pathname)) {
    return {
      module: 'src/pages/TimetablePage.tsx',
      data: [
        ['timetable', '/api/v2/user/pages-content/timetable/'],
        ['upcomingLessons', '/api/v1/lessons/upcoming/'],
      ],
    };
  }
  if (/^\/about\/?$/.test(pathname)) {
    return { module: 'src/pages/AboutPage.tsx', data: [['authors', '/api/v1/authors/']] };
  }
  if (/^\/policy\/?$/.test(pathname)) return { module: 'src/pages/PolicyPage.tsx', data: [] };
  if (/^\/offer\/?$/.test(pathname)) {
    return {
      module: 'src/pages/OfferPage.tsx',
      data: [['offer', '/api/v2/user/pages-content/offer/']],
    };
  }
  return null;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The page chunk and the chunks it imports, from Vite's manifest (empty without one). */
function chunkFiles(manifest: Record<string, ManifestChunk>, module: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || chunk.file.endsWith('index.html')) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) if (!manifest[imported]?.file.startsWith('assets/index-')) visit(imported);
  };
  visit(module);
  return [...files];
}

const escapeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export interface RenderedPage {
  /** 404 for an address the site has no page for, or a course that does not exist or is a draft. */
  status: 200 | 404;
  html: string;
}

export interface IndexRenderer {
  render(app: FastifyInstance, url: string): Promise<RenderedPage>;
}

export function createIndexRenderer(root: string): IndexRenderer {
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};

  return {
    async render(app, url) {
      const parsed = new URL(url, 'http://site.invalid');
      // The site renders its not-found screen for these; the status says so to crawlers and tools.
      const notFound = !isSitePage(parsed.pathname) || /^\/courses\/(?!\d{1,9}\/?$)/i.test(parsed.pathname);
      const plan: PagePlan = (notFound ? null : planFor(parsed.pathname, parsed.search)) ?? { data: [] };
      let status: RenderedPage['status'] = notFound ? 404 : 200;
      const pageData = new Map([...FRAME_DATA, ...plan.data]);
      const answers = await Promise.all(
        [...pageData].map(async ([key, apiPath]) => {
          const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
          if (key === plan.required && response.statusCode === 404) status = 404;
          return response.statusCode === 200 ? ([key, response.json()] as const) : null;
        }),
      );
      const data = Object.fromEntries(answers.filter((entry) => entry !== null));
      const head: string[] = [];
      const image = plan.image?.(data);
      if (image && isSitePath(image)) head.push(`<link rel="preload" as="image" href="${escapeAttribute(image)}" fetchpriority="high">`);
      for (const file of plan.module ? chunkFiles(manifest, plan.module) : []) head.push(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`);
      if (Object.keys(data).length > 0) {
        head.push(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${escapeJson(JSON.stringify(data))}</script>`);
      }
      return { status, html: template.replace('</head>', `${head.join('\n    ')}\n  </head>`) };
    },
  };
}
