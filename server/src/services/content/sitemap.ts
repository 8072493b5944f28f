// /sitemap.xml and /robots.txt (issue 21, item 5): the public pages and every course the catalogue shows, each with
// when it last changed, at the absolute addresses of PUBLIC_URL; robots.txt keeps crawlers out of the account, the
// authors' area, the user pages, the payment result and the API, and names the sitemap.
import { catalogueCourses } from '../../../../common/catalogue.ts';
import { absoluteUrl, coursePath } from '../../../../common/pageMeta.ts';
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import type { Db } from '../../db/client.ts';
import { pagesUpdatedAt, sitemapCourses } from '../../repositories/content/sitemapRepository.ts';
import { UNSUBSCRIBE_PATH } from '../letters/unsubscribeLinks.ts';
import type { PublicCache } from './publicCache.ts';

interface SitemapEntry {
  path: string;
  lastmod: Date;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The pages a visitor can find without logging in, in the order the site's menu has them. */
async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [courses, pages] = await Promise.all([sitemapCourses(db), pagesUpdatedAt(db)]);
  const listed = catalogueCourses(courses);
  // Pages without a date of their own (the home page, the reviews, the library, about) change with the courses.
  const latest = new Date(Math.max(0, ...courses.map((course) => course.lastmod.getTime()), ...[...pages.values()].map((date) => date.getTime())));
  const page = (path: string, slug?: string): SitemapEntry => ({ path, lastmod: (slug && pages.get(slug)) || latest });
  return [
    page(SITE_ROUTES.home),
    ...listed.map((course) => ({ path: coursePath(course.id), lastmod: course.lastmod })),
    page(SITE_ROUTES.timetable, 'timetable'),
    page(SITE_ROUTES.feedbacks),
    page(SITE_ROUTES.library),
    page(SITE_ROUTES.about),
    page(SITE_ROUTES.policy, 'policy'),
    ...(pages.has('offer') ? [page(SITE_ROUTES.offer, 'offer')] : []),
  ];
}

function sitemapXml(entries: SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => `  <url>\n    <loc>${escapeXml(absoluteUrl(publicUrl, entry.path))}</loc>\n    <lastmod>${entry.lastmod.toISOString()}</lastmod>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The sitemap's XML, kept in the public cache, which every write to the courses or pages empties. */
export async function cachedSitemap(deps: { db: Db; publicCache: PublicCache; config: { publicUrl: string } }): Promise<string> {
  const cached = await deps.publicCache.get('sitemap', async () => ({ value: sitemapXml(await sitemapEntries(deps.db), deps.config.publicUrl) }));
  return cached.value;
}

/** Paths no crawler needs: the account, the authors' area, the user pages, the payment result, the API and the links from letters. */
const DISALLOWED_PATHS = [
  SITE_ROUTES.account,
  SITE_ROUTES.admin,
  '/user/',
  SITE_ROUTES.waitingForPayment,
  '/sandbox-checkout/',
  `${UNSUBSCRIBE_PATH}/`,
  '/api/',
];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`, ''].join('\n');
}
