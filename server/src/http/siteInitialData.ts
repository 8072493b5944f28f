// What the first HTML of a page carries so it can render without waiting: the public API answers the page and the
// frame around it (the authors in the header and footer) read first (as JSON the site puts in its cache), a preload
// of the largest image, and the page's lazy code chunk; and what it says about itself to search engines and link
// previews (pageHead.ts: its title, description, canonical link, Open Graph fields and JSON-LD).
// Only public, identical-for-everyone data goes in; the site ignores what a logged-in visitor must fetch for
// themself. Without any of this the site still works: it fetches as usual.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CourseDetails, CourseShort, Offer, Seller, Timetable } from '../../../common/wireTypes.ts';
import { catalogueCourses } from '../../../common/catalogue.ts';
import { INITIAL_DATA_ELEMENT_ID } from '../../../common/initialDataElement.ts';
import { libraryResourceQuery, parseLibraryFilters } from '../../../common/libraryQuery.ts';
import { OG_IMAGE_SIZE, PAGE_HEADINGS, pageMeta, type MetaPage } from '../../../common/pageMeta.ts';
import { isSitePage, isSitePath } from '../../../common/sitePaths.ts';
import type { OgImages } from '../services/content/ogImages.ts';
import { escapeHtml } from './html.ts';
import { courseJsonLd, escapeScriptJson, jsonLdHtml, metaHtml, organizationJsonLd } from './pageHead.ts';

interface PagePlan {
  /** The page module, as Vite's manifest names it (none: no chunk to preload). */
  module?: string;
  /** Site cache key → API path. */
  data: [string, string][];
  /** The image likely to be the largest paint, from the data. */
  image?: (data: Record<string, unknown>) => string | undefined;
  /** The data key without which the page does not exist (the course of a course page): 404 when the API says 404. */
  required?: string;
  /** What the page is, for its title, description and Open Graph fields (pageMeta). */
  meta: (data: Record<string, unknown>) => MetaPage;
  /** The course whose cover is the page's og:image (a course page's). */
  course?: (data: Record<string, unknown>) => CourseDetails | undefined;
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
      meta: () => ({ page: 'home' }),
    };
  }
  const course = /^\/courses\/(\d{1,9})\/?$/.exec(pathname);
  if (course) {
    const courseOf = (data: Record<string, unknown>) => data[`course:${course[1]}`] as CourseDetails | undefined;
    return {
      module: 'src/pages/CoursePage.tsx',
      data: [
        [`course:${course[1]}`, `/api/v1/courses/${course[1]}/`],
        ['courses', '/api/v1/courses/'],
      ],
      image: (data) => courseOf(data)?.image,
      required: `course:${course[1]}`,
      course: courseOf,
      meta: (data) => {
        const details = courseOf(data);
        return details ? { page: 'course', course: details } : { page: 'notFound', heading: PAGE_HEADINGS.courseNotFound };
      },
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
      meta: () => ({ page: 'library' }),
    };
  }
  if (/^\/feedbacks\/?$/.test(pathname)) {
    return { module: 'src/pages/FeedbacksPage.tsx', data: [['feedbackPage:1', '/api/v1/feedback/?page=1']], meta: () => ({ page: 'feedbacks' }) };
  }
  if (/^\/timetable\/?$/.test(pathname)) {
    return {
      module: 'src/pages/TimetablePage.tsx',
      data: [
        ['timetable', '/api/v2/user/pages-content/timetable/'],
        ['upcomingLessons', '/api/v1/lessons/upcoming/'],
      ],
      meta: (data) => ({ page: 'timetable', name: (data.timetable as Timetable | undefined)?.name }),
    };
  }
  if (/^\/about\/?$/.test(pathname)) {
    return { module: 'src/pages/AboutPage.tsx', data: [['authors', '/api/v1/authors/']], meta: () => ({ page: 'about' }) };
  }
  if (/^\/policy\/?$/.test(pathname)) {
    // The policy the authors edit, where the server has it (its name is the page's title).
    return {
      module: 'src/pages/PolicyPage.tsx',
      data: [['policy', '/api/v2/user/pages-content/policy/']],
      meta: (data) => ({ page: 'policy', name: (data.policy as { name?: string } | undefined)?.name }),
    };
  }
  if (/^\/offer\/?$/.test(pathname)) {
    return {
      module: 'src/pages/OfferPage.tsx',
      data: [['offer', '/api/v2/user/pages-content/offer/']],
      meta: (data) => ({ page: 'offer', name: (data.offer as Offer | undefined)?.name }),
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

/** index.html's boot frame (the logo line shown until the site's code has run), as built by Vite. */
const BOOT_FRAME = /<div id="root"><div class="boot-frame"[^>]*>[\s\S]*?<\/div>/;

/**
 * A course page's picture and title in the boot frame, laid out as the page lays them out at each width (index.html's
 * .boot-course): the visitor sees what the course is while the site's code loads, and the picture is painted before
 * the code has run instead of after (Lighthouse's largest paint on a course page: 1.97 s with the render waiting for
 * the code, docs/BENCHMARKS.md). Hidden from screen readers: the site's own page replaces it a moment later.
 */
function bootCourseHtml(course: CourseDetails, picturePath: string | undefined): string {
  const { width, height } = OG_IMAGE_SIZE;
  const picture = picturePath ? `<img class="boot-cover" src="${escapeHtml(picturePath)}" width="${width}" height="${height}" alt="">` : '';
  return `<div class="boot-course" aria-hidden="true">${picture}<p class="boot-title">${escapeHtml(course.title)}</p></div>`;
}

interface RenderedPage {
  /** 404 for an address the site has no page for, or a course that does not exist or is a draft. */
  status: 200 | 404;
  html: string;
}

interface IndexRenderer {
  render(app: FastifyInstance, url: string): Promise<RenderedPage>;
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /[ \t]*<meta name="description"[^>]*>\r?\n?/;
const HEAD_MARK = '\u0000head\u0000';

/**
 * Renders index.html per page; `ogImages` makes a course's preview picture from its cover (none: every page shows the
 * site's picture).
 */
export function createIndexRenderer(root: string, ogImages?: OgImages): IndexRenderer {
  const source = readFileSync(path.join(root, 'index.html'), 'utf8').replace(DESCRIPTION, '');
  // The page's own title and meta take the place of the template's title (or go with the rest at the head's end).
  const template = TITLE.test(source) ? source.replace(TITLE, HEAD_MARK) : source;
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};

  return {
    async render(app, url) {
      const parsed = new URL(url, 'http://site.invalid');
      // The site renders its not-found screen for these; the status says so to crawlers and tools.
      const notFound = !isSitePage(parsed.pathname) || /^\/courses\/(?!\d{1,9}\/?$)/i.test(parsed.pathname);
      const plan: PagePlan = (notFound ? null : planFor(parsed.pathname, parsed.search)) ?? {
        data: [],
        meta: () => (notFound ? { page: 'notFound' } : { page: 'other' }),
      };
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
      const { publicUrl } = app.deps.config;
      const course = status === 200 ? plan.course?.(data) : undefined;
      const ogImage = course && ogImages ? await ogImages.forCover(course.image) : null;
      // The site says «Курс не найден» at any address of a course page (`/courses/abc` included), as its tab does.
      const missing: MetaPage = { page: 'notFound', ...(/^\/courses\/[^/]+\/?$/i.test(parsed.pathname) ? { heading: PAGE_HEADINGS.courseNotFound } : {}) };
      const meta = pageMeta(status === 200 ? plan.meta(data) : missing, ogImage ?? undefined);
      const seller = data.seller as Seller | undefined;
      const described = metaHtml(meta, publicUrl);
      if (course) described.push(jsonLdHtml(courseJsonLd(course, seller, publicUrl, meta)));
      else if (meta.path === '/') described.push(jsonLdHtml(organizationJsonLd(seller, publicUrl)));

      const head: string[] = [];
      // The page's first picture, when it is a path on this site (not one a browser would take to another host).
      const planned = plan.image?.(data);
      const image = planned && isSitePath(planned) ? planned : undefined;
      if (image) head.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`);
      for (const file of plan.module ? chunkFiles(manifest, plan.module) : []) head.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
      if (Object.keys(data).length > 0) {
        head.push(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${escapeScriptJson(JSON.stringify(data))}</script>`);
      }
      const page = course ? template.replace(BOOT_FRAME, (frame) => frame + bootCourseHtml(course, image)) : template;
      const html = page.includes(HEAD_MARK)
        ? page.replace(HEAD_MARK, () => described.join('\n    ')).replace('</head>', () => `${head.join('\n    ')}\n  </head>`)
        : page.replace('</head>', () => `${[...described, ...head].join('\n    ')}\n  </head>`);
      return { status, html };
    },
  };
}
