// The public cache: what it keeps, when it lets go, and that several processes on one PostgreSQL invalidate together.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseShort } from '../../common/wireTypes.ts';
import { openPostgres, type Database } from '../src/db/client.ts';
import { courses, mailingSubscriptions, participants } from '../src/db/schema.ts';
import { PublicCache } from '../src/services/content/publicCache.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';
import { eventually, sleep } from './eventually.ts';
import { freePort } from './freePort.ts';

describe('PublicCache', () => {
  const listening = () => {
    const cache = new PublicCache();
    cache.setListening(true);
    return cache;
  };

  it('keeps a loaded value with its JSON until invalidated', async () => {
    const cache = listening();
    let loads = 0;
    const load = async () => ({ value: { n: ++loads } });
    expect((await cache.get('k', load)).json).toBe('{"n":1}');
    expect((await cache.get('k', load)).value).toEqual({ n: 1 });
    cache.invalidate();
    expect((await cache.get('k', load)).value).toEqual({ n: 2 });
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('does not keep a value loaded while an invalidation happened', async () => {
    const cache = listening();
    let release!: () => void;
    const slow = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { value: 'old' };
    });
    await sleep(0);
    cache.invalidate();
    release();
    expect((await slow).value).toBe('old');
    expect((await cache.get('k', async () => ({ value: 'new' }))).value).toBe('new');
  });

  it('loads once for concurrent callers', async () => {
    const cache = listening();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await sleep(10);
      return { value: loads };
    };
    const results = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(results.map((result) => result.value)).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('keeps nothing while change notices cannot arrive', async () => {
    const cache = new PublicCache();
    let loads = 0;
    await cache.get('k', async () => ({ value: ++loads }));
    await cache.get('k', async () => ({ value: ++loads }));
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('lets a value go at its validUntil, and never keeps one already stale', async () => {
    let now = 1000;
    const cache = new PublicCache({ now: () => now });
    cache.setListening(true);
    await cache.get('k', async () => ({ value: 'a', validUntil: 2000 }));
    expect((await cache.get('k', async () => ({ value: 'b' }))).value).toBe('a');
    now = 2000;
    expect((await cache.get('k', async () => ({ value: 'c' }))).value).toBe('c');
    await cache.get('gone', async () => ({ value: 1, validUntil: 0 }));
    expect((await cache.get('gone', async () => ({ value: 2 }))).value).toBe(2);
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new PublicCache({ maxEntries: 2 });
    cache.setListening(true);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ({ value: key }));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => ({ value: 'reloaded' }))).value).toBe('reloaded');
  });
});

describe.each(dbModes())('cached public responses (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const titleOf = async (target: FastifyInstance, id: number) => (await target.inject(`/api/v1/courses/${id}/`)).json<CourseDetails>().title;

  it('answers repeated public requests from memory', async () => {
    await app.inject('/api/v1/courses/');
    const before = app.deps.publicCache.stats.hits;
    for (let i = 0; i < 5; i++) expect((await app.inject('/api/v1/courses/')).statusCode).toBe(200);
    expect(app.deps.publicCache.stats.hits - before).toBe(5);
  });

  it('sees a write made directly in the database, through the trigger and NOTIFY', async () => {
    expect(await titleOf(app, ids.courses.open)).toBe('Открытый курс');
    await testDb.database.db.update(courses).set({ title: 'Открытый курс (обновлён)' }).where(eq(courses.id, ids.courses.open));
    expect(await eventually(async () => (await titleOf(app, ids.courses.open)) === 'Открытый курс (обновлён)')).toBe(true);
    const list = (await app.inject('/api/v1/courses/')).json<CourseShort[]>();
    expect(list.find((course) => course.id === ids.courses.open)?.title).toBe('Открытый курс (обновлён)');
  });

  it('never puts one caller’s fields into the shared entry', async () => {
    const { db } = testDb.database;
    await db.insert(participants).values({ userId: ids.users.pupil, lessonId: ids.lessons.free, state: 'approved' });
    await db.insert(mailingSubscriptions).values({ userId: ids.users.pupil, courseId: ids.courses.open });
    app.deps.publicCache.invalidate();
    const token = await app.deps.tokens.sign(ids.users.pupil, 'access');
    const mine = (await app.inject({ url: `/api/v1/courses/${ids.courses.open}/`, headers: bearer(token) })).json<CourseDetails>();
    expect(mine.subscribedForMailouts).toBe(true);
    expect(mine.lessons[0]!.participationState).toBe('approved');
    const anonymous = (await app.inject(`/api/v1/courses/${ids.courses.open}/`)).json<CourseDetails>();
    expect(anonymous.subscribedForMailouts).toBe(false);
    expect(anonymous.lessons.every((lesson) => lesson.participationState === null && lesson.participant === null)).toBe(true);
    const someoneElse = await app.deps.tokens.sign(ids.users.anna, 'access');
    const other = (await app.inject({ url: `/api/v1/courses/${ids.courses.open}/`, headers: bearer(someoneElse) })).json<CourseDetails>();
    expect(other.subscribedForMailouts).toBe(false);
    expect(other.lessons[0]!.participationState).toBeNull();
  });

  it('frees a place when a reservation lapses, with no write at all', async () => {
    const { db } = testDb.database;
    // Two short reservations fill the last lesson (limit 2) until they lapse.
    const lapse = Date.now() + 2000;
    await db.insert(participants).values([
      { userId: ids.users.anna, lessonId: ids.lessons.last, state: 'reserved', expiredAt: new Date(lapse) },
      { userId: ids.users.boris, lessonId: ids.lessons.last, state: 'reserved', expiredAt: new Date(lapse) },
    ]);
    app.deps.publicCache.invalidate();
    const lastHasPlaces = async () => (await app.inject(`/api/v1/courses/${ids.courses.open}/`)).json<CourseDetails>().lessons.find((lesson) => lesson.id === ids.lessons.last)!.hasFreePlaces;
    const before = await lastHasPlaces();
    const cachedBefore = await lastHasPlaces();
    // On a very busy machine the reservations may lapse before these two answers: then only the end is checked.
    if (Date.now() < lapse - 100) expect([before, cachedBefore]).toEqual([false, false]);
    expect(await eventually(lastHasPlaces, 5000)).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(lapse - 50);
  });

  it.runIf(mode === 'postgres')('invalidates a second app instance on the same PostgreSQL', async () => {
    const second: Database = openPostgres(testDb.url!, { poolSize: 2, reconnectDelayMs: 100 });
    const other = await buildTestApp({ database: second });
    try {
      await eventually(async () => (await titleOf(other, ids.courses.announced)) === 'Анонс');
      expect(await titleOf(other, ids.courses.announced)).toBe('Анонс');
      const hits = other.deps.publicCache.stats.hits;
      await titleOf(other, ids.courses.announced);
      expect(other.deps.publicCache.stats.hits).toBe(hits + 1);

      // A write through the first instance's connection pool.
      await app.deps.db.update(courses).set({ title: 'Анонс 2' }).where(eq(courses.id, ids.courses.announced));
      expect(await eventually(async () => (await titleOf(other, ids.courses.announced)) === 'Анонс 2', 5000)).toBe(true);

      // A lost LISTEN connection: nothing is cached until it is back, and then invalidation works again.
      const terminated = await app.deps.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      expect((terminated as unknown as { rows: unknown[] }).rows).toHaveLength(2);
      await app.deps.db.update(courses).set({ title: 'Анонс 3' }).where(eq(courses.id, ids.courses.announced));
      expect(await eventually(async () => (await titleOf(other, ids.courses.announced)) === 'Анонс 3', 3000)).toBe(true);
      await sleep(300);
      await app.deps.db.update(courses).set({ title: 'Анонс 4' }).where(eq(courses.id, ids.courses.announced));
      expect(await eventually(async () => (await titleOf(other, ids.courses.announced)) === 'Анонс 4', 5000)).toBe(true);
      expect(await eventually(async () => (await titleOf(app, ids.courses.announced)) === 'Анонс 4', 5000)).toBe(true);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it.runIf(mode === 'postgres')('invalidates a second server process on the same PostgreSQL', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-process-'));
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, DATABASE_URL: testDb.url!, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', JWT_SECRET: 'x'.repeat(40) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const base = `http://127.0.0.1:${port}`;
    const fetchTitle = async () => ((await (await fetch(`${base}/api/v1/courses/${ids.courses.yearly}/`)).json()) as CourseDetails).title;
    try {
      const started = await eventually(async () => {
        try {
          return (await fetch(`${base}/healthz`)).ok;
        } catch {
          return false;
        }
      }, 20_000);
      expect(started, stderr).toBe(true);
      expect(await fetchTitle()).toBe('Годовой курс');
      expect(await fetchTitle()).toBe('Годовой курс');
      await app.deps.db.update(courses).set({ title: 'Годовой курс 2030' }).where(eq(courses.id, ids.courses.yearly));
      expect(await eventually(async () => (await fetchTitle()) === 'Годовой курс 2030', 5000)).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

