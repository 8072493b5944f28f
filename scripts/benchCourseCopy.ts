// `npm run bench:copy` (npx tsx scripts/benchCourseCopy.ts): what copying a large course costs the process. The real
// app on a fresh embedded database (PGlite, as the demo runs) with one author's course of LESSONS lessons of TEXT_KB
// thousand characters of text each: one copy timed, with the size of its history entry, then three copies asked at once while /healthz is asked every 100 ms, with the longest time /healthz went without a 200.
// Writes the "Course copy" section of docs/BENCHMARKS.md; BENCH_WRITE=0 only prints.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPglite } from '../server/src/db/client.ts';
import { sql } from 'drizzle-orm';
import { authors, courseAuthors, courses, lessons, users } from '../server/src/db/schema.ts';
import { UNUSABLE_PASSWORD } from '../server/src/services/accounts/passwords.ts';
import { writeBenchmarkSection } from './benchmarkReport.ts';

const LESSONS = Number(process.env.BENCH_LESSONS ?? 186);
const TEXT_KB = Number(process.env.BENCH_TEXT_KB ?? 50);
// Measured at 2c895b3 with the same command, before the copy was bounded and moved into the database.
const BEFORE = '17.1 s | 17 942 kB | 31.1 s (201, 201, 201) | 30.9 s';
const JWT_SECRET = 'benchmark-secret-benchmark-secret-benchmark';

/** /healthz every 100 ms until stopped: the longest stretch without a 200, from the last 200 to the next. */
function watchHealth(app: FastifyInstance): { stop: () => Promise<{ longestGapMs: number; failures: number }> } {
  let running = true;
  let lastOk = performance.now();
  let longestGapMs = 0;
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      const now = performance.now();
      if (response.statusCode === 200) {
        longestGapMs = Math.max(longestGapMs, now - lastOk);
        lastOk = now;
      } else failures += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { longestGapMs: Math.max(longestGapMs, performance.now() - lastOk), failures };
    },
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-copy-'));
const database = await openPglite(path.join(dataDir, 'pgdata'));
await database.migrate();
const { db } = database;
const [user] = await db
  .insert(users)
  .values({ email: 'author@bench.invalid', passwordHash: UNUSABLE_PASSWORD, firstName: 'Анна', lastName: 'Автор', isActive: true, isAuthor: true })
  .returning({ id: users.id });
const [author] = await db.insert(authors).values({ userId: user!.id, firstName: 'Анна', lastName: 'Автор', genitive: 'Анны Автор' }).returning({ id: authors.id });
const [course] = await db
  .insert(courses)
  .values({ title: 'Большой курс', disciplesAge: 'DISCIPLES_AGE_ADULTS', state: 'draft', start: '2031-01-10', end: '2031-12-20', timeZone: 'Europe/Moscow' })
  .returning({ id: courses.id });
await db.insert(courseAuthors).values({ courseId: course!.id, authorId: author!.id, position: 0 });
// Made inside the database, so that the texts never pass through this process before the copy: draft-js raw text of
// paragraphs of 1000 characters.
await db.execute(sql`
  INSERT INTO ${lessons} ("course_id", "number", "title", "content", "duration", "state", "starts_at")
  SELECT ${course!.id}::integer, n, 'Занятие ' || n,
    json_build_object(
      'blocks', (SELECT json_agg(json_build_object('key', 'b' || b, 'text', left(repeat('Занятие ' || n || ': читаем и разбираем стихи, обсуждаем прочитанное. ', 20), 1000),
        'type', 'unstyled', 'depth', 0, 'inlineStyleRanges', '[]'::json, 'entityRanges', '[]'::json, 'data', '{}'::json))
        FROM generate_series(1, ${TEXT_KB}::integer) AS b),
      'entityMap', '{}'::json)::text,
    90, 'published', timestamptz '2031-01-10 16:00:00+00' + make_interval(days => n)
  FROM generate_series(1, ${LESSONS}::integer) AS n`);

const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', SEED_DEMO: '0' });
const app = await buildApp({ config, database, distDir: null });
await app.ready();
const token = await app.deps.tokens.sign(user!.id, 'access');
const copy = (start: string) =>
  app.inject({ method: 'POST', url: `/api/v1/mutabo/courses/${course!.id}/copy/`, headers: { authorization: `Bearer ${token}` }, payload: { start } });

try {
  const started = performance.now();
  const single = await copy('2032-01-11');
  const singleMs = performance.now() - started;
  if (single.statusCode !== 201) throw new Error(`the copy was answered ${single.statusCode}: ${single.body.slice(0, 300)}`);
  const entry = await db.execute(sql`SELECT octet_length("after"::text) AS bytes FROM audit_log ORDER BY id DESC LIMIT 1`);
  const entryKb = Number((entry as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes) / 1000;

  const health = watchHealth(app);
  const parallelStarted = performance.now();
  const parallel = await Promise.all(['2033-01-10', '2034-01-09', '2035-01-08'].map(copy));
  const parallelMs = performance.now() - parallelStarted;
  const healthz = await health.stop();
  const statuses = parallel.map((response) => response.statusCode);

  const line = `${LESSONS} lessons × ${TEXT_KB}k characters: one copy ${(singleMs / 1000).toFixed(1)} s, its history entry ${Math.round(entryKb)} kB; three at once ${(parallelMs / 1000).toFixed(1)} s (${statuses.join(', ')}), /healthz without a 200 for at most ${(healthz.longestGapMs / 1000).toFixed(1)} s`;
  process.stdout.write(`${line}\n`);
  if (process.env.BENCH_WRITE !== '0') {
    writeBenchmarkSection(
      'Course copy',
      `\`npm run bench:copy\` (scripts/benchCourseCopy.ts): one process on a fresh embedded database (PGlite), an author's
course of ${LESSONS} lessons of about ${TEXT_KB} 000 characters of text each, copied with
\`POST /api/v1/mutabo/courses/{id}/copy/\`, and the size of the history entry it wrote. Then three
copies asked at once while \`/healthz\` is asked every 100 ms. Measured on the 2-core development machine,
${new Date().toISOString().slice(0, 10)}, shared with other work (load average ${os.loadavg()[0]!.toFixed(0)}; the «before» row at a load of about 20):
the times are rough, their ratio is what counts.

| | one copy | its history entry | three at once (answers) | /healthz without a 200 |
|---|---|---|---|---|
| before (2c895b3: the lessons read into the process, the history entry with every text, no limit) | ${BEFORE} |
| now | ${(singleMs / 1000).toFixed(1)} s | ${Math.round(entryKb)} kB | ${(parallelMs / 1000).toFixed(1)} s (${statuses.join(', ')}) | ${(healthz.longestGapMs / 1000).toFixed(1)} s |

Now the lessons are copied inside the database (\`INSERT … SELECT\`), the history entry names the lessons by id, a
course of more than 200 lessons or 20 MB of lesson text is refused, and one copy runs at a time in a process: another
asked meanwhile is answered 503 with \`Retry-After\` as it arrives, before it reaches the database (server/README.md,
the authors' API). \`/healthz\` still waits while the one copy runs on PGlite, whose one connection runs one
transaction at a time: about a second of the copy is its transaction, the rest its answer (the whole new course with
its texts, read back and sent).`,
    );
  }
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
