// A season of lessons in one step (issue 22, item 1): POST /api/v1/mutabo/courses/{id}/lessons/series/, and the
// lessons added one by one published by default.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { MAX_COURSE_LESSONS, seasonMessages } from '../../common/mutabo/season.ts';
import { wallTimeAt } from '../../common/zonedTime.ts';
import { auditLog, lessons } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('a series of lessons (%s)', (mode) => {
  let kit: MutaboKit;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });

  afterAll(async () => {
    await kit?.close();
  });

  const newCourse = async (extra: Record<string, unknown> = {}) => {
    const response = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Сезон', disciplesAge: 'DISCIPLES_AGE_ADULTS', timeZone: 'Europe/Berlin', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MutaboCourse>();
  };
  const series = (courseId: number, body: unknown, who: 'anna' | 'boris' | 'pupil' | 'guest' = 'anna') =>
    kit.call('POST', `/api/v1/mutabo/courses/${courseId}/lessons/series/`, who, body);
  const lessonRows = (courseId: number) => kit.testDb.database.db.select().from(lessons).where(eq(lessons.courseId, courseId));
  const historyRows = (courseId: number) => kit.testDb.database.db.select().from(auditLog).where(eq(auditLog.courseId, courseId));
  const berlin = (iso: string) => wallTimeAt(new Date(iso), 'Europe/Berlin');

  it('creates the lessons numbered after the existing ones, titled «Занятие N» where no title is typed, published, in one answer', async () => {
    const course = await newCourse();
    // One by one: published unless the author says otherwise.
    const single = await kit.call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { title: 'Знакомство', duration: 60 });
    expect(single.json<MutaboLesson>()).toMatchObject({ number: 1, state: 'published' });

    const response = await series(course.id, { count: 4, firstStartsAt: '2031-02-05T19:00:00+01:00', everyDays: 7, duration: 90, titles: ['Пушкин', '', 'Гоголь'] });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<MutaboLesson[]>();
    expect(created.map((lesson) => [lesson.number, lesson.title, lesson.state, lesson.duration, lesson.startsAt])).toEqual([
      [2, 'Пушкин', 'published', 90, '2031-02-05T18:00:00.000Z'],
      [3, 'Занятие 3', 'published', 90, '2031-02-12T18:00:00.000Z'],
      [4, 'Гоголь', 'published', 90, '2031-02-19T18:00:00.000Z'],
      [5, 'Занятие 5', 'published', 90, '2031-02-26T18:00:00.000Z'],
    ]);
    expect(created[0]).toMatchObject({ course: course.id, version: 1, roomUrl: '', recordingUrl: '', people: { holding: 0, waiting: 0, toldIfDrafted: 0 } });

    // The course shows them and stays a draft until it opens; the public page shows nothing yet.
    const after = (await kit.call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).json<MutaboCourse>();
    expect(after.state).toBe('draft');
    expect(after.lessons.map((lesson) => lesson.number)).toEqual([1, 2, 3, 4, 5]);
    expect((await kit.app.inject(`/api/v1/courses/${course.id}/`)).statusCode).toBe(404);

    // The author may say draft, and the step defaults to a week.
    const drafts = await series(course.id, { count: 2, firstStartsAt: '2031-03-05T10:30:00Z', duration: 45, state: 'draft' });
    expect(drafts.json<MutaboLesson[]>().map((lesson) => [lesson.number, lesson.title, lesson.state, lesson.startsAt])).toEqual([
      [6, 'Занятие 6', 'draft', '2031-03-05T10:30:00.000Z'],
      [7, 'Занятие 7', 'draft', '2031-03-12T10:30:00.000Z'],
    ]);
  });

  it('keeps the local time in the course’s zone across the last Sunday of March (Europe/Berlin, 19:00 before and after)', async () => {
    const course = await newCourse();
    // 2031-03-30 is the last Sunday of March: Berlin moves from UTC+1 to UTC+2.
    const response = await series(course.id, { count: 4, firstStartsAt: '2031-03-19T19:00:00+01:00', duration: 90 });
    expect(response.statusCode, response.body).toBe(201);
    const starts = response.json<MutaboLesson[]>().map((lesson) => lesson.startsAt!);
    expect(starts).toEqual(['2031-03-19T18:00:00.000Z', '2031-03-26T18:00:00.000Z', '2031-04-02T17:00:00.000Z', '2031-04-09T17:00:00.000Z']);
    expect(starts.map((start) => berlin(start))).toEqual([
      { year: 2031, month: 3, day: 19, hour: 19, minute: 0 },
      { year: 2031, month: 3, day: 26, hour: 19, minute: 0 },
      { year: 2031, month: 4, day: 2, hour: 19, minute: 0 },
      { year: 2031, month: 4, day: 9, hour: 19, minute: 0 },
    ]);
    // And back in October (last Sunday: 2031-10-26), every three days.
    const autumn = await series(course.id, { count: 3, firstStartsAt: '2031-10-23T19:00:00+02:00', everyDays: 3, duration: 60 });
    expect(autumn.json<MutaboLesson[]>().map((lesson) => berlin(lesson.startsAt!).hour)).toEqual([19, 19, 19]);
    expect(autumn.json<MutaboLesson[]>().map((lesson) => lesson.startsAt)).toEqual(['2031-10-23T17:00:00.000Z', '2031-10-26T18:00:00.000Z', '2031-10-29T18:00:00.000Z']);
  });

  it('refuses each bad field in Russian under its name, and creates nothing', async () => {
    const course = await newCourse();
    const good = { count: 3, firstStartsAt: '2031-02-05T19:00:00+01:00', everyDays: 7, duration: 90 };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ count: 0 }, { count: [seasonMessages.countInvalid] }],
      [{ count: 61 }, { count: [seasonMessages.countInvalid] }],
      [{ count: 2.5 }, { count: [seasonMessages.countInvalid] }],
      [{ count: '4' }, { count: [seasonMessages.countInvalid] }],
      [{ everyDays: 0 }, { everyDays: [seasonMessages.everyDaysInvalid] }],
      [{ everyDays: -7 }, { everyDays: [seasonMessages.everyDaysInvalid] }],
      [{ firstStartsAt: 'завтра в семь' }, { firstStartsAt: [seasonMessages.firstStartsAtInvalid] }],
      [{ firstStartsAt: '2031-02-05T19:00' }, { firstStartsAt: [seasonMessages.firstStartsAtInvalid] }],
      [{ firstStartsAt: '2031-02-30T19:00:00Z' }, { firstStartsAt: [seasonMessages.firstStartsAtInvalid] }],
      [{ firstStartsAt: null }, { firstStartsAt: [seasonMessages.firstStartsAtRequired] }],
      [{ firstStartsAt: '1999-02-05T19:00:00Z' }, { firstStartsAt: [mutaboMessages.startsAtOutOfRange] }],
      [{ firstStartsAt: '2100-12-01T19:00:00Z', count: 10 }, { firstStartsAt: [seasonMessages.seriesOutOfRange] }],
      [{ duration: 0 }, { duration: [mutaboMessages.durationInvalid] }],
      [{ duration: -30 }, { duration: [mutaboMessages.durationInvalid] }],
      [{ titles: ['Один', 'Два', 'Три', 'Четыре'] }, { titles: [seasonMessages.titlesTooMany] }],
      [{ titles: 'Один' }, { titles: [seasonMessages.titlesInvalid] }],
      [{ titles: ['Один', 'x'.repeat(201)] }, { 'titles.1': [seasonMessages.titleTooLong] }],
      [{ state: 'hidden' }, { state: [mutaboMessages.lessonStateInvalid] }],
    ];
    for (const [change, expected] of cases) {
      const response = await series(course.id, { ...good, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toEqual(expected);
    }
    const missing = await series(course.id, {});
    expect(missing.json()).toEqual({
      count: [seasonMessages.countInvalid],
      firstStartsAt: [seasonMessages.firstStartsAtRequired],
      duration: [mutaboMessages.durationInvalid],
    });
    expect((await series(course.id, [1, 2])).json()).toEqual({ nonFieldErrors: [mutaboMessages.invalidBody] });
    expect(await lessonRows(course.id)).toEqual([]);
    expect((await historyRows(course.id)).filter((row) => row.entity === 'lesson')).toEqual([]);
  });

  it(`refuses a series that would take the course past ${MAX_COURSE_LESSONS} lessons, and a single lesson past it`, async () => {
    const course = await newCourse();
    for (const count of [60, 60, 60, 18]) {
      expect((await series(course.id, { count, firstStartsAt: '2031-01-01T10:00:00Z', everyDays: 1, duration: 30 })).statusCode).toBe(201);
    }
    const over = await series(course.id, { count: 3, firstStartsAt: '2032-01-01T10:00:00Z', duration: 30 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ count: [seasonMessages.tooManyLessons(2)] });
    expect(over.json<{ count: string[] }>().count[0]).toBe(`В курсе может быть не больше ${MAX_COURSE_LESSONS} занятий: можно добавить ещё 2.`);
    expect((await series(course.id, { count: 2, firstStartsAt: '2032-01-01T10:00:00Z', duration: 30 })).statusCode).toBe(201);
    expect(await lessonRows(course.id)).toHaveLength(MAX_COURSE_LESSONS);
    const single = await kit.call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { title: 'Лишнее', duration: 60 });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toEqual({ nonFieldErrors: [seasonMessages.tooManyLessons(0)] });
    expect(await lessonRows(course.id)).toHaveLength(MAX_COURSE_LESSONS);
  });

  it('is for the course’s authors only: 404 to another author (before the body is read), 403 to a participant, 401 to a guest', async () => {
    // The announced course is Anna's alone.
    const before = await lessonRows(ids.courses.announced);
    const body = { count: 2, firstStartsAt: '2031-02-05T19:00:00+01:00', duration: 90 };
    const boris = await series(ids.courses.announced, body, 'boris');
    expect(boris.statusCode).toBe(404);
    expect(boris.json()).toEqual({ detail: mutaboMessages.courseNotFound });
    expect((await series(ids.courses.announced, { count: 'много' }, 'boris')).statusCode).toBe(404);
    const pupil = await series(ids.courses.announced, body, 'pupil');
    expect(pupil.statusCode).toBe(403);
    expect(pupil.json()).toEqual({ detail: mutaboMessages.notAuthor });
    expect((await series(ids.courses.announced, body, 'guest')).statusCode).toBe(401);
    expect((await series(999_999, body)).statusCode).toBe(404);
    expect(await lessonRows(ids.courses.announced)).toEqual(before);
  });

  it('records every lesson of the series in the course’s history under the author who made it', async () => {
    const course = await newCourse();
    const created = (await series(course.id, { count: 3, firstStartsAt: '2031-02-05T19:00:00+01:00', duration: 90, titles: ['Вступление'] })).json<MutaboLesson[]>();
    const history = (await kit.call('GET', `/api/v1/mutabo/courses/${course.id}/history/`, 'anna')).json<HistoryPage>();
    const lessonEntries = history.results.filter((entry) => entry.entity === 'lesson');
    expect(lessonEntries).toHaveLength(3);
    expect(lessonEntries.map((entry) => [entry.action, entry.entityId, (entry.after as { title: string }).title, entry.user?.name]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual(
      created.map((lesson) => ['create', lesson.id, lesson.title, 'Анна Петрова']),
    );
    expect(lessonEntries[0]!.after).toMatchObject({ state: 'published', duration: 90, startsAt: expect.any(String) });
  });

  it('adds published lessons to an open course without a letter to anyone', async () => {
    // The open course has participants; new lessons have none, so nobody is told anything.
    const { outboxLetters } = await import('../src/db/schema.ts');
    const lettersBefore = await kit.testDb.database.db.select().from(outboxLetters);
    const response = await series(ids.courses.open, { count: 2, firstStartsAt: '2031-02-05T19:00:00+03:00', duration: 90 }, 'anna');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MutaboLesson[]>().map((lesson) => lesson.number)).toEqual([5, 6]);
    const publicCourse = await kit.app.inject(`/api/v1/courses/${ids.courses.open}/`);
    expect(publicCourse.json<{ lessons: { title: string }[] }>().lessons.map((lesson) => lesson.title)).toEqual(expect.arrayContaining(['Занятие 5', 'Занятие 6']));
    expect(await kit.testDb.database.db.select().from(outboxLetters)).toHaveLength(lettersBefore.length);
  });
});
