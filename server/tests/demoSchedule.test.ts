// The demo's schedule is alive (issue 21, item 10): counted from the moment the database is created, it has past
// lessons with recordings, this week's and the coming weeks', and the demo participant's paid lesson that starts
// within the hour with its room open; the timetable page's text agrees with the lessons, and a reminder is due.
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseShort } from '../../common/wireTypes.ts';
import { demoContent } from '../src/db/demo/content.ts';
import { demoRecordingUrl, demoRoomUrl } from '../src/db/demo/schedule.ts';
import * as t from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed.ts';
import { sweepReminders } from '../src/services/lessonReminders.ts';
import { hashPassword } from '../src/services/passwords.ts';
import { bearer, buildTestApp } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const participant = demoContent.accounts.find((account) => account.key === 'participant')!;
const purchase = demoContent.purchases[0]!;
const bought = demoContent.courses.find((course) => course.key === purchase.course)!;

describe.each(dbModes())('the demo schedule (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const seededAt = new Date();

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await testDb.database.migrate();
    await seedDemo(testDb.database.db, demoContent, { now: seededAt, hashPassword: (password) => hashPassword(password, { cost: 2 ** 10 }) });
    app = await buildTestApp({ database: testDb.database });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  it('has lessons that have ended (with recordings), lessons this week and in the coming weeks', async () => {
    const timed = await testDb.database.db.select().from(t.lessons).where(isNotNull(t.lessons.startsAt));
    const now = seededAt.getTime();
    const ended = timed.filter((lesson) => lesson.startsAt!.getTime() + lesson.duration * 60_000 <= now);
    const thisWeek = timed.filter((lesson) => lesson.startsAt!.getTime() > now && lesson.startsAt!.getTime() <= now + 7 * DAY);
    const later = timed.filter((lesson) => lesson.startsAt!.getTime() > now + 7 * DAY);
    expect(ended.length).toBeGreaterThanOrEqual(3);
    expect(ended.every((lesson) => lesson.recordingUrl.startsWith('https://'))).toBe(true);
    expect(thisWeek.length).toBeGreaterThanOrEqual(3);
    expect(later.length).toBeGreaterThanOrEqual(10);
    expect(timed.filter((lesson) => lesson.startsAt!.getTime() > now).every((lesson) => lesson.recordingUrl === '' && lesson.roomUrl.startsWith('https://'))).toBe(true);
  });

  it('gives each timed course the dates of its first and last lessons', async () => {
    const courses = (await app.inject('/api/v1/courses/')).json<CourseShort[]>();
    const slow = courses.find((course) => course.title === demoContent.courses[0]!.title)!;
    const details = (await app.inject(`/api/v1/courses/${slow.id}/`)).json<CourseDetails>();
    const days = details.lessons.map((lesson) => new Date(Date.parse(lesson.startsAt!) + 3 * HOUR).toISOString().slice(0, 10));
    expect(details.start).toBe(days[0]);
    expect(details.end).toBe(days.at(-1));
  });

  it('shows the demo participant their past lesson’s recording and the room of the lesson about to start', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/v1/token/', payload: { username: participant.email, password: participant.password } });
    expect(login.statusCode).toBe(200);
    const courses = (await app.inject('/api/v1/courses/')).json<CourseShort[]>();
    const id = courses.find((course) => course.title === bought.title)!.id;
    const details = (await app.inject({ url: `/api/v1/courses/${id}/`, headers: bearer(login.json<{ access: string }>().access) })).json<CourseDetails>();
    const [first, second] = details.lessons;
    expect(first).toMatchObject({ participationState: 'approved', recordingUrl: demoRecordingUrl(bought.key, 1) });
    expect(second).toMatchObject({ participationState: 'approved', roomUrl: demoRoomUrl(bought.key) });
    const startsIn = Date.parse(second!.startsAt!) - seededAt.getTime();
    expect(startsIn).toBeGreaterThan(0);
    expect(startsIn).toBeLessThanOrEqual(30 * 60_000);
  });

  it('queues the reminder of that lesson for the demo participant', async () => {
    await sweepReminders({ db: testDb.database.db, log: app.log }, new Date());
    const [user] = await testDb.database.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, participant.email));
    const letters = await testDb.database.db
      .select({ subject: t.outboxLetters.subject })
      .from(t.outboxLetters)
      .where(and(eq(t.outboxLetters.userId, user!.id), eq(t.outboxLetters.kind, 'reminder')));
    expect(letters.length).toBeGreaterThanOrEqual(1);
  });

  it('writes the timetable page from the lessons: every listed time is a lesson’s', async () => {
    const page = (await app.inject('/api/v2/user/pages-content/timetable/')).json<{ text: string }>();
    const lines: string[] = JSON.parse(page.text).blocks.map((block: { text: string }) => block.text);
    const timed = await testDb.database.db.select().from(t.lessons).where(isNotNull(t.lessons.startsAt));
    const moscowDay = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long' });
    const moscowTime = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });
    const upcoming = timed.filter((lesson) => lesson.startsAt!.getTime() + lesson.duration * 60_000 > seededAt.getTime() && lesson.startsAt!.getTime() <= seededAt.getTime() + 21 * DAY);
    const listed = lines.filter((line) => /^\d+ [а-я]+, [а-я]+, \d\d:\d\d–\d\d:\d\d — /.test(line));
    expect(listed).toHaveLength(upcoming.length);
    for (const lesson of upcoming) {
      const [day, time] = [moscowDay.format(lesson.startsAt!), moscowTime.format(lesson.startsAt!)];
      expect(listed.some((line) => line.startsWith(`${day}, `) && line.includes(`, ${time}–`) && line.includes(`занятие ${lesson.number}: «`))).toBe(true);
    }
  });
});
