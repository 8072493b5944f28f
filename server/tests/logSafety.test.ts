// What the logs never hold: a failed query's parameters (once a password hash), link tokens and test-checkout keys.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema.ts';
import { loggedUrl, serializeError } from '../src/http/requestLog.ts';
import { buildTestApp, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const HASH = 'scrypt$16384$8$1$c2VjcmV0LXNhbHQ$TOP-SECRET-HASH-0123456789abcdef';

describe.each(dbModes())('log safety (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({
      database: testDb.database,
      config: testConfig({ LOG_LEVEL: 'info' }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  it('logs a failed query by its text, code and message, never its parameters', async () => {
    const db = testDb.database.db;
    const route = '/api/v1/test-only-duplicate/';
    const guarded = await buildApp({
      database: testDb.database,
      config: testConfig({ LOG_LEVEL: 'info' }),
      logStream: { write: (line: string) => void lines.push(line) },
    });
    guarded.get(route, async () => {
      // The fixture has this e-mail already: the insert fails with the hash among its parameters.
      await db.insert(users).values({ email: 'boris@example.org', passwordHash: HASH, firstName: 'Секрет' });
      return {};
    });
    try {
      const response = await guarded.inject(route);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Внутренняя ошибка сервера.' });
    } finally {
      await guarded.close();
    }
    const failure = lines.map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> }).find((line) => line.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({ code: '23505', query: expect.stringContaining('insert into "users"'), message: expect.stringContaining('duplicate key') });
    const all = lines.join('\n');
    expect(all).not.toContain('TOP-SECRET-HASH');
    expect(all).not.toContain('Секрет');
    expect(all).not.toContain('boris@example.org');
  });

  it('logs request URLs without query values and without link tokens', async () => {
    const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    const token = 'cb3k2x-0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    await app.inject(`/sandbox-checkout/7?key=${key}`);
    await app.inject(`/user/confirm-signup/MTI/${token}/`);
    await app.inject(`/api/v1/payments/paypal/return/?paymentId=3&token=ORDER-${key}`);
    const all = lines.join('\n');
    expect(all).not.toContain(key);
    expect(all).not.toContain(token);
    expect(all).toContain('"url":"/sandbox-checkout/7?key"');
    expect(all).toContain('"url":"/user/confirm-signup/MTI/…/"');
  });
});

describe('serializeError', () => {
  it('keeps the type, message, safe database fields and frames; drops params, detail and anything else', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: `Key (email)=(a@b.c) already exists with ${HASH}`,
      params: [HASH],
    });
    const wrapped = Object.assign(new Error(`Failed query: insert into "users" values ($1, $2)\nparams: a@b.c,${HASH}`), {
      query: 'insert into "users" values ($1, $2)',
      params: ['a@b.c', HASH],
      cause,
    });
    const logged = serializeError(wrapped);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', constraint: 'users_email_unique', query: 'insert into "users" values ($1, $2)' });
    expect(logged.message).toBe('duplicate key value violates unique constraint "users_email_unique"');
    expect(logged.stack).toMatch(/^ {4}at /);
    expect(JSON.stringify(logged)).not.toContain(HASH);
    expect(JSON.stringify(logged)).not.toContain('a@b.c');
  });

  it('masks long tokens in paths and keeps only the names of query parameters', () => {
    expect(loggedUrl('/api/v1/courses/12/?page=2&limit=5')).toBe('/api/v1/courses/12/?page&limit');
    expect(loggedUrl('/user/reset-password/completion/MTI/cb3k2x-0123456789abcdef0123/')).toBe('/user/reset-password/completion/MTI/…/');
    expect(loggedUrl('/library')).toBe('/library');
    expect(loggedUrl('/assets/index-BdX3kq9a.js')).toBe('/assets/index-BdX3kq9a.js');
    expect(loggedUrl('/api/v1/calendar/Ab3_-xYz0123456789abcdefGHIJKLMN.ics')).toBe('/api/v1/calendar/….ics');
    expect(loggedUrl('/api/v1/courses/12/calendar.ics')).toBe('/api/v1/courses/12/calendar.ics');
  });
});
