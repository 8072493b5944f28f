// /sitemap.xml and /robots.txt (issue 21, item 5): the public pages and the catalogue's courses with their dates, at
// PUBLIC_URL's addresses; a change by the authors moves its course's date; robots.txt closes what crawlers need not see.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { buildTestApp, fixtureContent, ids, testConfig } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const PUBLIC_URL = 'https://школа.example.org';
const BASE = new URL(PUBLIC_URL).origin;

/** Each <url> as its <loc> and <lastmod>, read with a strict pattern: anything else in the document fails the test. */
function parseSitemap(xml: string): { loc: string; lastmod: string }[] {
  const match = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n([\s\S]*)\n<\/urlset>\n$/.exec(xml);
  expect(match, xml).not.toBeNull();
  const urls = match![1]!.split(/\n(?= {2}<url>)/);
  return urls.map((url) => {
    const parts = /^ {2}<url>\n {4}<loc>([^<]+)<\/loc>\n {4}<lastmod>([^<]+)<\/lastmod>\n {2}<\/url>$/.exec(url);
    expect(parts, url).not.toBeNull();
    return { loc: parts![1]!, lastmod: parts![2]! };
  });
}

describe.each(dbModes())('sitemap and robots (%s)', (mode) => {
  let kit: MutaboKit;
  let site: FastifyInstance;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    site = await buildTestApp({ database: kit.testDb.database, config: testConfig({ PUBLIC_URL }) });
  });

  afterAll(async () => {
    await site?.close();
    await kit?.close();
  });

  it('lists the public pages and exactly the courses the catalogue shows, at PUBLIC_URL, with dates', async () => {
    const response = await site.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const urls = parseSitemap(response.body);
    const paths = urls.map((url) => {
      expect(url.loc.startsWith(`${BASE}/`), url.loc).toBe(true);
      expect(new Date(url.lastmod).toISOString()).toBe(url.lastmod);
      return url.loc.slice(BASE.length);
    });
    const catalogue = (await site.inject('/api/v1/courses/')).json<{ id: number }[]>();
    const coursePaths = paths.filter((path) => path.startsWith('/courses/'));
    expect(coursePaths.sort()).toEqual(catalogue.map((course) => `/courses/${course.id}`).sort());
    expect(coursePaths).not.toContain(`/courses/${ids.courses.draft}`);
    expect(paths).toEqual(expect.arrayContaining(['/', '/timetable', '/feedbacks', '/library', '/about', '/policy', '/offer']));
    expect(new Set(paths).size).toBe(paths.length);
    expect(fixtureContent.courses.some((course) => course.state === 'draft')).toBe(true);
  });

  it('moves a course’s date when an author changes it', async () => {
    const before = parseSitemap((await site.inject('/sitemap.xml')).body).find((url) => url.loc === `${BASE}/courses/${ids.courses.open}`)!;
    const course = (await kit.call('GET', `/api/v1/mutabo/courses/${ids.courses.open}/`, 'anna')).json<{ version: number }>();
    const changed = await kit.call('PATCH', `/api/v1/mutabo/courses/${ids.courses.open}/`, 'anna', { subtitle: 'Новый подзаголовок', version: course.version });
    expect(changed.statusCode, changed.body).toBe(200);
    // The site is another instance than the area's: on PostgreSQL its cache learns of the change by NOTIFY, a moment later.
    const moved = async () => {
      const after = parseSitemap((await site.inject('/sitemap.xml')).body).find((url) => url.loc === `${BASE}/courses/${ids.courses.open}`)!;
      return Date.parse(after.lastmod) > Date.parse(before.lastmod);
    };
    expect(await eventually(moved)).toBe(true);
  });

  it('keeps crawlers out of the account, the area, the user pages, the payment result and the API, and names the sitemap', async () => {
    const response = await site.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    expect(disallowed).toEqual(expect.arrayContaining(['/account', '/mutabo', '/user/', '/waiting-for-payment', '/api/']));
    expect(disallowed.some((path) => '/'.startsWith(path) || '/courses/1'.startsWith(path))).toBe(false);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});
