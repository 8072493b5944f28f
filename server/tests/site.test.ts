// Serving the built site: static files, history fallback, cache headers, compression, security headers, /healthz.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { authors, courses as coursesTable } from '../src/db/schema.ts';
import { buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

const BOOT_FRAME = '<div class="boot-frame" aria-hidden="true"><img src="/logo.svg" width="50" height="50" alt="" />Мутабор</div>';
const INDEX_HTML = `<!doctype html><html lang="ru"><head><script type="module" src="/assets/index-a1b2c3.js"></script></head><body><div id="root">${BOOT_FRAME}</div></body></html>`;
const BIG_SCRIPT = `console.log(${JSON.stringify('Мутабор '.repeat(2000))});`;

describe('site', () => {
  let testDb: TestDatabase;
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    mkdirSync(path.join(distDir, 'demo'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(distDir, 'assets', 'index-a1b2c3.js'), BIG_SCRIPT);
    writeFileSync(path.join(distDir, 'demo', 'author-anna.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, distDir, config: testConfig({ LIBRARY_CORS_ORIGINS: 'https://library.example.org' }) });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    rmSync(distDir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('serves index.html at / without caching it', async () => {
    const response = await app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith(INDEX_HTML.slice(0, INDEX_HTML.indexOf('</head>')))).toBe(true);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/index.html', headers: html })).body).not.toBe(INDEX_HTML.replace('</head>', ''));
  });

  /** The JSON the page carries for the site's cache, or null. */
  function initialData(body: string): Record<string, unknown> | null {
    const match = /<script type="application\/json" id="initial-data">(.*?)<\/script>/s.exec(body);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
  }

  it('puts the public answers a page reads first into its HTML, exactly as the API gives them', async () => {
    const home = await app.inject({ url: '/', headers: html });
    const data = initialData(home.body);
    expect(Object.keys(data ?? {}).sort()).toEqual(['authors', 'courses', 'feedbackPage:1', 'quotations', 'seller']);
    expect(data?.courses).toEqual((await app.inject({ url: '/api/v1/courses/' })).json());
    expect(data?.['feedbackPage:1']).toEqual((await app.inject({ url: '/api/v1/feedback/?page=1' })).json());
    expect(home.body).toMatch(/<link rel="preload" as="image" href="\/[^"]+" fetchpriority="high">/);

    const courses = (await app.inject({ url: '/api/v1/courses/' })).json() as { id: number; image: string }[];
    const course = courses[0]!;
    const page = await app.inject({ url: `/courses/${course.id}`, headers: html });
    expect(initialData(page.body)?.[`course:${course.id}`]).toEqual((await app.inject({ url: `/api/v1/courses/${course.id}/` })).json());
    expect(page.body).toContain(`<link rel="preload" as="image" href="${course.image}" fetchpriority="high">`);

    const library = await app.inject({ url: '/library?categories=2,x&page=1', headers: html });
    expect(Object.keys(initialData(library.body) ?? {}).sort()).toEqual(['authors', 'courses', 'libraryCategories', 'libraryItems:page=1&limit=15&categories=2', 'seller']);
  });

  /** What the root element holds before the site's code has run. */
  const bootFrame = (body: string) => /<div id="root">(.*?)<\/div><\/body>/s.exec(body)?.[1];

  it('shows a course page’s picture and title in the boot frame, escaped, and nothing more on other pages', async () => {
    const db = testDb.database.db;
    const course = (await app.inject({ url: `/api/v1/courses/${ids.courses.open}/` })).json() as { title: string; image: string };
    expect(bootFrame((await app.inject({ url: `/courses/${ids.courses.open}`, headers: html })).body)).toBe(
      `${BOOT_FRAME}<div class="boot-course" aria-hidden="true"><img class="boot-cover" src="${course.image}" width="1200" height="630" alt=""><p class="boot-title">${course.title}</p></div>`,
    );
    expect(bootFrame((await app.inject({ url: '/', headers: html })).body)).toBe(BOOT_FRAME);
    expect(bootFrame((await app.inject({ url: '/courses/999999', headers: html })).body)).toBe(BOOT_FRAME);

    await db.update(coursesTable).set({ title: '</p><script>alert(1)</script> & «Курс»' }).where(eq(coursesTable.id, ids.courses.open));
    app.deps.publicCache.invalidate();
    try {
      const frame = bootFrame((await app.inject({ url: `/courses/${ids.courses.open}`, headers: html })).body);
      expect(frame).toContain('<p class="boot-title">&#60;/p&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#38; «Курс»</p>');
      expect(frame).not.toContain('<script>');
    } finally {
      await db.update(coursesTable).set({ title: course.title }).where(eq(coursesTable.id, ids.courses.open));
      app.deps.publicCache.invalidate();
    }
  });

  it('preloads a course image only when it is a path on this site, not one a browser takes to another host', async () => {
    const db = testDb.database.db;
    // Stored before the authors' forms refused it: `/\\host/…` is `//host/…` to a browser.
    const [before] = await db.select({ image: coursesTable.image }).from(coursesTable).where(eq(coursesTable.id, ids.courses.open));
    await db.update(coursesTable).set({ image: '/\\evil.example/x.png' }).where(eq(coursesTable.id, ids.courses.open));
    app.deps.publicCache.invalidate();
    try {
      const page = await app.inject({ url: `/courses/${ids.courses.open}`, headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('rel="preload" as="image"');
      expect(bootFrame(page.body)).not.toContain('evil');
    } finally {
      await db.update(coursesTable).set({ image: before!.image }).where(eq(coursesTable.id, ids.courses.open));
      app.deps.publicCache.invalidate();
    }
  });

  it('gives the about page the authors’ records, as the API gives them after an author changed theirs', async () => {
    const before = initialData((await app.inject({ url: '/about', headers: html })).body);
    expect(before).toEqual({ authors: (await app.inject({ url: '/api/v1/authors/' })).json(), seller: (await app.inject({ url: '/api/v1/seller/' })).json() });
    expect((before?.authors as { firstName: string; quote: string }[])[0]).toMatchObject({ firstName: 'Анна', quote: 'Читайте медленно.' });

    await testDb.database.db.update(authors).set({ firstName: 'Анастасия', description: 'Новый текст.', photo: '/media/new.jpg' }).where(eq(authors.id, 1));
    app.deps.publicCache.invalidate();
    const after = initialData((await app.inject({ url: '/about/', headers: html })).body);
    expect((after?.authors as { firstName: string; description: string; photo: string }[])[0]).toMatchObject({
      firstName: 'Анастасия',
      description: 'Новый текст.',
      photo: '/media/new.jpg',
    });
    await testDb.database.db.update(authors).set({ firstName: 'Анна', description: 'Филолог.', photo: '/demo/anna.svg' }).where(eq(authors.id, 1));
    app.deps.publicCache.invalidate();
  });

  it('leaves out what does not exist, and never lets the data close its script element', async () => {
    const missing = await app.inject({ url: '/courses/999999', headers: html });
    expect(initialData(missing.body)).toEqual({
      authors: (await app.inject({ url: '/api/v1/authors/' })).json(),
      courses: (await app.inject({ url: '/api/v1/courses/' })).json(),
      seller: (await app.inject({ url: '/api/v1/seller/' })).json(),
    });
    const home = await app.inject({ url: '/', headers: html });
    const json = /id="initial-data">(.*?)<\/script>/s.exec(home.body)![1]!;
    expect(json).not.toContain('<');
  });

  it('falls back to index.html for every site route that asks for HTML, with the authors the header and footer show and the footer’s seller', async () => {
    const authorList = (await app.inject({ url: '/api/v1/authors/' })).json();
    const seller = (await app.inject({ url: '/api/v1/seller/' })).json();
    for (const url of ['/account/profile/editor', '/user/confirm-signup/MQ/abc-123/', '/waiting-for-payment', '/mutabo/courses', '/no-such-page']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200);
      expect(response.body.startsWith(INDEX_HTML.slice(0, INDEX_HTML.indexOf('</head>'))), url).toBe(true);
      expect(response.body.endsWith(INDEX_HTML.slice(INDEX_HTML.indexOf('</head>'))), url).toBe(true);
      expect(initialData(response.body), url).toEqual({ authors: authorList, seller });
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 with the site’s page for an address the site has no page for, and for an unknown or draft course', async () => {
    const shell = INDEX_HTML.slice(0, INDEX_HTML.indexOf('</head>'));
    for (const url of ['/no-such-page', '/about/more', '/courses/999999', `/courses/${ids.courses.draft}`, '/courses/abc', '/courses/1/x', '/account/nothing', '/demo/missing.svg']) {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body.startsWith(shell), url).toBe(true);
      expect(response.body, url).toContain(`<div id="root">${BOOT_FRAME}</div>`);
    }
    // The site's own pages, in any case and with or without the slash, and public courses stay 200.
    for (const url of ['/About', '/library/', '/account', '/user/reset-password/completion/MQ/abc-123', `/courses/${ids.courses.open}`, `/courses/${ids.courses.announced}/`]) {
      expect((await app.inject({ url, headers: html })).statusCode, url).toBe(200);
    }
  });

  it('does not answer a missing file or an API path with the page', async () => {
    const script = await app.inject({ url: '/assets/missing-123.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    const api = await app.inject({ url: '/api/v1/missing/', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Не найдено.' });
    const post = await app.inject({ method: 'POST', url: '/courses/5', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await app.inject('/assets/index-a1b2c3.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toContain('javascript');
    const image = await app.inject('/demo/author-anna.svg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('compresses with brotli and gzip, files and API responses alike', async () => {
    const br = await app.inject({ url: '/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gzip = await app.inject({ url: '/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const api = await app.inject({ url: '/api/v1/dictionaries/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(api.headers['content-encoding']).toBe('br');
    expect(api.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(api.rawPayload).toString()).countries).toHaveLength(249);
    // A cached response is compressed once and then served from memory: the same bytes every time.
    const noBrotli = { 'accept-encoding': 'br;q=0, gzip;q=0.8' };
    const first = await app.inject({ url: '/api/v1/dictionaries/', headers: noBrotli });
    const second = await app.inject({ url: '/api/v1/dictionaries', headers: noBrotli });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(gunzipSync(second.rawPayload).toString()).timezones.length).toBeGreaterThan(300);
    const plain = await app.inject({ url: '/api/v1/dictionaries/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ countries: unknown[] }>().countries).toHaveLength(249);
    // Small responses are not worth compressing.
    const small = await app.inject({ url: '/api/v2/user/pages-content/timetable/', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends security headers with a CSP the Vite + styled-components site works under', async () => {
    const response = await app.inject({ url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("media-src 'self'");
    expect(csp).toContain("connect-src 'self' https://library.example.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const fallback = await app.inject({ url: '/library', headers: html });
    expect(fallback.headers['content-security-policy']).toBe(csp);
  });

  it('sends API responses a fixed strict header set instead of the page CSP', async () => {
    for (const url of ['/api/v1/courses/', '/api/v1/courses/999/', '/healthz']) {
      const response = await app.inject(url);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('reports health after pinging the database', async () => {
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const failingDb = {
      execute: async () => {
        throw new Error('connection refused');
      },
    } as unknown as Db;
    const unhealthy = await buildTestApp({ database: { ...testDb.database, db: failingDb } });
    try {
      const down = await unhealthy.inject('/healthz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', detail: 'База данных недоступна.' });
    } finally {
      await unhealthy.close();
    }
  });

  it('serves the API alone when the site is not built', async () => {
    const apiOnly = await buildTestApp({ database: testDb.database, distDir: path.join(distDir, 'nowhere') });
    try {
      const page = await apiOnly.inject({ url: '/courses/1', headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ detail: 'Сайт ещё не собран: выполните npm run build.' });
      expect((await apiOnly.inject('/api/v1/authors/')).statusCode).toBe(200);
    } finally {
      await apiOnly.close();
    }
  });
});
