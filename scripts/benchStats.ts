// `npm run bench:stats` (npx tsx scripts/benchStats.ts): issue 37's speed check of the statistics' reads. A fresh
// PostgreSQL database (BENCH_DATABASE_URL, or TEST_DATABASE_URL's server, or the local one at 127.0.0.1:5432), migrated,
// then a school's history written by generate_series: 200 courses with 20 lessons each, 50,000 people, 500,000 page-view
// counters, 100,000 payments over three years with their lessons, 10,000 refunds, approved places, joins, recording
// positions, homework answers and news subscriptions. VACUUM ANALYZE, then the app in-process: each statistics request
// (money by week and by month, the funnel, the attendance, with and without a course, for an author leading all 200
// courses) asked WARMUP times, then RUNS times timed. Fails when the p95 of any request, the long ranges included,
// reaches 150 ms. Writes the "Statistics" section of docs/BENCHMARKS.md.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import { onFreshDatabase, postgresReachable } from './benchDatabase.ts';
import { writeBenchmarkSection } from './benchmarkReport.ts';

const COURSES = 200;
const LESSONS_PER_COURSE = 20;
const PEOPLE = 50_000;
const VIEW_DAYS = 2_500; // × 200 course pages = 500,000 counters
const PAYMENTS = 100_000;
const REFUNDS = 10_000;
const HISTORY_DAYS = 3 * 365;
const WARMUP = 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const LIMIT_MS = 150;
const JWT_SECRET = 'benchmark-secret-benchmark-secret-benchmark';

function serverUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = '/postgres';
    return url.toString();
  }
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The history, in SQL: every table the statistics read, at a school's size. */
async function generate(database: Database): Promise<{ author: number; course: number }> {
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await run(sql`SELECT setseed(0.37)`);
  await run(sql`INSERT INTO users (email, password_hash, is_active, created_at)
    SELECT 'person-' || i || '@bench.invalid', '!none', true, now() - (random() * ${HISTORY_DAYS} * interval '1 day') FROM generate_series(1, ${PEOPLE}) i`);
  await run(sql`UPDATE users SET is_author = true WHERE id IN (1, 2)`);
  await run(sql`INSERT INTO authors (user_id, first_name, last_name) VALUES (1, 'Анна', 'Петрова'), (2, 'Борис', 'Иванов')`);
  await run(sql`INSERT INTO courses (id, title, disciples_age, state, time_zone, format)
    SELECT c, 'Курс ' || c, 'DISCIPLES_AGE_ADULTS', 'can_be_subscribed',
      (ARRAY['Europe/Moscow', 'Asia/Vladivostok', 'Europe/Kaliningrad', 'Asia/Yekaterinburg'])[1 + c % 4],
      CASE WHEN c % 10 = 0 THEN 'recorded' ELSE 'live' END
    FROM generate_series(1, ${COURSES}) c`);
  await run(sql`SELECT setval(pg_get_serial_sequence('courses', 'id'), ${COURSES})`);
  // Anna leads every course; Boris the first ten with her.
  await run(sql`INSERT INTO course_authors (course_id, author_id, position) SELECT c, 1, 0 FROM generate_series(1, ${COURSES}) c`);
  await run(sql`INSERT INTO course_authors (course_id, author_id, position) SELECT c, 2, 1 FROM generate_series(1, 10) c`);
  // Each course's lessons weekly from its start, spread over the three years (the last ones still to come).
  await run(sql`INSERT INTO lessons (course_id, number, title, duration, state, starts_at, assignment)
    SELECT c, n, 'Занятие ' || n, 90, 'published',
      CASE WHEN c % 10 = 0 THEN NULL ELSE now() - interval '${sql.raw(String(HISTORY_DAYS))} days' + (c * 5 + n * 7) * interval '1 day' END,
      CASE WHEN n % 3 = 0 THEN 'Задание' ELSE '' END
    FROM generate_series(1, ${COURSES}) c, generate_series(1, ${LESSONS_PER_COURSE}) n`);
  await run(sql`INSERT INTO page_views (day, path, course_id, views)
    SELECT current_date - d, '/courses/' || c, c, (random() * 50)::int FROM generate_series(1, ${COURSES}) c, generate_series(0, ${VIEW_DAYS - 1}) d`);
  await run(sql`INSERT INTO page_views (day, path, course_id, views) SELECT current_date - d, '/', NULL, 500 FROM generate_series(0, ${VIEW_DAYS - 1}) d`);
  await run(sql`INSERT INTO promo_codes (code, author_id, percent) SELECT 'CODE' || i, 1, 10 FROM generate_series(1, 50) i`);
  await run(sql`INSERT INTO payments (user_id, system, currency, amount, state, created_at, expires_at, paid_at, full_amount, discount, promo_code_id)
    SELECT u, 'yookassa', cur, amount,
      CASE WHEN paid THEN 'STATE_COMPLETED' ELSE 'STATE_FAILURE' END::payment_state,
      created, created + interval '1 hour', CASE WHEN paid THEN created + random() * interval '30 minutes' END,
      CASE WHEN promo THEN amount + 100 END, CASE WHEN promo THEN jsonb_build_object('kind', 'promoCode', 'code', 'CODE' || (1 + i % 50), 'percent', 10) END,
      CASE WHEN promo THEN 1 + i % 50 END
    FROM (
      SELECT i, 1 + (random() * ${PEOPLE - 1})::int AS u,
        (CASE WHEN random() < 0.7 THEN 'CURRENCY_CHOICE_RUB' WHEN random() < 0.6 THEN 'CURRENCY_CHOICE_EURO' ELSE 'CURRENCY_CHOICE_USD' END)::currency AS cur,
        round((100 + random() * 20000)::numeric, 2) AS amount,
        -- As in a real school, ids follow time: the payments of a period are neighbours in every index.
        now() - (${PAYMENTS} - i) * interval '${sql.raw(String(HISTORY_DAYS))} days' / ${PAYMENTS} - random() * interval '1 hour' AS created,
        random() < 0.8 AS paid, random() < 0.1 AS promo
      FROM generate_series(1, ${PAYMENTS}) i
    ) g`);
  // A payment's lessons: one to three of one course (the payment's id picks it).
  await run(sql`INSERT INTO payment_lessons (payment_id, lesson_id)
    SELECT p.id, l.id FROM payments p JOIN lessons l ON l.course_id = 1 + p.id % ${COURSES} AND l.number <= 1 + p.id % 3`);
  await run(sql`INSERT INTO refunds (payment_id, amount, currency, state, system, idempotence_key, completed_at)
    SELECT p.id, CASE WHEN p.id % 2 = 0 THEN p.amount ELSE round(p.amount / 3, 2) END, p.currency,
      CASE WHEN p.id % 10 = 0 THEN 'pending' WHEN p.id % 10 = 1 THEN 'failed' ELSE 'succeeded' END, 'yookassa', 'bench-' || p.id,
      CASE WHEN p.id % 10 <> 0 THEN p.paid_at + random() * interval '20 days' END
    FROM payments p WHERE p.paid_at IS NOT NULL ORDER BY random() LIMIT ${REFUNDS}`);
  // Forty approved places a lesson, thirty joins (live courses), twenty recording positions, fifteen answers.
  const person = (spread: number) => sql.raw(`1 + (l.id * ${spread} + k * 1237) % ${PEOPLE}`);
  await run(sql`INSERT INTO participants (user_id, lesson_id, state, participated_at)
    SELECT ${person(37)}, l.id, 'approved', now() FROM lessons l, generate_series(1, 40) k`);
  await run(sql`INSERT INTO lesson_attendance (lesson_id, user_id)
    SELECT l.id, ${person(37)} FROM lessons l JOIN courses c ON c.id = l.course_id AND c.format = 'live', generate_series(1, 30) k`);
  await run(sql`INSERT INTO lesson_recordings (lesson_id, generation, state, upload_size) SELECT id, 'bench-' || id, 'ready', 1000 FROM lessons WHERE id % 2 = 0`);
  await run(sql`INSERT INTO recording_positions (user_id, lesson_id, seconds, furthest)
    SELECT ${person(37)}, l.id, k * 10, k * 10 FROM lessons l, generate_series(0, 19) k`);
  await run(sql`INSERT INTO homework_answers (lesson_id, user_id, state)
    SELECT l.id, ${person(37)}, (ARRAY['draft', 'submitted', 'accepted', 'returned'])[1 + k % 4] FROM lessons l, generate_series(1, 15) k WHERE l.assignment <> ''`);
  await run(sql`INSERT INTO mailing_subscriptions (user_id, course_id, created_at)
    SELECT DISTINCT ON (u, c) u, c, now() - random() * interval '${sql.raw(String(HISTORY_DAYS))} days'
    FROM (SELECT 1 + (random() * ${PEOPLE - 1})::int AS u, 1 + (random() * ${COURSES - 1})::int AS c FROM generate_series(1, 20000)) s`);
  // As autovacuum would have by then: the visibility map lets the key probes skip the tables.
  await run(sql`VACUUM ANALYZE`);
  return { author: 1, course: 7 };
}

interface Timing {
  name: string;
  held: boolean;
  p50: number;
  p95: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function measure(database: Database, dataDir: string): Promise<{ timings: Timing[]; generatedMs: number; version: string }> {
  const version = ((await database.db.execute(sql`SHOW server_version`)) as unknown as { rows: { server_version: string }[] }).rows[0]!.server_version;
  const started = performance.now();
  const { author, course } = await generate(database);
  const generatedMs = performance.now() - started;
  process.stdout.write(`history written in ${(generatedMs / 1000).toFixed(0)} s\n`);
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', SEED_DEMO: '0' });
  const app = await buildApp({ config, database, distDir: null });
  await app.ready();
  try {
    const token = await app.deps.tokens.sign(author, 'access');
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const threeYearsAgo = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString().slice(0, 10);
    // [name, address, held to the limit]: every request is, the long ranges over all 200 courses too (issue 37: «every
    // statistics request»); the flag stays for a request measured beside, should one be added.
    const requests: [string, string, boolean][] = [
      ['money, 12 weeks by week, 200 courses', '/api/v1/mutabo/stats/money/?by=week', true],
      ['money, 12 months by month, 200 courses', '/api/v1/mutabo/stats/money/?by=month', true],
      ['money, 12 months by week, one course', `/api/v1/mutabo/stats/money/?by=week&from=${yearAgo}&to=${today}&course=${course}`, true],
      ['money.csv, 12 months by month, 200 courses', '/api/v1/mutabo/stats/money.csv?by=month', true],
      ['funnel, this month, 200 courses', '/api/v1/mutabo/stats/funnel/', true],
      ['funnel, 12 months, one course', `/api/v1/mutabo/stats/funnel/?from=${yearAgo}&to=${today}&course=${course}`, true],
      ['funnel.csv, this month, 200 courses', '/api/v1/mutabo/stats/funnel.csv', true],
      ['attendance, recent lessons of 200 courses', '/api/v1/mutabo/stats/attendance/', true],
      ['attendance, one course', `/api/v1/mutabo/stats/attendance/?course=${course}`, true],
      ['attendance.csv, one course', `/api/v1/mutabo/stats/attendance.csv?course=${course}`, true],
      ['money, 3 years by month, 200 courses (long range)', `/api/v1/mutabo/stats/money/?by=month&from=${threeYearsAgo}&to=${today}`, true],
      ['funnel, 12 months, 200 courses (long range)', `/api/v1/mutabo/stats/funnel/?from=${yearAgo}&to=${today}`, true],
    ];
    const timings: Timing[] = [];
    for (const [name, url, held] of requests) {
      const times: number[] = [];
      for (let index = 0; index < WARMUP + RUNS; index += 1) {
        const begin = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - begin;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (index >= WARMUP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      timings.push({ name, held, p50: percentile(times, 0.5), p95: percentile(times, 0.95) });
      process.stdout.write(`${name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms\n`);
    }
    return { timings, generatedMs, version };
  } finally {
    await app.close();
  }
}

const server = serverUrl();
if (!(await postgresReachable(server))) {
  process.stderr.write(`No PostgreSQL answers at ${server}: set BENCH_DATABASE_URL or TEST_DATABASE_URL.\n`);
  process.exit(1);
}
const { timings, generatedMs, version } = await onFreshDatabase('bench-stats', server, measure);
const slow = timings.filter((timing) => timing.held && timing.p95 >= LIMIT_MS);
writeBenchmarkSection(
  'Statistics',
  `\`npm run bench:stats\` (scripts/benchStats.ts): the statistics' reads of issue 37 (docs/STATS.md) on a fresh PostgreSQL ${version.split(' ')[0]}
database (local, on the same machine) holding a generated history: ${COURSES} courses with ${LESSONS_PER_COURSE} lessons
each (every tenth in recordings, four time zones), ${PEOPLE.toLocaleString('en')} people, ${(COURSES * VIEW_DAYS).toLocaleString('en')} page-view counters,
${PAYMENTS.toLocaleString('en')} payments over three years (80 % paid, 10 % with a promo code) with their lessons, ${REFUNDS.toLocaleString('en')} refunds
(whole and partial, some pending or failed), 40 approved places, 30 joins and 20 recording positions per lesson, 15
homework answers on every third lesson, 20,000 news subscriptions (written in ${(generatedMs / 1000).toFixed(0)} s, then VACUUM ANALYZE). The app runs in-process
and each request is asked through it (\`inject\`: routing, the author check, the query, the JSON or CSV) by an author
who leads all ${COURSES} courses, ${WARMUP} times to warm up and then ${RUNS} times timed. Issue 37 asks for every request
under ${LIMIT_MS} ms at p95 with the database warm. Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores
(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.versions.node}, shared with other work.

| request | p50 | p95 |
|---|---|---|
${timings.map((timing) => `| ${timing.name} | ${timing.p50.toFixed(1)} ms | ${timing.p95.toFixed(1)} ms |`).join('\n')}

Every request is held to the limit, the long ranges over all ${COURSES} courses too. A payment carries its course
(\`payments.course_id\`, migration 0035), so the reads join the payments of the range to the caller's courses by hash;
before it, each payment's course was found through its first lesson, one probe per payment, and money over three years
of all the courses took 211 ms at p50 and 252 ms at p95. The long ranges still grow with the number of payments in the
range: every one of them is read.`,
);
if (slow.length > 0) {
  process.stderr.write(`p95 of ${LIMIT_MS} ms or more: ${slow.map((timing) => timing.name).join(', ')}\n`);
  process.exit(1);
}
process.exit(0);
