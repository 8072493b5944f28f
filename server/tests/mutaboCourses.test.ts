// The authors' API for courses, lessons, prices and history (/api/v1/mutabo/...), over app.inject.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse, MutaboCourseListItem } from '../../common/mutabo/courses.ts';
import { MAX_RICH_TEXT_LENGTH, mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { CourseDetails, CourseShort } from '../../common/wireTypes.ts';
import { openPostgres } from '../src/db/client.ts';
import { auditLog, courses, feedback, lessons, outboxLetters, paymentLessons, payments, prices } from '../src/db/schema.ts';
import { courseAuthorMessages } from '../src/services/mutabo/courseAuthors.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';
import { recordingMailer } from './enrollmentKit.ts';
import { eventually } from './eventually.ts';

type Who = 'guest' | 'anna' | 'boris' | 'pupil';

const raw = (...paragraphs: string[]) =>
  JSON.stringify({
    blocks: paragraphs.map((text, index) => ({ key: `k${index}`, text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} })),
    entityMap: {},
  });

const newCourse = {
  title: 'Новый курс',
  subtitle: 'О чтении',
  description: raw('Описание курса.'),
  authors: [] as number[],
  start: '2031-01-10',
  end: '2031-02-10',
  disciplesAge: 'DISCIPLES_AGE_ADULTS',
  image: '/media/abc/image.png',
  thumbnail: '',
  state: 'draft',
  participantsLimit: 10,
  fullYear: false,
  lessonsBlockSize: 1,
  prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: 700.5, lessonWholesalePrice: '600.25' }],
};

describe.each(dbModes())('the authors’ API (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const mailer = recordingMailer();
  const tokens: Partial<Record<Who, string>> = {};

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, mailer });
    tokens.anna = await app.deps.tokens.sign(ids.users.anna, 'access');
    tokens.boris = await app.deps.tokens.sign(ids.users.boris, 'access');
    tokens.pupil = await app.deps.tokens.sign(ids.users.pupil, 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Who, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers: who === 'guest' ? {} : bearer(tokens[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });

  const createCourse = async (extra: Record<string, unknown> = {}, who: Who = 'anna') => {
    const response = await call('POST', '/api/v1/mutabo/courses/', who, { ...newCourse, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MutaboCourse>();
  };

  const createLesson = async (courseId: number, extra: Record<string, unknown> = {}) => {
    const response = await call('POST', `/api/v1/mutabo/courses/${courseId}/lessons/`, 'anna', { title: 'Занятие', duration: 90, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MutaboLesson>();
  };

  const publicCourse = (id: number) => app.inject(`/api/v1/courses/${id}/`);

  describe('who may call it', () => {
    const endpoints = (courseId: number, lessonId: number): [Parameters<typeof call>[0], string, unknown?][] => [
      ['GET', '/api/v1/mutabo/courses/'],
      ['POST', '/api/v1/mutabo/courses/', newCourse],
      ['GET', `/api/v1/mutabo/courses/${courseId}/`],
      ['PATCH', `/api/v1/mutabo/courses/${courseId}/`, { title: 'Чужой', version: 1 }],
      ['DELETE', `/api/v1/mutabo/courses/${courseId}/`],
      ['GET', `/api/v1/mutabo/courses/${courseId}/history/`],
      ['POST', `/api/v1/mutabo/courses/${courseId}/lessons/`, { title: 'Чужое', duration: 60 }],
      ['POST', `/api/v1/mutabo/courses/${courseId}/lessons/order/`, { lessons: [lessonId] }],
      ['GET', `/api/v1/mutabo/lessons/${lessonId}/`],
      ['PATCH', `/api/v1/mutabo/lessons/${lessonId}/`, { title: 'Чужое', version: 1 }],
      ['DELETE', `/api/v1/mutabo/lessons/${lessonId}/`],
    ];

    it('answers 401 to guests and 403 to users who are not authors, before reading the body', async () => {
      for (const [method, url, payload] of endpoints(ids.courses.announced, ids.lessons.announced)) {
        const guest = await call(method, url, 'guest', payload === undefined ? undefined : {});
        expect(guest.statusCode, `${method} ${url}`).toBe(401);
        expect(guest.json()).toEqual({ detail: expect.any(String) });
        const pupil = await call(method, url, 'pupil', payload === undefined ? undefined : {});
        expect(pupil.statusCode, `${method} ${url}`).toBe(403);
        expect(pupil.json()).toEqual({ detail: mutaboMessages.notAuthor });
      }
    });

    it('answers 404 to an author for a course or lesson of a course they do not lead, and changes nothing', async () => {
      for (const [method, url, payload] of endpoints(ids.courses.announced, ids.lessons.announced)) {
        if (url === '/api/v1/mutabo/courses/') continue;
        const response = await call(method, url, 'boris', payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ detail: expect.stringMatching(/не найден/) });
      }
      const [course] = await testDb.database.db.select().from(courses).where(eq(courses.id, ids.courses.announced));
      expect(course).toMatchObject({ title: 'Анонс', version: 1 });
    });
  });

  describe('courses', () => {
    it('lists every course the caller leads, drafts included, with places and versions', async () => {
      const anna = (await call('GET', '/api/v1/mutabo/courses/', 'anna')).json<MutaboCourseListItem[]>();
      expect(anna.map((course) => course.id).sort()).toEqual(expect.arrayContaining([ids.courses.open, ids.courses.announced, ids.courses.draft, ids.courses.yearly, ids.courses.free]));
      const open = anna.find((course) => course.id === ids.courses.open)!;
      // The fixture fills the lesson «Занятие без мест» (2 places of 2).
      expect(open).toMatchObject({ state: 'can_be_subscribed', start: '2030-01-10', placesTaken: 2, participantsLimit: 2, authors: [ids.authors.boris, ids.authors.anna], lessonsCount: 4, publishedLessonsCount: 3 });
      expect(open.version).toEqual(expect.any(Number));
      expect(anna.find((course) => course.id === ids.courses.draft)).toMatchObject({ state: 'draft', placesTaken: 0 });
      const boris = (await call('GET', '/api/v1/mutabo/courses/', 'boris')).json<MutaboCourseListItem[]>();
      expect(boris.map((course) => course.id).sort()).toEqual([ids.courses.open, ids.courses.yearly]);
    });

    it('creates a course with the caller among its authors and answers the full form with a version', async () => {
      const created = await createCourse({ authors: [ids.authors.boris] });
      expect(created).toMatchObject({
        title: 'Новый курс',
        state: 'draft',
        description: raw('Описание курса.'),
        start: '2031-01-10',
        participantsLimit: 10,
        lessons: [],
        version: 1,
        prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 5000, lessonPrice: 700.5, lessonWholesalePrice: 600.25 }],
      });
      expect(created.authors.map((author) => author.id)).toEqual([ids.authors.boris, ids.authors.anna]);
      expect(created.authors[0]).toMatchObject({ firstName: 'Борис', genitive: 'Бориса Иванова' });
      expect((await call('GET', `/api/v1/mutabo/courses/${created.id}/`, 'boris')).json<MutaboCourse>()).toEqual(created);
      // A rich text may also be sent as the object.
      const asObject = await createCourse({ description: JSON.parse(raw('Объект.')) });
      expect(asObject.description).toBe(raw('Объект.'));
    });

    it('refuses invalid fields with Russian messages under each field', async () => {
      const response = await call('POST', '/api/v1/mutabo/courses/', 'anna', {
        title: '  ',
        description: '{"blocks": "нет"}',
        start: '2031-02-30',
        disciplesAge: 'kids',
        image: 'javascript:alert(1)',
        participantsLimit: -1,
        lessonsBlockSize: 0,
        state: 'open',
        prices: [
          { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 1.005, lessonPrice: -1, lessonWholesalePrice: 0 },
          { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 1, lessonPrice: 1, lessonWholesalePrice: 1 },
          { currency: 'CURRENCY_CHOICE_YEN', coursePrice: 1, lessonPrice: 1, lessonWholesalePrice: 1 },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title: [mutaboMessages.titleRequired],
        description: [mutaboMessages.richTextInvalid],
        start: [mutaboMessages.dateInvalid],
        disciplesAge: [mutaboMessages.disciplesAgeInvalid],
        image: [mutaboMessages.urlInvalid],
        participantsLimit: [mutaboMessages.participantsLimitInvalid],
        lessonsBlockSize: [mutaboMessages.lessonsBlockSizeInvalid],
        state: [mutaboMessages.courseStateInvalid],
        'prices.0.coursePrice': [mutaboMessages.amountInvalid],
        'prices.0.lessonPrice': [mutaboMessages.amountInvalid],
        'prices.2.currency': [mutaboMessages.currencyInvalid],
      });
      // A browser reads `/\\host/…` as `//host/…`, another host: neither is a path on this site.
      for (const image of ['/\\evil.example/x.png', '//evil.example/x.png', '/\\/evil.example/x.png']) {
        for (const field of ['image', 'thumbnail']) {
          const offsite = await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, [field]: image });
          expect(offsite.statusCode, `${field} ${image}`).toBe(400);
          expect(offsite.json()).toEqual({ [field]: [mutaboMessages.urlInvalid] });
        }
      }
      const repeated = await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, prices: [newCourse.prices[0], newCourse.prices[0]] });
      expect(repeated.json()).toEqual({ 'prices.1.currency': [mutaboMessages.currencyRepeated] });
      const dates = await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, start: '2031-02-10', end: '2031-01-10' });
      expect(dates.json()).toEqual({ end: [mutaboMessages.endBeforeStart] });
      for (const authors of [[999], [2 ** 40]]) {
        const unknownAuthor = await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, authors });
        expect(unknownAuthor.json()).toEqual({ authors: [mutaboMessages.authorUnknown] });
      }
      const notJson = await app.inject({ method: 'POST', url: '/api/v1/mutabo/courses/', headers: { ...bearer(tokens.anna!), 'content-type': 'application/json' }, payload: '{' });
      expect(notJson.statusCode).toBe(400);
      expect((await call('POST', '/api/v1/mutabo/courses/', 'anna', [])).json()).toEqual({ nonFieldErrors: [mutaboMessages.invalidBody] });
    });

    it('takes a long rich text up to its limit, and refuses a longer one under the field', async () => {
      // Dashes take three bytes each in UTF-8: the body is far over the server's default 1 MB.
      const long = raw('—'.repeat(MAX_RICH_TEXT_LENGTH - 200));
      expect((await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, description: long })).statusCode).toBe(201);
      const tooLong = await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, description: raw('а'.repeat(MAX_RICH_TEXT_LENGTH)) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ description: [mutaboMessages.richTextTooLong] });
    });

    it('answers 400, never 500, to values of the wrong kind in any field', async () => {
      const course = await createCourse();
      const lesson = await createLesson(course.id);
      const odd: unknown[] = [null, 123, -1, 1.5, 'x', '', true, [], {}, [1, 'a'], { blocks: [], entityMap: [] }, 2 ** 53, '2031-13-01'];
      const targets: [string, string, string[]][] = [
        ['PATCH', `/api/v1/mutabo/courses/${course.id}/`, [...Object.keys(newCourse), 'version']],
        ['PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, ['number', 'title', 'content', 'duration', 'state', 'version']],
        ['POST', `/api/v1/mutabo/courses/${course.id}/lessons/order/`, ['lessons']],
      ];
      for (const [method, url, fields] of targets) {
        for (const field of fields) {
          for (const value of odd) {
            const response = await call(method as 'PATCH', url, 'anna', { version: 1, [field]: value });
            expect(response.statusCode, `${method} ${url} ${field}=${JSON.stringify(value)}: ${response.body}`).toBeLessThan(500);
          }
        }
      }
    });

    it('does not open enrollment without a published lesson', async () => {
      const refused = await call('POST', '/api/v1/mutabo/courses/', 'anna', { ...newCourse, state: 'can_be_subscribed' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ state: [mutaboMessages.openWithoutLessons] });

      const course = await createCourse();
      await createLesson(course.id, { state: 'draft' });
      const stillRefused = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'can_be_subscribed', version: course.version });
      expect(stillRefused.json()).toEqual({ state: [mutaboMessages.openWithoutLessons] });
      await createLesson(course.id, { state: 'published' });
      const opened = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'can_be_subscribed', version: course.version });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json<MutaboCourse>()).toMatchObject({ state: 'can_be_subscribed', version: course.version + 1 });
    });

    it('changes any subset of fields, replaces the prices, and refuses a stale version with 409', async () => {
      const course = await createCourse();
      const first = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', {
        title: 'Первое изменение',
        prices: [{ currency: 'CURRENCY_CHOICE_EURO', coursePrice: 50, lessonPrice: 7, lessonWholesalePrice: 6 }],
        version: course.version,
      });
      expect(first.statusCode, first.body).toBe(200);
      const changed = first.json<MutaboCourse>();
      expect(changed).toMatchObject({ title: 'Первое изменение', subtitle: 'О чтении', version: course.version + 1 });
      expect(changed.prices).toEqual([{ currency: 'CURRENCY_CHOICE_EURO', coursePrice: 50, lessonPrice: 7, lessonWholesalePrice: 6 }]);

      // A second author saves the copy read before the first save.
      const stale = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { title: 'Устаревшая копия', prices: [], version: course.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: mutaboMessages.staleCourse });
      expect(stale.json().detail).toMatch(/Пока вы редактировали курс, его уже изменили.*обновите страницу/);
      const stored = (await call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).json<MutaboCourse>();
      expect(stored).toMatchObject({ title: 'Первое изменение', version: course.version + 1 });
      expect(stored.prices).toHaveLength(1);

      for (const version of [undefined, '2', 2 ** 40]) {
        const wrongVersion = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { title: 'Без версии', version });
        expect(wrongVersion.json()).toEqual({ version: [mutaboMessages.versionRequired] });
      }
      // The stored start (2031-01-10) is later than this end.
      const endOnly = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { end: '2030-01-01', version: stored.version });
      expect(endOnly.json()).toEqual({ end: [mutaboMessages.endBeforeStart] });
      // A course keeps at least one author.
      const noAuthors = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { authors: [], version: stored.version });
      expect(noAuthors.statusCode).toBe(400);
      expect(noAuthors.json()).toEqual({ authors: [courseAuthorMessages.lastAuthor] });
    });

    it('decides concurrent saves of the same version: one wins, the other gets 409', async () => {
      const course = await createCourse({ authors: [ids.authors.anna, ids.authors.boris] });
      const results = await Promise.all(
        ['Первый автор', 'Второй автор'].map((title, index) => call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, index === 0 ? 'anna' : 'boris', { title, version: course.version })),
      );
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((result) => result.statusCode === 200)!.json<MutaboCourse>();
      expect((await call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).json<MutaboCourse>().title).toBe(winner.title);
    });

    it('deletes a draft nobody is in, and refuses while anyone holds, waits for or paid for a place, or a payment exists', async () => {
      const draft = await createCourse();
      await createLesson(draft.id);
      expect((await call('DELETE', `/api/v1/mutabo/courses/${draft.id}/`, 'anna')).statusCode).toBe(204);
      expect((await call('GET', `/api/v1/mutabo/courses/${draft.id}/`, 'anna')).statusCode).toBe(404);

      const occupied = await call('DELETE', `/api/v1/mutabo/courses/${ids.courses.open}/`, 'anna');
      expect(occupied.statusCode).toBe(409);
      expect(occupied.json()).toEqual({ detail: mutaboMessages.courseHasParticipants });
      expect((await publicCourse(ids.courses.open)).statusCode).toBe(200);

      // A payment alone (its hold released) keeps the course too.
      const paid = await createCourse();
      const lesson = await createLesson(paid.id);
      const { db } = testDb.database;
      const [payment] = await db
        .insert(payments)
        .values({ userId: ids.users.pupil, system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', amount: '700.00', state: 'STATE_FAILURE', expiresAt: new Date() })
        .returning();
      await db.insert(paymentLessons).values({ paymentId: payment!.id, lessonId: lesson.id });
      expect((await call('DELETE', `/api/v1/mutabo/courses/${paid.id}/`, 'anna')).statusCode).toBe(409);
      expect((await call('DELETE', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna')).statusCode).toBe(409);
    });
  });

  describe('lessons', () => {
    it('creates lessons numbered after the last, reads and changes them with versions', async () => {
      const course = await createCourse();
      const first = await createLesson(course.id, { title: 'Первое', content: raw('Текст.'), state: 'published' });
      const second = await createLesson(course.id, { title: 'Второе' });
      expect(first).toMatchObject({ course: course.id, number: 1, title: 'Первое', content: raw('Текст.'), duration: 90, state: 'published', version: 1 });
      // Published unless the author says otherwise (issue 22).
      expect(second).toMatchObject({ number: 2, state: 'published', version: 1 });
      expect((await call('GET', `/api/v1/mutabo/lessons/${second.id}/`, 'anna')).json<MutaboLesson>()).toEqual(second);

      const taken = await call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { title: 'Третье', duration: 60, number: 1 });
      expect(taken.json()).toEqual({ number: [mutaboMessages.lessonNumberTaken] });
      const invalid = await call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, 'anna', { title: '', duration: 0, content: 'просто текст', state: 'hidden' });
      expect(invalid.json()).toEqual({
        title: [mutaboMessages.titleRequired],
        duration: [mutaboMessages.durationInvalid],
        content: [mutaboMessages.richTextInvalid],
        state: [mutaboMessages.lessonStateInvalid],
      });

      const renamed = await call('PATCH', `/api/v1/mutabo/lessons/${second.id}/`, 'anna', { title: 'Второе, новое', version: 1 });
      expect(renamed.json<MutaboLesson>()).toMatchObject({ title: 'Второе, новое', version: 2 });
      const stale = await call('PATCH', `/api/v1/mutabo/lessons/${second.id}/`, 'anna', { title: 'Старая копия', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: mutaboMessages.staleLesson });
      const clash = await call('PATCH', `/api/v1/mutabo/lessons/${second.id}/`, 'anna', { number: 1, version: 2 });
      expect(clash.json()).toEqual({ number: [mutaboMessages.lessonNumberTaken] });
    });

    it('numbers lessons added at the same moment apart, and refuses the second of two with the same number', async () => {
      const course = await createCourse({ authors: [ids.authors.anna, ids.authors.boris] });
      const add = (who: Who, extra: Record<string, unknown> = {}) => call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, who, { title: 'Одновременно', duration: 45, ...extra });
      const same = await Promise.all([add('anna', { number: 7 }), add('boris', { number: 7 })]);
      expect(same.map((response) => response.statusCode).sort()).toEqual([201, 400]);
      expect(same.find((response) => response.statusCode === 400)!.json()).toEqual({ number: [mutaboMessages.lessonNumberTaken] });
      const next = await Promise.all([add('anna'), add('boris'), add('anna')]);
      expect(next.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      expect(next.map((response) => response.json<MutaboLesson>().number).sort((a, b) => a - b)).toEqual([8, 9, 10]);
    });

    it('shows visitors only published lessons; an open course keeps at least one', async () => {
      const course = await createCourse();
      const published = await createLesson(course.id, { title: 'Опубликованное', state: 'published' });
      await createLesson(course.id, { title: 'Черновое', state: 'draft' });
      const opened = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'can_be_subscribed', version: course.version });
      expect(opened.statusCode).toBe(200);
      const visible = (await publicCourse(course.id)).json<CourseDetails>();
      expect(visible.lessons.map((lesson) => lesson.title)).toEqual(['Опубликованное']);

      const hide = await call('PATCH', `/api/v1/mutabo/lessons/${published.id}/`, 'anna', { state: 'draft', version: published.version });
      expect(hide.statusCode).toBe(400);
      expect(hide.json()).toEqual({ state: [mutaboMessages.lastPublishedLesson] });
      const remove = await call('DELETE', `/api/v1/mutabo/lessons/${published.id}/`, 'anna');
      expect(remove.statusCode).toBe(409);
      expect(remove.json()).toEqual({ detail: mutaboMessages.lastPublishedLesson });
    });

    it('refuses to delete a lesson someone holds or paid for, and deletes one nobody is in', async () => {
      const full = await call('DELETE', `/api/v1/mutabo/lessons/${ids.lessons.full}/`, 'anna');
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ detail: mutaboMessages.lessonHasParticipants });
      const course = await createCourse();
      const lesson = await createLesson(course.id);
      expect((await call('DELETE', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna')).statusCode).toBe(204);
      expect((await call('GET', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna')).statusCode).toBe(404);
    });

    it('reorders the lessons in one transaction, numbering them 1..n', async () => {
      const course = await createCourse();
      const [a, b, c] = [await createLesson(course.id, { title: 'А' }), await createLesson(course.id, { title: 'Б' }), await createLesson(course.id, { title: 'В' })];
      const response = await call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/order/`, 'anna', { lessons: [c!.id, a!.id, b!.id] });
      expect(response.statusCode, response.body).toBe(200);
      const ordered = response.json<MutaboLesson[]>();
      expect(ordered.map((lesson) => [lesson.title, lesson.number])).toEqual([
        ['В', 1],
        ['А', 2],
        ['Б', 3],
      ]);
      // Every renumbered lesson has a new version: an editor holding the old number must reload.
      expect(ordered.map((lesson) => lesson.version)).toEqual([2, 2, 2]);

      for (const lessonsOrder of [[c!.id, a!.id], [c!.id, a!.id, b!.id, ids.lessons.free], [c!.id, c!.id, a!.id], [c!.id, a!.id, 2 ** 40]]) {
        const refused = await call('POST', `/api/v1/mutabo/courses/${course.id}/lessons/order/`, 'anna', { lessons: lessonsOrder });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ lessons: [mutaboMessages.lessonOrderInvalid] });
      }
      const stored = await testDb.database.db.select().from(lessons).where(eq(lessons.courseId, course.id));
      expect(stored.sort((x, y) => x.number - y.number).map((lesson) => lesson.title)).toEqual(['В', 'А', 'Б']);
    });
  });

  describe('history', () => {
    it('records every write with who, when, what, before and after, in the transaction of the write', async () => {
      const course = await createCourse();
      const lesson = await createLesson(course.id, { title: 'Урок' });
      await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', {
        subtitle: 'Новый подзаголовок',
        prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 1, lessonPrice: 1, lessonWholesalePrice: 1 }],
        version: course.version,
      });
      await call('PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna', { title: 'Урок 1', version: lesson.version });
      // A refused write leaves no record.
      await call('PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna', { title: 'Устарело', version: lesson.version });
      await call('DELETE', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna');

      const response = await call('GET', `/api/v1/mutabo/courses/${course.id}/history/`, 'anna');
      expect(response.statusCode).toBe(200);
      const history = response.json<HistoryPage>();
      expect(history).toMatchObject({ count: 7, currentPage: 1, pages: 1, next: null });
      expect(history.results.map((entry) => [entry.action, entry.entity])).toEqual([
        ['delete', 'lesson'],
        ['update', 'lesson'],
        ['update', 'prices'],
        ['update', 'course'],
        ['create', 'lesson'],
        ['create', 'prices'],
        ['create', 'course'],
      ]);
      const [deleted, renamed, pricesChange, courseChange] = history.results;
      expect(renamed).toMatchObject({ user: { id: ids.users.anna, name: 'Анна Петрова' }, entityId: lesson.id, before: { title: 'Урок' }, after: { title: 'Урок 1' } });
      expect(new Date(renamed!.at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(courseChange).toMatchObject({ before: { subtitle: 'О чтении' }, after: { subtitle: 'Новый подзаголовок' } });
      expect(pricesChange!.after).toEqual({ prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 1, lessonPrice: 1, lessonWholesalePrice: 1 }] });
      expect(deleted).toMatchObject({ before: { title: 'Урок 1' }, after: null });
      expect(await testDb.database.db.select().from(auditLog).where(eq(auditLog.courseId, course.id))).toHaveLength(7);
    });

    it('keeps the record of a deleted course, with its reviews', async () => {
      const course = await createCourse();
      await testDb.database.db.insert(feedback).values({ author: 'Слушатель', courseId: course.id, text: raw('Спасибо!') });
      expect((await call('DELETE', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).statusCode).toBe(204);
      const rows = await testDb.database.db.select().from(auditLog).where(eq(auditLog.courseId, course.id));
      expect(rows.find((row) => row.action === 'delete')?.before).toMatchObject({ title: 'Новый курс', prices: [expect.objectContaining({ currency: 'CURRENCY_CHOICE_RUB' })], feedback: [expect.objectContaining({ author: 'Слушатель', text: raw('Спасибо!') })] });
      // The history of a deleted course is no longer anyone's to read through the API.
      expect((await call('GET', `/api/v1/mutabo/courses/${course.id}/history/`, 'anna')).statusCode).toBe(404);
    });
  });

  describe('authors', () => {
    /** The letters about authorship queued after `since` (the last letter's id before), in order. */
    const lastLetterId = async () => Math.max(0, ...(await testDb.database.db.select({ id: outboxLetters.id }).from(outboxLetters)).map((row) => row.id));
    const authorLetters = async (since: number) =>
      (await testDb.database.db.select().from(outboxLetters).orderBy(outboxLetters.id)).filter((letter) => letter.id > since && letter.kind.startsWith('author-'));
    const history = async (courseId: number, who: Who) => (await call('GET', `/api/v1/mutabo/courses/${courseId}/history/`, who)).json<HistoryPage>().results;
    /** A queued letter's text, or once the queue has sent it (on PostgreSQL it may go at once), the text sent. */
    const letterText = async (letter: { text: string | null; subject: string | null; recipient: string | null }) => {
      if (letter.text) return letter.text;
      const sent = () => mailer.sent.find((message) => message.subject === letter.subject && message.to.toLowerCase().includes(letter.recipient!.toLowerCase()));
      await eventually(async () => sent() !== undefined);
      return sent()?.text ?? '';
    };
    const anna = { id: ids.authors.anna, name: 'Анна Петрова' };
    const boris = { id: ids.authors.boris, name: 'Борис Иванов' };

    it('records who added or removed which author, and tells that author by a letter queued with the change', async () => {
      const since = await lastLetterId();
      const course = await createCourse();
      const title = `Авторский курс ${course.id}`;
      const added = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { title, authors: [ids.authors.anna, ids.authors.boris], version: course.version });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json<MutaboCourse>().authors.map((author) => author.id)).toEqual([ids.authors.anna, ids.authors.boris]);

      const [addedEntry] = await history(course.id, 'anna');
      expect(addedEntry).toMatchObject({ entity: 'authors', action: 'update', entityId: course.id, user: { id: ids.users.anna, name: 'Анна Петрова' } });
      expect(addedEntry!.before).toEqual({ authors: [anna] });
      expect(addedEntry!.after).toEqual({ authors: [anna, boris] });
      const [addedLetter] = await authorLetters(since);
      expect(addedLetter).toMatchObject({ kind: 'author-added', userId: ids.users.boris, recipient: 'boris@example.org' });
      expect(addedLetter!.subject).toBe(`Вы — автор курса «${title}»`);
      const addedText = await letterText(addedLetter!);
      expect(addedText).toContain(`Вас добавили в авторы курса «${title}»`);
      expect(addedText).toContain('Анна Петрова');
      expect(addedText).toContain(`/mutabo/courses/${course.id}`);

      // The co-author removes the other: allowed (they lead the course together), and no longer silent.
      const version = added.json<MutaboCourse>().version;
      const removed = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'boris', { authors: [ids.authors.boris], version });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).statusCode).toBe(404);
      const entries = await history(course.id, 'boris');
      expect(entries.map((entry) => [entry.action, entry.entity])).toEqual([
        ['update', 'authors'],
        ['update', 'authors'],
        ['update', 'course'],
        ['create', 'prices'],
        ['create', 'course'],
      ]);
      expect(entries[0]).toMatchObject({ user: { id: ids.users.boris, name: 'Борис Иванов' }, before: { authors: [anna, boris] }, after: { authors: [boris] } });
      const letters = await authorLetters(since);
      expect(letters.map((letter) => [letter.kind, letter.userId])).toEqual([
        ['author-added', ids.users.boris],
        ['author-removed', ids.users.anna],
      ]);
      expect(letters[1]!.recipient?.toLowerCase()).toBe('anna@example.org');
      expect(letters[1]!.subject).toBe(`Вы больше не автор курса «${title}»`);
      const removedText = await letterText(letters[1]!);
      expect(removedText).toContain(`Вас убрали из авторов курса «${title}»`);
      expect(removedText).toContain('Борис Иванов');

      // A refused change (a stale version) records nothing and tells nobody.
      const stale = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'boris', { authors: [ids.authors.boris, ids.authors.anna], version });
      expect(stale.statusCode).toBe(409);
      expect(await authorLetters(since)).toHaveLength(2);
      expect(await history(course.id, 'boris')).toHaveLength(5);
    });

    it('keeps the last author, under authors in Russian; the caller may leave a course another author keeps', async () => {
      const since = await lastLetterId();
      const course = await createCourse();
      const last = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { authors: [], version: course.version });
      expect(last.statusCode).toBe(400);
      expect(last.json()).toEqual({ authors: [courseAuthorMessages.lastAuthor] });
      expect(courseAuthorMessages.lastAuthor).toMatch(/хотя бы один автор/);
      expect((await call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).json<MutaboCourse>()).toMatchObject({ version: course.version });

      const shared = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { authors: [ids.authors.anna, ids.authors.boris], version: course.version });
      const left = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { authors: [ids.authors.boris], version: shared.json<MutaboCourse>().version });
      expect(left.statusCode, left.body).toBe(200);
      // The answer is the course as saved, the last time the caller sees it.
      expect(left.json<MutaboCourse>().authors.map((author) => author.id)).toEqual([ids.authors.boris]);
      expect((await call('GET', `/api/v1/mutabo/courses/${course.id}/`, 'anna')).statusCode).toBe(404);
      const [entry] = await history(course.id, 'boris');
      expect(entry).toMatchObject({ entity: 'authors', user: { id: ids.users.anna }, before: { authors: [anna, boris] }, after: { authors: [boris] } });
      // Who left by their own hand gets no letter about it; the one added got theirs.
      const letters = await authorLetters(since);
      expect(letters.map((letter) => [letter.kind, letter.userId])).toEqual([['author-added', ids.users.boris]]);
    });

    it('tells a co-author named when a course is created, and its history names them', async () => {
      const since = await lastLetterId();
      const course = await createCourse({ authors: [ids.authors.boris] });
      const entries = await history(course.id, 'boris');
      expect(entries.map((entry) => [entry.action, entry.entity])).toEqual([
        ['update', 'authors'],
        ['create', 'prices'],
        ['create', 'course'],
      ]);
      expect(entries[0]).toMatchObject({ user: { id: ids.users.anna }, before: { authors: [anna] }, after: { authors: [boris, anna] } });
      const letters = await authorLetters(since);
      expect(letters.map((letter) => [letter.kind, letter.userId])).toEqual([['author-added', ids.users.boris]]);
    });
  });

  describe('the public pages', () => {
    it('show a draft to its authors only', async () => {
      expect((await publicCourse(ids.courses.draft)).statusCode).toBe(404);
      const asPupil = await app.inject({ url: `/api/v1/courses/${ids.courses.draft}/`, headers: bearer(tokens.pupil!) });
      expect(asPupil.statusCode).toBe(404);
      const asOtherAuthor = await app.inject({ url: `/api/v1/courses/${ids.courses.draft}/`, headers: bearer(tokens.boris!) });
      expect(asOtherAuthor.statusCode).toBe(404);
      const asAuthor = await app.inject({ url: `/api/v1/courses/${ids.courses.draft}/`, headers: bearer(tokens.anna!) });
      expect(asAuthor.statusCode).toBe(200);
      expect(asAuthor.json<CourseDetails>()).toMatchObject({ id: ids.courses.draft, state: 'draft', title: 'Секретный черновик' });
      // The preview never enters the visitors' cache.
      expect((await publicCourse(ids.courses.draft)).statusCode).toBe(404);
      expect((await app.inject('/api/v1/courses/')).json<CourseShort[]>().some((course) => course.id === ids.courses.draft)).toBe(false);
    });

    it('change at once after a write', async () => {
      const course = await createCourse();
      await createLesson(course.id, { state: 'published', title: 'Первое' });
      const announced = await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'announced', version: course.version });
      expect(announced.statusCode).toBe(200);
      expect((await publicCourse(course.id)).json<CourseDetails>().title).toBe('Новый курс');
      expect((await app.inject('/api/v1/courses/')).json<CourseShort[]>().some((entry) => entry.id === course.id)).toBe(true);
      await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { title: 'Переименованный', version: course.version + 1 });
      expect((await publicCourse(course.id)).json<CourseDetails>().title).toBe('Переименованный');
      const [price] = await testDb.database.db.select().from(prices).where(eq(prices.courseId, course.id));
      expect(price?.lessonPrice).toBe('700.50');
    });

    it.runIf(mode === 'postgres')('change at once in a second app instance on the same PostgreSQL', async () => {
      const second = openPostgres(testDb.url!, { poolSize: 2, reconnectDelayMs: 100 });
      const other = await buildTestApp({ database: second });
      try {
        const course = await createCourse();
        const lesson = await createLesson(course.id, { state: 'published', title: 'Первое' });
        await call('PATCH', `/api/v1/mutabo/courses/${course.id}/`, 'anna', { state: 'announced', version: course.version });
        const titleSeen = async () => {
          const response = await other.inject(`/api/v1/courses/${course.id}/`);
          return response.statusCode === 200 ? response.json<CourseDetails>().lessons[0]?.title : null;
        };
        expect(await eventually(async () => (await titleSeen()) === 'Первое', 5000)).toBe(true);
        // Now cached in the second instance; an author's write through the first must reach it.
        await titleSeen();
        await call('PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, 'anna', { title: 'Первое, исправленное', version: lesson.version });
        expect(await eventually(async () => (await titleSeen()) === 'Первое, исправленное', 5000)).toBe(true);
      } finally {
        await other.close();
        await second.close();
      }
    });
  });
});
