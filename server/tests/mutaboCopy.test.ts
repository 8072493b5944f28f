// A course copied for the next season (issue 22, item 2): POST /api/v1/mutabo/courses/{id}/copy/.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRangeMessage } from '../../common/dateRange.ts';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { seasonMessages } from '../../common/mutabo/season.ts';
import { wallTimeAt } from '../../common/zonedTime.ts';
import { reserveCourseCopy } from '../src/services/mutabo/courseCopy.ts';
import { auditLog, courses, feedback, lessonRecordings, mailings, mailingSubscriptions, participants, paymentLessons, payments } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, raw, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('copying a course (%s)', (mode) => {
  let kit: MutaboKit;

  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });

  afterAll(async () => {
    await kit?.close();
  });

  const db = () => kit.testDb.database.db;
  const copy = (courseId: number, body: unknown, who: 'anna' | 'boris' | 'pupil' | 'guest' = 'anna') => kit.call('POST', `/api/v1/mutabo/courses/${courseId}/copy/`, who, body);
  const berlin = (iso: string | null) => (iso === null ? null : wallTimeAt(new Date(iso), 'Europe/Berlin'));

  /** A Berlin course of Anna and Boris: three timed lessons across the 2031 summer-time change and one untimed. */
  async function seasonCourse(): Promise<MutaboCourse> {
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', {
      title: 'Поэзия серебряного века',
      subtitle: 'Блок, Ахматова, Мандельштам',
      description: raw('Читаем стихи вслух.', 'Второй абзац.'),
      authors: [ids.authors.anna, ids.authors.boris],
      start: '2031-03-12',
      end: '2031-04-30',
      disciplesAge: 'DISCIPLES_AGE_CHILDREN',
      image: '/demo/open.svg',
      thumbnail: '/demo/open-thumb.svg',
      participantsLimit: 15,
      fullYear: false,
      lessonsBlockSize: 2,
      timeZone: 'Europe/Berlin',
      prices: [
        { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 6000, lessonPrice: 1800, lessonWholesalePrice: 1500 },
        { currency: 'CURRENCY_CHOICE_EURO', coursePrice: 60, lessonPrice: 18, lessonWholesalePrice: 15 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json<MutaboCourse>();
    const lesson = async (body: Record<string, unknown>) => {
      const response = await kit.call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { duration: 90, ...body });
      expect(response.statusCode, response.body).toBe(201);
    };
    // Wednesday 19:00 before the change (UTC+1), then 19:00 three weeks later (UTC+2), and a Saturday morning.
    await lesson({ title: 'Блок', content: raw('«Двенадцать».'), startsAt: '2031-03-12T19:00:00+01:00', roomUrl: 'https://meet.example.org/poetry', recordingUrl: 'https://video.example.org/blok' });
    await lesson({ title: 'Ахматова', startsAt: '2031-04-02T19:00:00+02:00', state: 'draft' });
    await lesson({ title: 'Разговор без времени' });
    await lesson({ title: 'Мандельштам', startsAt: '2031-04-12T10:30:00+02:00', duration: 120 });
    const open = await kit.call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'can_be_subscribed', version: course.version });
    expect(open.statusCode, open.body).toBe(200);
    return open.json<MutaboCourse>();
  }

  it('makes a draft course with the same texts, cover, prices, places, block size, age group, zone, authors and lessons as drafts', async () => {
    const source = await seasonCourse();
    const response = await copy(source.id, { start: '2032-03-10' });
    expect(response.statusCode, response.body).toBe(201);
    const copied = response.json<MutaboCourse>();
    expect(copied.id).not.toBe(source.id);
    const same = ['title', 'subtitle', 'description', 'disciplesAge', 'image', 'thumbnail', 'participantsLimit', 'fullYear', 'lessonsBlockSize', 'timeZone', 'authors', 'prices'] as const;
    for (const field of same) expect(copied[field], field).toEqual(source[field]);
    expect(copied).toMatchObject({ state: 'draft', version: 1, peopleCount: 0 });
    expect(copied.authors.map((author) => author.id)).toEqual([ids.authors.anna, ids.authors.boris]);
    expect(copied.lessons.map((lesson) => [lesson.number, lesson.title, lesson.content, lesson.duration, lesson.state, lesson.roomUrl, lesson.recordingUrl])).toEqual(
      source.lessons.map((lesson) => [lesson.number, lesson.title, lesson.content, lesson.duration, 'draft', lesson.roomUrl, '']),
    );
    // Boris leads the copy too; the public site does not show it.
    expect((await kit.call('GET', `/api/v1/mutabo/courses/${copied.id}/`, 'boris')).statusCode).toBe(200);
    expect((await kit.app.inject(`/api/v1/courses/${copied.id}/`)).statusCode).toBe(404);
    // The original is unchanged.
    const again = (await kit.call('GET', `/api/v1/mutabo/courses/${source.id}/`, 'anna')).json<MutaboCourse>();
    expect(again).toEqual(source);
  });

  it('moves the first timed lesson to the new date at its time of day and keeps the others’ wall-clock spacing across summer time', async () => {
    const source = await seasonCourse();
    // 2032-03-10 is a Wednesday; Berlin's change is on 2032-03-28, so the second lesson (21 days later) is in summer time again.
    const copied = (await copy(source.id, { start: '2032-03-10' })).json<MutaboCourse>();
    const byTitle = (course: MutaboCourse, title: string) => course.lessons.find((lesson) => lesson.title === title)!;
    expect(berlin(byTitle(copied, 'Блок').startsAt)).toEqual({ year: 2032, month: 3, day: 10, hour: 19, minute: 0 });
    expect(berlin(byTitle(copied, 'Ахматова').startsAt)).toEqual({ year: 2032, month: 3, day: 31, hour: 19, minute: 0 });
    expect(berlin(byTitle(copied, 'Мандельштам').startsAt)).toEqual({ year: 2032, month: 4, day: 10, hour: 10, minute: 30 });
    expect(byTitle(copied, 'Разговор без времени').startsAt).toBeNull();
    expect([byTitle(copied, 'Блок').startsAt, byTitle(copied, 'Ахматова').startsAt]).toEqual(['2032-03-10T18:00:00.000Z', '2032-03-31T17:00:00.000Z']);
    // The course's dates move by the same 364 days.
    expect([copied.start, copied.end]).toEqual(['2032-03-10', '2032-04-28']);

    // Into winter time from summer time: a copy that starts in October keeps 19:00 too.
    const autumn = (await copy(source.id, { start: '2031-10-15' })).json<MutaboCourse>();
    expect(berlin(byTitle(autumn, 'Блок').startsAt)).toMatchObject({ month: 10, day: 15, hour: 19, minute: 0 });
    expect(berlin(byTitle(autumn, 'Ахматова').startsAt)).toMatchObject({ month: 11, day: 5, hour: 19, minute: 0 });
  });

  it('publishes the lessons when asked', async () => {
    const source = await seasonCourse();
    const copied = (await copy(source.id, { start: '2032-03-10', publishLessons: true })).json<MutaboCourse>();
    expect(copied.lessons.map((lesson) => lesson.state)).toEqual(['published', 'published', 'published', 'published']);
    expect(copied.state).toBe('draft');
  });

  it('takes nothing of the old course’s people: participants, payments, subscriptions, mailings, reviews or history', async () => {
    // The fixture's open course has a full lesson (participants), reviews; add a payment, a subscription and a mailing.
    const source = (await kit.call('GET', `/api/v1/mutabo/courses/${ids.courses.open}/`, 'anna')).json<MutaboCourse>();
    const [payment] = await db()
      .insert(payments)
      .values({ userId: ids.users.pupil, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '1200.00', state: 'STATE_COMPLETED', expiresAt: new Date() })
      .returning();
    await db().insert(paymentLessons).values({ paymentId: payment!.id, lessonId: source.lessons[0]!.id });
    await db().insert(mailingSubscriptions).values({ userId: ids.users.pupil, courseId: ids.courses.open });
    await db().insert(mailings).values({ courseId: ids.courses.open, userId: ids.users.anna, audience: 'test', subject: 'Новости', text: 'Текст.' });
    expect(source.peopleCount).toBeGreaterThan(0);

    const response = await copy(ids.courses.open, { start: '2031-09-01' });
    expect(response.statusCode, response.body).toBe(201);
    const copied = response.json<MutaboCourse>();
    expect(copied.peopleCount).toBe(0);
    expect(copied.lessons.map((lesson) => lesson.people)).toEqual(copied.lessons.map(() => ({ holding: 0, waiting: 0, toldIfDrafted: 0 })));
    const lessonIds = copied.lessons.map((lesson) => lesson.id);
    expect(await db().select().from(participants).where(inArray(participants.lessonId, lessonIds))).toEqual([]);
    expect(await db().select().from(paymentLessons).where(inArray(paymentLessons.lessonId, lessonIds))).toEqual([]);
    expect(await db().select().from(mailingSubscriptions).where(eq(mailingSubscriptions.courseId, copied.id))).toEqual([]);
    expect(await db().select().from(mailings).where(eq(mailings.courseId, copied.id))).toEqual([]);
    expect(await db().select().from(feedback).where(eq(feedback.courseId, copied.id))).toEqual([]);
    // Untimed lessons and a dated course: the dates move from the course's start to the new date.
    expect([copied.start, copied.end]).toEqual(['2031-09-01', '2031-10-30']);
    expect(copied.prices).toEqual(source.prices);

    // The history: one entry, the copy's creation, naming the course it came from.
    const history = (await kit.call('GET', `/api/v1/mutabo/courses/${copied.id}/history/`, 'anna')).json<HistoryPage>();
    expect(history.count).toBe(1);
    expect(history.results[0]).toMatchObject({ entity: 'course', action: 'create', entityId: copied.id, user: { name: 'Анна Петрова' } });
    expect(history.results[0]!.after).toMatchObject({ title: 'Открытый курс', state: 'draft', copiedFrom: { id: ids.courses.open, title: 'Открытый курс' } });
    expect((history.results[0]!.after as { lessons: unknown[] }).lessons).toHaveLength(copied.lessons.length);
    const all = await db().select().from(auditLog).where(eq(auditLog.courseId, copied.id));
    expect(all).toHaveLength(1);
  });

  it('gives a course without dates or times the new start', async () => {
    // The announced course has no dates and an untimed lesson.
    const copied = (await copy(ids.courses.announced, { start: '2031-09-01' })).json<MutaboCourse>();
    expect([copied.start, copied.end]).toEqual(['2031-09-01', null]);
    expect(copied.lessons.map((lesson: MutaboLesson) => lesson.startsAt)).toEqual([null]);
  });

  it('keeps a recorded course recorded, with its window, without the recordings', async () => {
    const created = await kit.call('POST', '/api/v1/mutabo/courses/', 'anna', {
      title: 'Лекции в записи',
      subtitle: 'Смотрите, когда удобно',
      description: '',
      image: '',
      disciplesAge: 'DISCIPLES_AGE_ADULTS',
      state: 'draft',
      prices: [],
      format: 'recorded',
      recordingDays: 30,
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json<MutaboCourse>();
    const lesson = await kit.call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { title: 'Первая лекция', duration: 60 });
    expect(lesson.statusCode, lesson.body).toBe(201);
    const lessonId = lesson.json<MutaboLesson>().id;
    await db()
      .insert(lessonRecordings)
      .values({ lessonId, generation: `copy${lessonId}`.padEnd(32, '0'), state: 'ready', fileName: 'лекция.mp4', uploadSize: 1000, size: 900, duration: 60, readyAt: new Date() });
    const response = await copy(course.id, { start: '2031-09-01' });
    expect(response.statusCode, response.body).toBe(201);
    const copied = response.json<MutaboCourse>();
    expect([copied.format, copied.recordingDays]).toEqual(['recorded', 30]);
    expect(copied.lessons.map((item: MutaboLesson) => [item.title, item.recording.state])).toEqual([['Первая лекция', 'none']]);
    const copiedRecordings = await db().select().from(lessonRecordings).where(inArray(lessonRecordings.lessonId, copied.lessons.map((item: MutaboLesson) => item.id)));
    expect(copiedRecordings).toEqual([]);
  });

  it('refuses a bad date or choice under its field, and copies nothing', async () => {
    const source = await seasonCourse();
    const count = async () => (await db().select().from(courses)).length;
    const before = await count();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ start: '2032-02-30' }, { start: [mutaboMessages.dateInvalid] }],
      [{ start: '10.03.2032' }, { start: [mutaboMessages.dateInvalid] }],
      [{ start: 'весной' }, { start: [mutaboMessages.dateInvalid] }],
      [{ start: 20320310 }, { start: [mutaboMessages.dateInvalid] }],
      [{ start: '' }, { start: [seasonMessages.copyStartRequired] }],
      [{}, { start: [seasonMessages.copyStartRequired] }],
      [{ start: null }, { start: [seasonMessages.copyStartRequired] }],
      [{ start: '2100-12-20' }, { start: [seasonMessages.copyStartOutOfRange] }],
      [{ start: '1999-01-01' }, { start: [dateRangeMessage] }],
      [{ start: '2032-03-10', publishLessons: 'да' }, { publishLessons: [seasonMessages.publishLessonsInvalid] }],
      [['2032-03-10'], { nonFieldErrors: [mutaboMessages.invalidBody] }],
    ];
    for (const [body, expected] of cases) {
      const response = await copy(source.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual(expected);
    }
    expect(await count()).toBe(before);
  });

  it('is for the course’s authors only: 404 to another author (before the body is read), 403 to a participant, 401 to a guest', async () => {
    const before = (await db().select().from(courses)).length;
    const boris = await copy(ids.courses.announced, { start: '2031-09-01' }, 'boris');
    expect(boris.statusCode).toBe(404);
    expect(boris.json()).toEqual({ detail: mutaboMessages.courseNotFound });
    expect((await copy(ids.courses.announced, { start: 'когда-нибудь' }, 'boris')).statusCode).toBe(404);
    const pupil = await copy(ids.courses.announced, { start: '2031-09-01' }, 'pupil');
    expect(pupil.statusCode).toBe(403);
    expect(pupil.json()).toEqual({ detail: mutaboMessages.notAuthor });
    expect((await copy(ids.courses.announced, { start: '2031-09-01' }, 'guest')).statusCode).toBe(401);
    expect((await copy(999_999, { start: '2031-09-01' })).statusCode).toBe(404);
    expect((await db().select().from(courses)).length).toBe(before);
  });
  it('keeps the history entry small: the new lessons by id and number, not their texts', async () => {
    const source = await seasonCourse();
    const copied = (await copy(source.id, { start: '2032-03-10' })).json<MutaboCourse>();
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.courseId, copied.id));
    const after = entry!.after as { lessons: unknown[] };
    expect(after.lessons).toEqual(copied.lessons.map((lesson) => ({ id: lesson.id, number: lesson.number })));
    expect(JSON.stringify(entry!.after)).not.toContain('Двенадцать');
    // The texts themselves are copied.
    expect(copied.lessons.find((lesson) => lesson.title === 'Блок')!.content).toBe(raw('«Двенадцать».'));
  });

  it('refuses a course too large to copy in one request: more than 200 lessons, or more than 20 MB of lesson text', async () => {
    const count = async () => (await db().select().from(courses)).length;
    const tooMany = await seasonCourse();
    await db().execute(sql`
      INSERT INTO lessons (course_id, number, title, duration) SELECT ${tooMany.id}::integer, n, 'Занятие ' || n, 60 FROM generate_series(10, 206) AS n`);
    const tooLong = await seasonCourse();
    // 11 M Cyrillic letters are 22 MB of UTF-8.
    await db().execute(sql`UPDATE lessons SET content = repeat('а', 11 * 1024 * 1024) WHERE course_id = ${tooLong.id} AND title = 'Блок'`);
    const before = await count();
    for (const source of [tooMany, tooLong]) {
      const response = await copy(source.id, { start: '2032-03-10' });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
      expect(response.json()).toEqual({ detail: seasonMessages.copyTooLarge });
    }
    expect(await count()).toBe(before);
  });

  it('runs one copy at a time in the process: another asked meanwhile is answered 503 with Retry-After, and goes through after', async () => {
    const source = await seasonCourse();
    const release = reserveCourseCopy();
    try {
      const busy = await copy(source.id, { start: '2032-03-10' }, 'boris');
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({ detail: seasonMessages.copyBusy });
    } finally {
      release();
    }
    expect((await copy(source.id, { start: '2032-03-10' }, 'boris')).statusCode).toBe(201);
  });

  it.runIf(mode === 'postgres')('refuses an author’s second copy while their first runs in another process: 429 with Retry-After', async () => {
    const source = await seasonCourse();
    // Another process's copy holds Anna's copy lock for its transaction.
    let done = () => {};
    const held = new Promise<void>((resolve) => (done = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const other = db().transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(8002, ${ids.users.anna})`);
      locked();
      await held;
    });
    await lockTaken;
    try {
      const refused = await copy(source.id, { start: '2032-03-10' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ detail: seasonMessages.copyAuthorBusy });
      // Boris's copy is not held up by Anna's.
      expect((await copy(source.id, { start: '2032-03-10' }, 'boris')).statusCode).toBe(201);
    } finally {
      done();
      await other;
    }
    expect((await copy(source.id, { start: '2032-03-10' })).statusCode).toBe(201);
  });
});
