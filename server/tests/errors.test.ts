// Failures in the wire shape: 404s, 400s, 401s, a hidden 500, random queries that never crash, log lines.
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { PublicCache } from '../src/services/content/publicCache.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

describe('errors', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let broken: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    app = await buildTestApp({
      database: testDb.database,
      logStream: { write: (line: string) => void logLines.push(line) },
      config: testConfig({ LOG_LEVEL: 'info' }),
    });
    // The dependency is replaced, not patched: every read through the public cache (the courses' list among them)
    // fails as a lost database would.
    const failing = new PublicCache();
    failing.get = async () => {
      throw new Error('connection reset at /secret/path.ts:12');
    };
    broken = await buildTestApp({ database: testDb.database, publicCache: failing });
  });

  afterAll(async () => {
    await app?.close();
    await broken?.close();
    await testDb?.destroy();
  });

  it('answers unknown API paths and methods with a JSON 404 in Russian', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing/'],
      ['GET', '/api/'],
      ['GET', '/api'],
      ['POST', '/api/v1/courses/'],
      ['DELETE', '/api/v1/authors/'],
      ['GET', '/api/v3/user/pages-content/timetable/'],
      ['GET', '/api/v1/courses/1/unknown/'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: 'Не найдено.' });
    }
  });

  it('answers an address the router cannot read in the wire shape: a broken % with 400, an overlong parameter with 404', async () => {
    for (const url of ['/api/v1/courses/%/', '/api/v1/courses/%zz/', '/api/v1/courses/%E2%82/', '/api/v1/mutabo/lessons/a%/']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: 'Некорректный запрос.' });
    }
    for (const url of [`/api/v1/courses/${'9'.repeat(101)}/`, `/api/v1/library-items/${encodeURIComponent('я'.repeat(200))}`]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Не найдено.' });
    }
  });

  it('hides the internals of an unexpected failure behind a 500', async () => {
    const response = await broken.inject('/api/v1/courses/');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Внутренняя ошибка сервера.' });
    expect(response.body).not.toContain('secret');
  });

  it('answers 401 in Russian where a route requires a logged-in caller', async () => {
    // A route that needs a logged-in caller, as the account endpoints will.
    const guarded = await buildApp({ config: testConfig(), database: testDb.database });
    guarded.get('/api/v1/test-only/', { preHandler: guarded.requireAuth }, async (request) => ({ userId: request.userId }));
    try {
      const anonymous = await guarded.inject('/api/v1/test-only/');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Учётные данные не были предоставлены.' });
      const invalid = await guarded.inject({ url: '/api/v1/test-only/', headers: bearer('garbage') });
      expect(invalid.statusCode).toBe(401);
      expect(invalid.json()).toEqual({ detail: 'Токен недействителен или просрочен. Войдите снова.' });
      // A filler account is inactive: its token is not accepted either.
      const inactive = await guarded.inject({ url: '/api/v1/test-only/', headers: bearer(await guarded.deps.tokens.sign(4, 'access')) });
      expect(inactive.statusCode).toBe(401);
      const ok = await guarded.inject({ url: '/api/v1/test-only/', headers: bearer(await guarded.deps.tokens.sign(ids.users.pupil, 'access')) });
      expect(ok.json()).toEqual({ userId: ids.users.pupil });
    } finally {
      await guarded.close();
    }
  });

  it('never answers random query strings on list endpoints with a 500', async () => {
    const key = fc.constantFrom('page', 'limit', 'categories', 'courses', 'course', 'x', 'page[]');
    const value = fc.oneof(
      fc.string(),
      fc.integer({ min: -5, max: 200 }).map(String),
      fc.array(fc.integer({ min: -3, max: 3_000_000_000 }), { maxLength: 4 }).map((numbers) => numbers.join(',')),
      fc.constantFrom('', ',', '1,,2', '%', '%zz', '1e3', '0x10', ' 1', '١', '1 2', 'null', 'NaN', 'Infinity'),
    );
    const query = fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 4 }).map((pairs) =>
      pairs.map(([name, text, raw]) => `${name}=${raw ? text.replace(/[&#]/g, '') : encodeURIComponent(text)}`).join('&'),
    );
    const path = fc.constantFrom('/api/v1/feedback/', '/api/v1/library-items/', '/api/v1/lessons/', '/api/v1/courses/', '/api/v1/library-categories/');
    await fc.assert(
      fc.asyncProperty(path, query, async (url, search) => {
        const response = await app.inject(`${url}?${search}`);
        expect([200, 400, 404]).toContain(response.statusCode);
        const body = response.json();
        if (response.statusCode === 400) {
          for (const [field, messages] of Object.entries(body as Record<string, string[]>)) {
            expect(['page', 'limit', 'categories', 'courses', 'course']).toContain(field);
            expect(messages.every((message) => /^[А-ЯЁ]/.test(message))).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never answers random ids with anything but 200 or 404', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/v1/courses/', '/api/v1/library-items/'), fc.oneof(fc.string({ minLength: 1 }), fc.bigInt({ min: -10n, max: 10n ** 20n }).map(String)), async (prefix, id) => {
        const response = await app.inject(`${prefix}${encodeURIComponent(id)}/`);
        expect([200, 404]).toContain(response.statusCode);
      }),
      { numRuns: 200 },
    );
  });

  it('writes one JSON line per request with the Authorization header and query values never logged', async () => {
    logLines.length = 0;
    const token = await app.deps.tokens.sign(ids.users.pupil, 'access');
    await app.inject({ url: '/api/v1/authors/?page=1', headers: { ...bearer(token), cookie: 'session=secret-cookie' } });
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'GET', url: '/api/v1/authors/?page', statusCode: 200, level: 30 });
    expect(logLines.join('')).not.toContain(token);
    expect(logLines.join('')).not.toContain('secret-cookie');
  });
});
