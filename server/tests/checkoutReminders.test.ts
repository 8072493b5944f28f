// The reminder of an unfinished checkout (issue 23, item 4): a payment that ended cancelled or expired gets one letter
// CHECKOUT_REMINDER_HOURS after its end, through the durable queue, at most once per person and course (two app
// instances sweeping twice at once queue one), with the course, the lessons still on offer, the link back, the
// course's Reply-To and the unsubscribe link; none before the hours, with the hours 0, when the person bought or is
// paying since, unsubscribed from the course's news, deleted or deactivated the account, when the lessons are full
// or begun, or for a checkout that ended otherwise (superseded, withdrawn); one queued and then no longer true is
// dropped when it comes to be sent.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { consents, lessonRecordings, lessons, outboxLetters, paymentLessons, payments, participants, users } from '../src/db/schema.ts';
import { checkoutReminderKey } from '../src/repositories/payments/checkoutRemindersRepository.ts';
import { composeCheckoutReminder, sweepCheckoutReminders } from '../src/services/payments/checkoutReminders.ts';
import { failPayment } from '../src/services/places/places.ts';
import { unsubscribeLink } from '../src/services/letters/unsubscribeLinks.ts';
import { createCourse, createUsers, json, occupy, PUBLIC_URL, type TestCourse, type TestUser } from './enrollmentKit.ts';
import { eventually } from './eventually.ts';
import { bearer, buildTestApp, seedFixture, testConfig } from './fixtures.ts';
import { readOutbox, type Letter } from './mailbox.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FAST = { retryBaseMs: 40, maxDelayMs: 200, idlePollMs: 200 };
const HOURS = 24;
/** Lessons well after every clock of these tests. */
const LATER = new Date('2032-03-01T16:00:00Z');

describe('CHECKOUT_REMINDER_HOURS', () => {
  const load = (value?: string) => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...(value === undefined ? {} : { CHECKOUT_REMINDER_HOURS: value }) }, os.tmpdir());

  it('is 24 by default, takes fractions and 0 (off)', () => {
    expect(load().checkoutReminderHours).toBe(24);
    expect(load('').checkoutReminderHours).toBe(24);
    expect(load('1.5').checkoutReminderHours).toBe(1.5);
    expect(load('0').checkoutReminderHours).toBe(0);
    expect(load('720').checkoutReminderHours).toBe(720);
  });

  it('refuses anything else with one line naming the variable', () => {
    for (const value of ['-1', 'abc', '24h', '721', '1,5', '1.555']) {
      let error: unknown;
      try {
        load(value);
      } catch (thrown) {
        error = thrown;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe(`Invalid configuration: CHECKOUT_REMINDER_HOURS must be a number of hours from 0 (off) to 720, such as 24 or 1.5 (got ${JSON.stringify(value)})`);
    }
  });
});

describe.each(dbModes())('the reminder of an unfinished checkout (%s)', (mode) => {
  let testDb: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  let second: FastifyInstance;
  /** Each test's clock starts at its own moment, 30 days after the last one's, so no test sweeps another's payments. */
  let epoch = Date.parse('2030-01-01T10:00:00Z');
  const context = () => ({ app, db: testDb.database.db });
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'checkout-reminders-'));
    const config = testConfig({ PUBLIC_URL, DATA_DIR: dataDir });
    // Two app instances on one database, as two processes are: both send letters, both sweep.
    app = await buildTestApp({ database: testDb.database, config, letterQueue: FAST });
    second = await buildTestApp({ database: testDb.database, config, letterQueue: FAST });
  });

  afterAll(async () => {
    await app?.close();
    await second?.close();
    await testDb?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const settle = async () => {
    const idle = async () => {
      await Promise.all([app.deps.letters.drain(), second.deps.letters.drain()]);
      return (await db().select({ id: outboxLetters.id }).from(outboxLetters).where(eq(outboxLetters.state, 'pending'))).length === 0;
    };
    expect(await eventually(idle, 5000)).toBe(true);
  };
  const lettersTo = (user: Pick<TestUser, 'email'>): Letter[] => readOutbox(path.join(dataDir, 'outbox')).filter((letter) => letter.to.includes(user.email));

  /** Both instances sweep twice at once at `now`, as processes do: how many reminders they queued between them. */
  async function sweepAll(now: number, hours = HOURS): Promise<number> {
    const counts = await Promise.all(Array.from({ length: 4 }, () => sweepCheckoutReminders({ db: db(), hours }, new Date(now))));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** A fresh moment for a test: its checkouts end then. */
  const start = () => (epoch += 30 * 24 * HOUR);

  async function course(spec: { lessons?: number; limit?: number; startsAt?: Date[] } = {}): Promise<TestCourse> {
    const made = await createCourse(db(), { title: `Курс письма ${epoch}`, lessons: spec.lessons ?? 3, participantsLimit: spec.limit ?? 3 });
    for (const [index, id] of made.lessonIds.entries()) {
      await db()
        .update(lessons)
        .set({ startsAt: spec.startsAt?.[index] ?? new Date(LATER.getTime() + index * 7 * 24 * HOUR) })
        .where(eq(lessons.id, id));
    }
    return made;
  }

  /** A checkout the person left: the payment ended with `reason` at `endedAt` (its hold's end). */
  async function leftCheckout(user: TestUser, lessonIds: number[], endedAt: number, reason = 'canceled', state: 'STATE_FAILURE' | 'STATE_IN_PROGRESS' = 'STATE_FAILURE'): Promise<number> {
    const [row] = await db()
      .insert(payments)
      .values({
        userId: user.id,
        system: 'yookassa',
        currency: 'CURRENCY_CHOICE_RUB',
        amount: String(1200 * lessonIds.length),
        state,
        expiresAt: new Date(endedAt),
        failureReason: state === 'STATE_FAILURE' ? reason : null,
      })
      .returning({ id: payments.id });
    await db()
      .insert(paymentLessons)
      .values(lessonIds.map((lessonId) => ({ paymentId: row!.id, lessonId })));
    return row!.id;
  }

  const queuedFor = (user: TestUser) => db().select().from(outboxLetters).where(and(eq(outboxLetters.kind, 'checkout-reminder'), eq(outboxLetters.userId, user.id)));

  it('queues one letter after the hours, not before, however many processes sweep; it names the course and the lessons still on offer', async () => {
    const endedAt = start();
    // The second lesson is full, the third began long ago: only the first is offered.
    const taught = await course({ startsAt: [LATER, LATER, new Date('2026-01-15T16:00:00Z')] });
    await occupy(context(), [taught.lessonIds[1]!], 3);
    const [vera] = await createUsers(context(), 1, 'checkout');
    await leftCheckout(vera!, taught.lessonIds, endedAt, 'expired');

    expect(await sweepAll(endedAt + HOURS * HOUR - MINUTE)).toBe(0);
    expect(await sweepAll(endedAt + HOURS * HOUR + MINUTE)).toBe(1);
    // Later sweeps, and a second checkout of the same course left since: still that one letter, ever.
    await leftCheckout(vera!, taught.lessonIds.slice(0, 1), endedAt + 2 * HOUR, 'canceled');
    expect(await sweepAll(endedAt + (HOURS + 3) * HOUR)).toBe(0);
    await settle();
    expect(await sweepAll(endedAt + (HOURS + 30) * HOUR)).toBe(0);

    const rows = await queuedFor(vera!);
    expect(rows.map((row) => [row.state, row.dedupeKey])).toEqual([['sent', checkoutReminderKey(vera!.id, taught.id)]]);
    const sent = lettersTo(vera!);
    expect(sent).toHaveLength(1);
    const letter = sent[0]!;
    expect(letter.subject).toBe(`Оплата занятий курса «${taught.title}» не завершена`);
    expect(letter.text).toContain(`Здравствуйте, ${vera!.firstName}!`);
    expect(letter.text).toContain(`Вы начали оплату занятий курса «${taught.title}», но она не завершилась, и места за вами не сохранились. На этих занятиях места ещё есть:\n1. Занятие 1 — пн, 1 марта 2032, 19:00 по московскому времени\n\n`);
    expect(letter.text).not.toContain('2. Занятие 2');
    expect(letter.text).not.toContain('3. Занятие 3');
    expect(letter.text).toContain(`Записаться снова можно на странице курса: ${PUBLIC_URL}/courses/${taught.id}`);
    expect(letter.html).toContain(`href="${PUBLIC_URL}/courses/${taught.id}"`);
    const unsubscribe = unsubscribeLink(app.deps.config, vera!.id, taught.id);
    expect(letter.text).toContain(`Отписаться от новостей курса: ${unsubscribe}`);
    expect(letter.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    // A reply reaches the course's first author (the fixture's Анна Петрова).
    expect(letter.headers.get('reply-to')).toContain('anna@example.org');
  });

  it('sends nothing when the hours are 0', async () => {
    const endedAt = start();
    const taught = await course();
    const [olga] = await createUsers(context(), 1, 'checkout');
    await leftCheckout(olga!, taught.lessonIds, endedAt);
    expect(await sweepAll(endedAt + 100 * HOUR, 0)).toBe(0);
    expect(await queuedFor(olga!)).toEqual([]);
  });

  it('sends nothing to a person who bought those lessons since, or is paying for them now', async () => {
    const endedAt = start();
    const taught = await course();
    const [bought, paying, control] = await createUsers(context(), 3, 'checkout');
    await leftCheckout(control!, taught.lessonIds, endedAt);
    await leftCheckout(bought!, taught.lessonIds, endedAt);
    await leftCheckout(paying!, taught.lessonIds, endedAt);
    await db().insert(participants).values({ userId: bought!.id, lessonId: taught.lessonIds[2]!, state: 'approved', participatedAt: new Date() });
    await leftCheckout(paying!, taught.lessonIds.slice(1, 2), endedAt + HOUR, 'canceled', 'STATE_IN_PROGRESS');
    expect(await sweepAll(endedAt + (HOURS + 1) * HOUR)).toBe(1);
    expect(await queuedFor(control!)).toHaveLength(1);
    expect(await queuedFor(bought!)).toEqual([]);
    expect(await queuedFor(paying!)).toEqual([]);
    await settle();
  });

  it('sends nothing to a person who unsubscribed from the course’s news, but does to one who subscribed again', async () => {
    const endedAt = start();
    const taught = await course();
    const [gone, back] = await createUsers(context(), 2, 'checkout');
    for (const person of [gone!, back!]) await leftCheckout(person, taught.lessonIds, endedAt);
    const consent = (userId: number, action: 'given' | 'withdrawn') => ({ userId, kind: 'news' as const, courseId: taught.id, action, policyVersion: '1', source: 'unsubscribe-link' as const });
    await db().insert(consents).values([consent(gone!.id, 'given'), consent(gone!.id, 'withdrawn'), consent(back!.id, 'withdrawn')]);
    await db().insert(consents).values({ ...consent(back!.id, 'given'), source: 'course-page' });
    expect(await sweepAll(endedAt + (HOURS + 1) * HOUR)).toBe(1);
    expect(await queuedFor(gone!)).toEqual([]);
    expect(await queuedFor(back!)).toHaveLength(1);
    await settle();
  });

  it('sends nothing to a person an author turned away (the rejection ends the payment `rejected`, not left by the buyer)', async () => {
    const endedAt = start();
    const taught = await course();
    const [rejected, control] = await createUsers(context(), 2, 'checkout');
    await leftCheckout(control!, taught.lessonIds, endedAt);
    const paymentId = await leftCheckout(rejected!, taught.lessonIds.slice(0, 1), endedAt, 'canceled', 'STATE_IN_PROGRESS');
    const [row] = await db()
      .insert(participants)
      .values({ userId: rejected!.id, lessonId: taught.lessonIds[0]!, state: 'reserved', paymentId, expiredAt: new Date(endedAt) })
      .returning({ id: participants.id });
    const token = await app.deps.tokens.sign(1, 'access');
    const anna = { id: 1, email: 'anna@example.org', firstName: 'Анна', token, headers: bearer(token) };
    const answer = await json(app, 'POST', `/api/v1/mutabo/participants/${row!.id}/reject/`, anna);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const [ended] = await db().select({ state: payments.state, failureReason: payments.failureReason }).from(payments).where(eq(payments.id, paymentId));
    expect(ended).toEqual({ state: 'STATE_FAILURE', failureReason: 'rejected' });
    expect(await sweepAll(endedAt + (HOURS + 1) * HOUR)).toBe(1);
    expect(await queuedFor(control!)).toHaveLength(1);
    expect(await queuedFor(rejected!)).toEqual([]);
    await settle();
  });

  it('sends nothing to a deleted or deactivated account', async () => {
    const endedAt = start();
    const taught = await course();
    const [deleted, inactive, control] = await createUsers(context(), 3, 'checkout');
    for (const person of [deleted!, inactive!, control!]) await leftCheckout(person, taught.lessonIds, endedAt);
    await db().update(users).set({ deletedAt: new Date(), email: '', firstName: '', lastName: '', isActive: false }).where(eq(users.id, deleted!.id));
    await db().update(users).set({ isActive: false }).where(eq(users.id, inactive!.id));
    expect(await sweepAll(endedAt + (HOURS + 1) * HOUR)).toBe(1);
    expect(await queuedFor(control!)).toHaveLength(1);
    expect(await queuedFor(deleted!)).toEqual([]);
    expect(await queuedFor(inactive!)).toEqual([]);
    await settle();
  });

  it('sends nothing when every lesson is full or has begun, or for a checkout that ended otherwise', async () => {
    const endedAt = start();
    const full = await course({ lessons: 2, limit: 1 });
    await occupy(context(), full.lessonIds, 1);
    const begun = await course({ lessons: 2, startsAt: [new Date('2026-01-15T16:00:00Z'), new Date('2026-01-22T16:00:00Z')] });
    const other = await course();
    const [a, b, c, d, control] = await createUsers(context(), 5, 'checkout');
    await leftCheckout(control!, other.lessonIds, endedAt, 'expired');
    await leftCheckout(a!, full.lessonIds, endedAt);
    await leftCheckout(b!, begun.lessonIds, endedAt);
    await leftCheckout(c!, other.lessonIds, endedAt, 'superseded');
    await leftCheckout(d!, other.lessonIds, endedAt, 'withdrawn');
    expect(await sweepAll(endedAt + (HOURS + 1) * HOUR)).toBe(1);
    expect(await queuedFor(control!)).toHaveLength(1);
    await settle();
  });

  it('names a begun lesson with a ready recording, sold as the recording whatever the places (common/lessonBlocks.ts lessonSale)', async () => {
    const endedAt = start();
    // Both lessons began long ago and the room is full; only the first has a ready recording.
    const taught = await course({ lessons: 2, limit: 1, startsAt: [new Date('2026-01-15T16:00:00Z'), new Date('2026-01-22T16:00:00Z')] });
    await occupy(context(), taught.lessonIds, 1);
    await db()
      .insert(lessonRecordings)
      .values({ lessonId: taught.lessonIds[0]!, generation: `reminder${taught.lessonIds[0]}`.padEnd(32, '0'), state: 'ready', fileName: 'лекция.mp4', uploadSize: 1000, size: 900, duration: 60, readyAt: new Date() });
    const [vera] = await createUsers(context(), 1, 'checkout');
    await leftCheckout(vera!, taught.lessonIds, endedAt);
    expect(await sweepAll(endedAt + (HOURS + 1) * HOUR)).toBe(1);
    await settle();
    const [letter] = lettersTo(vera!);
    expect(letter!.text).toContain('Эти занятия ещё можно купить:\n1. Занятие 1 — в записи\n\n');
    expect(letter!.text).not.toContain('2. Занятие 2');
  });

  it('does not remind of a checkout that ended long before the hours passed (beyond the catch-up)', async () => {
    const endedAt = start();
    const taught = await course();
    const [late, control] = await createUsers(context(), 2, 'checkout');
    await leftCheckout(late!, taught.lessonIds, endedAt);
    await leftCheckout(control!, taught.lessonIds, endedAt + 72 * HOUR);
    expect(await sweepAll(endedAt + (HOURS + 73) * HOUR)).toBe(1);
    expect(await queuedFor(late!)).toEqual([]);
    await settle();
  });

  it('counts the hours from the moment a checkout was cancelled, not from the end its hold would have had', async () => {
    // The database's clock ends the payment: this test's moments are today's, far from the other tests' years.
    const cancelledAt = Date.now();
    const taught = await course();
    const [quick] = await createUsers(context(), 1, 'checkout');
    const paymentId = await leftCheckout(quick!, taught.lessonIds, cancelledAt + 30 * MINUTE, 'canceled', 'STATE_IN_PROGRESS');
    await db().transaction((tx) => failPayment(tx, paymentId, 'canceled', 3));
    expect(await sweepAll(cancelledAt + HOURS * HOUR - MINUTE)).toBe(0);
    expect(await sweepAll(cancelledAt + HOURS * HOUR + 2 * MINUTE)).toBe(1);
    await settle();
    expect(lettersTo(quick!)).toHaveLength(1);
  });

  it('drops a queued reminder that no longer holds when it is sent (bought meanwhile)', async () => {
    const endedAt = start();
    const taught = await course();
    const [nina] = await createUsers(context(), 1, 'checkout');
    const paymentId = await leftCheckout(nina!, taught.lessonIds, endedAt);
    const compose = composeCheckoutReminder(app.deps.config);
    const row = { payload: { paymentId, userId: nina!.id, courseId: taught.id } } as never;
    expect(await compose(db(), row)).not.toBeNull();
    await db().insert(participants).values({ userId: nina!.id, lessonId: taught.lessonIds[0]!, state: 'approved', participatedAt: new Date() });
    expect(await compose(db(), row)).toBeNull();
    await db().execute(sql`DELETE FROM participants WHERE user_id = ${nina!.id}`);
    await db().update(lessons).set({ state: 'draft' }).where(eq(lessons.courseId, taught.id));
    expect(await compose(db(), row)).toBeNull();
  });
});
