// Courses in recordings and lessons sold as recordings (issue 34, items 5 and 6): the course form's `format` and
// `recordingDays`, no times in a recorded course, the sale rules (common/lessonBlocks.ts lessonSale: a lesson that has
// begun is sold only with a ready recording, without a place limit; a recorded course's lesson once its recording is
// ready), the places counted by placeFree everywhere, and the timetable, reminders and calendars without them.
// A ready recording is a lesson_recordings row written directly, as the processing would leave it.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { CourseDetails, UpcomingLesson } from '../../common/wireTypes.ts';
import { auditLog, courses, lessonRecordings, lessons, outboxLetters, participants, payments } from '../src/db/schema.ts';
import { queueDueReminders } from '../src/repositories/schedule/lessonNoticesRepository.ts';
import { createCourse, createUser, fixtureAuthor, json, occupy, payInSandbox, RUB, startEnrollmentApp, type EnrollmentApp, type TestUser } from './enrollmentKit.ts';
import { dbModes } from './testDb.ts';

const HOUR = 3600_000;

describe.each(dbModes())('courses in recordings (%s)', (mode) => {
  let context: EnrollmentApp;
  let anna: TestUser;

  beforeAll(async () => {
    context = await startEnrollmentApp(mode);
    anna = await fixtureAuthor(context);
  });

  afterAll(async () => {
    await context?.close();
  });

  /** A ready recording of the lesson, as the processing leaves it. */
  const ready = async (lessonId: number) => {
    await context.db.insert(lessonRecordings).values({ lessonId, generation: randomUUID(), state: 'ready', uploadSize: 1000, size: 900, duration: 600, readyAt: new Date() });
    context.app.deps.publicCache.invalidate();
  };
  const startsIn = async (lessonId: number, hours: number) => {
    await context.db.update(lessons).set({ startsAt: new Date(Date.now() + hours * HOUR) }).where(eq(lessons.id, lessonId));
    context.app.deps.publicCache.invalidate();
  };
  const recorded = async (courseId: number) => {
    await context.db.update(courses).set({ format: 'recorded' }).where(eq(courses.id, courseId));
    context.app.deps.publicCache.invalidate();
  };
  const pay = (buyer: TestUser, lessonIds: number[]) => json(context.app, 'POST', '/api/v1/payments/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: lessonIds });
  const paid = async (buyer: TestUser, lessonIds: number[]) => {
    const result = await payInSandbox(context.app, buyer, lessonIds);
    expect(result).toHaveProperty('paymentId');
    return (result as { paymentId: number }).paymentId;
  };
  const stateOf = async (userId: number, lessonId: number) =>
    (await context.db.select({ state: participants.state }).from(participants).where(and(eq(participants.userId, userId), eq(participants.lessonId, lessonId))))[0]?.state ?? null;
  const publicCourse = async (courseId: number) => (await json(context.app, 'GET', `/api/v1/courses/${courseId}/`)).json<CourseDetails>();

  describe('the course form', () => {
    const created = async (body: Record<string, unknown> = {}) => {
      const response = await json(context.app, 'POST', '/api/v1/mutabo/courses/', anna, { title: 'Лекции в записи', disciplesAge: 'DISCIPLES_AGE_ADULTS', ...body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<MutaboCourse>();
    };

    it('takes format and recordingDays on creation, live and always by default', async () => {
      const plain = await created();
      expect(plain).toMatchObject({ format: 'live', recordingDays: null });
      const course = await created({ format: 'recorded', recordingDays: 30 });
      expect(course).toMatchObject({ format: 'recorded', recordingDays: 30 });
      expect(await publicCourseOfDraft(course.id)).toMatchObject({ format: 'recorded', recordingDays: 30 });
    });

    /** A draft is not public: the area's own read says what was stored. */
    const publicCourseOfDraft = async (courseId: number) => (await json(context.app, 'GET', `/api/v1/mutabo/courses/${courseId}/`, anna)).json<MutaboCourse>();

    it('refuses a bad format or number of days with Russian messages under the fields', async () => {
      for (const [body, field, message] of [
        [{ format: 'webinar' }, 'format', mutaboMessages.courseFormatInvalid],
        [{ recordingDays: 0 }, 'recordingDays', mutaboMessages.recordingDaysInvalid],
        [{ recordingDays: 3651 }, 'recordingDays', mutaboMessages.recordingDaysInvalid],
        [{ recordingDays: 2.5 }, 'recordingDays', mutaboMessages.recordingDaysInvalid],
        [{ recordingDays: '30' }, 'recordingDays', mutaboMessages.recordingDaysInvalid],
      ] as const) {
        const response = await json(context.app, 'POST', '/api/v1/mutabo/courses/', anna, { title: 'Курс', disciplesAge: 'DISCIPLES_AGE_ADULTS', ...body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({ [field]: [message] });
      }
      const course = await created();
      const patched = await json(context.app, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, anna, { version: course.version, recordingDays: -1 });
      expect(patched.statusCode).toBe(400);
      expect(patched.json()).toEqual({ recordingDays: [mutaboMessages.recordingDaysInvalid] });
    });

    it('changes them with PATCH, recorded in the course’s history like any field', async () => {
      const course = await created();
      const patched = await json(context.app, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, anna, { version: course.version, format: 'recorded', recordingDays: 14 });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<MutaboCourse>()).toMatchObject({ format: 'recorded', recordingDays: 14 });
      const back = await json(context.app, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, anna, { version: patched.json<MutaboCourse>().version, recordingDays: null });
      expect(back.json<MutaboCourse>().recordingDays).toBeNull();
      const entries = await context.db.select().from(auditLog).where(and(eq(auditLog.entity, 'course'), eq(auditLog.entityId, course.id), eq(auditLog.action, 'update'))).orderBy(auditLog.id);
      // The history keeps what changed: the format and the days in the first save, the days alone in the second.
      expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
        [expect.objectContaining({ format: 'live', recordingDays: null }), expect.objectContaining({ format: 'recorded', recordingDays: 14 })],
        [expect.objectContaining({ recordingDays: 14 }), expect.objectContaining({ recordingDays: null })],
      ]);
      const history = await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/history/`, anna);
      expect(history.statusCode).toBe(200);
      expect(history.json<HistoryPage>().count).toBeGreaterThanOrEqual(3);
    });

    it('gives a recorded course’s lessons no time: startsAt is refused on creation and on a change', async () => {
      const course = await created({ format: 'recorded' });
      const at = new Date(Date.now() + 48 * HOUR).toISOString();
      const timed = await json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, anna, { title: 'Первая лекция', duration: 60, startsAt: at });
      expect(timed.statusCode).toBe(400);
      expect(timed.json()).toEqual({ startsAt: [mutaboMessages.recordedLessonTime] });
      const lesson = await json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, anna, { title: 'Первая лекция', duration: 60 });
      expect(lesson.statusCode, lesson.body).toBe(201);
      const { id, version } = lesson.json<MutaboLesson>();
      const patched = await json(context.app, 'PATCH', `/api/v1/mutabo/lessons/${id}/`, anna, { version, startsAt: at });
      expect(patched.statusCode).toBe(400);
      expect(patched.json()).toEqual({ startsAt: [mutaboMessages.recordedLessonTime] });
      // Anything else changes as before, and no time stays no time.
      const renamed = await json(context.app, 'PATCH', `/api/v1/mutabo/lessons/${id}/`, anna, { version, title: 'Лекция первая', startsAt: null });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const series = await json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/series/`, anna, { firstStartsAt: at, count: 2, everyDays: 7, duration: 60, titles: [], state: 'draft' });
      expect(series.statusCode).toBe(400);
      expect(series.json()).toEqual({ firstStartsAt: [mutaboMessages.recordedLessonTime] });
    });

    it('switches a course to recordings only when no published lesson is still ahead (held ones keep their times)', async () => {
      const course = await created();
      const add = async (body: Record<string, unknown>) => (await json(context.app, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, anna, { duration: 60, ...body })).json<MutaboLesson>();
      await add({ title: 'Прошло', startsAt: new Date(Date.now() - 48 * HOUR).toISOString(), state: 'published' });
      const ahead = await add({ title: 'Впереди', startsAt: new Date(Date.now() + 48 * HOUR).toISOString(), state: 'published' });
      await add({ title: 'Черновик впереди', startsAt: new Date(Date.now() + 72 * HOUR).toISOString(), state: 'draft' });
      const version = async () => (await json(context.app, 'GET', `/api/v1/mutabo/courses/${course.id}/`, anna)).json<MutaboCourse>().version;
      const refused = await json(context.app, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, anna, { version: await version(), format: 'recorded' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ format: [mutaboMessages.recordedWithLessonsAhead([ahead.number])] });
      expect(refused.json<{ format: string[] }>().format[0]).toMatch(/^Курс нельзя перевести в запись: занятие № 2 ещё впереди/);
      const cleared = await json(context.app, 'PATCH', `/api/v1/mutabo/lessons/${ahead.id}/`, anna, { version: ahead.version, startsAt: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      const switched = await json(context.app, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, anna, { version: await version(), format: 'recorded' });
      expect(switched.statusCode, switched.body).toBe(200);
      const lessonsNow = switched.json<MutaboCourse>().lessons;
      expect(lessonsNow.find((lesson) => lesson.title === 'Прошло')!.startsAt).not.toBeNull();
    });
  });

  describe('sale', () => {
    it('sells a live course’s begun lesson only with a ready recording, and then without a place limit', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 3, prices: [RUB] });
      const [held, heldWithRecording, ahead] = course.lessonIds as [number, number, number];
      await startsIn(held, -48);
      await startsIn(heldWithRecording, -24);
      await startsIn(ahead, 48);
      await occupy(context, [held, heldWithRecording, ahead], 1);
      const buyer = await createUser(context);
      // Without a recording: as before, not sold.
      expect((await pay(buyer, [heldWithRecording])).json()).toEqual({ lessons_are_past: [`Занятие {lessons:[${heldWithRecording}]} уже началось: оплатить можно только занятия, которые ещё впереди.`] });
      await ready(heldWithRecording);
      // The lesson still ahead is full; the held one with a recording is sold although its one place is taken.
      expect((await pay(buyer, [ahead])).json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${ahead}]}.`] });
      expect((await pay(buyer, [held])).statusCode).toBe(400);
      const lessonsOnPage = (await publicCourse(course.id)).lessons;
      expect(lessonsOnPage.map((lesson) => [lesson.id, lesson.hasFreePlaces, lesson.hasRecording])).toEqual([
        [held, false, false],
        [heldWithRecording, true, true],
        [ahead, false, false],
      ]);
      const paymentId = await paid(buyer, [heldWithRecording]);
      const [payment] = await context.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(payment!.state).toBe('STATE_COMPLETED');
      expect(await stateOf(buyer.id, heldWithRecording)).toBe('approved');
      // Still «free» for the next buyer: a recording has no room to fill.
      expect((await publicCourse(course.id)).lessons[1]!.hasFreePlaces).toBe(true);
      const second = await createUser(context);
      await paid(second, [heldWithRecording]);
      expect(await stateOf(second.id, heldWithRecording)).toBe('approved');
    });

    it('sells a recorded course’s lessons once their recordings are ready, by the lesson, in blocks and whole', async () => {
      const course = await createCourse(context.db, { participantsLimit: 0, lessons: 4, prices: [{ ...RUB, coursePrice: 3000 }] });
      await recorded(course.id);
      const [a, b, c, d] = course.lessonIds as [number, number, number, number];
      const buyer = await createUser(context);
      expect((await pay(buyer, [a])).json()).toEqual({ lessons_are_past: [`Запись занятия {lessons:[${a}]} ещё не готова: оплатить можно, когда она появится.`] });
      await ready(a);
      await ready(b);
      expect((await pay(buyer, [a, c, d])).json()).toEqual({ lessons_are_past: [`Записи занятий {lessons:[${c},${d}]} ещё не готовы: оплатить можно, когда они появятся.`] });
      // No places at all (participantsLimit 0), yet a recording is sold: the limit is the live room's.
      const page = await publicCourse(course.id);
      expect(page.format).toBe('recorded');
      expect(page.lessons.map((lesson) => lesson.hasFreePlaces)).toEqual([true, true, false, false]);
      await paid(buyer, [a]);
      expect(await stateOf(buyer.id, a)).toBe('approved');

      // The whole course at its course price once every recording is ready.
      await ready(c);
      await ready(d);
      const whole = await createUser(context);
      const quote = await json(context.app, 'POST', '/api/v1/payments/quote/', whole, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: course.lessonIds });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json<{ amount: number }>().amount).toBe(3000);
      await paid(whole, course.lessonIds);
      for (const lessonId of course.lessonIds) expect(await stateOf(whole.id, lessonId)).toBe('approved');
    });

    it('sells blocks of a recorded course only when every recording of the block is ready', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessonsBlockSize: 2, lessons: 4, prices: [RUB] });
      await recorded(course.id);
      const [a, b, c, d] = course.lessonIds as [number, number, number, number];
      await ready(a);
      await ready(b);
      await ready(c);
      const buyer = await createUser(context);
      expect((await pay(buyer, [c, d])).statusCode).toBe(400);
      expect((await pay(buyer, [a])).json()).toEqual({ lessons: ['Занятия этого курса оплачиваются только целыми блоками по 2 занятия.'] });
      await paid(buyer, [a, b]);
      // Places do not run out: a second buyer of the same block with one place per lesson.
      const second = await createUser(context);
      await paid(second, [a, b]);
      expect([await stateOf(second.id, a), await stateOf(second.id, b)]).toEqual(['approved', 'approved']);
    });

    it('lets an author approve a place on a lesson sold as a recording whatever the limit, and a free course’s join reserve it', async () => {
      const course = await createCourse(context.db, { participantsLimit: 0, lessons: 2 });
      await recorded(course.id);
      const [a, b] = course.lessonIds as [number, number];
      await ready(a);
      const pupil = await createUser(context);
      const joined = await json(context.app, 'POST', `/api/v1/courses/${course.id}/create-participants/`, pupil, {});
      expect(joined.statusCode, joined.body).toBeLessThan(300);
      expect(await stateOf(pupil.id, a)).toBe('reserved');
      expect(await stateOf(pupil.id, b)).toBe('waiting_list');
      // Its recording is ready now: the author approves the one waiting, though the course has no places at all.
      await ready(b);
      const [row] = await context.db.select({ id: participants.id }).from(participants).where(and(eq(participants.userId, pupil.id), eq(participants.lessonId, b)));
      const approved = await json(context.app, 'POST', '/api/v1/mutabo/participants/approve/', anna, { participants: [row!.id] });
      expect(approved.statusCode, approved.body).toBeLessThan(300);
      expect(await stateOf(pupil.id, b)).toBe('approved');
      // «Мои курсы» names the course's format.
      const mine = await json(context.app, 'GET', '/api/v1/participants/', pupil);
      expect(mine.json<{ course: { id: number; format: string } }[]>().find((row) => row.course.id === course.id)?.course.format).toBe('recorded');
    });
  });

  describe('the waiting list of a lesson sold as its recording', () => {
    const wait = (userId: number, lessonId: number) => context.db.insert(participants).values({ userId, lessonId, state: 'waiting_list' });

    it('does not keep a person on it from buying the lesson once it has begun and its recording is ready', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 1, prices: [RUB] });
      const [lesson] = course.lessonIds as [number];
      await startsIn(lesson, 24);
      await occupy(context, [lesson], 1);
      const waiting = await createUser(context);
      await wait(waiting.id, lesson);
      expect((await pay(waiting, [lesson])).json()).toEqual({ lessons_are_fully_occupied: [`Нет свободных мест на занятии {lessons:[${lesson}]}.`] });
      await startsIn(lesson, -2);
      await ready(lesson);
      await paid(waiting, [lesson]);
      expect(await stateOf(waiting.id, lesson)).toBe('approved');
    });

    it('reserves a free course’s waiting places on such lessons when the person joins again; a live lesson’s queue stays', async () => {
      const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2 });
      const [begun, ahead] = course.lessonIds as [number, number];
      await startsIn(begun, 24);
      await startsIn(ahead, 48);
      await occupy(context, [begun, ahead], 1);
      const pupil = await createUser(context);
      const join = async () => {
        const joined = await json(context.app, 'POST', `/api/v1/courses/${course.id}/create-participants/`, pupil, {});
        expect(joined.statusCode, joined.body).toBeLessThan(300);
      };
      await join();
      expect([await stateOf(pupil.id, begun), await stateOf(pupil.id, ahead)]).toEqual(['waiting_list', 'waiting_list']);
      await startsIn(begun, -2);
      await ready(begun);
      await join();
      expect([await stateOf(pupil.id, begun), await stateOf(pupil.id, ahead)]).toEqual(['reserved', 'waiting_list']);
    });
  });

  describe('timetable, reminders and calendars', () => {
    it('leaves a recorded course out of the timetable, the reminders and the .ics files, and keeps the feed working', async () => {
      // Not named as a test course: the timetable leaves those out.
      const course = await createCourse(context.db, { title: 'Лекции о чтении вслух', participantsLimit: 5, lessons: 2, prices: [RUB] });
      const [soon, later] = course.lessonIds as [number, number];
      await startsIn(soon, 0.5);
      await startsIn(later, 48);
      const pupil = await createUser(context);
      await paid(pupil, [soon, later]);
      const upcoming = async () => (await json(context.app, 'GET', '/api/v1/lessons/upcoming/')).json<UpcomingLesson[]>().map((lesson) => lesson.id);
      const before = await upcoming();
      expect(before).toEqual(expect.arrayContaining([soon, later]));
      expect((await json(context.app, 'GET', `/api/v1/courses/${course.id}/calendar.ics`)).statusCode).toBe(200);

      // As if it had been switched while lessons were ahead (the area refuses that; the rows say it anyway).
      await recorded(course.id);
      expect(await upcoming()).not.toEqual(expect.arrayContaining([soon]));
      const courseIcs = await json(context.app, 'GET', `/api/v1/courses/${course.id}/calendar.ics`);
      expect(courseIcs.statusCode).toBe(404);
      expect(courseIcs.json()).toEqual({ detail: 'Этот курс в записи: у его занятий нет времени, и добавлять в календарь нечего.' });
      const lessonIcs = await json(context.app, 'GET', `/api/v1/lessons/${soon}/calendar.ics`);
      expect(lessonIcs.statusCode).toBe(404);
      expect(lessonIcs.json()).toEqual({ detail: 'Это занятие курса в записи: у него нет времени, и добавлять в календарь нечего.' });
      const reminders = async () =>
        context.db.select({ id: outboxLetters.id }).from(outboxLetters).where(and(eq(outboxLetters.kind, 'reminder'), eq(outboxLetters.userId, pupil.id)));
      await queueDueReminders(context.db, new Date());
      expect(await reminders()).toHaveLength(0);
      // The same course live again: the reminder is due.
      await context.db.update(courses).set({ format: 'live' }).where(eq(courses.id, course.id));
      await queueDueReminders(context.db, new Date());
      expect(await reminders()).toHaveLength(1);
    });

    it('gives a participant of a recorded course a personal feed without entries for its lessons', async () => {
      const course = await createCourse(context.db, { participantsLimit: 5, lessons: 1, prices: [RUB] });
      await recorded(course.id);
      await ready(course.lessonIds[0]!);
      const pupil = await createUser(context);
      await paid(pupil, course.lessonIds);
      const link = await json(context.app, 'GET', '/api/v1/calendar/feed/', pupil);
      expect(link.statusCode, link.body).toBe(200);
      const url = new URL(link.json<{ url: string }>().url);
      const feed = await context.app.inject({ method: 'GET', url: url.pathname });
      expect(feed.statusCode).toBe(200);
      expect(feed.body).toContain('BEGIN:VCALENDAR');
      expect(feed.body).not.toContain('BEGIN:VEVENT');
    });
  });

  it('sells a running course whole again once its begun lessons have recordings (one as a recording, one live)', async () => {
    const course = await createCourse(context.db, { participantsLimit: 1, lessons: 2, prices: [{ ...RUB, coursePrice: 2000 }] });
    const [past, next] = course.lessonIds as [number, number];
    await startsIn(past, -2);
    await startsIn(next, 2);
    await ready(past);
    const buyer = await createUser(context);
    const quote = await json(context.app, 'POST', '/api/v1/payments/quote/', buyer, { system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [past, next] });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json<{ amount: number }>().amount).toBe(2000);
    const page = (await publicCourse(course.id)).lessons;
    expect(page.map((lesson) => lesson.hasFreePlaces)).toEqual([true, true]);
  });
});
