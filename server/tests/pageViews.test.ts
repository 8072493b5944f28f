// Issue 37, item 1: counting without tracking (docs/STATS.md «Counting views»). The HTML of a public page and the
// site's beacon on each page change are counted per page and day in memory and written as counters; robots and the
// authors themselves are not counted, one address cannot inflate the counters, and nothing of a visitor is stored.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_VIEW_PATH_LENGTH, STATS_VIEW_PATH } from '../../common/stats.ts';
import type { Db } from '../src/db/client.ts';
import { courses, pageViews } from '../src/db/schema.ts';
import { isRobot } from '../src/services/stats/bots.ts';
import { dayInMoscow } from '../../common/stats.ts';
import { ViewCounter } from '../src/services/stats/viewCounter.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const INDEX_HTML = '<!doctype html><html lang="ru"><head><title>Курсы</title></head><body><div id="root"></div></body></html>';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('robots', () => {
  it('a missing, empty or non-browser user agent is a robot', () => {
    for (const agent of [undefined, '', '   ', 'curl/8.5.0', 'Wget/1.21', 'python-requests/2.32', 'Go-http-client/1.1', 'lightMyRequest']) {
      expect(isRobot(agent), String(agent)).toBe(true);
    }
  });

  it('crawlers, link previews, monitors and audits are robots', () => {
    for (const agent of [
      GOOGLEBOT,
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'Mozilla/5.0 (Linux; Android 7.0; Moto G (4)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    ]) {
      expect(isRobot(agent), agent).toBe(true);
    }
  });

  it('browsers are not, headless Chrome included (the project’s own journeys)', () => {
    for (const agent of [
      BROWSER,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 YaBrowser/24.12.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
    ]) {
      expect(isRobot(agent), agent).toBe(false);
    }
  });
});

describe('the day of a view', () => {
  it('is the day in Moscow', () => {
    expect(dayInMoscow(new Date('2031-03-04T20:59:59Z'))).toBe('2031-03-04');
    expect(dayInMoscow(new Date('2031-03-04T21:00:00Z'))).toBe('2031-03-05');
  });
});

describe.each(dbModes())('page views (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let distDir: string;
  let clock = new Date('2031-03-04T12:00:00Z');
  const tokens: Record<'anna' | 'pupil', string> = { anna: '', pupil: '' };
  let addressNumber = 0;
  /** A fresh client address per use, so that the per-address limit meets only the test that means to. */
  const freshAddress = () => `10.0.${Math.floor(++addressNumber / 250)}.${(addressNumber % 250) + 1}`;
  const db = (): Db => testDb.database.db;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-page-views-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, distDir, viewCounter: { now: () => clock } });
    tokens.anna = await app.deps.tokens.sign(ids.users.anna, 'access');
    tokens.pupil = await app.deps.tokens.sign(ids.users.pupil, 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    rmSync(distDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    clock = new Date('2031-03-04T12:00:00Z');
    await app.deps.pageViews.flush();
    await db().delete(pageViews);
  });

  interface Visit {
    agent?: string;
    token?: string;
    address?: string;
    headers?: Record<string, string>;
  }

  const open = (url: string, visit: Visit = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({
      method,
      url,
      remoteAddress: visit.address ?? freshAddress(),
      headers: { accept: 'text/html,application/xhtml+xml', 'user-agent': visit.agent ?? BROWSER, ...(visit.token ? bearer(visit.token) : {}), ...visit.headers },
    });

  const beacon = (payload: unknown, visit: Visit = {}) =>
    app.inject({
      method: 'POST',
      url: STATS_VIEW_PATH,
      remoteAddress: visit.address ?? freshAddress(),
      headers: { 'content-type': 'application/json', 'user-agent': visit.agent ?? BROWSER, ...(visit.token ? bearer(visit.token) : {}), ...visit.headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  /** Flushes, then the stored counters as `day path` → views. */
  async function counters(): Promise<Record<string, number>> {
    expect(await app.deps.pageViews.flush()).toBe(true);
    const rows = await db().select().from(pageViews).orderBy(asc(pageViews.day), asc(pageViews.path));
    return Object.fromEntries(rows.map((row) => [`${row.day} ${row.path}`, row.views]));
  }

  const today = '2031-03-04';

  it('counts the HTML of the home page and of a course page, however often and from the cache alike', async () => {
    for (const url of ['/', '/', '/courses/1', '/courses/1/', '/courses/1?utm_source=letter', '/COURSES/1', '/about/']) {
      const response = await open(url);
      expect(response.statusCode, url).toBe(200);
    }
    expect(await counters()).toEqual({ [`${today} /`]: 2, [`${today} /about`]: 1, [`${today} /courses/1`]: 4 });
    const [row] = await db().select().from(pageViews).where(sql`${pageViews.path} = '/courses/1'`);
    expect(row!.courseId).toBe(ids.courses.open);
    expect((await db().select().from(pageViews).where(sql`${pageViews.path} = '/'`))[0]!.courseId).toBeNull();
  });

  it('counts no 404, no HEAD, no area or account page and no robot', async () => {
    const misses: [string, Visit, 'GET' | 'HEAD'][] = [
      ['/nowhere', {}, 'GET'],
      ['/courses/999', {}, 'GET'],
      [`/courses/${ids.courses.draft}`, {}, 'GET'],
      ['/courses/abc', {}, 'GET'],
      ['/', {}, 'HEAD'],
      ['/account', {}, 'GET'],
      ['/account/courses', {}, 'GET'],
      ['/mutabo', {}, 'GET'],
      ['/mutabo/courses', {}, 'GET'],
      ['/user/login', {}, 'GET'],
      ['/', { agent: GOOGLEBOT }, 'GET'],
      ['/courses/1', { agent: 'facebookexternalhit/1.1' }, 'GET'],
      ['/', { agent: '' }, 'GET'],
      ['/', { agent: 'curl/8.5.0' }, 'GET'],
    ];
    for (const [url, visit, method] of misses) await open(url, visit, method);
    expect(await counters()).toEqual({});
  });

  it('counts the beacon’s page changes, not a robot’s, not an author’s, not an unknown page or course', async () => {
    for (const path of ['/about', '/courses/1', '/courses/1', '/Library/', '/courses/5?x=1#top']) expect((await beacon({ path })).statusCode).toBe(204);
    await beacon({ path: '/courses/1' }, { token: tokens.pupil });
    await beacon({ path: '/courses/1' }, { token: tokens.anna });
    await beacon({ path: '/' }, { token: tokens.anna });
    await beacon({ path: '/' }, { agent: GOOGLEBOT });
    await beacon({ path: '/' }, { agent: '' });
    for (const path of ['/mutabo', '/mutabo/stats', '/account', '/account/courses', '/user/login', '/nowhere', '/courses/999', `/courses/${ids.courses.draft}`, '/lessons/1/join']) {
      expect((await beacon({ path })).statusCode, path).toBe(204);
    }
    // A token that is not valid is an anonymous visitor's.
    await beacon({ path: '/timetable' }, { headers: { authorization: 'Bearer not-a-token' } });
    expect(await counters()).toEqual({
      [`${today} /about`]: 1,
      [`${today} /courses/1`]: 3,
      [`${today} /courses/5`]: 1,
      [`${today} /library`]: 1,
      [`${today} /timetable`]: 1,
    });
  });

  it('an author’s landing takes back the count of the page’s HTML; anyone else’s landing is not counted twice', async () => {
    const author = { token: tokens.anna, address: freshAddress() };
    expect((await open('/courses/1', author)).statusCode).toBe(200);
    expect((await beacon({ path: '/courses/1', landing: true }, author)).statusCode).toBe(204);
    const pupil = { token: tokens.pupil, address: freshAddress() };
    await open('/courses/1', pupil);
    await beacon({ path: '/courses/1', landing: true }, pupil);
    const anonymous = { address: freshAddress() };
    await open('/', anonymous);
    await beacon({ path: '/', landing: true }, anonymous);
    expect(await counters()).toEqual({ [`${today} /`]: 1, [`${today} /courses/1`]: 1 });

    // Taken back after the HTML's count was written already (or by another process): the stored counter goes down.
    await open('/about', author);
    expect(await counters()).toEqual({ [`${today} /`]: 1, [`${today} /about`]: 1, [`${today} /courses/1`]: 1 });
    await beacon({ path: '/about', landing: true }, author);
    await beacon({ path: '/about', landing: true }, author);
    expect(await counters()).toEqual({ [`${today} /`]: 1, [`${today} /about`]: 0, [`${today} /courses/1`]: 1 });
  });

  it('writes per day (in Moscow) and page; a second flush adds to the first', async () => {
    clock = new Date('2031-03-04T20:30:00Z');
    await open('/');
    await beacon({ path: '/about' });
    expect(await counters()).toEqual({ [`${today} /`]: 1, [`${today} /about`]: 1 });
    clock = new Date('2031-03-04T21:30:00Z');
    await open('/');
    await open('/');
    clock = new Date('2031-03-04T20:59:00Z');
    await beacon({ path: '/' });
    expect(app.deps.pageViews.pending).toBe(2);
    expect(await counters()).toEqual({ [`${today} /`]: 2, [`${today} /about`]: 1, '2031-03-05 /': 2 });
    expect(await app.deps.pageViews.flush()).toBe(true);
    expect(await counters()).toEqual({ [`${today} /`]: 2, [`${today} /about`]: 1, '2031-03-05 /': 2 });
  });

  it('a course made a draft before the flush drops its views', async () => {
    await beacon({ path: `/courses/${ids.courses.announced}` });
    await beacon({ path: '/' });
    const [before] = await db().select({ state: courses.state }).from(courses).where(eq(courses.id, ids.courses.announced));
    await db().update(courses).set({ state: 'draft' }).where(eq(courses.id, ids.courses.announced));
    try {
      expect(await counters()).toEqual({ [`${today} /`]: 1 });
    } finally {
      await db().update(courses).set({ state: before!.state }).where(eq(courses.id, ids.courses.announced));
    }
  });

  it('a flush that fails keeps its counts for the next one', async () => {
    let broken = true;
    const real = db();
    const failing = new Proxy(real, {
      get(target, key, receiver) {
        if (key === 'execute' && broken) return () => Promise.reject(new Error('connection terminated'));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const counter = new ViewCounter({ db: failing, log: app.log }, { now: () => clock });
    counter.countHtml('/courses/1', { userAgent: BROWSER, address: '10.9.0.1' });
    counter.countHtml('/', { userAgent: BROWSER, address: '10.9.0.1' });
    expect(await counter.flush()).toBe(false);
    counter.countHtml('/courses/1', { userAgent: BROWSER, address: '10.9.0.2' });
    expect(await counter.flush()).toBe(false);
    expect(counter.pending).toBe(2);
    broken = false;
    expect(await counter.flush()).toBe(true);
    expect(counter.pending).toBe(0);
    expect(await counters()).toEqual({ [`${today} /`]: 1, [`${today} /courses/1`]: 2 });
    await counter.stop();
  });

  it('holds at most maxKeys pages and days between flushes', async () => {
    const counter = new ViewCounter({ db: db(), log: app.log }, { now: () => clock, maxKeys: 2 });
    for (const page of ['/', '/about', '/library', '/', '/timetable']) counter.countHtml(page, { userAgent: BROWSER, address: freshAddress() });
    expect(counter.pending).toBe(2);
    await counter.stop();
    expect(await counters()).toEqual({ [`${today} /`]: 2, [`${today} /about`]: 1 });
  });

  it('holds an address to its limit under 50 parallel beacons, and answers them all 204', async () => {
    const address = freshAddress();
    const responses = await Promise.all(Array.from({ length: 50 }, () => beacon({ path: '/feedbacks' }, { address })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(204));
    // The HTML of the same address is past the limit too.
    await open('/feedbacks', { address });
    expect(await counters()).toEqual({ [`${today} /feedbacks`]: 30 });
    clock = new Date(clock.getTime() + 61_000);
    await beacon({ path: '/feedbacks' }, { address });
    expect(await counters()).toEqual({ [`${today} /feedbacks`]: 31 });
  });

  it('answers a malformed body 400 in the API’s shape, never 500', async () => {
    for (const payload of ['{', '[]', '{}', { path: 5 }, { path: '' }, { path: '/'.repeat(MAX_VIEW_PATH_LENGTH + 1) }, { path: '/', landing: 'yes' }, 'null']) {
      const response = await beacon(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof response.json()).toBe('object');
    }
    const noBody = await app.inject({ method: 'POST', url: STATS_VIEW_PATH, headers: { 'user-agent': BROWSER } });
    expect(noBody.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: STATS_VIEW_PATH })).statusCode).toBe(404);
    expect(await counters()).toEqual({});
  });

  it('stores nothing of a visitor: after a day of views no column holds the user agent or the address', async () => {
    const agent = 'Mozilla/5.0 (X11) StatsProbe/7d1f';
    const address = '203.0.113.77';
    const forwarded = '198.51.100.23';
    const visit = { agent, address, headers: { 'x-forwarded-for': forwarded } };
    for (let hour = 0; hour < 24; hour += 1) {
      clock = new Date(Date.UTC(2031, 2, 4, hour - 3, 10));
      await open('/', visit);
      await beacon({ path: '/courses/1' }, visit);
      await beacon({ path: '/about' }, { ...visit, token: tokens.pupil });
      await open('/courses/5', { ...visit, token: tokens.pupil });
      await beacon({ path: '/courses/5', landing: true }, { ...visit, token: tokens.pupil });
      await open('/library', { ...visit, token: tokens.anna });
      await beacon({ path: '/library', landing: true }, { ...visit, token: tokens.anna });
      if (hour % 6 === 0) await app.deps.pageViews.flush();
    }
    expect(await counters()).toEqual({ [`${today} /`]: 24, [`${today} /about`]: 24, [`${today} /courses/1`]: 24, [`${today} /courses/5`]: 24 });

    // Every column of every table, whatever its type, read as text (as accountDeletionProperty.test.ts reads them).
    const columns = (await db().execute(sql`
      SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')`)) as unknown as { rows: { table_schema: string; table_name: string; column_name: string }[] };
    const byTable = new Map<string, string[]>();
    for (const { table_schema: schema, table_name: table, column_name: column } of columns.rows) {
      const name = `"${schema}"."${table}"`;
      byTable.set(name, [...(byTable.get(name) ?? []), column]);
    }
    expect(byTable.size).toBeGreaterThan(30);
    expect(byTable.has('"public"."page_views"')).toBe(true);
    async function holding(needle: string): Promise<string[]> {
      const found: string[] = [];
      for (const [table, names] of byTable) {
        const counts = names.map((column, index) => sql`count(*) FILTER (WHERE position(${needle.toLowerCase()} in lower(${sql.raw(`"${column}"`)}::text)) > 0)::int AS ${sql.raw(`c${index}`)}`);
        const result = (await db().execute(sql`SELECT ${sql.join(counts, sql`, `)} FROM ${sql.raw(table)}`)) as unknown as { rows: Record<string, number>[] };
        names.forEach((column, index) => {
          if (result.rows[0]![`c${index}`]! > 0) found.push(`${table}.${column}`);
        });
      }
      return found;
    }
    // The scan itself finds what is there.
    expect(await holding('/courses/5')).toContain('"public"."page_views".path');
    expect(await holding('StatsProbe/7d1f')).toEqual([]);
    expect(await holding(address)).toEqual([]);
    expect(await holding(forwarded)).toEqual([]);
  });
});
