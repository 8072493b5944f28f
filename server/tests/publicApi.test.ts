// The public read endpoints of spec section 7: shapes, drafts, places, the caller's own fields, CORS.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Author, CourseDetails, CourseShort, Dictionaries, FeedbackPage, Lesson, LibraryCategory, LibraryItem, LibraryPage, Quotation, Timetable } from '../../common/wireTypes.ts';
import { mailingSubscriptions, participants } from '../src/db/schema.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

describe.each(dbModes())('public API (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let pupilToken: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, config: testConfig({ LIBRARY_CORS_ORIGINS: 'https://library.example.org' }) });
    pupilToken = await app.deps.tokens.sign(ids.users.pupil, 'access');
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  describe('authors', () => {
    it('lists authors with the fields the site reads, and the saying the about page shows', async () => {
      const response = await get('/api/v1/authors/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const authors = response.json<Author[]>();
      expect(authors).toEqual([
        { id: 1, firstName: 'Анна', lastName: 'Петрова', email: 'anna@example.org', user: ids.users.anna, genitive: 'Анны Петровой', description: 'Филолог.', photo: '/demo/anna.svg', quote: 'Читайте медленно.' },
        { id: 2, firstName: 'Борис', lastName: 'Иванов', email: 'boris@example.org', user: ids.users.boris, genitive: 'Бориса Иванова', description: 'Историк.', photo: '/demo/boris.svg', quote: 'История — это люди.' },
      ]);
    });

    it('answers without the trailing slash too', async () => {
      const response = await get('/api/v1/authors');
      expect(response.statusCode).toBe(200);
      expect(response.json<Author[]>()).toHaveLength(2);
    });
  });

  describe('courses', () => {
    it('lists every course except drafts in the short form', async () => {
      const courses = (await get('/api/v1/courses/')).json<CourseShort[]>();
      expect(courses.map((course) => course.id).sort()).toEqual([ids.courses.open, ids.courses.announced, ids.courses.yearly, ids.courses.free].sort());
      expect(courses.some((course) => course.state === 'draft')).toBe(false);
      const open = courses.find((course) => course.id === ids.courses.open)!;
      expect(open).toEqual({
        id: ids.courses.open,
        title: 'Открытый курс',
        subtitle: 'Подзаголовок open',
        start: '2030-01-10',
        end: '2030-03-10',
        disciplesAge: 'DISCIPLES_AGE_ADULTS',
        image: '/demo/open.svg',
        thumbnail: '/demo/open-thumb.svg',
        state: 'can_be_subscribed',
        participantsLimit: 2,
        url: '',
        prices: [
          { coursePrice: 4000.5, lessonPrice: 1200, lessonWholesalePrice: 1000, currency: 'CURRENCY_CHOICE_RUB' },
          { coursePrice: 40, lessonPrice: 12, lessonWholesalePrice: 10, currency: 'CURRENCY_CHOICE_EURO' },
        ],
        fullYear: false,
        lessonsBlockSize: 2,
        subscribedForMailouts: false,
        format: 'live',
        recordingDays: null,
        authors: [ids.authors.boris, ids.authors.anna],
        lessons: [ids.lessons.free, ids.lessons.full, ids.lessons.last],
      });
      const announced = courses.find((course) => course.id === ids.courses.announced)!;
      expect(announced).toMatchObject({ start: null, end: null, prices: [], disciplesAge: 'DISCIPLES_AGE_CHILDREN' });
      expect(courses.find((course) => course.id === ids.courses.yearly)).toMatchObject({ fullYear: true, lessons: [] });
    });

    it('gives course details with full authors, published lessons and places', async () => {
      const response = await get(`/api/v1/courses/${ids.courses.open}/`);
      expect(response.statusCode).toBe(200);
      const course = response.json<CourseDetails>();
      expect(course.authors.map((author) => author.genitive)).toEqual(['Бориса Иванова', 'Анны Петровой']);
      expect(JSON.parse(course.description)).toMatchObject({ blocks: [{ text: 'Первый абзац описания.', type: 'unstyled' }, { text: 'Второй абзац описания.' }], entityMap: {} });
      expect(course.subscribedForMailouts).toBe(false);
      expect(course.lessons.map((lesson) => lesson.title)).toEqual(['Свободное занятие', 'Занятие без мест', 'Последнее занятие']);
      expect(course.lessons.map((lesson) => lesson.number)).toEqual([1, 2, 4]);
      const [free, full, last] = course.lessons as [Lesson, Lesson, Lesson];
      expect(free).toEqual({
        id: ids.lessons.free,
        course: ids.courses.open,
        number: 1,
        title: 'Свободное занятие',
        content: expect.stringContaining('Содержание: Свободное занятие.'),
        duration: 90,
        state: 'published',
        hasFreePlaces: true,
        participationState: null,
        participant: null,
        startsAt: null,
        hasRecording: false,
        recordingDuration: null,
      });
      expect(full.hasFreePlaces).toBe(false);
      expect(last).toMatchObject({ hasFreePlaces: true, duration: 60 });
    });

    it('answers the details without the trailing slash', async () => {
      expect((await get(`/api/v1/courses/${ids.courses.open}`)).statusCode).toBe(200);
    });

    it('never shows a draft course', async () => {
      const response = await get(`/api/v1/courses/${ids.courses.draft}/`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Курс не найден.' });
      expect((await get(`/api/v1/courses/${ids.courses.draft}/`, bearer(pupilToken))).statusCode).toBe(404);
      expect((await get(`/api/v1/lessons/?course=${ids.courses.draft}`)).statusCode).toBe(404);
    });

    it('answers 404 for unknown and impossible ids', async () => {
      for (const id of ['999', '0', 'abc', '1.5', '-1', '99999999999999999999', '2147483648']) {
        const response = await get(`/api/v1/courses/${id}/`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json<{ detail: string }>().detail).toMatch(/не найден/i);
      }
    });

    it('has no free places in a lesson whose course has no places at all', async () => {
      const course = (await get(`/api/v1/courses/${ids.courses.free}/`)).json<CourseDetails>();
      expect(course.lessons.map((lesson) => lesson.hasFreePlaces)).toEqual([false]);
    });
  });

  describe('the caller’s own fields', () => {
    beforeAll(async () => {
      const { db } = testDb.database;
      await db.insert(participants).values([
        { userId: ids.users.pupil, lessonId: ids.lessons.free, state: 'approved', participatedAt: new Date('2030-01-10T10:00:00Z') },
        { userId: ids.users.pupil, lessonId: ids.lessons.last, state: 'reserved', expiredAt: new Date(Date.now() + 3_600_000) },
      ]);
      await db.insert(mailingSubscriptions).values({ userId: ids.users.pupil, courseId: ids.courses.open });
      // A process that writes drops its own cache at once; the NOTIFY from PostgreSQL may come a moment later.
      app.deps.publicCache.invalidate();
    });

    it('shows participationState, participant and subscribedForMailouts to a logged-in caller', async () => {
      const course = (await get(`/api/v1/courses/${ids.courses.open}/`, bearer(pupilToken))).json<CourseDetails>();
      expect(course.subscribedForMailouts).toBe(true);
      const [free, full, last] = course.lessons as [Lesson, Lesson, Lesson];
      expect(free.participationState).toBe('approved');
      expect(free.participant).toEqual({ id: expect.any(Number), participated_at: '2030-01-10T10:00:00.000Z', expired_at: null, state: 'approved' });
      expect(full).toMatchObject({ participationState: null, participant: null });
      expect(last.participationState).toBe('reserved');
      expect(last.participant?.expired_at).toEqual(expect.any(String));
    });

    it('counts the reserved and approved places: the last place taken means no free places', async () => {
      // Limit 2: the pupil's approved and reserved places leave one place each; the full lesson has two fillers.
      const anonymous = (await get(`/api/v1/courses/${ids.courses.open}/`)).json<CourseDetails>();
      expect(anonymous.lessons.map((lesson) => lesson.hasFreePlaces)).toEqual([true, false, true]);
      expect(anonymous.lessons.every((lesson) => lesson.participationState === null && lesson.participant === null)).toBe(true);
      expect(anonymous.subscribedForMailouts).toBe(false);
    });

    it('marks subscribed courses in the list for that caller only', async () => {
      const mine = (await get('/api/v1/courses/', bearer(pupilToken))).json<CourseShort[]>();
      expect(mine.filter((course) => course.subscribedForMailouts).map((course) => course.id)).toEqual([ids.courses.open]);
      const anonymous = (await get('/api/v1/courses/')).json<CourseShort[]>();
      expect(anonymous.some((course) => course.subscribedForMailouts)).toBe(false);
    });

    it('treats an invalid or expired token on a public endpoint as anonymous', async () => {
      const expired = await app.deps.tokens.sign(ids.users.pupil, 'access', new Date(Date.now() - 3_600_000));
      const refresh = await app.deps.tokens.sign(ids.users.pupil, 'refresh');
      for (const headers of [bearer('not-a-token'), bearer(expired), bearer(refresh), { authorization: 'Basic abc' }, { authorization: 'Bearer' }]) {
        const response = await get(`/api/v1/courses/${ids.courses.open}/`, headers);
        expect(response.statusCode).toBe(200);
        expect(response.json<CourseDetails>().subscribedForMailouts).toBe(false);
      }
    });

    it('gives lessons of a course with the caller’s fields', async () => {
      const lessons = (await get(`/api/v1/lessons/?course=${ids.courses.open}`, bearer(pupilToken))).json<Lesson[]>();
      expect(lessons.map((lesson) => lesson.participationState)).toEqual(['approved', null, 'reserved']);
      const anonymous = (await get(`/api/v1/lessons?course=${ids.courses.open}`)).json<Lesson[]>();
      expect(anonymous.map((lesson) => lesson.id)).toEqual([ids.lessons.free, ids.lessons.full, ids.lessons.last]);
      expect(anonymous.every((lesson) => lesson.participationState === null)).toBe(true);
    });
  });

  describe('lessons', () => {
    it('requires a valid course id', async () => {
      for (const query of ['', '?course=', '?course=abc', '?course=0', '?course=1&course=2']) {
        const response = await get(`/api/v1/lessons/${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json<Record<string, string[]>>().course).toEqual(['Укажите номер курса целым положительным числом.']);
      }
      expect((await get('/api/v1/lessons/?course=12345')).statusCode).toBe(404);
    });
  });

  describe('feedback', () => {
    it('pages reviews ten at a time, without reviews of draft courses', async () => {
      const first = (await get('/api/v1/feedback/')).json<FeedbackPage>();
      expect(first).toMatchObject({ count: 11, currentPage: 1, nextPage: 2, pages: 2, next: 'http://localhost:8080/api/v1/feedback/?page=2' });
      expect(first.results).toHaveLength(10);
      expect(first.results[0]).toEqual({
        id: 1,
        author: 'Слушатель 1',
        authorAge: 30,
        course: { id: ids.courses.open, title: 'Открытый курс' },
        courseAuthors: [
          { id: ids.authors.boris, firstName: 'Борис', lastName: 'Иванов', genitive: 'Бориса Иванова' },
          { id: ids.authors.anna, firstName: 'Анна', lastName: 'Петрова', genitive: 'Анны Петровой' },
        ],
        footer: 'Москва',
        text: expect.stringContaining('Отзыв номер 1.'),
      });
      const second = (await get('/api/v1/feedback/?page=2')).json<FeedbackPage>();
      expect(second).toMatchObject({ count: 11, currentPage: 2, nextPage: null, pages: 2, next: null });
      expect(second.results.map((item) => item.author)).toEqual(['Слушатель 11']);
      const beyond = (await get('/api/v1/feedback?page=7')).json<FeedbackPage>();
      expect(beyond).toMatchObject({ results: [], currentPage: 7, nextPage: null, pages: 2 });
    });

    it('rejects a malformed page number', async () => {
      for (const page of ['abc', '0', '-1', '1.5', '', '99999999999']) {
        const response = await get(`/api/v1/feedback/?page=${page}`);
        expect(response.statusCode, page).toBe(400);
        expect(response.json()).toEqual({ page: ['Номер страницы должен быть целым числом от 1 до 1 000 000.'] });
      }
    });
  });

  describe('quotations', () => {
    it('lists quotations; a link to a draft course is dropped', async () => {
      const quotations = (await get('/api/v1/quotations/')).json<Quotation[]>();
      expect(quotations).toEqual([
        { id: 1, source: 'Пушкин', text: 'Чтение — вот лучшее учение.', course: { id: ids.courses.open, title: 'Открытый курс' } },
        { id: 2, source: 'Неизвестный автор', text: 'Из черновика.', course: null },
        { id: 3, source: 'Толстой', text: 'Без цитаты курса.', course: null },
      ]);
    });
  });

  describe('library', () => {
    it('lists categories', async () => {
      expect((await get('/api/v1/library-categories/')).json<LibraryCategory[]>()).toEqual([
        { id: 1, name: 'Статьи' },
        { id: 2, name: 'Книги' },
        { id: 3, name: 'Видео' },
      ]);
    });

    it('pages items fifteen at a time by default', async () => {
      const first = (await get('/api/v1/library-items/')).json<LibraryPage>();
      expect(first).toMatchObject({ count: 20, currentPage: 1, pages: 2, next: 'http://localhost:8080/api/v1/library-items/?page=2&limit=15' });
      expect(first.results).toHaveLength(15);
      expect(first.results[0]).toEqual({
        id: 1,
        title: 'Материал 1',
        author: 'Автор 1',
        categories: [ids.libraryCategories.articles],
        courses: [ids.courses.open],
        externalLink: 'https://example.org/item-1',
        file: null,
      });
      expect(first.results[1]).toMatchObject({ externalLink: null, file: '/demo/library/item-2.pdf', courses: [] });
      const second = (await get('/api/v1/library-items/?page=2')).json<LibraryPage>();
      expect(second).toMatchObject({ currentPage: 2, pages: 2, next: null });
      expect(second.results.map((item) => item.id)).toEqual([16, 17, 18, 19, 20]);
    });

    it('filters by categories and courses (any of the listed ids) and honours limit', async () => {
      const books = (await get('/api/v1/library-items/?categories=2,3&limit=2')).json<LibraryPage>();
      expect(books).toMatchObject({ count: 4, pages: 2, currentPage: 1 });
      expect(books.results.map((item) => item.id)).toEqual([17, 18]);
      expect(books.next).toBe('http://localhost:8080/api/v1/library-items/?page=2&limit=2&categories=2,3');
      const ofCourse = (await get(`/api/v1/library-items?courses=${ids.courses.open}&categories=1`)).json<LibraryPage>();
      expect(ofCourse.results.map((item) => item.id)).toEqual([1, 6, 11, 16]);
      const none = (await get('/api/v1/library-items/?categories=99')).json<LibraryPage>();
      expect(none).toMatchObject({ count: 0, results: [], pages: 1, next: null });
      const empty = (await get('/api/v1/library-items/?categories=&courses=')).json<LibraryPage>();
      expect(empty.count).toBe(20);
    });

    it('rejects malformed library queries with field messages', async () => {
      const cases: [string, string][] = [
        ['page=abc', 'page'],
        ['page=0', 'page'],
        ['limit=0', 'limit'],
        ['limit=100000', 'limit'],
        ['limit=x', 'limit'],
        ['categories=1,x', 'categories'],
        ['categories=,', 'categories'],
        ['categories=1,,2', 'categories'],
        ['courses=-1', 'courses'],
        ['courses=99999999999', 'courses'],
      ];
      for (const [query, field] of cases) {
        const response = await get(`/api/v1/library-items/?${query}`);
        expect(response.statusCode, query).toBe(400);
        const body = response.json<Record<string, string[]>>();
        expect(Object.keys(body), query).toEqual([field]);
        expect(body[field]![0]).toMatch(/^[А-ЯЁ]/);
      }
      const both = (await get('/api/v1/library-items/?page=x&limit=1000')).json<Record<string, string[]>>();
      expect(Object.keys(both).sort()).toEqual(['limit', 'page']);
    });

    it('gives one item with and without the trailing slash; unknown ids are 404', async () => {
      const item = (await get('/api/v1/library-items/17')).json<LibraryItem>();
      expect(item).toMatchObject({ id: 17, categories: [2, 3], courses: [] });
      expect((await get('/api/v1/library-items/17/')).statusCode).toBe(200);
      const missing = await get('/api/v1/library-items/999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Материал не найден.' });
      expect((await get('/api/v1/library-items/abc')).statusCode).toBe(404);
    });

    it('answers CORS for the configured library origin only', async () => {
      const allowed = await get('/api/v1/library-items/', { origin: 'https://library.example.org' });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://library.example.org');
      const other = await get('/api/v1/library-categories/', { origin: 'https://evil.example.com' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/library-items/?page=2',
        headers: { origin: 'https://library.example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,accept-language' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://library.example.org');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
      // The rest of the API is same-origin only.
      const courses = await get('/api/v1/courses/', { origin: 'https://library.example.org' });
      expect(courses.headers['access-control-allow-origin']).toBeUndefined();
      const coursesPreflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/v1/courses/',
        headers: { origin: 'https://library.example.org', 'access-control-request-method': 'GET' },
      });
      expect(coursesPreflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('dictionaries and timetable', () => {
    it('gives every ISO country with its Russian name, sorted by name, and time zones named in Russian with offsets', async () => {
      const { countries, timezones } = (await get('/api/v1/dictionaries/')).json<Dictionaries>();
      expect(countries).toHaveLength(249);
      expect(countries).toContainEqual(['RU', 'Россия']);
      expect(countries).toContainEqual(['DE', 'Германия']);
      const names = countries.map(([, name]) => name);
      expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
      expect(timezones).toContainEqual(['Europe/Moscow', '(UTC+03:00) Москва']);
      expect(timezones).toContainEqual(['Asia/Yekaterinburg', '(UTC+05:00) Екатеринбург']);
      expect(timezones).toContainEqual(['America/New_York', expect.stringMatching(/^\(UTC-0[45]:00\) Нью-Йорк$/)]);
      // ICU lists zones by their CLDR ids (Asia/Calcutta), as browsers report them; a one-zone country is named.
      expect(timezones).toContainEqual(['Asia/Calcutta', '(UTC+05:30) Индия']);
      expect(timezones.length).toBeGreaterThan(300);
      // Every label is «(UTC±hh:mm) place» in Russian, without the zone's Latin id; by offset, then by name.
      for (const [, label] of timezones) expect(label).toMatch(/^\(UTC[+-]\d{2}:\d{2}\) [^/_]*[А-Яа-яЁё][^/_]*$/);
      const keys = timezones.map(([, label]) => {
        const [, sign, hours, minutes, place] = /^\(UTC([+-])(\d{2}):(\d{2})\) (.*)$/.exec(label)!;
        return { offset: (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)), place: place! };
      });
      const collator = new Intl.Collator('ru');
      for (let index = 1; index < keys.length; index += 1) {
        const [before, after] = [keys[index - 1]!, keys[index]!];
        expect(before.offset < after.offset || (before.offset === after.offset && collator.compare(before.place, after.place) <= 0)).toBe(true);
      }
    });

    it('gives the timetable at /api/v2', async () => {
      const response = await get('/api/v2/user/pages-content/timetable/');
      expect(response.statusCode).toBe(200);
      const timetable = response.json<Timetable>();
      expect(timetable.name).toBe('Расписание занятий');
      expect(JSON.parse(timetable.text).blocks.map((block: { text: string }) => block.text)).toEqual(['Понедельник: чтение.', 'Среда: письмо.']);
      expect((await get('/api/v2/user/pages-content/timetable')).statusCode).toBe(200);
    });
  });
});
