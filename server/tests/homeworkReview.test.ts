// Issue 35, homework, the authors' side (docs/HOMEWORK.md): the queue of sent answers over the caller's courses, one
// answer with its thread (reading marks it seen), the decision and its letter (one winner of two at once), the daily
// digest (one letter per author and day, none when nothing is new), the numbers per assignment and the start page's
// count. The participants' answers and files are inserted as rows here: their own API is tested with it.
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOMEWORK_COMMENT_MAX,
  HOMEWORK_QUEUE_PAGE_SIZE,
  homeworkMessages as hm,
  type HomeworkAnswerDetail,
  type HomeworkAssignmentStats,
  type HomeworkQueuePage,
} from '../../common/homework.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import { homeworkAnswers, homeworkDigests, homeworkFiles, lessons, outboxLetters, users } from '../src/db/schema.ts';
import { digestSlot, sweepHomeworkDigests } from '../src/services/homework/digest.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, raw, type MutaboKit, type Who } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the digest’s moment', () => {
  it('is 09:00 in Moscow: today’s from then on, yesterday’s before', () => {
    expect(digestSlot(new Date('2030-01-10T05:59:59Z')).toISOString()).toBe('2030-01-09T06:00:00.000Z');
    expect(digestSlot(new Date('2030-01-10T06:00:00Z')).toISOString()).toBe('2030-01-10T06:00:00.000Z');
    expect(digestSlot(new Date('2030-01-10T23:30:00Z')).toISOString()).toBe('2030-01-10T06:00:00.000Z');
  });
});

describe.each(dbModes())('homework: the authors’ side (%s)', (mode) => {
  let kit: MutaboKit;
  const db = () => kit.testDb.database.db;
  const t0 = new Date(Date.now() - 10 * DAY);
  let people: number[] = [];
  let nextPerson = 0;

  async function person(name: string): Promise<number> {
    nextPerson += 1;
    const [row] = await db()
      .insert(users)
      .values({ email: `hw-${nextPerson}@example.org`, passwordHash: '!', firstName: name, lastName: `Ученик${nextPerson}`, isActive: true })
      .returning({ id: users.id });
    return row!.id;
  }

  /** An answer as the participant's side would leave it. */
  async function answer(
    lessonId: number,
    userId: number,
    at: Date | null,
    extra: Partial<typeof homeworkAnswers.$inferInsert> = {},
  ): Promise<number> {
    const [row] = await db()
      .insert(homeworkAnswers)
      .values({ lessonId, userId, text: `Ответ ${userId} к занятию ${lessonId}`, state: at === null ? 'draft' : 'submitted', submittedAt: at, ...extra })
      .returning({ id: homeworkAnswers.id });
    return row!.id;
  }

  const answerRow = async (id: number) => (await db().select().from(homeworkAnswers).where(eq(homeworkAnswers.id, id)))[0]!;
  const get = <T>(url: string, who: Who = 'anna') => kit.call('GET', url, who).then((response) => ({ status: response.statusCode, body: response.json() as T }));
  const lettersOf = (kind: string) => db().select().from(outboxLetters).where(eq(outboxLetters.kind, kind));

  beforeAll(async () => {
    // The tests read the queued letters from their rows: a sent letter's body is emptied, so none is sent here (the
    // worker's every try fails, and the next is minutes away).
    kit = await openMutaboKit(mode, { mailer: { send: () => Promise.reject(new Error('kept in the queue for the test to read')), close() {} } });
    people = [];
    for (const name of ['Вера', 'Глеб', 'Дина', 'Егор']) people.push(await person(name));
    // Assignments on the open course's first and last lessons (Борис and Анна), the announced one's (Анна only) and the free one's.
    for (const lessonId of [ids.lessons.free, ids.lessons.last, ids.lessons.announced, ids.lessons.freeCourse]) {
      await db().update(lessons).set({ assignment: raw('Напишите эссе.') }).where(eq(lessons.id, lessonId));
    }
    await db().update(lessons).set({ assignmentDueAt: new Date(t0.getTime() + 90 * MINUTE) }).where(eq(lessons.id, ids.lessons.free));
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  describe('the queue', () => {
    const answerIds = { announcedVera: 0, freeVera: 0, freeGleb: 0, freeDina: 0, freeEgorDraft: 0, freeCourseAccepted: 0 };

    beforeAll(async () => {
      const [vera, gleb, dina, egor] = people as [number, number, number, number];
      answerIds.announcedVera = await answer(ids.lessons.announced, vera, new Date(t0.getTime()));
      answerIds.freeVera = await answer(ids.lessons.free, vera, new Date(t0.getTime() + MINUTE));
      answerIds.freeGleb = await answer(ids.lessons.free, gleb, new Date(t0.getTime() + 2 * HOUR));
      answerIds.freeDina = await answer(ids.lessons.free, dina, new Date(t0.getTime() + 3 * MINUTE), { seenAt: new Date(t0.getTime() + 4 * MINUTE) });
      answerIds.freeEgorDraft = await answer(ids.lessons.free, egor, null);
      answerIds.freeCourseAccepted = await answer(ids.lessons.freeCourse, vera, new Date(t0.getTime() - HOUR), {
        state: 'accepted',
        decidedAt: t0,
        seenAt: t0,
      });
      await db().insert(homeworkFiles).values([
        { answerId: answerIds.freeVera, name: 'эссе.pdf', size: 1000, kind: 'pdf', storageKey: `hw-q-${mode}-1` },
        { answerId: answerIds.freeVera, name: 'фото.png', size: 2000, kind: 'png', storageKey: `hw-q-${mode}-2` },
      ]);
    });

    it('lists the waiting answers of the caller’s courses, oldest first, never a draft, with the waiting count', async () => {
      const anna = await get<HomeworkQueuePage>('/api/v1/mutabo/homework/');
      expect(anna.status).toBe(200);
      expect(anna.body.results.map((item) => item.id)).toEqual([answerIds.announcedVera, answerIds.freeVera, answerIds.freeDina, answerIds.freeGleb]);
      expect(anna.body).toMatchObject({ count: 4, next: null, waiting: 4 });
      const first = anna.body.results[1]!;
      expect(first).toMatchObject({
        state: 'submitted',
        files: 2,
        seen: false,
        late: false,
        decidedAt: null,
        person: { id: people[0], name: 'Вера Ученик1', email: 'hw-1@example.org' },
        lesson: { id: ids.lessons.free, number: 1, title: 'Свободное занятие' },
        course: { id: ids.courses.open, title: 'Открытый курс' },
      });
      expect(anna.body.results.find((item) => item.id === answerIds.freeGleb)).toMatchObject({ late: true, files: 0 });
      expect(anna.body.results.find((item) => item.id === answerIds.freeDina)).toMatchObject({ seen: true });

      // Борис leads the open course, not the announced one.
      const boris = await get<HomeworkQueuePage>('/api/v1/mutabo/homework/', 'boris');
      expect(boris.body.results.map((item) => item.id)).toEqual([answerIds.freeVera, answerIds.freeDina, answerIds.freeGleb]);
      expect(boris.body.waiting).toBe(3);
    });

    it('filters by course and state; `all` is every sent answer', async () => {
      const course = await get<HomeworkQueuePage>(`/api/v1/mutabo/homework/?course=${ids.courses.announced}`);
      expect(course.body.results.map((item) => item.id)).toEqual([answerIds.announcedVera]);
      expect(course.body.waiting).toBe(1);
      const accepted = await get<HomeworkQueuePage>('/api/v1/mutabo/homework/?state=accepted');
      expect(accepted.body.results.map((item) => item.id)).toEqual([answerIds.freeCourseAccepted]);
      expect(accepted.body.waiting).toBe(4);
      const all = await get<HomeworkQueuePage>('/api/v1/mutabo/homework/?state=all');
      expect(all.body.results.map((item) => item.id)).toEqual([
        answerIds.freeCourseAccepted,
        answerIds.announcedVera,
        answerIds.freeVera,
        answerIds.freeDina,
        answerIds.freeGleb,
      ]);
      expect(all.body.results.map((item) => item.id)).not.toContain(answerIds.freeEgorDraft);
    });

    it('refuses a course the caller does not lead (404) and bad query values (400 by field)', async () => {
      const other = await get<{ detail: string }>(`/api/v1/mutabo/homework/?course=${ids.courses.announced}`, 'boris');
      expect(other).toEqual({ status: 404, body: { detail: mutaboMessages.courseNotFound } });
      expect((await get(`/api/v1/mutabo/homework/?course=99999`)).status).toBe(404);
      expect(await get('/api/v1/mutabo/homework/?state=draft')).toEqual({ status: 400, body: { state: [hm.queueStateInvalid] } });
      expect(await get('/api/v1/mutabo/homework/?course=abc')).toEqual({ status: 400, body: { course: [hm.courseInvalid] } });
      const page = await get<Record<string, string[]>>('/api/v1/mutabo/homework/?page=0');
      expect(page.status).toBe(400);
      expect(Object.keys(page.body)).toEqual(['page']);
      expect((await get('/api/v1/mutabo/homework/', 'pupil')).status).toBe(403);
      expect((await get('/api/v1/mutabo/homework/', 'guest')).status).toBe(401);
    });

    it('pages by HOMEWORK_QUEUE_PAGE_SIZE with the next page’s query', async () => {
      const [, , , egor] = people as [number, number, number, number];
      // Returned answers stay in a thread: one person may have many.
      for (let index = 0; index < HOMEWORK_QUEUE_PAGE_SIZE + 1; index++) {
        await answer(ids.lessons.last, egor, new Date(t0.getTime() + index * MINUTE), { state: 'returned', decidedAt: t0, seenAt: t0, comment: 'Ещё раз.' });
      }
      const first = await get<HomeworkQueuePage>(`/api/v1/mutabo/homework/?course=${ids.courses.open}&state=returned`, 'boris');
      expect(first.body.count).toBe(HOMEWORK_QUEUE_PAGE_SIZE + 1);
      expect(first.body.results).toHaveLength(HOMEWORK_QUEUE_PAGE_SIZE);
      expect(first.body.next).toBe(`?course=${ids.courses.open}&state=returned&page=2`);
      const second = await get<HomeworkQueuePage>(`/api/v1/mutabo/homework/${first.body.next}`, 'boris');
      expect(second.body.results).toHaveLength(1);
      expect(second.body.next).toBeNull();
      const times = [...first.body.results, ...second.body.results].map((item) => Date.parse(item.submittedAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });

    it('reads an answer with its thread and marks it seen the first time only; never another course’s, a draft or an unknown one', async () => {
      const [vera] = people as [number];
      const earlier = await answer(ids.lessons.free, vera, new Date(t0.getTime() - DAY), { state: 'returned', decidedAt: t0, seenAt: t0, comment: 'Подробнее.' });
      expect((await answerRow(answerIds.freeVera)).seenAt).toBeNull();
      const read = await get<HomeworkAnswerDetail>(`/api/v1/mutabo/homework/answers/${answerIds.freeVera}/`, 'boris');
      expect(read.status).toBe(200);
      expect(read.body.answer).toMatchObject({ id: answerIds.freeVera, state: 'submitted', seen: true, late: false });
      expect(read.body.answer.files.map((file) => file.name)).toEqual(['эссе.pdf', 'фото.png']);
      expect(read.body.answer.files[0]!.url).toMatch(new RegExp(`^/media/homework/\\d+\\?u=${ids.users.boris}&e=\\d+&s=`));
      expect(read.body.thread.map((item) => item.id)).toEqual([earlier, answerIds.freeVera]);
      expect(read.body.thread[0]).toMatchObject({ state: 'returned', comment: 'Подробнее.' });
      expect(read.body).toMatchObject({
        person: { id: vera, name: 'Вера Ученик1' },
        lesson: { id: ids.lessons.free, number: 1, title: 'Свободное занятие', assignment: raw('Напишите эссе.') },
        course: { id: ids.courses.open, title: 'Открытый курс', timeZone: 'Europe/Moscow' },
      });
      const seenAt = (await answerRow(answerIds.freeVera)).seenAt;
      expect(seenAt).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await get(`/api/v1/mutabo/homework/answers/${answerIds.freeVera}/`, 'anna');
      expect((await answerRow(answerIds.freeVera)).seenAt!.getTime()).toBe(seenAt!.getTime());

      const notFound = { status: 404, body: { detail: hm.answerNotFound } };
      expect(await get(`/api/v1/mutabo/homework/answers/${answerIds.announcedVera}/`, 'boris')).toEqual(notFound);
      expect((await answerRow(answerIds.announcedVera)).seenAt).toBeNull();
      expect(await get(`/api/v1/mutabo/homework/answers/${answerIds.freeEgorDraft}/`, 'anna')).toEqual(notFound);
      expect((await answerRow(answerIds.freeEgorDraft)).seenAt).toBeNull();
      expect(await get('/api/v1/mutabo/homework/answers/99999/', 'anna')).toEqual(notFound);
      expect((await get('/api/v1/mutabo/homework/answers/abc/', 'anna')).status).toBe(404);
      expect((await get(`/api/v1/mutabo/homework/answers/${answerIds.freeVera}/`, 'pupil')).status).toBe(403);
    });
  });

  describe('the decision', () => {
    const decide = (id: number, body: unknown, who: Who = 'anna') => kit.call('POST', `/api/v1/mutabo/homework/answers/${id}/decision/`, who, body);

    it('refuses a bad decision, a missing or too long comment, with the field’s message', async () => {
      const id = await answer(ids.lessons.freeCourse, await person('Жанна'), new Date());
      const bad = await decide(id, { decision: 'maybe', comment: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ decision: [hm.decisionInvalid] });
      expect((await decide(id, {})).json()).toEqual({ decision: [hm.decisionInvalid] });
      const bare = await decide(id, { decision: 'returned', comment: '   ' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toEqual({ comment: [hm.commentRequired] });
      const long = await decide(id, { decision: 'accepted', comment: 'я'.repeat(HOMEWORK_COMMENT_MAX + 1) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ comment: [hm.commentTooLong] });
      expect((await answerRow(id)).state).toBe('submitted');
    });

    it('returns an answer with the comment, tells the person by letter, and refuses a second decision (409)', async () => {
      const zoya = await person('Зоя');
      const id = await answer(ids.lessons.free, zoya, new Date());
      const comment = 'Перепишите второй абзац.\nИ добавьте вывод: https://example.org/ссылка';
      const response = await decide(id, { decision: 'returned', comment }, 'boris');
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<HomeworkAnswerDetail>();
      expect(detail.answer).toMatchObject({ id, state: 'returned', comment: comment, seen: true });
      expect(detail.answer.decidedAt).not.toBeNull();
      const row = await answerRow(id);
      expect(row).toMatchObject({ state: 'returned', decidedBy: ids.users.boris });
      expect(row.seenAt).not.toBeNull();

      const [letter, ...more] = await db().select().from(outboxLetters).where(eq(outboxLetters.dedupeKey, `homework-decision:${id}`));
      expect(more).toHaveLength(0);
      expect(letter).toMatchObject({ kind: 'homework-decision', recipient: `hw-${nextPerson}@example.org`, userId: zoya });
      expect(letter!.subject).toBe('Задание к занятию 1 «Свободное занятие»: нужно доработать');
      expect(letter!.text).toContain('> Перепишите второй абзац.\n> И добавьте вывод: https[:]//example[.]org/ссылка');
      // The way back is the assignment's own page, where the thread is and the answer is sent again.
      expect(letter!.text).toContain(`/lessons/${ids.lessons.free}/homework`);
      expect(letter!.html).toContain(`href="${kit.app.deps.config.publicUrl}/lessons/${ids.lessons.free}/homework"`);
      expect(letter!.html).toContain('Перепишите второй абзац.');

      const again = await decide(id, { decision: 'accepted', comment: '' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: hm.decided });
    });

    it('accepts an answer (a comment is optional); «принято» in the subject', async () => {
      const id = await answer(ids.lessons.announced, await person('Илья'), new Date());
      const response = await decide(id, { decision: 'accepted', comment: '' });
      expect(response.statusCode, response.body).toBe(200);
      const [letter] = await db().select().from(outboxLetters).where(eq(outboxLetters.dedupeKey, `homework-decision:${id}`));
      expect(letter!.subject).toBe('Задание к занятию 1 «Первое занятие»: принято');
      expect(letter!.text).not.toContain('Комментарий автора');
    });

    it('is 404 for another course’s answer, a draft or an unknown one, and 409 for a decided one', async () => {
      const other = await answer(ids.lessons.announced, await person('Кира'), new Date());
      expect((await decide(other, { decision: 'accepted', comment: '' }, 'boris')).json()).toEqual({ detail: hm.answerNotFound });
      expect((await answerRow(other)).state).toBe('submitted');
      const draft = await answer(ids.lessons.free, await person('Лев'), null);
      const response = await decide(draft, { decision: 'accepted', comment: '' });
      expect(response.statusCode).toBe(404);
      expect((await decide(99_999, { decision: 'accepted', comment: '' })).statusCode).toBe(404);
      const decided = await answer(ids.lessons.free, await person('Мира'), new Date(), { state: 'accepted', decidedAt: new Date(), seenAt: new Date() });
      expect((await decide(decided, { decision: 'returned', comment: 'Нет.' })).statusCode).toBe(409);
    });

    it('lets exactly one of two decisions at once win; one letter', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await answer(ids.lessons.free, await person(`Ника${round}`), new Date());
        const answers = await Promise.all([decide(id, { decision: 'accepted', comment: 'Хорошо.' }, 'anna'), decide(id, { decision: 'returned', comment: 'Доработайте.' }, 'boris')]);
        expect(answers.map((one) => one.statusCode).sort()).toEqual([200, 409]);
        const winner = answers.find((one) => one.statusCode === 200)!.json<HomeworkAnswerDetail>();
        const row = await answerRow(id);
        expect(row.state).toBe(winner.answer.state);
        expect(row.decidedBy).toBe(winner.answer.state === 'accepted' ? ids.users.anna : ids.users.boris);
        const letters = await db().select().from(outboxLetters).where(eq(outboxLetters.dedupeKey, `homework-decision:${id}`));
        expect(letters).toHaveLength(1);
        expect(letters[0]!.subject).toMatch(winner.answer.state === 'accepted' ? /: принято$/ : /: нужно доработать$/);
      }
    });
  });

  describe('the daily digest', () => {
    // 09:05 in Moscow, days ahead: the answers of the other tests are long before its first 24 hours.
    const day0 = new Date(digestSlot(new Date()).getTime() + 5 * DAY + 5 * MINUTE);
    const sweep = (at: Date) => sweepHomeworkDigests({ db: db(), config: kit.app.deps.config }, at);
    // In the order they were queued: rows the worker has tried (and updated) come back in any order otherwise.
    const digestsTo = (email: string) =>
      db()
        .select()
        .from(outboxLetters)
        .where(and(eq(outboxLetters.kind, 'homework-digest'), eq(outboxLetters.recipient, email)))
        .orderBy(asc(outboxLetters.id));

    it('sends each author one letter a day with the answers since the last one; none when nothing is new', async () => {
      await db().delete(homeworkDigests);
      const [omar, polina, roman] = [await person('Омар'), await person('Полина'), await person('Роман')];
      await answer(ids.lessons.free, omar, new Date(day0.getTime() - 3 * HOUR));
      await answer(ids.lessons.freeCourse, polina, new Date(day0.getTime() - HOUR), { state: 'accepted', decidedAt: day0, seenAt: day0 });
      await answer(ids.lessons.last, roman, new Date(day0.getTime() - 25 * HOUR)); // before the first 24 hours

      expect(await sweep(day0)).toBe(2);
      const [anna] = await digestsTo('anna@example.org');
      expect(anna!.subject).toBe('Новые ответы на задания: 2 ответа');
      expect(anna!.text).toContain('Курс «Открытый курс»\nЗанятие 1 «Свободное занятие»: 1 ответ (Омар Ученик');
      expect(anna!.text).toContain('Курс «Курс без цены»\nЗанятие 1 «Первое занятие»: 1 ответ (Полина Ученик');
      expect(anna!.text).not.toContain('Роман');
      expect(anna!.text).toContain(`${kit.app.deps.config.publicUrl}/mutabo/homework`);
      expect(anna!.html).toContain('Открыть задания');
      expect(anna!.dedupeKey).toMatch(new RegExp(`^homework-digest:${ids.users.anna}:\\d{4}-\\d{2}-\\d{2}$`));
      const [boris] = await digestsTo('boris@example.org');
      expect(boris!.subject).toBe('Новые ответы на задания: 1 ответ');
      expect(boris!.text).not.toContain('Курс без цены');

      // The same day: nothing more, even with a new answer.
      const late = await person('Сева');
      await answer(ids.lessons.freeCourse, late, new Date(day0.getTime() + 5 * MINUTE));
      expect(await sweep(new Date(day0.getTime() + 10 * MINUTE))).toBe(0);
      expect(await sweep(new Date(day0.getTime() + 14 * HOUR))).toBe(0);
      expect(await digestsTo('anna@example.org')).toHaveLength(1);

      // The next day: Анна gets the new one; Борис, with nothing new in his courses, nothing.
      expect(await sweep(new Date(day0.getTime() + DAY))).toBe(1);
      const annas = await digestsTo('anna@example.org');
      expect(annas).toHaveLength(2);
      expect(annas[1]!.subject).toBe('Новые ответы на задания: 1 ответ');
      expect(annas[1]!.text).toContain('Сева');
      expect(annas[1]!.text).not.toContain('Омар');
      expect(await digestsTo('boris@example.org')).toHaveLength(1);
      const [borisRow] = await db().select().from(homeworkDigests).where(eq(homeworkDigests.authorUserId, ids.users.boris));
      expect(borisRow!.lastSentAt.getTime()).toBe(day0.getTime() + DAY);
    });

    it('queues one letter per author when two sweeps run at once', async () => {
      const at = new Date(day0.getTime() + 2 * DAY);
      await answer(ids.lessons.free, await person('Тимур'), new Date(at.getTime() - HOUR));
      const counts = await Promise.all([sweep(at), sweep(at), sweep(at)]);
      expect(counts.reduce((sum, one) => sum + one, 0)).toBe(2);
      const letters = await db().select().from(outboxLetters).where(like(outboxLetters.text, '%Тимур%'));
      expect(letters.map((letter) => letter.recipient).sort()).toEqual(['anna@example.org', 'boris@example.org']);
    });
  });

  describe('the numbers per assignment', () => {
    it('counts people by their last answer, the late by their first, and the median of the last 30 days’ decisions', async () => {
      const now = Date.now();
      const due = new Date(now - 2 * DAY);
      const lesson = ids.lessons.full;
      await db().update(lessons).set({ assignment: raw('Перескажите главу.'), assignmentDueAt: due }).where(eq(lessons.id, lesson));
      const [u1, u2, u3, u4, u5] = [await person('У1'), await person('У2'), await person('У3'), await person('У4'), await person('У5')];
      const at = (offset: number) => new Date(due.getTime() + offset);
      // u1: returned after 600 s, then again (late, but the first was not) and accepted after 1,200 s.
      await answer(lesson, u1, at(-HOUR), { state: 'returned', decidedAt: at(-HOUR + 600_000), comment: 'Ещё.' });
      await answer(lesson, u1, at(HOUR), { state: 'accepted', decidedAt: at(HOUR + 1_200_000) });
      // u2: first sent after the due time, waiting.
      await answer(lesson, u2, at(2 * HOUR));
      // u3: accepted after 1,800 s.
      await answer(lesson, u3, at(-2 * HOUR), { state: 'accepted', decidedAt: at(-2 * HOUR + 1_800_000) });
      // u4: a draft only: not counted.
      await answer(lesson, u4, null);
      // u5: returned 40 days ago, a day after sending: counted, but not in the median.
      await answer(lesson, u5, new Date(now - 41 * DAY), { state: 'returned', decidedAt: new Date(now - 40 * DAY), comment: 'Нет.' });

      const { status, body } = await get<HomeworkAssignmentStats[]>(`/api/v1/mutabo/homework/stats/?course=${ids.courses.open}`, 'boris');
      expect(status).toBe(200);
      expect(body.find((row) => row.lesson.id === lesson)).toEqual({
        lesson: { id: lesson, number: 2, title: 'Занятие без мест', dueAt: due.toISOString() },
        course: { id: ids.courses.open, title: 'Открытый курс' },
        answered: 4,
        waiting: 1,
        accepted: 2,
        returned: 1,
        late: 1,
        medianDecisionSeconds: 1200,
      });
      // Lessons without an assignment are not listed; those with one are, answered or not.
      expect(body.map((row) => row.lesson.id)).not.toContain(ids.lessons.draft);
      expect(body.map((row) => row.lesson.id)).toContain(ids.lessons.last);
      expect(body.every((row) => row.course.id === ids.courses.open)).toBe(true);
      const all = await get<HomeworkAssignmentStats[]>('/api/v1/mutabo/homework/stats/', 'anna');
      expect(all.body.map((row) => row.lesson.id)).toEqual(expect.arrayContaining([lesson, ids.lessons.announced, ids.lessons.freeCourse]));
      expect((await get<HomeworkAssignmentStats[]>('/api/v1/mutabo/homework/stats/', 'boris')).body.map((row) => row.lesson.id)).not.toContain(ids.lessons.announced);
      expect(await get(`/api/v1/mutabo/homework/stats/?course=${ids.courses.announced}`, 'boris')).toEqual({ status: 404, body: { detail: mutaboMessages.courseNotFound } });
      expect((await get('/api/v1/mutabo/homework/stats/?course=x', 'boris')).status).toBe(400);
    });

    it('gives no median without decisions, and the mean of the middle two for an even count', async () => {
      const lesson = ids.lessons.freeCourse;
      const before = (await get<HomeworkAssignmentStats[]>(`/api/v1/mutabo/homework/stats/?course=${ids.courses.free}`)).body.find((row) => row.lesson.id === lesson)!;
      // The free course's lesson emptied, then two decisions of 100 s and 300 s.
      await db().delete(homeworkAnswers).where(eq(homeworkAnswers.lessonId, lesson));
      const empty = (await get<HomeworkAssignmentStats[]>(`/api/v1/mutabo/homework/stats/?course=${ids.courses.free}`)).body.find((row) => row.lesson.id === lesson)!;
      expect(empty).toMatchObject({ answered: 0, waiting: 0, accepted: 0, returned: 0, late: 0, medianDecisionSeconds: null });
      expect(before.answered).toBeGreaterThan(0);
      const sent = new Date(Date.now() - HOUR);
      await answer(lesson, await person('Ф1'), sent, { state: 'accepted', decidedAt: new Date(sent.getTime() + 100_000) });
      await answer(lesson, await person('Ф2'), sent, { state: 'accepted', decidedAt: new Date(sent.getTime() + 300_000) });
      const two = (await get<HomeworkAssignmentStats[]>(`/api/v1/mutabo/homework/stats/?course=${ids.courses.free}`)).body.find((row) => row.lesson.id === lesson)!;
      expect(two).toMatchObject({ answered: 2, accepted: 2, medianDecisionSeconds: 200 });
    });
  });

  describe('the start page', () => {
    it('counts the answers waiting over the caller’s courses, and the count moves', async () => {
      const waiting = async (who: Who) => (await get<MutaboDashboard>('/api/v1/mutabo/dashboard/', who)).body.homeworkWaiting;
      const [anna0, boris0] = [await waiting('anna'), await waiting('boris')];
      const queue = await get<HomeworkQueuePage>('/api/v1/mutabo/homework/', 'anna');
      expect(anna0).toBe(queue.body.waiting);
      expect(anna0).toBeGreaterThan(boris0);
      const mine = await answer(ids.lessons.free, await person('Юля'), new Date());
      await answer(ids.lessons.announced, await person('Яна'), new Date());
      expect([await waiting('anna'), await waiting('boris')]).toEqual([anna0 + 2, boris0 + 1]);
      const decided = await kit.call('POST', `/api/v1/mutabo/homework/answers/${mine}/decision/`, 'boris', { decision: 'accepted', comment: '' });
      expect(decided.statusCode).toBe(200);
      expect([await waiting('anna'), await waiting('boris')]).toEqual([anna0 + 1, boris0]);
      expect(await lettersOf('homework-decision')).not.toHaveLength(0);
    });
  });
});
