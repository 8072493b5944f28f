// Letters about a participant's lesson (issue 13, items 2 and 7): an author's change of a lesson's time tells every
// approved participant the old and the new time in their own zone (a Berlin participant of a Moscow course across
// the summer-time change; the course's zone, said so, without a profile zone) with the updated calendar entry read
// back by ical.js; reminders 24 hours and 1 hour before, each queued once by two app instances sweeping at once,
// replaced by a reschedule, and never for a place that was refunded or rejected.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { disciples, lessons, outboxLetters, participants, payments } from '../src/db/schema.ts';
import { createMailer, type Mailer } from '../src/services/letters/mail.ts';
import { joinUrl } from '../src/services/attendance/joinLinks.ts';
import { createCourse, createUsers, json, PUBLIC_URL, RUB, type TestUser } from './enrollmentKit.ts';
import { eventually } from './eventually.ts';
import { buildTestApp, seedFixture, testConfig } from './fixtures.ts';
import { readIcs } from './icsReader.ts';
import { readOutbox, type Letter } from './mailbox.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const ROOM = 'https://meet.example.org/room-7';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FAST = { retryBaseMs: 40, maxDelayMs: 200, idlePollMs: 200 };
const silent = { info() {}, warn() {}, error() {} } as never;

/** The outbox transport, which can be taken down (every send fails as an unreachable mail server does). */
function switchableMailer(inner: Mailer) {
  const state = { down: false };
  const mailer: Mailer & { state: typeof state } = {
    state,
    async send(message) {
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
      await inner.send(message);
    },
    close: () => inner.close(),
  };
  return mailer;
}

describe.each(dbModes())('letters about lessons and reminders (%s)', (mode) => {
  let testDb: TestDatabase;
  let dataDir: string;
  let mailer: ReturnType<typeof switchableMailer>;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let anna: TestUser;
  const context = () => ({ app, db: testDb.database.db });

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lesson-letters-'));
    const config = testConfig({ PUBLIC_URL, DATA_DIR: dataDir, TEST_ENDPOINTS: '1' });
    mailer = switchableMailer(createMailer(config, silent));
    // Two app instances on one database, as two processes are: both send letters, both sweep.
    app = await buildTestApp({ database: testDb.database, config, mailer, letterQueue: FAST });
    second = await buildTestApp({ database: testDb.database, config, mailer, letterQueue: FAST });
    const token = await app.deps.tokens.sign(1, 'access');
    anna = { id: 1, email: 'anna@example.org', firstName: 'Анна', token, headers: { authorization: `Bearer ${token}` } };
  });

  afterAll(async () => {
    await app?.close();
    await second?.close();
    await testDb?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Until every letter is sent (or dropped): the workers of both instances send in the background, retries later. */
  const settle = async () => {
    const idle = async () => {
      await Promise.all([app.deps.letters.drain(), second.deps.letters.drain()]);
      return (await testDb.database.db.select({ id: outboxLetters.id }).from(outboxLetters).where(eq(outboxLetters.state, 'pending'))).length === 0;
    };
    expect(await eventually(idle, 5000)).toBe(true);
  };
  const lettersTo = (user: Pick<TestUser, 'email'>, subject?: RegExp): Letter[] =>
    readOutbox(path.join(dataDir, 'outbox')).filter((letter) => letter.to.includes(user.email) && (!subject || subject.test(letter.subject)));

  async function patchLesson(id: number, fields: Record<string, unknown>): Promise<MutaboLesson> {
    const current = (await json(app, 'GET', `/api/v1/mutabo/lessons/${id}/`, anna)).json<MutaboLesson>();
    const response = await json(app, 'PATCH', `/api/v1/mutabo/lessons/${id}/`, anna, { ...fields, version: current.version });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboLesson>();
  }

  async function people(count: number, zones: string[] = []): Promise<TestUser[]> {
    const made = await createUsers(context(), count, 'lesson');
    const profiles = made.flatMap((user, index) => (zones[index] ? [{ userId: user.id, timezone: zones[index] }] : []));
    if (profiles.length > 0) await testDb.database.db.insert(disciples).values(profiles);
    return made;
  }

  async function approve(lessonId: number, users: TestUser[], participatedAt = new Date()): Promise<void> {
    await testDb.database.db.insert(participants).values(users.map((user) => ({ userId: user.id, lessonId, state: 'approved' as const, participatedAt })));
  }

  /** The sweep of each instance at once, as two processes run it: through the test-only endpoint, with a given clock. */
  async function sweepBoth(now: number, rounds = 2): Promise<number> {
    const answers = await Promise.all(
      Array.from({ length: rounds }, () => [app, second])
        .flat()
        .map((instance) => json(instance, 'POST', '/api/v1/test/reminders/sweep/', null, { now: new Date(now).toISOString() })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    return answers.reduce((sum, answer) => sum + answer.json<{ queued: number }>().queued, 0);
  }

  const sequenceOf = async (id: number) => (await testDb.database.db.select({ sequence: lessons.sequence }).from(lessons).where(eq(lessons.id, id)))[0]!.sequence;

  it('tells each approved participant the old and the new time in their own zone, across Berlin’s summer-time change, with the updated calendar entry', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Московский курс', lessons: 2 });
    const lessonId = course.lessonIds[0]!;
    const [berta, vera, waiting] = await people(3, ['Europe/Berlin']);
    await approve(lessonId, [berta!, vera!]);
    await testDb.database.db.insert(participants).values({ userId: waiting!.id, lessonId, state: 'waiting_list' });

    await patchLesson(lessonId, { startsAt: '2031-03-25T19:00:00+03:00', roomUrl: ROOM });
    await settle();
    const [scheduled] = lettersTo(berta!, /^Назначено время занятия: курс «Московский курс»$/);
    expect(scheduled!.text).toContain('Начало: вт, 25 марта 2031, 17:00 (Германия)');

    // Moscow keeps 19:00 all year; Berlin moves its clocks on 30 March 2031, so the same 19:00 is 17:00 before and 18:00 after.
    await patchLesson(lessonId, { startsAt: '2031-04-01T19:00:00+03:00' });
    // Recorded with the change, in its transaction: there before any worker has looked.
    const recorded = await testDb.database.db
      .select({ userId: outboxLetters.userId })
      .from(outboxLetters)
      .where(and(eq(outboxLetters.kind, 'lesson-change'), eq(outboxLetters.dedupeKey, `lesson-change:${lessonId}:${berta!.id}:${await sequenceOf(lessonId)}`)));
    expect(recorded).toHaveLength(1);
    await settle();

    const [moved] = lettersTo(berta!, /^Занятие перенесено: курс «Московский курс»$/);
    expect(moved!.text).toContain('Занятие курса «Московский курс» перенесено:\n1. Занятие 1');
    expect(moved!.text).toContain('Было: вт, 25 марта 2031, 17:00 (Германия)\nСтало: вт, 1 апреля 2031, 18:00 (Германия)');
    // The room is Berta's personal join link (docs/ATTENDANCE.md), never the room's own address.
    const bertaLink = joinUrl(app.deps.config, lessonId, berta!.id);
    expect(moved!.text).toContain(`Комната вебинара: ${bertaLink}`);
    expect(`${moved!.text}${moved!.html}${moved!.attachments[0]!.content}`).not.toContain(ROOM);
    expect(moved!.text).not.toContain('по часовому поясу курса');
    expect(moved!.html).toMatch(/>Мои курсы<\/a>/);

    // The calendar entry: the lesson's one UID, the new SEQUENCE, the new start, the room.
    expect(moved!.attachments.map((file) => [file.filename, file.contentType.split(';')[0]])).toEqual([[`lesson-${lessonId}.ics`, 'text/calendar']]);
    const calendar = readIcs(moved!.attachments[0]!.content);
    expect(calendar.method).toBe('PUBLISH');
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({ uid: `lesson-${lessonId}@mutabor.example.org`, sequence: await sequenceOf(lessonId), status: 'CONFIRMED', location: bertaLink });
    expect(calendar.events[0]!.start.toISOString()).toBe('2031-04-01T16:00:00.000Z');
    expect(calendar.events[0]!.end.toISOString()).toBe('2031-04-01T17:00:00.000Z');
    const earlier = readIcs(scheduled!.attachments[0]!.content).events[0]!;
    expect(earlier.uid).toBe(calendar.events[0]!.uid);
    expect(earlier.sequence).toBeLessThan(calendar.events[0]!.sequence);

    // No zone in the profile: the course's, and the letter says so.
    const [movedForVera] = lettersTo(vera!, /^Занятие перенесено/);
    expect(movedForVera!.text).toContain('Было: вт, 25 марта 2031, 19:00 по московскому времени\nСтало: вт, 1 апреля 2031, 19:00 по московскому времени');
    expect(movedForVera!.text).toContain(`Время указано по часовому поясу курса: в вашем профиле пояс не выбран. Выбрать его можно здесь: ${PUBLIC_URL}/account/profile/editor`);
    // Only approved participants are told.
    expect(lettersTo(waiting!)).toEqual([]);
    expect(lettersTo(berta!)).toHaveLength(2);

    // A stale write changes nothing and records no letter.
    const stale = await json(app, 'PATCH', `/api/v1/mutabo/lessons/${lessonId}/`, anna, { startsAt: '2031-04-08T16:00:00Z', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await testDb.database.db.select().from(outboxLetters).where(eq(outboxLetters.dedupeKey, `lesson-change:${lessonId}:${berta!.id}:${(await sequenceOf(lessonId)) + 1}`))).toEqual([]);
  });

  it('tells of a cancelled lesson and of a time taken away with a cancelled calendar entry, and says nothing of a past lesson’s time', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Курс с отменой', lessons: 3 });
    const [cancelledId, unscheduledId, pastId] = course.lessonIds as [number, number, number];
    const [berta] = await people(1, ['Europe/Berlin']);
    await approve(cancelledId, [berta!]);
    await approve(unscheduledId, [berta!]);
    await approve(pastId, [berta!]);
    await patchLesson(cancelledId, { startsAt: '2031-06-03T16:00:00Z', roomUrl: ROOM });
    await patchLesson(unscheduledId, { startsAt: '2031-06-10T16:00:00Z' });
    await patchLesson(pastId, { startsAt: '2021-06-01T16:00:00Z' });
    await settle();
    expect(lettersTo(berta!, /^Назначено время/)).toHaveLength(2);

    await patchLesson(cancelledId, { state: 'draft' });
    await patchLesson(unscheduledId, { startsAt: null });
    await patchLesson(pastId, { startsAt: '2021-06-08T16:00:00Z' });
    await settle();

    const [cancelled] = lettersTo(berta!, /^Занятие отменено: курс «Курс с отменой»$/);
    expect(cancelled!.text).toContain('Занятие курса «Курс с отменой» отменено:\n1. Занятие 1\n\nОно было назначено на вт, 3 июня 2031, 18:00 (Германия).');
    expect(cancelled!.text).not.toContain(ROOM);
    const cancelledEvent = readIcs(cancelled!.attachments[0]!.content).events[0]!;
    expect(cancelledEvent).toMatchObject({ uid: `lesson-${cancelledId}@mutabor.example.org`, status: 'CANCELLED', sequence: await sequenceOf(cancelledId), location: null });

    const [unscheduled] = lettersTo(berta!, /^Время занятия отменено/);
    expect(unscheduled!.text).toContain('Было: вт, 10 июня 2031, 18:00 (Германия)\n\nНовое время пока не назначено. Когда автор его назначит, мы вам напишем.');
    expect(readIcs(unscheduled!.attachments[0]!.content).events[0]).toMatchObject({ status: 'CANCELLED', sequence: await sequenceOf(unscheduledId) });

    // Only those two: the past lesson's corrections are not news.
    expect(lettersTo(berta!)).toHaveLength(4);
  });

  it('queues each reminder once while two instances sweep at once: 24 hours and 1 hour before, in each participant’s zone, with the room', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Курс с напоминаниями', lessons: 1 });
    const lessonId = course.lessonIds[0]!;
    const [berta, vera] = await people(2, ['Europe/Berlin']);
    await approve(lessonId, [berta!, vera!]);
    const start = Date.parse('2031-05-10T16:00:00Z');
    await patchLesson(lessonId, { startsAt: new Date(start).toISOString(), roomUrl: ROOM });
    await settle();

    expect(await sweepBoth(start - 24 * HOUR - MINUTE)).toBe(0);
    expect(await sweepBoth(start - 24 * HOUR + MINUTE, 3)).toBe(2);
    expect(await sweepBoth(start - 23 * HOUR)).toBe(0);
    await settle();
    const [reminder] = lettersTo(berta!, /^Напоминание о занятии: курс «Курс с напоминаниями»$/);
    expect(lettersTo(berta!, /^Напоминание о занятии/)).toHaveLength(1);
    expect(reminder!.text).toContain('Напоминаем о занятии курса «Курс с напоминаниями»:\n1. Занятие 1\n\nНачало: сб, 10 мая 2031, 18:00 (Германия)\nПродолжительность: 60 минут');
    const bertaLink = joinUrl(app.deps.config, lessonId, berta!.id);
    expect(reminder!.text).toContain(`Комната вебинара (ваша личная ссылка, откроется за 30 минут до начала): ${bertaLink}`);
    expect(reminder!.html).toContain(`<a href="${bertaLink}"`);
    expect(`${reminder!.text}${reminder!.html}`).not.toContain(ROOM);
    expect(reminder!.html).toMatch(/>Войти в комнату вебинара<\/a>/);
    const [forVera] = lettersTo(vera!, /^Напоминание о занятии/);
    expect(forVera!.text).toContain('Начало: сб, 10 мая 2031, 19:00 по московскому времени');
    expect(forVera!.text).toContain('Время указано по часовому поясу курса');

    expect(await sweepBoth(start - HOUR + MINUTE, 3)).toBe(2);
    expect(await sweepBoth(start - 30 * MINUTE)).toBe(0);
    await settle();
    expect(lettersTo(berta!, /^Скоро начало занятия: курс «Курс с напоминаниями»$/)).toHaveLength(1);
    expect(lettersTo(vera!, /^Скоро начало занятия/)).toHaveLength(1);
    // Once it has begun, nothing more.
    expect(await sweepBoth(start + MINUTE)).toBe(0);
    const reminders = await testDb.database.db.select({ state: outboxLetters.state }).from(outboxLetters).where(eq(outboxLetters.kind, 'reminder'));
    expect(reminders.filter((row) => row.state === 'sent')).toHaveLength(4);
  });

  it('replaces a pending reminder when the lesson is moved: the old one is dropped, the new time is reminded of', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Курс с переносом', lessons: 1 });
    const lessonId = course.lessonIds[0]!;
    const [berta] = await people(1, ['Europe/Berlin']);
    await approve(lessonId, [berta!]);
    const start = Date.parse('2031-07-08T16:00:00Z');
    await patchLesson(lessonId, { startsAt: new Date(start).toISOString() });
    await settle();

    // The mail server is down when the 24-hour reminder falls due: it waits for a retry.
    mailer.state.down = true;
    expect(await sweepBoth(start - 24 * HOUR + MINUTE)).toBe(1);
    await Promise.all([app.deps.letters.drain(), second.deps.letters.drain()]);
    const pending = () =>
      testDb.database.db
        .select({ state: outboxLetters.state, attempts: outboxLetters.attempts })
        .from(outboxLetters)
        .where(and(eq(outboxLetters.kind, 'reminder'), eq(outboxLetters.userId, berta!.id)));
    expect(await pending()).toMatchObject([{ state: 'pending' }]);
    expect((await pending())[0]!.attempts).toBeGreaterThan(0);

    const moved = start + 7 * 24 * HOUR;
    await patchLesson(lessonId, { startsAt: new Date(moved).toISOString() });
    // The next attempt composes the reminder anew and drops it. The mail server stays down until then: an attempt
    // that composed the letter just before the move is in flight and cannot be recalled, but it fails and retries.
    const dropped = async () => (await pending())[0]?.state === 'dropped';
    expect(await eventually(dropped, 5000)).toBe(true);
    mailer.state.down = false;
    await settle();
    expect(await pending()).toMatchObject([{ state: 'dropped' }]);
    expect(lettersTo(berta!, /^Напоминание/)).toEqual([]);
    expect(lettersTo(berta!, /^Занятие перенесено/)).toHaveLength(1);

    expect(await sweepBoth(moved - 24 * HOUR + MINUTE)).toBe(1);
    await settle();
    const [reminder] = lettersTo(berta!, /^Напоминание о занятии/);
    expect(reminder!.text).toContain('Начало: вт, 15 июля 2031, 18:00 (Германия)');
  });

  it('counts a change letter sent inside the 24 hours as the 24-hour reminder, and reminds a place approved late only an hour before', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Курс на сегодня', lessons: 2 });
    const [soonId, lateId] = course.lessonIds as [number, number];
    const [berta, latecomer] = await people(2, ['Europe/Berlin', 'Europe/Berlin']);
    // Approved days ago: the 24-hour reminder of a lesson five hours away would be due.
    await approve(soonId, [berta!], new Date(Date.now() - 3 * 24 * HOUR));
    // Given a time five hours from now (the real clock: the change is made now).
    const soon = Math.ceil((Date.now() + 5 * HOUR) / MINUTE) * MINUTE;
    await patchLesson(soonId, { startsAt: new Date(soon).toISOString() });
    await settle();
    expect(lettersTo(berta!, /^Назначено время/)).toHaveLength(1);
    expect(await sweepBoth(Date.now())).toBe(0);
    expect(await sweepBoth(soon - HOUR + MINUTE)).toBe(1);

    // Approved ten hours before a lesson: the approval's letter is fresh, the 24-hour reminder is not sent.
    const late = Date.parse('2031-08-05T16:00:00Z');
    await patchLesson(lateId, { startsAt: new Date(late).toISOString() });
    await approve(lateId, [latecomer!], new Date(late - 10 * HOUR));
    expect(await sweepBoth(late - 9 * HOUR)).toBe(0);
    expect(await sweepBoth(late - HOUR + MINUTE)).toBe(1);
    await settle();
    expect(lettersTo(berta!, /^Скоро начало/)).toHaveLength(1);
    expect(lettersTo(berta!, /^Напоминание/)).toEqual([]);
    expect(lettersTo(latecomer!, /^Скоро начало/)).toHaveLength(1);
    expect(lettersTo(latecomer!, /^Напоминание/)).toEqual([]);
  });

  it('sends no reminder to a participant whose place was refunded or rejected, before or after the reminder was queued', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Платный курс', lessons: 1, prices: [RUB], participantsLimit: 5 });
    const lessonId = course.lessonIds[0]!;
    const [early, late, stayer, rejected] = await people(4, ['Europe/Berlin']);
    const pay = async (buyer: TestUser): Promise<number> => {
      const created = await json(app, 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [lessonId] });
      expect(created.statusCode, created.body).toBe(201);
      const [payment] = await testDb.database.db.select().from(payments).where(eq(payments.userId, buyer.id));
      const key = new URL(created.json<{ details: { redirectTo: string } }>().details.redirectTo).searchParams.get('key')!;
      await app.inject({ method: 'POST', url: `/sandbox-checkout/${payment!.id}`, payload: { key, decision: 'pay' } });
      return payment!.id;
    };
    const refund = async (paymentId: number) => {
      const answer = await json(app, 'POST', `/api/v1/mutabo/payments/${paymentId}/refund/`, anna, {});
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const earlyPayment = await pay(early!);
    const latePayment = await pay(late!);
    await approve(lessonId, [stayer!, rejected!]);
    const start = Date.parse('2031-09-09T16:00:00Z');
    await patchLesson(lessonId, { startsAt: new Date(start).toISOString() });
    await settle();

    // Refunded before the reminder's moment: not reminded.
    await refund(earlyPayment);
    // Rejected or refunded after the reminder was queued but before it could be sent: not reminded either.
    mailer.state.down = true;
    expect(await sweepBoth(start - 24 * HOUR + MINUTE)).toBe(3);
    await refund(latePayment);
    const [row] = await testDb.database.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.userId, rejected!.id), eq(participants.lessonId, lessonId)));
    const rejection = await json(app, 'POST', `/api/v1/mutabo/participants/${row!.id}/reject/`, anna, {});
    expect(rejection.statusCode, rejection.body).toBe(204);
    const reminderStates = async () =>
      (await testDb.database.db.select({ userId: outboxLetters.userId, state: outboxLetters.state }).from(outboxLetters).where(eq(outboxLetters.kind, 'reminder'))).filter((entry) =>
        [early, late, stayer, rejected].some((user) => user!.id === entry.userId),
      );
    // The mail server comes back only once the queue has composed both letters again and dropped them: an attempt
    // composed a moment before the rejection, still on its way to the mail server, would otherwise be sent (as it
    // would be in life; it is the letters queued before a change, not the one in flight, that this test is about).
    const droppedBoth = async () => (await reminderStates()).filter((entry) => entry.state === 'dropped').length === 2;
    expect(await eventually(droppedBoth, 10_000)).toBe(true);
    mailer.state.down = false;
    await settle();

    expect(lettersTo(stayer!, /^Напоминание о занятии/)).toHaveLength(1);
    for (const user of [early, late, rejected]) expect(lettersTo(user!, /^Напоминание/), user!.email).toEqual([]);
    expect((await reminderStates()).filter((entry) => entry.state === 'dropped').map((entry) => entry.userId).sort()).toEqual([late!.id, rejected!.id].sort());
    expect(await sweepBoth(start - HOUR + MINUTE)).toBe(1);
  });

  it('a server started with its sweeps reminds by itself, and closing it stops them (backgroundWork.ts)', async () => {
    const course = await createCourse(testDb.database.db, { title: 'Курс со своим напоминанием', lessons: 2 });
    const [firstId, secondId] = course.lessonIds as [number, number];
    const [early, later] = await people(2, ['Europe/Moscow', 'Europe/Moscow']);
    const inFifty = Math.ceil((Date.now() + 50 * MINUTE) / MINUTE) * MINUTE;
    await testDb.database.db.update(lessons).set({ startsAt: new Date(inFifty) }).where(inArray(lessons.id, [firstId, secondId]));
    await approve(firstId, [early!], new Date(Date.now() - 3 * 24 * HOUR));
    const queuedFor = async (user: TestUser) =>
      (await testDb.database.db.select({ id: outboxLetters.id }).from(outboxLetters).where(and(eq(outboxLetters.kind, 'reminder'), eq(outboxLetters.userId, user.id)))).length;

    // Neither test-endpoint instance sweeps on its own: only the one built with its sweeps does.
    const sweeping = await buildTestApp({ database: testDb.database, config: testConfig({ PUBLIC_URL, DATA_DIR: dataDir }), letterQueue: FAST, sweeps: { intervalMs: 50 } });
    try {
      expect(await eventually(async () => (await queuedFor(early!)) === 1, 5000)).toBe(true);
    } finally {
      await sweeping.close();
    }
    await settle();
    expect(lettersTo(early!, /^Скоро начало/)).toHaveLength(1);

    // Closed: a place approved now is not swept any more.
    await approve(secondId, [later!], new Date(Date.now() - 3 * 24 * HOUR));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await queuedFor(later!)).toBe(0);
  });

  it('runs the test-only sweep only when TEST_ENDPOINTS is on, and checks its clock', async () => {
    const bad = await json(app, 'POST', '/api/v1/test/reminders/sweep/', null, { now: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, string[]>>())).toEqual(['now']);
    const plain = await buildTestApp({ database: testDb.database, config: testConfig({ PUBLIC_URL, DATA_DIR: dataDir }), letterQueue: FAST });
    try {
      expect((await json(plain, 'POST', '/api/v1/test/reminders/sweep/', null, { now: new Date().toISOString() })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
