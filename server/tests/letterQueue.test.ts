// The durable letter queue: letters are committed with their change or not at all, each is sent once however many
// workers share the queue, failures are retried with backoff, a mail server's refusal is final, a dead process's
// claims come back after their lease, and a letter recorded by another connection wakes the worker by NOTIFY.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailings, outboxLetters } from '../src/db/schema.ts';
import { claimDueLetters } from '../src/repositories/letters/outboxRepository.ts';
import { queueLetters, retryDelay, type QueuedLetter } from '../src/services/letters/letterQueue.ts';
import type { Mailer, MailMessage } from '../src/services/letters/mail.ts';
import { eventually } from './eventually.ts';
import { buildTestApp, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

/** A mailer that keeps what it sends and fails as told: the next n sends, or for some addresses with an SMTP answer. */
function flakyMailer() {
  const sent: MailMessage[] = [];
  const state = { failNext: 0, refused: new Set<string>(), delayMs: 0 };
  const mailer: Mailer & { sent: MailMessage[]; state: typeof state } = {
    sent,
    state,
    async send(message) {
      if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.refused.has(message.to)) throw Object.assign(new Error('Can\'t send mail - all recipients were rejected'), { responseCode: 550, response: '550 5.1.1 no such mailbox here' });
      if (state.failNext > 0) {
        state.failNext -= 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
      }
      sent.push(message);
    },
    close() {},
  };
  return mailer;
}

const letter = (n: number, extra: Partial<QueuedLetter> = {}): QueuedLetter => ({
  kind: 'test',
  to: `reader-${n}@example.org`,
  subject: `Письмо ${n}`,
  text: `Текст ${n}`,
  html: `<p>Текст ${n}</p>`,
  ...extra,
});

const FAST = { retryBaseMs: 40, maxDelayMs: 200, idlePollMs: 200 };

describe.each(dbModes())('the letter queue (%s)', (mode) => {
  let testDb: TestDatabase;
  const apps: { close(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
  });

  afterEach(async () => {
    while (apps.length > 0) await apps.pop()!.close();
    await testDb.database.db.delete(outboxLetters);
    await testDb.database.db.delete(mailings);
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  async function start(mailer: Mailer, letterQueue: Record<string, number> = FAST) {
    const app = await buildTestApp({ database: testDb.database, config: testConfig(), mailer, letterQueue });
    apps.push(app);
    return app;
  }

  const rows = () => testDb.database.db.select().from(outboxLetters).orderBy(outboxLetters.id);

  it('sends nothing of a transaction that rolled back, and what a committed one queued', async () => {
    const mailer = flakyMailer();
    const app = await start(mailer);
    await testDb.database.db
      .transaction(async (tx) => {
        await queueLetters(tx, [letter(1)]);
        throw new Error('the change failed');
      })
      .catch(() => {});
    await testDb.database.db.transaction((tx) => queueLetters(tx, [letter(2)]));
    await app.deps.letters.drain();
    expect(mailer.sent.map((message) => message.to)).toEqual(['reader-2@example.org']);
    expect((await rows()).map((row) => [row.recipient, row.state, row.attempts])).toEqual([['reader-2@example.org', 'sent', 1]]);
  });

  it('records a letter with a dedupe key once', async () => {
    const mailer = flakyMailer();
    const app = await start(mailer);
    await queueLetters(testDb.database.db, [letter(1, { dedupeKey: 'receipt:1' })]);
    await queueLetters(testDb.database.db, [letter(1, { dedupeKey: 'receipt:1' }), letter(2, { dedupeKey: 'receipt:2' })]);
    await app.deps.letters.drain();
    expect(mailer.sent.map((message) => message.to).sort()).toEqual(['reader-1@example.org', 'reader-2@example.org']);
  });

  it('retries a failing send with growing delays and sends it once the mail server answers', async () => {
    const mailer = flakyMailer();
    mailer.state.failNext = 3;
    const app = await start(mailer, { ...FAST, retryBaseMs: 300, maxDelayMs: 600 });
    await queueLetters(testDb.database.db, [letter(1)]);
    await app.deps.letters.drain();
    const [waiting] = await rows();
    // One attempt, or two if this read came after the first retry (300 ms later) on a slow machine.
    expect(waiting).toMatchObject({ state: 'pending', lastError: 'connect ECONNREFUSED 127.0.0.1:25', sentAt: null });
    expect(waiting!.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting!.nextAttemptAt.getTime() - waiting!.createdAt.getTime()).toBeGreaterThanOrEqual(300);
    expect(await eventually(async () => (await rows())[0]!.state === 'sent', 8000)).toBe(true);
    expect(mailer.sent).toHaveLength(1);
    const [sent] = await rows();
    expect(sent).toMatchObject({ state: 'sent', attempts: 4, lastError: null, text: '', html: '' });
    expect(sent!.subject).toBe('Письмо 1');
  });

  it('backs off exponentially up to the longest delay', () => {
    const options = { retryBaseMs: 10_000, maxDelayMs: 600_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelay(options, attempts))).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000]);
  });

  it('marks a letter the mail server refuses for good as failed, with its answer, and tries no more', async () => {
    const mailer = flakyMailer();
    mailer.state.refused.add('reader-1@example.org');
    const app = await start(mailer);
    await queueLetters(testDb.database.db, [letter(1), letter(2)]);
    await app.deps.letters.drain();
    expect((await rows()).map((row) => [row.recipient, row.state, row.attempts, row.lastError])).toEqual([
      ['reader-1@example.org', 'failed', 1, '550 5.1.1 no such mailbox here'],
      ['reader-2@example.org', 'sent', 1, null],
    ]);
  });

  it('sends a person’s own letter before the letters of a mailing queued earlier', async () => {
    const [mailing] = await testDb.database.db.insert(mailings).values({ courseId: 1, userId: 1, audience: 'subscribers', subject: 'Новости', text: 'Текст' }).returning({ id: mailings.id });
    await queueLetters(
      testDb.database.db,
      Array.from({ length: 40 }, (_, index) => letter(index + 1, { mailingId: mailing!.id })),
    );
    await queueLetters(testDb.database.db, [letter(100, { kind: 'confirmation' })]);
    const mailer = flakyMailer();
    const app = await start(mailer, { ...FAST, batchSize: 5, concurrency: 1 });
    await app.deps.letters.drain();
    expect(mailer.sent.findIndex((message) => message.to === 'reader-100@example.org')).toBeLessThan(5);
    expect(mailer.sent).toHaveLength(41);
  });

  it('deletes letters done more than 30 days ago, but not a mailing’s nor one still waiting', async () => {
    const [mailing] = await testDb.database.db.insert(mailings).values({ courseId: 1, userId: 1, audience: 'subscribers', subject: 'Новости', text: 'Текст' }).returning({ id: mailings.id });
    await queueLetters(testDb.database.db, [letter(1), letter(2), letter(3, { mailingId: mailing!.id }), letter(4), letter(5)]);
    const old = sql`now() - interval '31 days'`;
    await testDb.database.db.update(outboxLetters).set({ state: 'sent', createdAt: old }).where(inArray(outboxLetters.recipient, ['reader-1@example.org', 'reader-3@example.org']));
    await testDb.database.db.update(outboxLetters).set({ state: 'failed', createdAt: sql`now() - interval '29 days'` }).where(eq(outboxLetters.recipient, 'reader-2@example.org'));
    await testDb.database.db.update(outboxLetters).set({ createdAt: old, nextAttemptAt: sql`now() + interval '1 hour'` }).where(eq(outboxLetters.recipient, 'reader-4@example.org'));
    const app = await start(flakyMailer(), { ...FAST, idlePollMs: 60_000 });
    expect(await app.deps.letters.prune()).toBe(1);
    expect((await rows()).map((row) => row.recipient)).toEqual(['reader-2@example.org', 'reader-3@example.org', 'reader-4@example.org', 'reader-5@example.org']);
  });

  it('sends each of 200 letters exactly once when two app instances share the queue', async () => {
    const mailer = flakyMailer();
    mailer.state.delayMs = 2;
    const [first, second] = [await start(mailer, { ...FAST, batchSize: 5 }), await start(mailer, { ...FAST, batchSize: 5 })];
    await queueLetters(
      testDb.database.db,
      Array.from({ length: 200 }, (_, index) => letter(index + 1)),
    );
    await Promise.all([first!.deps.letters.drain(), second!.deps.letters.drain()]);
    expect(await eventually(async () => (await rows()).every((row) => row.state === 'sent'), 5000)).toBe(true);
    const addresses = mailer.sent.map((message) => message.to);
    expect(new Set(addresses).size).toBe(200);
    expect(addresses).toHaveLength(200);
    expect((await rows()).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('sends the letters a dead process had claimed once their lease is over', async () => {
    await queueLetters(testDb.database.db, [letter(1), letter(2)]);
    // Another process claims them and dies before sending.
    const claimedAt = Date.now();
    const claimed = await claimDueLetters(testDb.database.db, 10, 1500);
    expect(claimed).toHaveLength(2);
    const mailer = flakyMailer();
    const app = await start(mailer);
    await app.deps.letters.drain();
    // Nobody else takes them while the lease runs.
    if (Date.now() - claimedAt < 1400) expect(mailer.sent).toEqual([]);
    // Sent, then marked sent: wait for the marks.
    expect(await eventually(async () => (await rows()).every((row) => row.state === 'sent'), 5000)).toBe(true);
    expect(mailer.sent).toHaveLength(2);
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(1400);
    expect((await rows()).map((row) => [row.state, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('wakes on the notice of a letter queued by another connection or process', async () => {
    const mailer = flakyMailer();
    await start(mailer, { ...FAST, idlePollMs: 60_000 });
    // Past the first look at the table: only the notice can wake the worker now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await testDb.database.db.execute(
      sql`INSERT INTO outbox_letters (kind, recipient, subject, text, html) VALUES ('test', 'woken@example.org', 'Тема', 'Текст', '<p>Текст</p>')`,
    );
    expect(await eventually(async () => mailer.sent.length === 1, 3000)).toBe(true);
  });

  it('finishes the letters it claimed when the app closes, and gives back what it had not started', async () => {
    const mailer = flakyMailer();
    mailer.state.delayMs = 100;
    const app = await start(mailer, { ...FAST, batchSize: 10, concurrency: 1 });
    await queueLetters(
      testDb.database.db,
      Array.from({ length: 10 }, (_, index) => letter(index + 1)),
    );
    await eventually(async () => mailer.sent.length >= 1, 3000);
    await app.close();
    apps.pop();
    const after = await rows();
    const sent = after.filter((row) => row.state === 'sent');
    expect(sent.length).toBe(mailer.sent.length);
    expect(sent.length).toBeLessThan(10);
    // The rest are unclaimed and unattempted: any process takes them at once.
    expect(after.filter((row) => row.state === 'pending').every((row) => row.lockedUntil === null && row.attempts === 0)).toBe(true);
    const next = flakyMailer();
    const again = await start(next);
    await again.deps.letters.drain();
    expect([...mailer.sent, ...next.sent].map((message) => message.to).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `reader-${index + 1}@example.org`).sort(),
    );
    expect((await testDb.database.db.select().from(outboxLetters).where(eq(outboxLetters.state, 'sent'))).length).toBe(10);
  });
});
