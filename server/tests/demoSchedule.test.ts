// The demo's schedule is alive (issue 21, item 10): counted from the moment the database is created, it has past
// lessons with recordings, this week's and the coming weeks', and the demo participant's paid lesson that starts
// within the hour with its room open; the timetable page lists the next three weeks' lessons once (its text does not
// repeat them), and a reminder is due.
import type { FastifyInstance } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinPath } from '../../common/attendance.ts';
import type { CourseDetails, CourseShort, UpcomingLesson } from '../../common/wireTypes.ts';
import { demoContent } from '../src/db/demo/content.ts';
import { demoRecordingUrl, demoRoomUrl } from '../src/db/demo/schedule.ts';
import * as t from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed.ts';
import { sweepReminders } from '../src/services/schedule/lessonReminders.ts';
import { hashPassword } from '../src/services/accounts/passwords.ts';
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
    // The room's link is the site's join address (docs/ATTENDANCE.md), which leads to the demo room.
    expect(second).toMatchObject({ participationState: 'approved', roomUrl: joinPath(second!.id) });
    const join = await app.inject({ method: 'POST', url: `/api/v1/lessons/${second!.id}/join/`, headers: bearer(login.json<{ access: string }>().access) });
    expect(join.json()).toEqual({ url: demoRoomUrl(bought.key) });
    const startsIn = Date.parse(second!.startsAt!) - seededAt.getTime();
    expect(startsIn).toBeGreaterThan(0);
    expect(startsIn).toBeLessThanOrEqual(30 * 60_000);
  });

  it('gives the demo participant’s past lesson homework due after the next lesson, as a «стоп-занятие»', async () => {
    const courseId = (await app.inject('/api/v1/courses/')).json<CourseShort[]>().find((course) => course.title === bought.title)!.id;
    const [first] = await testDb.database.db.select().from(t.lessons).where(and(eq(t.lessons.courseId, courseId), eq(t.lessons.number, 1)));
    expect(first!.assignment).toContain('Порфирием');
    expect(first!.assignmentRequired).toBe(true);
    expect(first!.assignmentDueAt!.getTime() - first!.startsAt!.getTime()).toBe(9 * DAY);
    expect(first!.assignmentDueAt!.getTime()).toBeGreaterThan(seededAt.getTime());
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

  it('lists the lessons of the three weeks its text promises, once: below the text, not in it', async () => {
    const page = (await app.inject('/api/v2/user/pages-content/timetable/')).json<{ text: string }>();
    const lines: string[] = JSON.parse(page.text).blocks.map((block: { text: string }) => block.text);
    expect(lines.join('\n')).toContain('ближайших трёх недель');
    const titles = await testDb.database.db.select({ title: t.lessons.title }).from(t.lessons);
    for (const { title } of titles) expect(lines.some((line) => line.includes(`«${title}»`))).toBe(false);

    const answer = await app.inject('/api/v1/lessons/upcoming/');
    const listed = answer.json<UpcomingLesson[]>();
    const timed = await testDb.database.db.select().from(t.lessons).where(isNotNull(t.lessons.startsAt));
    const now = Date.now();
    const inWeeks = (lesson: { startsAt: Date; duration: number }) => lesson.startsAt.getTime() + lesson.duration * 60_000 > now && lesson.startsAt.getTime() <= now + 21 * DAY;
    const published = timed.filter((lesson) => lesson.state === 'published' && inWeeks(lesson as { startsAt: Date; duration: number }));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((lesson) => Date.parse(lesson.startsAt) <= now + 21 * DAY)).toBe(true);
    // The demo has lessons after the three weeks: they are not listed.
    expect(timed.some((lesson) => lesson.startsAt!.getTime() > now + 22 * DAY)).toBe(true);
    expect(listed.length).toBeLessThanOrEqual(published.length);
  });
});
