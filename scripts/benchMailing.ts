// `npm run bench:mailing` (npx tsx scripts/benchMailing.ts): how fast a news mailing leaves. The real app on a fresh
// database (the embedded one, and the local PostgreSQL when it answers) with one author's course and LETTERS news
// subscribers; the author's POST of a mailing is timed until every letter is sent: to the outbox folder (.eml files)
// and to a local SMTP stand-in (server/tests/smtpStandIn.ts on loopback, answering at once). Checks that every
// subscriber got exactly one letter, and writes the "Mailing throughput" section of docs/BENCHMARKS.md.
//
// BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); a fresh
// database is created on it for the run and dropped after. Without a reachable server only PGlite is measured.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { Database } from '../server/src/db/client.ts';
import { authors, courseAuthors, courses, mailings, mailingSubscriptions, outboxLetters, users } from '../server/src/db/schema.ts';
import { UNUSABLE_PASSWORD } from '../server/src/services/accounts/passwords.ts';
import { startSmtpStandIn } from '../server/tests/smtpStandIn.ts';
import { onFreshDatabase, postgresReachable } from './benchDatabase.ts';
import { writeBenchmarkSection } from './benchmarkReport.ts';

const LETTERS = Number(process.env.BENCH_LETTERS ?? 1000);
const JWT_SECRET = 'benchmark-secret-benchmark-secret-benchmark';
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

type Mode = 'pglite' | 'postgres';
type Transport = 'outbox' | 'smtp';

interface Result {
  mode: Mode;
  transport: Transport;
  letters: number;
  /** The POST's answer time (the mailing and its letters recorded). */
  recordMs: number;
  /** From the POST to the last letter marked sent. */
  totalMs: number;
}

/** The author, the course and the subscribers, written directly. */
async function prepare(database: Database): Promise<{ authorUserId: number; courseId: number; emails: string[] }> {
  const { db } = database;
  const [author] = await db
    .insert(users)
    .values({ email: 'author@bench.invalid', passwordHash: UNUSABLE_PASSWORD, firstName: 'Анна', lastName: 'Автор', isActive: true, isAuthor: true })
    .returning({ id: users.id });
  const [authorRow] = await db.insert(authors).values({ userId: author!.id, firstName: 'Анна', lastName: 'Автор', genitive: 'Анны Автор' }).returning({ id: authors.id });
  const [course] = await db.insert(courses).values({ title: 'Курс для рассылки', disciplesAge: 'DISCIPLES_AGE_ADULTS', state: 'can_be_subscribed' }).returning({ id: courses.id });
  await db.insert(courseAuthors).values({ courseId: course!.id, authorId: authorRow!.id, position: 0 });
  const emails: string[] = [];
  for (let start = 0; start < LETTERS; start += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, LETTERS - start) }, (_, index) => ({
          email: `reader-${start + index + 1}@bench.invalid`,
          passwordHash: UNUSABLE_PASSWORD,
          firstName: 'Читатель',
          lastName: `№${start + index + 1}`,
          isActive: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(mailingSubscriptions).values(rows.map((row) => ({ userId: row.id, courseId: course!.id })));
    emails.push(...rows.map((row) => row.email));
  }
  return { authorUserId: author!.id, courseId: course!.id, emails };
}

const TEXT = ['Здравствуйте!', 'Следующее занятие курса переносится на четверг, 19:00 по московскому времени. Ссылка на трансляцию прежняя.', 'До встречи!'].join('\n\n');

async function measure(mode: Mode, transport: Transport, database: Database, dataDir: string): Promise<Result> {
  const smtp = transport === 'smtp' ? await startSmtpStandIn() : null;
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...(smtp ? { SMTP_URL: smtp.url } : {}), ...(mode === 'postgres' ? { DATABASE_URL: 'postgres://bench' } : {}) });
  const { authorUserId, courseId, emails } = await prepare(database);
  const app = await buildApp({ config, database, distDir: null });
  await app.ready();
  try {
    const token = await app.deps.tokens.sign(authorUserId, 'access');
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/mutabo/courses/${courseId}/mailings/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { subject: 'Перенос занятия', text: TEXT, to: 'subscribers' },
    });
    const recordMs = performance.now() - started;
    if (response.statusCode !== 202) throw new Error(`the mailing was answered ${response.statusCode}: ${response.body}`);
    const { id } = response.json<{ id: number }>();
    for (;;) {
      const [row] = await database.db.select({ finishedAt: mailings.finishedAt }).from(mailings).where(eq(mailings.id, id));
      if (row?.finishedAt) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const totalMs = performance.now() - started;
    const sent = await database.db.select({ state: outboxLetters.state }).from(outboxLetters).where(eq(outboxLetters.mailingId, id));
    const delivered = smtp ? smtp.received.flatMap((message) => message.to) : readdirSync(path.join(dataDir, 'outbox')).map((name) => name);
    if (sent.length !== emails.length || sent.some((row) => row.state !== 'sent') || delivered.length !== emails.length) {
      throw new Error(`${mode}/${transport}: ${sent.filter((row) => row.state === 'sent').length} of ${emails.length} marked sent, ${delivered.length} delivered`);
    }
    if (smtp && new Set(delivered).size !== emails.length) throw new Error(`${mode}/smtp: a letter was delivered twice`);
    return { mode, transport, letters: emails.length, recordMs, totalMs };
  } finally {
    await app.close();
    await smtp?.close();
  }
}

const results: Result[] = [];
const server = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES;
const modes: Mode[] = (await postgresReachable(server)) ? ['pglite', 'postgres'] : ['pglite'];
for (const mode of modes) {
  for (const transport of ['outbox', 'smtp'] as const) {
    const result = await onFreshDatabase('bench-mailing', mode === 'pglite' ? null : server, (database, dataDir) => measure(mode, transport, database, dataDir));
    results.push(result);
    process.stdout.write(`${mode} → ${transport}: ${result.letters} letters in ${(result.totalMs / 1000).toFixed(1)} s (${Math.round(result.letters / (result.totalMs / 1000))} letters/s), POST answered in ${Math.round(result.recordMs)} ms\n`);
  }
}

const DATABASE_NAMES: Record<Mode, string> = { pglite: 'embedded (PGlite)', postgres: 'PostgreSQL 15, local' };
const TRANSPORT_NAMES: Record<Transport, string> = { outbox: 'outbox folder (.eml files)', smtp: 'SMTP stand-in on loopback' };
writeBenchmarkSection(
  'Mailing throughput',
  `\`npm run bench:mailing\` (scripts/benchMailing.ts): one process, a fresh database, an author's news mailing to
${LETTERS} subscribers (\`POST /api/v1/mutabo/courses/{id}/mailings/\`), timed from the POST until the last letter is marked sent.
The letters go through the durable queue (server/README.md, «Letters»): claimed 20 at a time, sent five at once, each
marked sent after its send. The SMTP stand-in (server/tests/smtpStandIn.ts) accepts at once, so the figures are the
server's side: a real mail server's answer time adds to each letter. Every subscriber got exactly one letter in each run.
Measured on the 2-core development machine, ${new Date().toISOString().slice(0, 10)}.

| database | transport | letters | POST answered (letters recorded) | all sent | letters per second |
|---|---|---|---|---|---|
${results.map((result) => `| ${DATABASE_NAMES[result.mode]} | ${TRANSPORT_NAMES[result.transport]} | ${result.letters} | ${Math.round(result.recordMs)} ms | ${(result.totalMs / 1000).toFixed(1)} s | ${Math.round(result.letters / (result.totalMs / 1000))} |`).join('\n')}`,
);
