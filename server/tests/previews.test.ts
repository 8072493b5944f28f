// Link previews and search engines (issue 21, items 1–4): every public page's first HTML has its own title,
// description, canonical link, Open Graph and Twitter fields from common/pageMeta.ts; a course's og:image is a
// 1200×630 JPEG under 300 kB made once from its cover and made again when the cover changes; preview bots that send
// `Accept: */*` or nothing get the page (404 with noindex for a missing or draft course); course pages carry a
// schema.org Course and the home page the Organization.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTitle, OG_IMAGE_SIZE, PAGE_HEADINGS, pageMeta, SITE_NAME, SITE_OG_IMAGE, SITE_SUMMARY } from '../../common/pageMeta.ts';
import type { CourseDetails } from '../../common/wireTypes.ts';
import { courses, ogImages, seller, uploads } from '../src/db/schema.ts';
import { buildTestApp, fixtureContent, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const PUBLIC_URL = 'https://kursy.example.org';
const INDEX_HTML = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Общее описание сайта." />
    <title>Мутабор — общий заголовок</title>
    <script type="module" crossorigin src="/assets/index-a1b2c3.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const TELEGRAM = { 'user-agent': 'TelegramBot (like TwitterBot)', accept: '*/*' };
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A landscape cover with a mark in its middle, so the centred cut keeps it. */
const wideCover = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900"><rect width="1600" height="900" fill="${fill}"/><circle cx="800" cy="450" r="200" fill="#f6ebdd"/></svg>`;
/** A tall cover: the cut keeps its middle band. */
const tallCover = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="900"><rect width="300" height="900" fill="#a33a1c"/><rect y="400" width="300" height="100" fill="#ffffff"/></svg>';

interface Head {
  title: string | null;
  canonical: string | null;
  meta: Map<string, string>;
  jsonLd: Record<string, unknown>[];
}

const unescape = (value: string) => value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What a preview bot reads from the head: the title, the canonical link, the meta fields and the JSON-LD blocks. */
function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string>();
  for (const match of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    expect(meta.has(match[1]!), `${match[1]} twice`).toBe(false);
    meta.set(match[1]!, unescape(match[2]!));
  }
  const titles = [...head.matchAll(/<title>(.*?)<\/title>/gs)];
  expect(titles.length).toBeLessThanOrEqual(1);
  return {
    title: titles[0] ? unescape(titles[0][1]!) : null,
    canonical: /<link rel="canonical" href="([^"]+)">/.exec(head)?.[1] ?? null,
    meta,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>),
  };
}

describe.each(dbModes())('link previews and search engines (%s)', (mode) => {
  let testDb: TestDatabase;
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-previews-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    mkdirSync(path.join(distDir, 'demo'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(distDir, 'assets', 'index-a1b2c3.js'), 'console.log(1);');
    writeFileSync(path.join(distDir, 'demo', 'open.svg'), wideCover('#1f4e5f'));
    writeFileSync(path.join(distDir, 'demo', 'yearly.svg'), tallCover);
    writeFileSync(path.join(distDir, 'demo', 'broken.png'), 'not a picture');
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, distDir, config: testConfig({ PUBLIC_URL }) });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = BROWSER) => app.inject({ url, headers });
  const courseDetails = async (id: number) => (await app.inject(`/api/v1/courses/${id}/`)).json<CourseDetails>();
  const setCourse = async (id: number, values: Partial<typeof courses.$inferInsert>) => {
    await testDb.database.db.update(courses).set(values).where(eq(courses.id, id));
    app.deps.publicCache.invalidate();
  };
  const storedPictures = async () => Number((await testDb.database.db.select({ n: count() }).from(ogImages))[0]!.n);

  it('gives every public page its own title, description, canonical link and Open Graph fields', async () => {
    const open = await courseDetails(ids.courses.open);
    const expected: [string, ReturnType<typeof pageMeta>][] = [
      ['/', pageMeta({ page: 'home' })],
      [`/courses/${ids.courses.open}`, pageMeta({ page: 'course', course: open })],
      ['/feedbacks', pageMeta({ page: 'feedbacks' })],
      ['/library?categories=1', pageMeta({ page: 'library' })],
      ['/timetable', pageMeta({ page: 'timetable', name: fixtureContent.timetable.name })],
      ['/about/', pageMeta({ page: 'about' })],
      ['/policy', pageMeta({ page: 'policy' })],
      ['/offer', pageMeta({ page: 'offer', name: fixtureContent.offer.name })],
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [url, meta] of expected) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      const head = readHead(response.body);
      expect(head.title, url).toBe(meta.title);
      expect(head.canonical, url).toBe(`${PUBLIC_URL}${meta.path}`);
      expect(head.meta.get('description'), url).toBe(meta.description);
      expect(head.meta.get('og:type'), url).toBe('website');
      expect(head.meta.get('og:title'), url).toBe(meta.ogTitle);
      expect(head.meta.get('og:description'), url).toBe(meta.description);
      expect(head.meta.get('og:url'), url).toBe(`${PUBLIC_URL}${meta.path}`);
      expect(head.meta.get('og:site_name'), url).toBe(SITE_NAME);
      expect(head.meta.get('og:locale'), url).toBe('ru_RU');
      expect(head.meta.get('og:image'), url).toMatch(new RegExp(`^${PUBLIC_URL}/`));
      expect(head.meta.get('og:image:width'), url).toBe('1200');
      expect(head.meta.get('og:image:height'), url).toBe('630');
      expect(head.meta.get('twitter:card'), url).toBe('summary_large_image');
      expect(head.meta.has('robots'), url).toBe(false);
      // The template's own title and description are gone, not doubled.
      expect(response.body, url).not.toContain('общий заголовок');
      expect(response.body, url).not.toContain('Общее описание сайта.');
      titles.add(meta.title);
      descriptions.add(meta.description);
    }
    expect(titles.size).toBe(expected.length);
    expect(descriptions.size).toBe(expected.length);
    expect(expected[1]![1].title).toBe(`${open.title} — ${SITE_NAME}`);
    expect(expected[1]![1].description).toBe('Подзаголовок open. Первый абзац описания. Второй абзац описания.');
    expect(expected[0]![1]).toMatchObject({ title: documentTitle(), description: SITE_SUMMARY, path: '/' });
    // The page's head still has what the site needs, in its place.
    const home = await page('/');
    expect(home.body).toMatch(/<meta charset="UTF-8" \/>\s+<title>/);
    expect(home.body).toContain('<script type="module" crossorigin src="/assets/index-a1b2c3.js"></script>');
  });

  it('escapes what the authors wrote in every meta field and JSON-LD', async () => {
    const before = await courseDetails(ids.courses.free);
    const title = 'Курс "<b>жирный</b>" & </script><script>alert(1)</script>';
    await setCourse(ids.courses.free, { title, subtitle: 'Подзаголовок с $& и $\' внутри' });
    try {
      const response = await page(`/courses/${ids.courses.free}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<b>');
      expect(response.body).not.toContain('<script>alert');
      const head = readHead(response.body);
      expect(head.title).toBe(`${title} — ${SITE_NAME}`);
      expect(head.meta.get('og:title')).toBe(title);
      expect(head.meta.get('description')).toMatch(/^Подзаголовок с \$& и \$' внутри\. /);
      expect(head.jsonLd[0]).toMatchObject({ '@type': 'Course', name: title });
    } finally {
      await setCourse(ids.courses.free, { title: before.title, subtitle: before.subtitle });
    }
  });

  it('answers a preview bot that sends Accept: */* or nothing with the page, and a JSON-only client with JSON', async () => {
    for (const url of [`/courses/${ids.courses.open}`, '/about', '/library', '/timetable']) {
      for (const headers of [TELEGRAM, { 'user-agent': 'TelegramBot (like TwitterBot)' }, { accept: '*/*;q=0.8, application/json' }] as Record<string, string>[]) {
        const response = await page(url, headers);
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.headers.vary, url).toContain('accept');
        expect(readHead(response.body).meta.get('og:title'), url).toBeTruthy();
      }
    }
    const about = readHead((await page('/about', TELEGRAM)).body);
    expect(about.title).toBe(documentTitle(PAGE_HEADINGS.about));

    // A missing or draft course, and an address the site has no page for: 404 with the page, kept out of the index.
    for (const url of ['/courses/999999', `/courses/${ids.courses.draft}`, '/courses/abc', '/no-such-page']) {
      const response = await page(url, url === '/no-such-page' ? BROWSER : TELEGRAM);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      const head = readHead(response.body);
      expect(head.meta.get('robots'), url).toBe('noindex');
      expect(head.canonical, url).toBeNull();
      expect(head.jsonLd, url).toEqual([]);
      expect(head.meta.get('og:image'), url).toBe(`${PUBLIC_URL}${SITE_OG_IMAGE}`);
      expect(head.title, url).toBe(documentTitle(url.startsWith('/courses/') ? PAGE_HEADINGS.courseNotFound : PAGE_HEADINGS.notFound));
    }
    // The pages that are not public carry noindex too, with the site's title.
    const login = readHead((await page('/user/login', TELEGRAM)).body);
    expect(login.meta.get('robots')).toBe('noindex');
    expect(login.title).toBe(documentTitle());

    // A client that takes JSON only gets the API's 404; the API keeps answering JSON whatever the client takes.
    for (const accept of ['application/json', 'application/json, application/problem+json', 'application/json, text/html;q=0']) {
      const json = await page('/about', { accept });
      expect(json.statusCode, accept).toBe(404);
      expect(json.json(), accept).toEqual({ detail: 'Не найдено.' });
    }
    for (const url of [`/api/v1/courses/${ids.courses.open}/`, '/api/v1/courses/999999/', '/api/v1/nothing/']) {
      const response = await page(url, TELEGRAM);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.statusCode, url).toBe(url.endsWith(`/${ids.courses.open}/`) ? 200 : 404);
    }
    // Files that do not exist are not pages.
    const asset = await page('/assets/missing-123.js', TELEGRAM);
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
  });

  it('makes a course’s og:image from its cover once: a 1200×630 JPEG under 300 kB with a year-long cache', async () => {
    // The yearly course's page has not been rendered yet: its picture is made now, once.
    const before = await storedPictures();
    const yearly = readHead((await page(`/courses/${ids.courses.yearly}`, TELEGRAM)).body).meta.get('og:image')!;
    expect(yearly).toMatch(new RegExp(`^${PUBLIC_URL}/og/[0-9a-f]{16}\\.jpg$`));
    expect(await storedPictures()).toBe(before + 1);
    expect(readHead((await page(`/courses/${ids.courses.yearly}`)).body).meta.get('og:image')).toBe(yearly);
    expect(await storedPictures()).toBe(before + 1);
    // A tall cover is cut around its middle too.
    const tall = await sharp((await app.inject(yearly.slice(PUBLIC_URL.length))).rawPayload).metadata();
    expect([tall.width, tall.height]).toEqual([1200, 630]);

    const head = readHead((await page(`/courses/${ids.courses.open}`, TELEGRAM)).body);
    const image = head.meta.get('og:image')!;
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/og/[0-9a-f]{16}\\.jpg$`));
    expect(image).not.toBe(yearly);
    const made = await storedPictures();

    const response = await app.inject({ url: image.slice(PUBLIC_URL.length), headers: { 'user-agent': TELEGRAM['user-agent'] } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.length).toBeLessThan(300_000);
    const info = await sharp(response.rawPayload).metadata();
    expect({ format: info.format, width: info.width, height: info.height }).toEqual({ format: 'jpeg', ...OG_IMAGE_SIZE });
    // The cut is centred: the cover's middle mark is in the picture's middle, its background at the corner.
    const { data } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * OG_IMAGE_SIZE.width + x) * 3, (y * OG_IMAGE_SIZE.width + x) * 3 + 3)];
    expect(pixel(600, 315)[0]).toBeGreaterThan(200);
    expect(pixel(5, 5)[0]).toBeLessThan(60);

    // Rendered again, by this process or by another one on the same database: the same picture, not made again.
    expect(readHead((await page(`/courses/${ids.courses.open}`)).body).meta.get('og:image')).toBe(image);
    const other = await buildTestApp({ database: testDb.database, distDir, config: testConfig({ PUBLIC_URL }) });
    try {
      expect(readHead((await other.inject({ url: `/courses/${ids.courses.open}`, headers: TELEGRAM })).body).meta.get('og:image')).toBe(image);
      expect((await other.inject(image.slice(PUBLIC_URL.length))).rawPayload.equals(response.rawPayload)).toBe(true);
    } finally {
      await other.close();
    }
    expect(await storedPictures()).toBe(made);
  });

  it('makes a new og:image when the cover changes, and gives the site’s picture to a course without a usable cover', async () => {
    const db = testDb.database.db;
    const first = readHead((await page(`/courses/${ids.courses.open}`)).body).meta.get('og:image')!;
    // An uploaded cover (the authors' area stores uploads under their hash).
    const png = await sharp({ create: { width: 2400, height: 1400, channels: 3, background: '#a33a1c' } }).png().toBuffer();
    const sha256 = createHash('sha256').update(png).digest('hex');
    const key = `${sha256.slice(0, 16)}/cover.png`;
    await db.insert(uploads).values({ key, sha256, name: 'cover.png', contentType: 'image/png', size: png.length, data: png, userId: null });
    await setCourse(ids.courses.open, { image: `/media/${key}` });
    try {
      const second = readHead((await page(`/courses/${ids.courses.open}`)).body).meta.get('og:image')!;
      expect(second).toMatch(/\/og\/[0-9a-f]{16}\.jpg$/);
      expect(second).not.toBe(first);
      const picture = (await app.inject(second.slice(PUBLIC_URL.length))).rawPayload;
      const { data } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(130);
      expect(data[2]).toBeLessThan(80);
      expect((await sharp(picture).metadata()).width).toBe(1200);

      // No cover, a cover that is not there, one that is not a picture, one on another host: the site's picture.
      for (const image of ['', '/demo/missing.svg', '/demo/broken.png', '/media/0123456789abcdef/none.png', '//evil.example/x.png', 'https://cdn.example.org/x.jpg']) {
        await setCourse(ids.courses.open, { image });
        const head = readHead((await page(`/courses/${ids.courses.open}`)).body);
        expect(head.meta.get('og:image'), image).toBe(`${PUBLIC_URL}${SITE_OG_IMAGE}`);
        expect(head.meta.get('og:image:width'), image).toBe('1200');
      }
    } finally {
      await setCourse(ids.courses.open, { image: '/demo/open.svg' });
    }
    expect(readHead((await page(`/courses/${ids.courses.open}`)).body).meta.get('og:image')).toBe(first);

    // Addresses under /og/ that hold no picture.
    expect((await app.inject('/og/0123456789abcdef.jpg')).statusCode).toBe(404);
    expect((await app.inject('/og/../../etc/passwd')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await app.inject('/og/NOTHEX.jpg')).statusCode).toBe(404);
  });

  it('has the site’s own picture: a 1200×630 JPEG under 300 kB', async () => {
    const file = readFileSync(new URL('../../public/og-image.jpg', import.meta.url));
    expect(file.length).toBeLessThan(300_000);
    const info = await sharp(file).metadata();
    expect({ format: info.format, width: info.width, height: info.height }).toEqual({ format: 'jpeg', ...OG_IMAGE_SIZE });
  });

  it('puts a schema.org Course on a course page: provider, offers, the online instance with its start and instructors', async () => {
    const head = readHead((await page(`/courses/${ids.courses.open}`)).body);
    expect(head.jsonLd).toHaveLength(1);
    const course = head.jsonLd[0]!;
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Открытый курс',
      description: 'Первый абзац описания. Второй абзац описания.',
      url: `${PUBLIC_URL}/courses/${ids.courses.open}`,
      image: head.meta.get('og:image'),
      provider: { '@type': 'Organization', name: fixtureContent.seller!.name, url: `${PUBLIC_URL}/` },
      offers: [
        { '@type': 'Offer', category: 'Paid', price: 4000.5, priceCurrency: 'RUB' },
        { '@type': 'Offer', category: 'Paid', price: 40, priceCurrency: 'EUR' },
      ],
      hasCourseInstance: {
        '@type': 'CourseInstance',
        courseMode: 'online',
        startDate: '2030-01-10',
        endDate: '2030-03-10',
        instructor: [
          { '@type': 'Person', name: 'Борис Иванов' },
          { '@type': 'Person', name: 'Анна Петрова' },
        ],
      },
    });
    // A course without prices has no offers; one without a start date has none either.
    const free = readHead((await page(`/courses/${ids.courses.free}`)).body).jsonLd[0]!;
    expect(free['@type']).toBe('Course');
    expect(free).not.toHaveProperty('offers');
    const announced = readHead((await page(`/courses/${ids.courses.announced}`)).body).jsonLd[0]!;
    expect(announced.hasCourseInstance).toEqual({ '@type': 'CourseInstance', courseMode: 'online', instructor: [{ '@type': 'Person', name: 'Анна Петрова' }] });
    // The other pages have none, the home page excepted.
    for (const url of ['/feedbacks', '/about', '/library']) expect(readHead((await page(url)).body).jsonLd, url).toEqual([]);
  });

  it('puts the Organization on the home page: the seller’s name, or the site’s while the authors have saved none', async () => {
    const organization = readHead((await page('/')).body).jsonLd;
    expect(organization).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: fixtureContent.seller!.name,
        alternateName: SITE_NAME,
        url: `${PUBLIC_URL}/`,
        logo: `${PUBLIC_URL}/logo.svg`,
        email: fixtureContent.seller!.email,
        telephone: fixtureContent.seller!.phone,
      },
    ]);
    const db = testDb.database.db;
    const [saved] = await db.select().from(seller);
    await db.update(seller).set({ name: '', email: '', phone: '' });
    app.deps.publicCache.invalidate();
    try {
      expect(readHead((await page('/')).body).jsonLd[0]).toEqual({ '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: `${PUBLIC_URL}/`, logo: `${PUBLIC_URL}/logo.svg` });
    } finally {
      await db.update(seller).set({ name: saved!.name, email: saved!.email, phone: saved!.phone });
      app.deps.publicCache.invalidate();
    }
  });
});
