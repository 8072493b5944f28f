// What a request in flight when the server stops is answered (issue 32, item 20): a page whose rendering was still to
// ask the API for its data when the stop began gets 503 with Retry-After (the proxy or the browser tries again, by
// then on a running process), never a 500.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, seedFixture } from './fixtures.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';
import { messages } from '../src/http/messages.ts';

const INDEX_HTML = '<!doctype html><html lang="ru"><head></head><body><div id="root"></div></body></html>';

describe('a request in flight during the stop', () => {
  let testDb: TestDatabase;
  let distDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-stop-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  });

  afterAll(async () => {
    await testDb?.destroy();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** An app whose home page waits, before it renders, until `release` is called; `entered` resolves once it waits. */
  async function appWithHeldPage() {
    let entered = () => {};
    const waiting = new Promise<void>((resolve) => (entered = resolve));
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const onRoute = (route: RouteOptions) => {
      if (route.method === 'GET' && route.url === '/') {
        route.preHandler = async () => {
          entered();
          await released;
        };
      }
    };
    const app: FastifyInstance = await buildTestApp({ database: testDb.database, distDir, onRoute });
    return { app, waiting, release };
  }

  it('answers a page whose rendering began after the stop 503 with Retry-After, not 500', async () => {
    const { app, waiting, release } = await appWithHeldPage();
    const page = app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    await waiting;
    const closed = app.close();
    // The stop has begun (its hooks are running) when the page goes on to ask the API for its data.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const response = await page;
    await closed;
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ detail: messages.restarting });
  });
});
