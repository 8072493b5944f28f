// A course link pasted into a messenger (issue 21): the preview bot fetches the page as Telegram's does (no browser,
// `Accept: */*`) and reads the course's title and picture from its first HTML; the picture is the 1200×630 JPEG under
// 300 kB made from the course's cover. Then the same page in a browser: the tab says what the preview said.
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import type { CourseShort } from '../common/wireTypes.ts';
import { baseUrl, DESKTOP, newPage, pageErrors, screenshot, SCREENSHOT_DIR, useBrowser, WIDTHS } from './support/browser.ts';

const browser = useBrowser();
const TELEGRAM = { 'user-agent': 'TelegramBot (like TwitterBot)', accept: '*/*' };

const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The `<meta>` fields of a page's head, by name or property. */
function metaOf(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return new Map([...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)].map((match) => [match[1]!, unescape(match[2]!)]));
}

async function firstCourse(): Promise<CourseShort> {
  const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as CourseShort[];
  const course = courses.find((candidate) => candidate.state !== 'draft' && candidate.image);
  expect(course).toBeDefined();
  return course!;
}

describe('a course link fetched by a preview bot', () => {
  it('shows the course’s title and its own picture: a 1200×630 JPEG under 300 kB', async () => {
    const course = await firstCourse();
    const response = await fetch(`${baseUrl()}/courses/${course.id}`, { headers: TELEGRAM });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const meta = metaOf(await response.text());
    expect(meta.get('og:title')).toBe(course.title);
    expect(meta.get('og:url')).toBe(`${baseUrl()}/courses/${course.id}`);
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    const image = meta.get('og:image')!;
    expect(image).toMatch(new RegExp(`^${baseUrl()}/og/[0-9a-f]{16}\\.jpg$`));
    expect([meta.get('og:image:width'), meta.get('og:image:height')]).toEqual(['1200', '630']);

    const picture = await fetch(image, { headers: TELEGRAM });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.length).toBeLessThan(300_000);
    const info = await sharp(bytes).metadata();
    expect({ format: info.format, width: info.width, height: info.height }).toEqual({ format: 'jpeg', width: 1200, height: 630 });
    // Kept for a look, as the preview shows it.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(`${SCREENSHOT_DIR}/og-course-${course.id}.jpg`, bytes);

    // The site's own picture for a page without a cover of its own.
    const about = metaOf(await (await fetch(`${baseUrl()}/about`, { headers: TELEGRAM })).text());
    expect(about.get('og:title')).toBe('О проекте');
    const site = Buffer.from(await (await fetch(about.get('og:image')!)).arrayBuffer());
    const siteInfo = await sharp(site).metadata();
    expect([siteInfo.format, siteInfo.width, siteInfo.height, site.length < 300_000]).toEqual(['jpeg', 1200, 630, true]);
  });

  it('finds the course in /sitemap.xml, which parses, and /robots.txt names the sitemap', async () => {
    const course = await firstCourse();
    const response = await fetch(`${baseUrl()}/sitemap.xml`, { headers: { 'user-agent': 'Googlebot/2.1', accept: '*/*' } });
    expect(response.status).toBe(200);
    const xml = await response.text();
    // Parsed by the browser's XML parser: a document that is not well-formed comes back as a <parsererror>.
    const page = await newPage(browser(), DESKTOP);
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: document.getElementsByTagName('parsererror').length > 0,
        root: document.documentElement.namespaceURI,
        urls: [...document.getElementsByTagName('url')].map((url) => ({ loc: url.getElementsByTagName('loc')[0]?.textContent, lastmod: url.getElementsByTagName('lastmod')[0]?.textContent })),
      };
    }, xml);
    await page.context().close();
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const entry = parsed.urls.find((url) => url.loc === `${baseUrl()}/courses/${course.id}`);
    expect(entry, xml).toBeDefined();
    expect(Number.isNaN(Date.parse(entry!.lastmod!))).toBe(false);
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots.split('\n')).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });

  it('answers a course that does not exist with 404 and noindex', async () => {
    const response = await fetch(`${baseUrl()}/courses/999999`, { headers: TELEGRAM });
    expect(response.status).toBe(404);
    expect(metaOf(await response.text()).get('robots')).toBe('noindex');
  });
});

describe.each(WIDTHS)('the course page in a browser (%s)', (name, viewport) => {
  it('has the title the preview bot read', async () => {
    const course = await firstCourse();
    const meta = metaOf(await (await fetch(`${baseUrl()}/courses/${course.id}`, { headers: TELEGRAM })).text());
    const page = await newPage(browser(), viewport);
    await page.goto('/');
    await page.getByRole('link', { name: course.title }).first().click();
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.waitForFunction((title) => document.title === title, `${meta.get('og:title')} — Мутабор`);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `previews-course-${name}`);
    await page.context().close();
  });
});

it('keeps the page the same for a browser: one title, the description in the head', async () => {
  const page = await newPage(browser(), DESKTOP);
  await page.goto('/about');
  await page.getByRole('heading', { level: 1, name: 'О проекте' }).waitFor();
  expect(await page.locator('head title').count()).toBe(1);
  expect(await page.title()).toBe('О проекте — Мутабор');
  expect(await page.locator('head meta[name="description"]').getAttribute('content')).toMatch(/^О школе «Мутабор»/);
  await page.context().close();
});
