// Live webinars (issue 13): lesson times in the authors' API and in every answer, the room and recording links only
// for approved participants in their windows (never in a public answer or the first HTML), the upcoming lessons,
// the .ics files read back with ical.js, and the personal feed (secret address, SEQUENCE, STATUS:CANCELLED).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import type { CalendarFeed, CourseDetails, Lesson, Participation, UpcomingLesson } from '../../common/wireTypes.ts';
import { joinPath } from '../../common/attendance.ts';
import { lessons, participants } from '../src/db/schema.ts';
import { joinUrl } from '../src/services/attendance/joinLinks.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { readIcs } from './icsReader.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const ROOM = 'https://meet.example.org/room-secret-42';
const RECORDING = 'https://video.example.org/recording-secret-42';
const MINUTE = 60_000;
const INDEX_HTML = '<!doctype html><html lang="ru"><head></head><body><div id="root"></div></body></html>';

type Who = 'guest' | 'anna' | 'boris' | 'pupil';

describe.each(dbModes())('the schedule (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let distDir: string;
  const tokens: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-schedule-dist-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, distDir });
    for (const who of ['anna', 'boris', 'pupil'] as const) tokens[who] = await app.deps.tokens.sign(ids.users[who], 'access');
    // The pupil has a place in the first and the last lesson of the open course.
    await testDb.database.db.insert(participants).values([
      { userId: ids.users.pupil, lessonId: ids.lessons.free, state: 'approved', participatedAt: new Date() },
      { userId: ids.users.pupil, lessonId: ids.lessons.last, state: 'approved', participatedAt: new Date() },
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    rmSync(distDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: Who, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers: who === 'guest' ? {} : bearer(tokens[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });

  async function patchLesson(id: number, fields: Record<string, unknown>): Promise<MutaboLesson> {
    const current = (await call('GET', `/api/v1/mutabo/lessons/${id}/`, 'anna')).json<MutaboLesson>();
    const response = await call('PATCH', `/api/v1/mutabo/lessons/${id}/`, 'anna', { ...fields, version: current.version });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MutaboLesson>();
  }

  const sequenceOf = async (id: number) => (await testDb.database.db.select({ sequence: lessons.sequence }).from(lessons).where(eq(lessons.id, id)))[0]!.sequence;
  const iso = (ms: number) => new Date(ms).toISOString();
  const lessonIn = (course: CourseDetails, id: number) => course.lessons.find((lesson) => lesson.id === id)!;

  describe('the authors set times and links', () => {
    it('takes a start with any offset, answers it in UTC, and bumps the SEQUENCE only when the time changes', async () => {
      const before = await sequenceOf(ids.lessons.free);
      const lesson = await patchLesson(ids.lessons.free, { startsAt: '2031-03-04T19:00:00+03:00', roomUrl: ROOM });
      expect(lesson).toMatchObject({ startsAt: '2031-03-04T16:00:00.000Z', roomUrl: ROOM, recordingUrl: '' });
      expect(await sequenceOf(ids.lessons.free)).toBe(before + 1);

      await patchLesson(ids.lessons.free, { title: 'Свободное занятие, новое название' });
      expect(await sequenceOf(ids.lessons.free)).toBe(before + 1);
      // The same instant written another way is no change.
      await patchLesson(ids.lessons.free, { startsAt: '2031-03-04T16:00:00Z' });
      expect(await sequenceOf(ids.lessons.free)).toBe(before + 1);
      await patchLesson(ids.lessons.free, { startsAt: '2031-03-11T16:00:00Z' });
      expect(await sequenceOf(ids.lessons.free)).toBe(before + 2);
      await patchLesson(ids.lessons.free, { startsAt: null });
      expect((await call('GET', `/api/v1/mutabo/lessons/${ids.lessons.free}/`, 'anna')).json<MutaboLesson>().startsAt).toBeNull();
    });

    it('refuses a start or a link it cannot use, in Russian under the field', async () => {
      const { version } = (await call('GET', `/api/v1/mutabo/lessons/${ids.lessons.free}/`, 'anna')).json<MutaboLesson>();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ startsAt: '2031-03-04 19:00' }, 'startsAt', mutaboMessages.startsAtInvalid],
        [{ startsAt: '2031-02-30T10:00:00Z' }, 'startsAt', mutaboMessages.startsAtInvalid],
        [{ startsAt: '2031-03-04T19:00:00' }, 'startsAt', mutaboMessages.startsAtInvalid],
        [{ startsAt: 12 }, 'startsAt', mutaboMessages.startsAtInvalid],
        [{ startsAt: '1999-12-31T10:00:00Z' }, 'startsAt', mutaboMessages.startsAtOutOfRange],
        [{ roomUrl: 'http://meet.example.org/room' }, 'roomUrl', mutaboMessages.httpsUrlInvalid],
        [{ roomUrl: 'javascript:alert(1)' }, 'roomUrl', mutaboMessages.httpsUrlInvalid],
        [{ recordingUrl: 'https://user:pass@video.example.org/' }, 'recordingUrl', mutaboMessages.httpsUrlInvalid],
        [{ recordingUrl: 'https:// spaced.example.org' }, 'recordingUrl', mutaboMessages.httpsUrlInvalid],
      ];
      for (const [fields, field, message] of cases) {
        const response = await call('PATCH', `/api/v1/mutabo/lessons/${ids.lessons.free}/`, 'anna', { ...fields, version });
        expect(response.statusCode, JSON.stringify(fields)).toBe(400);
        expect(response.json(), JSON.stringify(fields)).toEqual({ [field]: [message] });
      }
    });

    it('creates a lesson with a time and links', async () => {
      const response = await call('POST', `/api/v1/mutabo/courses/${ids.courses.open}/lessons/`, 'anna', {
        title: 'Вебинар',
        duration: 45,
        state: 'draft',
        startsAt: '2031-05-01T10:00:00Z',
        roomUrl: ROOM,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<MutaboLesson>()).toMatchObject({ startsAt: '2031-05-01T10:00:00.000Z', roomUrl: ROOM, recordingUrl: '', state: 'draft' });
    });

    it('keeps the course’s time zone: Moscow by default, any zone the site offers, nothing else', async () => {
      const created = await call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Курс с поясом', disciplesAge: 'DISCIPLES_AGE_ADULTS' });
      expect(created.statusCode).toBe(201);
      const course = created.json<MutaboCourse>();
      expect(course.timeZone).toBe('Europe/Moscow');
      const patched = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { timeZone: 'Asia/Vladivostok', version: course.version });
      expect(patched.json<MutaboCourse>().timeZone).toBe('Asia/Vladivostok');
      const refused = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { timeZone: 'Mars/Olympus', version: patched.json<MutaboCourse>().version });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ timeZone: [mutaboMessages.timeZoneInvalid] });
      expect((await call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'x', disciplesAge: 'DISCIPLES_AGE_ADULTS', timeZone: 5 })).json()).toEqual({
        timeZone: [mutaboMessages.notText],
      });
      // Visitors see the zone too (the full form of a course).
      expect((await call('GET', `/api/v1/courses/${ids.courses.open}/`, 'guest')).json<CourseDetails>().timeZone).toBe('Europe/Moscow');
    });

    it('lists the author’s upcoming lessons on the start page', async () => {
      await patchLesson(ids.lessons.last, { startsAt: '2031-06-01T10:00:00Z' });
      const dashboard = (await call('GET', '/api/v1/mutabo/dashboard/', 'anna')).json<MutaboDashboard>();
      expect(dashboard.upcomingLessons).toContainEqual(
        expect.objectContaining({ id: ids.lessons.last, courseId: ids.courses.open, startsAt: '2031-06-01T10:00:00.000Z', limit: 2 }),
      );
    });
  });

  describe('the room and recording links', () => {
    it('go only to an approved participant, the room from 30 minutes before the start to the end', async () => {
      const now = Date.now();
      // Starts in 20 minutes: the room is open; the recording is not (not started yet).
      await patchLesson(ids.lessons.free, { startsAt: iso(now + 20 * MINUTE), roomUrl: ROOM, recordingUrl: RECORDING });
      // Starts in two hours: nothing yet.
      await patchLesson(ids.lessons.last, { startsAt: iso(now + 120 * MINUTE), roomUrl: ROOM });

      const mine = (await call('GET', `/api/v1/courses/${ids.courses.open}/`, 'pupil')).json<CourseDetails>();
      // The room's link is the site's join address (docs/ATTENDANCE.md), never the room's own.
      expect(lessonIn(mine, ids.lessons.free)).toMatchObject({ roomUrl: joinPath(ids.lessons.free), participationState: 'approved' });
      expect(JSON.stringify(mine)).not.toContain('room-secret');
      expect(lessonIn(mine, ids.lessons.free).recordingUrl).toBeUndefined();
      expect(lessonIn(mine, ids.lessons.last).roomUrl).toBeUndefined();

      const lessonsList = (await call('GET', `/api/v1/lessons/?course=${ids.courses.open}`, 'pupil')).json<Lesson[]>();
      expect(lessonsList.find((lesson) => lesson.id === ids.lessons.free)?.roomUrl).toBe(joinPath(ids.lessons.free));

      const myCourses = (await call('GET', '/api/v1/participants/', 'pupil')).json<Participation[]>();
      const row = myCourses.find((entry) => entry.course.id === ids.courses.open)!;
      expect(row.lessons.find((lesson) => lesson.id === ids.lessons.free)).toMatchObject({ roomUrl: joinPath(ids.lessons.free), startsAt: iso(now + 20 * MINUTE) });
      expect(row.lessons.find((lesson) => lesson.id === ids.lessons.last)?.roomUrl).toBeUndefined();

      // An author of the course who is no participant, another user, a guest: no link.
      for (const who of ['anna', 'guest'] as const) {
        const course = (await call('GET', `/api/v1/courses/${ids.courses.open}/`, who)).json<CourseDetails>();
        expect(JSON.stringify(course)).not.toContain('room-secret');
      }
    });

    it('give the recording after the start and close the room at the end', async () => {
      const now = Date.now();
      // Started 100 minutes ago and lasts 90: over. The recording stays, the room is closed.
      await patchLesson(ids.lessons.free, { startsAt: iso(now - 100 * MINUTE), duration: 90, roomUrl: ROOM, recordingUrl: RECORDING });
      const course = (await call('GET', `/api/v1/courses/${ids.courses.open}/`, 'pupil')).json<CourseDetails>();
      expect(lessonIn(course, ids.lessons.free).recordingUrl).toBe(RECORDING);
      expect(lessonIn(course, ids.lessons.free).roomUrl).toBeUndefined();
      // Under way: both.
      await patchLesson(ids.lessons.free, { startsAt: iso(now - 10 * MINUTE) });
      const during = (await call('GET', `/api/v1/courses/${ids.courses.open}/`, 'pupil')).json<CourseDetails>();
      expect(lessonIn(during, ids.lessons.free)).toMatchObject({ roomUrl: joinPath(ids.lessons.free), recordingUrl: RECORDING });
    });

    it('a participant who is no longer approved gets no link', async () => {
      await testDb.database.db
        .update(participants)
        .set({ state: 'waiting_list' })
        .where(and(eq(participants.userId, ids.users.pupil), eq(participants.lessonId, ids.lessons.free)));
      // Written around the services: the change notice from PostgreSQL may come a moment later.
      app.deps.publicCache.invalidate();
      try {
        const course = (await call('GET', `/api/v1/courses/${ids.courses.open}/`, 'pupil')).json<CourseDetails>();
        expect(JSON.stringify(course)).not.toContain('secret-42');
        const myCourses = await call('GET', '/api/v1/participants/', 'pupil');
        expect(myCourses.body).not.toContain('secret-42');
      } finally {
        await testDb.database.db
          .update(participants)
          .set({ state: 'approved' })
          .where(and(eq(participants.userId, ids.users.pupil), eq(participants.lessonId, ids.lessons.free)));
        app.deps.publicCache.invalidate();
      }
    });

    it('are in no public answer and not in the first HTML of any page', async () => {
      const now = Date.now();
      await patchLesson(ids.lessons.free, { startsAt: iso(now + 10 * MINUTE), roomUrl: ROOM, recordingUrl: RECORDING });
      await patchLesson(ids.lessons.last, { startsAt: iso(now - 10 * MINUTE), roomUrl: ROOM, recordingUrl: RECORDING });
      const publicAddresses = [
        '/api/v1/courses/',
        `/api/v1/courses/${ids.courses.open}/`,
        `/api/v1/lessons/?course=${ids.courses.open}`,
        '/api/v1/lessons/upcoming/',
        `/api/v1/courses/${ids.courses.open}/calendar.ics`,
        `/api/v1/lessons/${ids.lessons.free}/calendar.ics`,
      ];
      for (const url of publicAddresses) {
        const response = await call('GET', url, 'guest');
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).not.toContain('secret-42');
      }
      const html = { accept: 'text/html' };
      for (const url of ['/', `/courses/${ids.courses.open}`, '/timetable']) {
        // The approved participant's own token does not change the first HTML: it is made for everyone.
        const response = await app.inject({ url, headers: { ...html, ...bearer(tokens.pupil!) } });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('initial-data');
        expect(response.body, url).not.toContain('secret-42');
      }
      // The timetable's first HTML carries the upcoming lessons (their times, no links).
      const timetable = await app.inject({ url: '/timetable', headers: html });
      expect(timetable.body).toContain('"upcomingLessons":[{');
    });
  });

  describe('the timetable’s upcoming lessons', () => {
    it('lists lessons of open courses that have not ended, soonest first, with their times', async () => {
      const now = Date.now();
      await patchLesson(ids.lessons.free, { startsAt: iso(now + 3 * 86_400_000), duration: 90 });
      await patchLesson(ids.lessons.last, { startsAt: iso(now + 86_400_000), duration: 60 });
      const upcoming = (await call('GET', '/api/v1/lessons/upcoming/', 'guest')).json<UpcomingLesson[]>();
      expect(upcoming.map((lesson) => lesson.id)).toEqual([ids.lessons.last, ids.lessons.free]);
      expect(upcoming[0]).toEqual({
        id: ids.lessons.last,
        course: { id: ids.courses.open, title: 'Открытый курс' },
        number: 4,
        title: 'Последнее занятие',
        startsAt: iso(now + 86_400_000),
        duration: 60,
      });
      // A lesson that has ended drops out; a draft lesson never shows.
      await patchLesson(ids.lessons.last, { startsAt: iso(now - 2 * 3_600_000) });
      await patchLesson(ids.lessons.draft, { startsAt: iso(now + 3_600_000) });
      const later = (await call('GET', '/api/v1/lessons/upcoming/', 'guest')).json<UpcomingLesson[]>();
      expect(later.map((lesson) => lesson.id)).toEqual([ids.lessons.free]);
      // The page promises the next three weeks: a lesson after them is not listed yet.
      await patchLesson(ids.lessons.free, { startsAt: iso(now + 22 * 86_400_000) });
      expect((await call('GET', '/api/v1/lessons/upcoming/', 'guest')).json<UpcomingLesson[]>()).toEqual([]);
      await patchLesson(ids.lessons.free, { startsAt: iso(now + 20 * 86_400_000) });
      expect((await call('GET', '/api/v1/lessons/upcoming/', 'guest')).json<UpcomingLesson[]>().map((lesson) => lesson.id)).toEqual([ids.lessons.free]);
    });
  });

  describe('calendar files', () => {
    it('a course’s and a lesson’s .ics: public times, stable UIDs, no room link', async () => {
      await patchLesson(ids.lessons.free, { startsAt: '2031-03-29T16:00:00Z', duration: 90, roomUrl: ROOM });
      await patchLesson(ids.lessons.last, { startsAt: '2031-04-05T16:00:00Z', duration: 60 });
      const response = await call('GET', `/api/v1/courses/${ids.courses.open}/calendar.ics`, 'guest');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="course-${ids.courses.open}.ics"`);
      const calendar = readIcs(response.body);
      expect(calendar.method).toBe('PUBLISH');
      expect(calendar.events.map((event) => event.uid)).toEqual([`lesson-${ids.lessons.free}@localhost`, `lesson-${ids.lessons.last}@localhost`]);
      expect(calendar.events[0]).toMatchObject({
        start: new Date('2031-03-29T16:00:00Z'),
        end: new Date('2031-03-29T17:30:00Z'),
        status: 'CONFIRMED',
        location: null,
        url: `http://localhost:8080/courses/${ids.courses.open}`,
      });
      expect(calendar.events[0]!.summary).toContain('Открытый курс: 1. ');
      expect(response.body).not.toContain('secret-42');

      const one = await call('GET', `/api/v1/lessons/${ids.lessons.last}/calendar.ics`, 'guest');
      const lesson = readIcs(one.body).events;
      expect(lesson).toHaveLength(1);
      expect(lesson[0]).toMatchObject({ uid: `lesson-${ids.lessons.last}@localhost`, start: new Date('2031-04-05T16:00:00Z'), sequence: await sequenceOf(ids.lessons.last) });
    });

    it('answers 404 for a draft course, a draft lesson and a lesson without a time', async () => {
      expect((await call('GET', `/api/v1/courses/${ids.courses.draft}/calendar.ics`, 'guest')).statusCode).toBe(404);
      expect((await call('GET', `/api/v1/lessons/${ids.lessons.draft}/calendar.ics`, 'guest')).json()).toEqual({ detail: 'Занятие не найдено.' });
      const unscheduled = await call('GET', `/api/v1/lessons/${ids.lessons.announced}/calendar.ics`, 'guest');
      expect(unscheduled.statusCode).toBe(404);
      expect(unscheduled.json()).toEqual({ detail: 'У этого занятия ещё нет времени.' });
    });

    it('the personal feed: a secret address, the approved lessons with their rooms, renewed on request', async () => {
      expect((await call('GET', '/api/v1/calendar/feed/', 'guest')).statusCode).toBe(401);
      const address = (await call('GET', '/api/v1/calendar/feed/', 'pupil')).json<CalendarFeed>();
      expect(address.url).toMatch(/^http:\/\/localhost:8080\/api\/v1\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
      // Asked again: the same address.
      expect((await call('GET', '/api/v1/calendar/feed/', 'pupil')).json<CalendarFeed>()).toEqual(address);
      const feedPath = new URL(address.url).pathname;

      const feed = await app.inject({ url: feedPath });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(feed.headers['cache-control']).toBe('private, no-store');
      const events = readIcs(feed.body).events;
      expect(events.map((event) => event.uid)).toEqual([`lesson-${ids.lessons.free}@localhost`, `lesson-${ids.lessons.last}@localhost`]);
      // The pupil's personal join link (docs/ATTENDANCE.md), never the room's own address.
      const link = joinUrl(app.deps.config, ids.lessons.free, ids.users.pupil);
      expect(events[0]).toMatchObject({ location: link, url: link, status: 'CONFIRMED' });
      expect(events[0]!.description).toContain(`Комната вебинара: ${link}`);
      expect(feed.body).not.toContain(ROOM);

      const renewed = await call('POST', '/api/v1/calendar/feed/', 'pupil');
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json<CalendarFeed>().url).not.toBe(address.url);
      expect((await app.inject({ url: feedPath })).statusCode).toBe(404);
      expect((await app.inject({ url: new URL(renewed.json<CalendarFeed>().url).pathname })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/v1/calendar/not-a-secret.ics' })).statusCode).toBe(404);
    });

    it('the feed bumps SEQUENCE on a reschedule and sends a lesson taken away as cancelled', async () => {
      const feedPath = new URL((await call('GET', '/api/v1/calendar/feed/', 'pupil')).json<CalendarFeed>().url).pathname;
      const read = async () => readIcs((await app.inject({ url: feedPath })).body).events;
      const event = (events: Awaited<ReturnType<typeof read>>, id: number) => events.find((entry) => entry.uid === `lesson-${id}@localhost`);

      const first = await read();
      const sequence = event(first, ids.lessons.last)!.sequence;
      await patchLesson(ids.lessons.last, { startsAt: '2031-04-06T16:00:00Z' });
      const moved = event(await read(), ids.lessons.last)!;
      expect(moved.sequence).toBeGreaterThan(sequence);
      expect(moved.start).toEqual(new Date('2031-04-06T16:00:00Z'));

      // The lesson is made a draft: cancelled, with a higher SEQUENCE than before.
      await patchLesson(ids.lessons.last, { state: 'draft' });
      const withdrawn = event(await read(), ids.lessons.last)!;
      expect(withdrawn.status).toBe('CANCELLED');
      expect(withdrawn.sequence).toBeGreaterThan(moved.sequence);
      expect(withdrawn.location).toBeNull();
      await patchLesson(ids.lessons.last, { state: 'published' });

      // The place is gone (refunded, left): the feed remembers the lesson and cancels it, once and for good.
      const beforeLeaving = event(await read(), ids.lessons.free)!;
      expect(beforeLeaving.status).toBe('CONFIRMED');
      await testDb.database.db.delete(participants).where(and(eq(participants.userId, ids.users.pupil), eq(participants.lessonId, ids.lessons.free)));
      const gone = event(await read(), ids.lessons.free)!;
      expect(gone).toMatchObject({ status: 'CANCELLED', start: beforeLeaving.start });
      expect(gone.sequence).toBeGreaterThan(beforeLeaving.sequence);
      expect(event(await read(), ids.lessons.free)).toEqual(gone);
    });
  });
});
