// Issue 35, items 5–6: who came to the room (docs/ATTENDANCE.md). The personal join link of letters and calendars
// records the join once per person and lesson and sends them on (302) to the room; everything else gets a Russian page
// and never the room's address. The logged-in POST does the same; the authors see who came (JSON and CSV); letters,
// the calendar feed and the API answers carry the join link, never the room's own address.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { joinPath, joinRefusals, type LessonAttendance } from '../../common/attendance.ts';
import { DELETED_PERSON_NAME } from '../../common/accountDeletion.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { MutaboPersonCard } from '../../common/mutabo/people.ts';
import type { CourseDetails } from '../../common/wireTypes.ts';
import { lessonAttendance, lessons, participants, paymentLessons, payments, recordingPositions, refunds, users } from '../src/db/schema.ts';
import { joinToken, joinUrl, checkJoinToken } from '../src/services/attendance/joinLinks.ts';
import { exportPersonalData } from '../src/services/accounts/personalData.ts';
import { lessonChangeLetter, reminderLetter, type NoticeLesson } from '../src/services/schedule/lessonLetters.ts';
import { bearer, buildTestApp, ids, seedFixture, TEST_JWT_SECRET } from './fixtures.ts';
import { readIcs } from './icsReader.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const ROOM = 'https://meet.example.org/room-secret-35';
const MINUTE = 60_000;
const INDEX_HTML = '<!doctype html><html lang="ru"><head></head><body><div id="root"></div></body></html>';
const LESSON = ids.lessons.free;

describe('the join token', () => {
  it('names its person only for its own lesson and only with the right secret', () => {
    const token = joinToken(TEST_JWT_SECRET, 5, 7);
    expect(checkJoinToken(TEST_JWT_SECRET, 5, token)).toBe(7);
    expect(checkJoinToken(TEST_JWT_SECRET, 6, token)).toBeNull();
    expect(checkJoinToken('another-secret-another-secret-0123456789', 5, token)).toBeNull();
    const [subject, signed] = token.split('.');
    expect(checkJoinToken(TEST_JWT_SECRET, 5, `${Buffer.from('8.5').toString('base64url')}.${signed}`)).toBeNull();
    expect(checkJoinToken(TEST_JWT_SECRET, 5, `${subject}.${signed}x`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${subject}.${signed}.x`, 42, null, ['a']]) expect(checkJoinToken(TEST_JWT_SECRET, 5, bad)).toBeNull();
  });
});

describe.each(dbModes())('attendance (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let distDir: string;
  let goneUserId: number;
  const tokens: Record<'anna' | 'boris' | 'pupil', string> = { anna: '', boris: '', pupil: '' };

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-attendance-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    testDb = await createTestDatabase(mode);
    const db = testDb.database.db;
    await seedFixture(db);
    app = await buildTestApp({ database: testDb.database, distDir });
    for (const who of ['anna', 'boris', 'pupil'] as const) tokens[who] = await app.deps.tokens.sign(ids.users[who], 'access');
    // A deleted account (the row stays, emptied: services/accounts/deletion.ts) that still has an approved place.
    const [gone] = await db
      .insert(users)
      .values({ email: '', passwordHash: '!gone', deletedAt: new Date(), isActive: false })
      .returning({ id: users.id });
    goneUserId = gone!.id;
    await db.insert(participants).values([
      { userId: ids.users.pupil, lessonId: LESSON, state: 'approved', participatedAt: new Date() },
      { userId: goneUserId, lessonId: LESSON, state: 'approved', participatedAt: new Date() },
      { userId: ids.users.boris, lessonId: LESSON, state: 'reserved', expiredAt: new Date(Date.now() + 3_600_000) },
    ]);
    // The pupil paid for the last lesson and got the money back: the refund freed the place.
    const [payment] = await db
      .insert(payments)
      .values({ userId: ids.users.pupil, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '1200', state: 'STATE_COMPLETED', expiresAt: new Date(), paidAt: new Date() })
      .returning({ id: payments.id });
    await db.insert(paymentLessons).values({ paymentId: payment!.id, lessonId: ids.lessons.last });
    await db.insert(refunds).values({ paymentId: payment!.id, amount: '1200', currency: 'CURRENCY_CHOICE_RUB', state: 'succeeded', system: 'yookassa', idempotenceKey: 'attendance-test-refund' });
    await db.update(lessons).set({ startsAt: new Date(Date.now() + 10 * MINUTE), roomUrl: ROOM }).where(eq(lessons.id, ids.lessons.last));
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    rmSync(distDir, { recursive: true, force: true });
  });

  /** The lesson starts `minutes` from now (negative: began that long ago), lasts 60 minutes, with the room set. */
  async function lessonAt(minutes: number, roomUrl = ROOM) {
    await testDb.database.db.update(lessons).set({ startsAt: new Date(Date.now() + minutes * MINUTE), duration: 60, roomUrl }).where(eq(lessons.id, LESSON));
  }

  beforeEach(() => lessonAt(10));

  const linkPath = (lessonId: number, userId: number) => `${joinPath(lessonId)}?t=${joinToken(TEST_JWT_SECRET, lessonId, userId)}`;
  const open = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const attendanceRow = async (userId: number) =>
    (await testDb.database.db.select().from(lessonAttendance).where(and(eq(lessonAttendance.lessonId, LESSON), eq(lessonAttendance.userId, userId))))[0];

  function expectRefusal(response: LightMyRequestResponse, reason: keyof typeof joinRefusals, status = 403) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain(joinRefusals[reason].title);
    expect(response.body).not.toContain(ROOM);
  }

  describe('the personal link', () => {
    it('records the first join once and sends the person on to the room; a second join counts and keeps the first moment', async () => {
      const first = await open(linkPath(LESSON, ids.users.pupil));
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe(ROOM);
      expect(first.headers['cache-control']).toBe('no-store');
      const row = await attendanceRow(ids.users.pupil);
      expect(row).toMatchObject({ joins: 1 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await open(linkPath(LESSON, ids.users.pupil));
      expect(second.statusCode).toBe(302);
      const after = await attendanceRow(ids.users.pupil);
      expect(after!.joins).toBe(2);
      expect(after!.firstJoinedAt.getTime()).toBe(row!.firstJoinedAt.getTime());
      expect(after!.lastJoinedAt.getTime()).toBeGreaterThanOrEqual(row!.lastJoinedAt.getTime());
    });

    it('works for a lesson that moved: the window is the lesson’s current time', async () => {
      const link = linkPath(LESSON, ids.users.pupil);
      await lessonAt(-40);
      expect((await open(link)).statusCode).toBe(302);
    });

    it('refuses a tampered link and another lesson’s link with the personal page, never the room', async () => {
      const token = joinToken(TEST_JWT_SECRET, LESSON, ids.users.pupil);
      const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      expectRefusal(await open(`${joinPath(LESSON)}?t=${tampered}`), 'personal');
      expectRefusal(await open(`${joinPath(LESSON)}?t=${joinToken(TEST_JWT_SECRET, ids.lessons.last, ids.users.pupil)}`), 'personal');
      expectRefusal(await open(`${joinPath(LESSON)}?t=%3Cscript%3E`), 'personal');
      expectRefusal(await open(`${joinPath(LESSON)}?t=`), 'personal');
    });

    it('says which lesson is missing with 404', async () => {
      expectRefusal(await open(linkPath(99_999, ids.users.pupil)), 'notFound', 404);
      expectRefusal(await open(`/lessons/abc/join?t=x`), 'notFound', 404);
    });

    it('refuses a deleted account, a person without an approved place and a refunded lesson', async () => {
      expectRefusal(await open(linkPath(LESSON, goneUserId)), 'accountGone');
      expectRefusal(await open(linkPath(LESSON, ids.users.boris)), 'notParticipant');
      expectRefusal(await open(linkPath(LESSON, ids.users.anna)), 'notParticipant');
      expectRefusal(await open(linkPath(ids.lessons.last, ids.users.pupil)), 'refunded');
      expect(await attendanceRow(goneUserId)).toBeUndefined();
      expect(await attendanceRow(ids.users.boris)).toBeUndefined();
    });

    it('is closed before the 30 minutes and after the end, and without a room', async () => {
      await lessonAt(31);
      expectRefusal(await open(linkPath(LESSON, ids.users.pupil)), 'tooEarly');
      await lessonAt(29);
      expect((await open(linkPath(LESSON, ids.users.pupil))).statusCode).toBe(302);
      await lessonAt(-60);
      expectRefusal(await open(linkPath(LESSON, ids.users.pupil)), 'ended');
      await lessonAt(0, '');
      expectRefusal(await open(linkPath(LESSON, ids.users.pupil)), 'noRoom');
    });

    it('counts no join for a HEAD request', async () => {
      const before = (await attendanceRow(ids.users.pupil))?.joins ?? 0;
      const head = await app.inject({ method: 'HEAD', url: linkPath(LESSON, ids.users.pupil), headers: { accept: 'text/html' } });
      expect(head.statusCode).toBeLessThan(500);
      expect(head.headers.location).toBeUndefined();
      expect((await attendanceRow(ids.users.pupil))?.joins ?? 0).toBe(before);
    });

    it('is the site’s page without a token', async () => {
      const response = await open(joinPath(LESSON));
      expect(response.statusCode).toBe(200);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('<div id="root">');
    });
  });

  describe('the logged-in join', () => {
    const post = (lessonId: number, who?: keyof typeof tokens) =>
      app.inject({ method: 'POST', url: `/api/v1/lessons/${lessonId}/join/`, headers: who ? bearer(tokens[who]) : {} });

    it('answers the room and records the join', async () => {
      const before = (await attendanceRow(ids.users.pupil))?.joins ?? 0;
      const response = await post(LESSON, 'pupil');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ url: ROOM });
      expect((await attendanceRow(ids.users.pupil))!.joins).toBe(before + 1);
    });

    it('refuses with the reason, 404 for a missing lesson and 401 without a login', async () => {
      const boris = await post(LESSON, 'boris');
      expect(boris.statusCode).toBe(403);
      expect(boris.json()).toEqual({ detail: joinRefusals.notParticipant.text, reason: 'notParticipant', course: ids.courses.open });
      const refunded = await post(ids.lessons.last, 'pupil');
      expect(refunded.json()).toMatchObject({ reason: 'refunded' });
      await lessonAt(-61);
      expect((await post(LESSON, 'pupil')).json()).toMatchObject({ reason: 'ended' });
      const missing = await post(99_999, 'pupil');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ reason: 'notFound' });
      expect((await post(LESSON)).statusCode).toBe(401);
    });

    it('gives the participant the join path, not the room, in the course answer', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/v1/courses/${ids.courses.open}/`, headers: bearer(tokens.pupil) });
      const lesson = response.json<CourseDetails>().lessons.find((item) => item.id === LESSON)!;
      expect(lesson.roomUrl).toBe(joinPath(LESSON));
      expect(response.body).not.toContain(ROOM);
    });
  });

  describe('the authors’ list', () => {
    const get = (url: string, who?: keyof typeof tokens) => app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]) : {} });

    it('lists who came and who did not, with the recording watched, as JSON and CSV', async () => {
      const db = testDb.database.db;
      await db.insert(participants).values({ userId: ids.users.anna, lessonId: LESSON, state: 'approved', participatedAt: new Date() });
      await db.insert(recordingPositions).values({ userId: ids.users.anna, lessonId: LESSON, seconds: 30, furthest: 30 });
      await db.update(users).set({ firstName: '=HYPERLINK("x")', lastName: 'Петрова; "Анна"' }).where(eq(users.id, ids.users.anna));
      const response = await get(`/api/v1/mutabo/lessons/${LESSON}/attendance/`, 'boris');
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<LessonAttendance>();
      expect(list.joined.map((row) => row.user)).toEqual([ids.users.pupil]);
      expect(list.joined[0]).toMatchObject({ name: 'Пётр Учеников', email: 'pupil@example.org', watchedRecording: false });
      expect(Date.parse(list.joined[0]!.firstJoinedAt)).not.toBeNaN();
      expect(list.absent.map((row) => row.user).sort()).toEqual([ids.users.anna, goneUserId].sort());
      expect(list.absent.find((row) => row.user === ids.users.anna)).toMatchObject({ watchedRecording: true });
      expect(list.absent.find((row) => row.user === goneUserId)).toMatchObject({ name: DELETED_PERSON_NAME, email: '' });

      const csv = await get(`/api/v1/mutabo/lessons/${LESSON}/attendance.csv`, 'anna');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="attendance-${LESSON}.csv"`);
      const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('"Имя";"Почта";"Пришёл";"Первый вход";"Смотрел запись"');
      expect(lines[1]).toMatch(/^"Пётр Учеников";"pupil@example\.org";"да";"\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}";"нет"$/);
      expect(lines).toContain(`"'=HYPERLINK(""x"") Петрова; ""Анна""";"anna@example.org";"нет";"";"да"`);
    });

    it('shows on a person’s card the lessons they came to, and the ones whose recording they watched', async () => {
      const db = testDb.database.db;
      await db.insert(participants).values({ userId: ids.users.anna, lessonId: LESSON, state: 'approved', participatedAt: new Date() }).onConflictDoNothing();
      await db.insert(recordingPositions).values({ userId: ids.users.anna, lessonId: LESSON, seconds: 30, furthest: 30 }).onConflictDoNothing();
      expect((await open(linkPath(LESSON, ids.users.pupil))).statusCode).toBe(302);
      const pupil = (await get(`/api/v1/mutabo/people/${ids.users.pupil}/`, 'boris')).json<MutaboPersonCard>();
      const came = pupil.lessons.find((lesson) => lesson.lessonId === LESSON);
      expect(came).toMatchObject({ watchedRecording: false });
      expect(Date.parse(came!.joinedAt!)).toBe((await attendanceRow(ids.users.pupil))!.firstJoinedAt.getTime());
      const anna = (await get(`/api/v1/mutabo/people/${ids.users.anna}/`, 'boris')).json<MutaboPersonCard>();
      expect(anna.lessons.find((lesson) => lesson.lessonId === LESSON)).toMatchObject({ joinedAt: null, watchedRecording: true });
    });

    it('is 404 for another author’s lesson and 401 for a guest', async () => {
      const [other] = await testDb.database.db.insert(lessons).values({ courseId: ids.courses.draft, number: 99, title: 'Чужое', duration: 60 }).returning({ id: lessons.id });
      const courseAuthorsOfDraft = await get(`/api/v1/mutabo/lessons/${other!.id}/attendance/`, 'anna');
      // The draft course of the fixture is led by someone: whichever author does not lead it gets 404.
      const boris = await get(`/api/v1/mutabo/lessons/${other!.id}/attendance/`, 'boris');
      expect([courseAuthorsOfDraft.statusCode, boris.statusCode]).toContain(404);
      const refused = courseAuthorsOfDraft.statusCode === 404 ? courseAuthorsOfDraft : boris;
      expect(refused.json()).toEqual({ detail: mutaboMessages.lessonNotFound });
      expect((await get(`/api/v1/mutabo/lessons/99999/attendance.csv`, 'anna')).statusCode).toBe(404);
      expect((await get(`/api/v1/mutabo/lessons/${LESSON}/attendance/`)).statusCode).toBe(401);
      expect((await get(`/api/v1/mutabo/lessons/${LESSON}/attendance/`, 'pupil')).statusCode).toBe(403);
    });
  });

  describe('letters, calendars and the person’s data', () => {
    const notice: NoticeLesson = { id: LESSON, courseId: ids.courses.open, courseTitle: 'Открытый курс', courseTimeZone: 'Europe/Moscow', number: 1, title: 'Свободное занятие', duration: 60, sequence: 3, roomUrl: ROOM };
    const recipient = { userId: ids.users.pupil, email: 'pupil@example.org', firstName: 'Пётр', timeZone: '' };

    it('a reminder and a change letter with its .ics carry the personal join link, never the room', () => {
      const link = joinUrl(app.deps.config, LESSON, ids.users.pupil);
      expect(link).toBe(`${app.deps.config.publicUrl}${joinPath(LESSON)}?t=${joinToken(TEST_JWT_SECRET, LESSON, ids.users.pupil)}`);
      const reminder = reminderLetter(app.deps.config, recipient, notice, new Date(Date.now() + 60 * MINUTE), '1h');
      expect(reminder.text).toContain(link);
      expect(reminder.html).toContain(link.replace(/&/g, '&amp;'));
      expect(`${reminder.text}${reminder.html}`).not.toContain(ROOM);
      const change = lessonChangeLetter(app.deps.config, recipient, notice, { kind: 'scheduled', after: new Date(Date.now() + 86_400_000) }, new Date());
      expect(`${change.text}${change.html}`).not.toContain(ROOM);
      const ics = String(change.attachments![0]!.content);
      expect(ics).not.toContain(ROOM);
      const event = readIcs(ics).events[0]!;
      expect(event.description).toContain(link);
      expect(event.location).toBe(link);
    });

    it('the personal calendar feed carries the join link', async () => {
      const feed = await app.inject({ method: 'GET', url: '/api/v1/calendar/feed/', headers: bearer(tokens.pupil) });
      const url = new URL(feed.json<{ url: string }>().url);
      const ics = await app.inject({ method: 'GET', url: url.pathname });
      expect(ics.statusCode).toBe(200);
      expect(ics.body).not.toContain(ROOM);
      const event = readIcs(ics.body).events.find((item) => item.description?.includes(joinPath(LESSON)));
      expect(event?.location).toBe(joinUrl(app.deps.config, LESSON, ids.users.pupil));
    });

    it('exports the person’s attendance', async () => {
      const data = await exportPersonalData(testDb.database.db, ids.users.pupil);
      expect(data!.lessonAttendance).toEqual([expect.objectContaining({ lessonId: LESSON, courseTitle: 'Открытый курс', joins: expect.any(Number), firstJoinedAt: expect.any(String) })]);
    });

    it('erases the person’s attendance with the account, and their link then says so', async () => {
      const db = testDb.database.db;
      const [person] = await db.insert(users).values({ email: 'leaving@example.org', passwordHash: '!x', firstName: 'Ушедший', isActive: true }).returning({ id: users.id });
      await db.insert(participants).values({ userId: person!.id, lessonId: LESSON, state: 'approved', participatedAt: new Date() });
      expect((await open(linkPath(LESSON, person!.id))).statusCode).toBe(302);
      expect(await attendanceRow(person!.id)).toBeDefined();
      const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/mutabo/people/${person!.id}/`, headers: bearer(tokens.anna), payload: { writtenRequest: true } });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await attendanceRow(person!.id)).toBeUndefined();
      expectRefusal(await open(linkPath(LESSON, person!.id)), 'accountGone');
    });
  });
});
