// Answers about one caller are never stored by a browser or a proxy: every answer to a request that carries a token,
// and every answer of the personal routes (errors included), has Cache-Control: no-store. Public answers keep theirs.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

describe('caching of personal answers', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let pupil: Record<string, string>;
  let anna: Record<string, string>;

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
    pupil = bearer(await app.deps.tokens.sign(ids.users.pupil, 'access'));
    anna = bearer(await app.deps.tokens.sign(ids.users.anna, 'access'));
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  it('is no-store for every personal route a logged-in caller reads', async () => {
    const me = await app.inject({ url: '/api/v1/users/me/', headers: pupil });
    expect(me.statusCode).toBe(200);
    const disciple = me.json<{ disciple: number }>().disciple;
    const requests: [string, Record<string, string>][] = [
      ['/api/v1/users/me/', pupil],
      [`/api/v1/users/${ids.users.pupil}/`, pupil],
      ['/api/v1/participants/', pupil],
      [`/api/v1/disciples/${disciple}/`, pupil],
      ['/api/v1/calendar/feed/', pupil],
      ['/api/v1/mutabo/courses/', anna],
      [`/api/v1/mutabo/courses/${ids.courses.draft}/`, anna],
      ['/api/v1/mutabo/quotations/', anna],
      ['/api/v1/mutabo/history/?entity=quotation', anna],
      // Public addresses answered with the caller's own fields (or a draft's preview for its author).
      [`/api/v1/courses/${ids.courses.open}/`, pupil],
      [`/api/v1/courses/${ids.courses.draft}/`, anna],
      ['/api/v1/courses/', pupil],
    ];
    for (const [url, headers] of requests) {
      const response = await app.inject({ url, headers });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(400);
      expect(response.headers['cache-control'], url).toMatch(/(^|, )no-store\b/);
    }
  });

  it('is no-store for their refusals and for the answers that carry tokens', async () => {
    for (const [method, url, headers] of [
      ['GET', '/api/v1/users/me/', {}],
      ['GET', '/api/v1/participants/', {}],
      ['GET', '/api/v1/payments/current/', {}],
      // No payment yet: a 404 of the caller's own.
      ['GET', '/api/v1/payments/current/', pupil],
      ['GET', '/api/v1/mutabo/courses/', {}],
      ['GET', '/api/v1/mutabo/courses/', pupil],
      ['GET', '/api/v1/mutabo/courses/999999/', anna],
      ['GET', '/api/v1/disciples/999999/', pupil],
      ['GET', '/api/v1/courses/999999/', pupil],
    ] as const) {
      const response = await app.inject({ method, url, headers });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
    const token = await app.inject({ method: 'POST', url: '/api/v1/token/', payload: { username: 'pupil@example.org', password: 'pupil-password' } });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public answers to guests as they were', async () => {
    for (const url of ['/api/v1/courses/', `/api/v1/courses/${ids.courses.open}/`, '/api/v1/authors/', '/api/v1/quotations/', '/api/v1/feedback/', '/api/v1/library-categories/']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
    // A guest's unknown course stays a plain 404 too.
    expect((await app.inject('/api/v1/courses/999999/')).headers['cache-control']).toBeUndefined();
  });

  it('keeps an uploaded file’s year-long public cache, token or not: it is the same for everyone', async () => {
    const boundary = 'cachingBoundary';
    const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`;
    const uploaded = await app.inject({ method: 'POST', url: '/api/v1/mutabo/uploads/', headers: { ...anna, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.headers['cache-control']).toBe('no-store');
    const { url } = uploaded.json<{ url: string }>();
    for (const headers of [{}, anna]) expect((await app.inject({ url, headers })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
