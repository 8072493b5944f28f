// The authors' API for the content both authors share: quotations and reviews (/api/v1/mutabo/quotations/,
// /feedback/), who may call what, and the shared history (/api/v1/mutabo/history/).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboFeedback } from '../../common/mutabo/feedback.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboQuotation } from '../../common/mutabo/quotations.ts';
import { MUTABO_PAGE_SIZE, sharedContentMessages as s, type MutaboPage } from '../../common/mutabo/sharedContent.ts';
import type { FeedbackPage, Quotation } from '../../common/wireTypes.ts';
import { auditLog, feedback, quotations } from '../src/db/schema.ts';
import { ids } from './fixtures.ts';
import { openMutaboKit, raw, type Method, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const controlMessage = mutaboMessages.controlCharacters;

describe.each(dbModes())('the authors’ shared content (%s)', (mode) => {
  let kit: MutaboKit;
  beforeAll(async () => {
    kit = await openMutaboKit(mode);
  });
  afterAll(async () => {
    await kit?.close();
  });

  const call: MutaboKit['call'] = (...args) => kit.call(...args);
  const db = () => kit.testDb.database.db;

  const createQuotation = async (extra: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/mutabo/quotations/', 'anna', { source: 'Чехов', text: 'Краткость — сестра таланта.', ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MutaboQuotation>();
  };

  const createReview = async (extra: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/mutabo/feedback/', 'anna', { author: 'Ольга', course: ids.courses.open, text: raw('Спасибо за курс!'), ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MutaboFeedback>();
  };

  describe('who may call it', () => {
    const endpoints: [Method, string, unknown?][] = [
      ['GET', '/api/v1/mutabo/quotations/'],
      ['POST', '/api/v1/mutabo/quotations/', { source: 'Гость', text: 'Текст' }],
      ['GET', '/api/v1/mutabo/quotations/1/'],
      ['PATCH', '/api/v1/mutabo/quotations/1/', { text: 'Чужое', version: 1 }],
      ['DELETE', '/api/v1/mutabo/quotations/1/'],
      ['GET', '/api/v1/mutabo/feedback/'],
      ['POST', '/api/v1/mutabo/feedback/', { author: 'Гость', course: 1, text: raw('Текст') }],
      ['GET', '/api/v1/mutabo/feedback/1/'],
      ['PATCH', '/api/v1/mutabo/feedback/1/', { author: 'Чужой', version: 1 }],
      ['DELETE', '/api/v1/mutabo/feedback/1/'],
      ['GET', '/api/v1/mutabo/library-items/'],
      ['POST', '/api/v1/mutabo/library-items/', { title: 'Гость', externalLink: 'https://example.org/' }],
      ['GET', '/api/v1/mutabo/library-items/1/'],
      ['PATCH', '/api/v1/mutabo/library-items/1/', { title: 'Чужое', version: 1 }],
      ['DELETE', '/api/v1/mutabo/library-items/1/'],
      ['GET', '/api/v1/mutabo/library-categories/'],
      ['POST', '/api/v1/mutabo/library-categories/', { name: 'Гостевая' }],
      ['GET', '/api/v1/mutabo/library-categories/1/'],
      ['PATCH', '/api/v1/mutabo/library-categories/1/', { name: 'Чужая', version: 1 }],
      ['DELETE', '/api/v1/mutabo/library-categories/3/'],
      ['GET', '/api/v1/mutabo/authors/1/'],
      ['PATCH', '/api/v1/mutabo/authors/1/', { firstName: 'Чужое', version: 1 }],
      ['GET', '/api/v1/mutabo/pages-content/timetable/'],
      ['PATCH', '/api/v1/mutabo/pages-content/timetable/', { name: 'Чужое', version: 1 }],
      ['GET', '/api/v1/mutabo/history/?entity=quotation'],
    ];

    it('answers 401 to guests and 403 to users who are not authors, and changes nothing', async () => {
      for (const [method, url, payload] of endpoints) {
        const guest = await call(method, url, 'guest', payload);
        expect(guest.statusCode, `${method} ${url}`).toBe(401);
        expect(guest.json()).toEqual({ detail: expect.any(String) });
        const pupil = await call(method, url, 'pupil', payload);
        expect(pupil.statusCode, `${method} ${url}`).toBe(403);
        expect(pupil.json()).toEqual({ detail: mutaboMessages.notAuthor });
      }
      expect(await db().select().from(auditLog)).toEqual([]);
      const [quotation] = await db().select().from(quotations).where(eq(quotations.id, 1));
      expect(quotation).toMatchObject({ text: 'Чтение — вот лучшее учение.', version: 1 });
    });

    it('lets either author read and write the shared content', async () => {
      const created = await createQuotation();
      const byBoris = await call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, 'boris', { text: 'Исправил Борис.', version: created.version });
      expect(byBoris.statusCode, byBoris.body).toBe(200);
      expect(byBoris.json<MutaboQuotation>()).toMatchObject({ text: 'Исправил Борис.', version: created.version + 1 });
      expect((await call('DELETE', `/api/v1/mutabo/quotations/${created.id}/`, 'boris')).statusCode).toBe(204);
    });
  });

  describe('quotations', () => {
    it('lists every quotation, newest first, with its course even when the course is a draft', async () => {
      const response = await call('GET', '/api/v1/mutabo/quotations/', 'anna');
      expect(response.statusCode).toBe(200);
      const page = response.json<MutaboPage<MutaboQuotation>>();
      expect(page).toMatchObject({ currentPage: 1, pages: 1, next: null });
      const fromDraft = page.results.find((quotation) => quotation.text === 'Из черновика.');
      expect(fromDraft).toMatchObject({ source: 'Неизвестный автор', course: { id: ids.courses.draft, title: 'Секретный черновик' }, version: expect.any(Number) });
      expect(page.results.map((quotation) => quotation.id)).toEqual([...page.results.map((quotation) => quotation.id)].sort((a, b) => b - a));
    });

    it('searches the source, the text and the course title without case, literally, and pages', async () => {
      const search = async (query: string) => (await call('GET', `/api/v1/mutabo/quotations/?${query}`, 'anna')).json<MutaboPage<MutaboQuotation>>();
      expect((await search('search=ПУШКИН')).results.map((quotation) => quotation.source)).toEqual(['Пушкин']);
      expect((await search('search=%D1%81%D0%B5%D0%BA%D1%80%D0%B5%D1%82%D0%BD')).results.map((quotation) => quotation.text)).toEqual(['Из черновика.']);
      expect((await search(`search=${encodeURIComponent('100%')}`)).count).toBe(0);
      for (let index = 0; index < MUTABO_PAGE_SIZE; index += 1) await createQuotation({ source: `Пагинация ${index}`, text: `Текст ${index}` });
      const first = await search('search=%D0%9F%D0%B0%D0%B3%D0%B8%D0%BD%D0%B0%D1%86%D0%B8%D1%8F&page=1');
      expect(first).toMatchObject({ count: MUTABO_PAGE_SIZE, pages: 1, next: null });
      const all = await search('');
      expect(all.pages).toBeGreaterThan(1);
      expect(all.next).toBe('/api/v1/mutabo/quotations/?page=2');
      const second = await search('page=2');
      expect(second.currentPage).toBe(2);
      expect(second.results).toHaveLength(all.count - MUTABO_PAGE_SIZE);
      const bad = await call('GET', '/api/v1/mutabo/quotations/?page=0', 'anna');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toHaveProperty('page');
      const nul = await call('GET', '/api/v1/mutabo/quotations/?search=%00', 'anna');
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toEqual({ search: [controlMessage] });
    });

    it('creates, reads, changes and deletes, each write recorded', async () => {
      const created = await createQuotation({ text: 'Строка одна /\nстрока две', course: ids.courses.announced });
      expect(created).toEqual({ id: expect.any(Number), source: 'Чехов', text: 'Строка одна /\nстрока две', course: { id: ids.courses.announced, title: 'Анонс' }, version: 1 });
      expect((await call('GET', `/api/v1/mutabo/quotations/${created.id}/`, 'boris')).json()).toEqual(created);

      const changed = await call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, 'anna', { course: null, version: 1 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<MutaboQuotation>()).toMatchObject({ course: null, version: 2 });

      // A save that changes nothing keeps the version and is not recorded.
      const same = await call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, 'anna', { source: 'Чехов', version: 2 });
      expect(same.json<MutaboQuotation>().version).toBe(2);

      expect((await call('DELETE', `/api/v1/mutabo/quotations/${created.id}/`, 'anna')).statusCode).toBe(204);
      expect((await call('GET', `/api/v1/mutabo/quotations/${created.id}/`, 'anna')).json()).toEqual({ detail: s.quotationNotFound });
      expect((await call('DELETE', `/api/v1/mutabo/quotations/${created.id}/`, 'anna')).statusCode).toBe(404);

      const history = (await call('GET', `/api/v1/mutabo/history/?entity=quotation&id=${created.id}`, 'boris')).json<HistoryPage>();
      expect(history.results.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
      expect(history.results[1]).toMatchObject({
        user: { id: ids.users.anna, name: 'Анна Петрова' },
        entity: 'quotation',
        entityId: created.id,
        before: { course: ids.courses.announced },
        after: { course: null },
      });
      expect(history.results[0]).toMatchObject({ before: { source: 'Чехов', text: 'Строка одна /\nстрока две', course: null }, after: null });
    });

    it('refuses a stale copy with 409 and keeps the other author’s save', async () => {
      const created = await createQuotation();
      const byBoris = await call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, 'boris', { text: 'Версия Бориса.', version: created.version });
      expect(byBoris.statusCode).toBe(200);
      const byAnna = await call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, 'anna', { text: 'Версия Анны.', version: created.version });
      expect(byAnna.statusCode).toBe(409);
      expect(byAnna.json()).toEqual({ detail: s.staleQuotation });
      const [row] = await db().select().from(quotations).where(eq(quotations.id, created.id));
      expect(row).toMatchObject({ text: 'Версия Бориса.', version: 2 });
    });

    it('lets exactly one of two simultaneous saves of the same version through', async () => {
      const created = await createQuotation();
      const answers = await Promise.all(
        (['anna', 'boris'] as const).map((who) => call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, who, { text: `Сохранил(а) ${who}.`, version: created.version })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<MutaboQuotation>();
      const [row] = await db().select().from(quotations).where(eq(quotations.id, created.id));
      expect(row).toMatchObject({ text: winner.text, version: 2 });
      const history = (await call('GET', `/api/v1/mutabo/history/?entity=quotation&id=${created.id}`, 'anna')).json<HistoryPage>();
      expect(history.results.map((entry) => entry.action)).toEqual(['update', 'create']);
    });

    it('validates every field, with messages under the fields', async () => {
      const post = (body: unknown) => call('POST', '/api/v1/mutabo/quotations/', 'anna', body);
      expect((await post({})).json()).toEqual({ source: [s.sourceRequired], text: [s.quotationRequired] });
      expect((await post({ source: '  ', text: 5 })).json()).toEqual({ source: [s.sourceRequired], text: [mutaboMessages.notText] });
      expect((await post({ source: 'Пушкин\u0000', text: 'Текст\u0007' })).json()).toEqual({ source: [controlMessage], text: [controlMessage] });
      expect((await post({ source: 'x'.repeat(301), text: 'Текст', course: 'первый' })).json()).toEqual({ source: [s.sourceTooLong], course: [s.courseInvalid] });
      const unknownCourse = await post({ source: 'Пушкин', text: 'Текст', course: 999 });
      expect(unknownCourse.statusCode).toBe(400);
      expect(unknownCourse.json()).toEqual({ course: [s.courseUnknown] });
      expect((await post([1, 2])).json()).toEqual({ nonFieldErrors: [mutaboMessages.invalidBody] });
      const noVersion = await call('PATCH', '/api/v1/mutabo/quotations/1/', 'anna', { text: 'Без версии' });
      expect(noVersion.json()).toEqual({ version: [mutaboMessages.versionRequired] });
      expect((await call('PATCH', '/api/v1/mutabo/quotations/999/', 'anna', { text: 'Нет такой', version: 1 })).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/mutabo/quotations/abc/', 'anna')).statusCode).toBe(404);
      expect(await db().select().from(quotations).where(eq(quotations.source, 'Пушкин\u0000'.slice(0, 6)))).toHaveLength(1);
    });

    it('changes the home page’s quotations at once', async () => {
      const before = (await kit.app.inject('/api/v1/quotations/')).json<Quotation[]>();
      const created = await createQuotation({ text: 'Новая цитата для главной.', course: ids.courses.open });
      const after = (await kit.app.inject('/api/v1/quotations/')).json<Quotation[]>();
      expect(after).toHaveLength(before.length + 1);
      expect(after.find((quotation) => quotation.id === created.id)).toEqual({ id: created.id, source: 'Чехов', text: 'Новая цитата для главной.', course: { id: ids.courses.open, title: 'Открытый курс' } });
      await call('PATCH', `/api/v1/mutabo/quotations/${created.id}/`, 'anna', { text: 'Исправленная цитата.', version: 1 });
      expect((await kit.app.inject('/api/v1/quotations/')).json<Quotation[]>().find((quotation) => quotation.id === created.id)?.text).toBe('Исправленная цитата.');
      await call('DELETE', `/api/v1/mutabo/quotations/${created.id}/`, 'anna');
      expect((await kit.app.inject('/api/v1/quotations/')).json<Quotation[]>()).toHaveLength(before.length);
    });
  });

  describe('reviews', () => {
    it('lists every review with its course, drafts included, filtered by course and searched', async () => {
      const all = (await call('GET', '/api/v1/mutabo/feedback/', 'anna')).json<MutaboPage<MutaboFeedback>>();
      expect(all.count).toBeGreaterThanOrEqual(12);
      expect(all.results[0]).toMatchObject({ course: { id: expect.any(Number), title: expect.any(String) }, createdAt: expect.any(String), version: expect.any(Number) });
      const ofDraft = (await call('GET', `/api/v1/mutabo/feedback/?course=${ids.courses.draft}`, 'anna')).json<MutaboPage<MutaboFeedback>>();
      expect(ofDraft.results.map((review) => review.author)).toEqual(['Слушатель 12']);
      const searched = (await call('GET', `/api/v1/mutabo/feedback/?search=${encodeURIComponent('москва')}`, 'anna')).json<MutaboPage<MutaboFeedback>>();
      expect(searched.results.map((review) => review.footer)).toEqual(['Москва']);
      expect((await call('GET', '/api/v1/mutabo/feedback/?course=x', 'anna')).json()).toEqual({ course: [s.courseInvalid] });
    });

    it('creates, changes and deletes a review; the reviews page shows it at once', async () => {
      const publicPage = async () => (await kit.app.inject('/api/v1/feedback/')).json<FeedbackPage>();
      const before = await publicPage();
      const review = await createReview({ authorAge: '14', footer: 'Казань\nшкола 5' });
      expect(review).toMatchObject({ author: 'Ольга', authorAge: 14, footer: 'Казань\nшкола 5', course: { id: ids.courses.open, title: 'Открытый курс' }, text: raw('Спасибо за курс!'), version: 1 });
      const shown = await publicPage();
      expect(shown.count).toBe(before.count + 1);
      expect(shown.results[0]).toMatchObject({ id: review.id, author: 'Ольга', authorAge: 14 });

      // The draft is Anna's: she may move the review to it.
      const moved = await call('PATCH', `/api/v1/mutabo/feedback/${review.id}/`, 'anna', { course: ids.courses.draft, authorAge: null, version: 1 });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<MutaboFeedback>()).toMatchObject({ course: { id: ids.courses.draft }, authorAge: null, version: 2 });
      // A review of a draft course is not public.
      expect((await publicPage()).count).toBe(before.count);

      const stale = await call('PATCH', `/api/v1/mutabo/feedback/${review.id}/`, 'boris', { author: 'Оля', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: s.staleFeedback });

      expect((await call('DELETE', `/api/v1/mutabo/feedback/${review.id}/`, 'boris')).statusCode).toBe(204);
      expect(await db().select().from(feedback).where(eq(feedback.id, review.id))).toEqual([]);
      const history = (await call('GET', `/api/v1/mutabo/history/?entity=feedback&id=${review.id}`, 'anna')).json<HistoryPage>();
      expect(history.results.map((entry) => [entry.action, entry.user?.name])).toEqual([
        ['delete', 'Борис Иванов'],
        ['update', 'Анна Петрова'],
        ['create', 'Анна Петрова'],
      ]);
    });

    it('validates every field', async () => {
      const post = (body: unknown) => call('POST', '/api/v1/mutabo/feedback/', 'anna', body);
      expect((await post({})).json()).toEqual({ author: [s.reviewerRequired], course: [s.courseInvalid], text: [s.reviewTextRequired] });
      expect((await post({ author: 'Ольга', course: ids.courses.open, text: '' })).json()).toEqual({ text: [s.reviewTextRequired] });
      expect((await post({ author: 'Ольга', course: ids.courses.open, text: raw('  ') })).json()).toEqual({ text: [s.reviewTextRequired] });
      expect((await post({ author: 'Ольга', course: ids.courses.open, text: 'просто текст' })).json()).toEqual({ text: [mutaboMessages.richTextInvalid] });
      expect((await post({ author: 'Оль\u0000га', authorAge: 151, course: 999, text: raw('Хорошо'), footer: 'a\u0000' })).json()).toEqual({
        author: [controlMessage],
        authorAge: [s.authorAgeInvalid],
        footer: [controlMessage],
      });
      const unknownCourse = await post({ author: 'Ольга', course: 999, text: raw('Хорошо') });
      expect(unknownCourse.json()).toEqual({ course: [s.courseUnknown] });
      // A NUL inside the rich text's JSON is kept as its escape; the text is stored and read back as sent.
      const escaped = await post({ author: 'Ольга', course: ids.courses.open, text: { blocks: [{ key: 'a', text: 'До\u0000после', type: 'unstyled' }], entityMap: {} } });
      expect(escaped.statusCode, escaped.body).toBe(201);
      expect(JSON.parse(escaped.json<MutaboFeedback>().text).blocks[0].text).toBe('До\u0000после');
    });
  });

  describe('a draft course of another author', () => {
    // The fixture's draft (Секретный черновик) is Anna's alone; «Курс без цены» is Anna's alone and published.
    it('cannot take a quotation or a review from Boris: the same refusal as an unknown course, without its title', async () => {
      const unknown = await call('POST', '/api/v1/mutabo/quotations/', 'boris', { source: 'Борис', text: 'Цитата.', course: 999_999 });
      expect(unknown.statusCode).toBe(400);
      const attempts = [
        await call('POST', '/api/v1/mutabo/quotations/', 'boris', { source: 'Борис', text: 'Цитата.', course: ids.courses.draft }),
        await call('POST', '/api/v1/mutabo/feedback/', 'boris', { author: 'Ольга', course: ids.courses.draft, text: raw('Отзыв.') }),
      ];
      const quotation = await createQuotation({ course: null });
      const review = await createReview();
      attempts.push(
        await call('PATCH', `/api/v1/mutabo/quotations/${quotation.id}/`, 'boris', { course: ids.courses.draft, version: quotation.version }),
        await call('PATCH', `/api/v1/mutabo/feedback/${review.id}/`, 'boris', { course: ids.courses.draft, version: review.version }),
      );
      for (const attempt of attempts) {
        expect(attempt.statusCode).toBe(400);
        expect(attempt.json()).toEqual(unknown.json());
        expect(attempt.body).not.toContain('Секретный черновик');
      }
      // Nothing was changed.
      expect((await call('GET', `/api/v1/mutabo/quotations/${quotation.id}/`, 'boris')).json()).toEqual(quotation);
      expect((await call('GET', `/api/v1/mutabo/feedback/${review.id}/`, 'boris')).json()).toEqual(review);
    });

    it('takes them from its own author, and another author’s published course takes them from anyone', async () => {
      const own = await call('POST', '/api/v1/mutabo/quotations/', 'anna', { source: 'Анна', text: 'Своя.', course: ids.courses.draft });
      expect(own.statusCode, own.body).toBe(201);
      expect(own.json<MutaboQuotation>().course).toEqual({ id: ids.courses.draft, title: 'Секретный черновик' });
      const ownReview = await call('POST', '/api/v1/mutabo/feedback/', 'anna', { author: 'Ольга', course: ids.courses.draft, text: raw('Отзыв.') });
      expect(ownReview.statusCode, ownReview.body).toBe(201);
      for (const course of [ids.courses.free, ids.courses.announced]) {
        const quotation = await call('POST', '/api/v1/mutabo/quotations/', 'boris', { source: 'Борис', text: 'Чужой курс.', course });
        expect(quotation.statusCode, quotation.body).toBe(201);
        const review = await call('POST', '/api/v1/mutabo/feedback/', 'boris', { author: 'Ольга', course, text: raw('Отзыв.') });
        expect(review.statusCode, review.body).toBe(201);
      }
      // A quotation already on the draft keeps it when Boris changes its text.
      const kept = await call('PATCH', `/api/v1/mutabo/quotations/${own.json<MutaboQuotation>().id}/`, 'boris', { text: 'Исправил Борис.', version: 1 });
      expect(kept.statusCode, kept.body).toBe(200);
    });
  });

  describe('junk', () => {
    it('never gives a 500: every answer is a refusal in the spec’s shape or a success', async () => {
      const urls = [
        '/api/v1/mutabo/quotations/',
        '/api/v1/mutabo/quotations/1/',
        '/api/v1/mutabo/feedback/',
        '/api/v1/mutabo/feedback/2/',
        '/api/v1/mutabo/library-items/',
        '/api/v1/mutabo/library-items/3/',
        '/api/v1/mutabo/library-categories/',
        '/api/v1/mutabo/library-categories/2/',
        `/api/v1/mutabo/authors/${ids.authors.anna}/`,
        '/api/v1/mutabo/pages-content/timetable/',
      ];
      const junk: unknown[] = [
        null,
        'строка',
        [],
        { version: '1' },
        { version: 1.5, source: ['a'], text: { a: 1 }, course: -1 },
        { version: 2 ** 40, title: 'x'.repeat(100_000), name: 7, categories: [1, 'a'], courses: [2 ** 40] },
        { version: 1, author: { nested: { deeper: [] } }, authorAge: '1e3', course: '1', text: { blocks: 'no', entityMap: {} } },
        { version: 1, externalLink: 'https://', file: '//evil.example/x', photo: 'data:image/png;base64,AAAA', email: 'a@b.c\u0000' },
        { version: 1, firstName: '\ud800', description: 'x'.repeat(30_000), genitive: null },
        { version: 1, text: JSON.stringify({ blocks: [{ key: 1, text: 'a', type: 'unstyled' }], entityMap: {} }), name: '\u202e' },
      ];
      for (const url of urls) {
        for (const method of ['POST', 'PATCH'] as const) {
          for (const payload of junk) {
            const response = await kit.app.inject({
              method,
              url,
              headers: { authorization: `Bearer ${await kit.app.deps.tokens.sign(ids.users.anna, 'access')}`, 'content-type': 'application/json' },
              payload: JSON.stringify(payload),
            });
            expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 80)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
            if (response.statusCode >= 400) expect(Object.keys(response.json<object>()).length).toBeGreaterThan(0);
          }
        }
      }
      for (const query of ['?page=-1', '?page=1e3', '?search=' + 'a'.repeat(300), '?course=%F0%9F%98%80', '?category=99999999999', '?entity=quotation&id=1.5', '?search=%ZZ']) {
        for (const url of ['/api/v1/mutabo/quotations/', '/api/v1/mutabo/feedback/', '/api/v1/mutabo/library-items/', '/api/v1/mutabo/history/']) {
          const response = await call('GET', url + query, 'anna');
          expect(response.statusCode, url + query).toBeLessThan(500);
        }
      }
    });
  });

  describe('control characters', () => {
    it('are a 400 under the field in the course and lesson forms too, never a 500', async () => {
      const course = await call('POST', '/api/v1/mutabo/courses/', 'anna', { title: 'Курс\u0000', subtitle: 'Под\u001bзаголовок', disciplesAge: 'DISCIPLES_AGE_ADULTS', image: '/media/a\u0000' });
      expect(course.statusCode).toBe(400);
      expect(course.json()).toEqual({ title: [controlMessage], subtitle: [controlMessage], image: [controlMessage] });
      const lesson = await call('PATCH', `/api/v1/mutabo/lessons/${ids.lessons.free}/`, 'anna', { title: 'Занятие\u0000', version: 1 });
      expect(lesson.statusCode).toBe(400);
      expect(lesson.json()).toEqual({ title: [controlMessage] });
    });
  });

  describe('history', () => {
    it('lists a kind of content, deletions included, and refuses unknown kinds', async () => {
      const created = await createQuotation({ source: 'Для истории' });
      await call('DELETE', `/api/v1/mutabo/quotations/${created.id}/`, 'anna');
      const page = (await call('GET', '/api/v1/mutabo/history/?entity=quotation', 'boris')).json<HistoryPage>();
      expect(page.results[0]).toMatchObject({ entity: 'quotation', entityId: created.id, action: 'delete' });
      expect(page.results.every((entry) => entry.entity === 'quotation')).toBe(true);
      expect((await call('GET', '/api/v1/mutabo/history/', 'anna')).json()).toEqual({ entity: [s.historyEntityInvalid] });
      expect((await call('GET', '/api/v1/mutabo/history/?entity=course', 'anna')).json()).toEqual({ entity: [s.historyEntityInvalid] });
      expect((await call('GET', '/api/v1/mutabo/history/?entity=quotation&id=0', 'anna')).json()).toEqual({ id: [s.historyIdInvalid] });
    });

    it('shows an author page’s history to its own author only', async () => {
      await call('PATCH', `/api/v1/mutabo/authors/${ids.authors.anna}/`, 'anna', { genitive: 'Анны Петровой-Старшей', version: 1 });
      const own = (await call('GET', '/api/v1/mutabo/history/?entity=author', 'anna')).json<HistoryPage>();
      expect(own.results).toHaveLength(1);
      expect(own.results[0]).toMatchObject({ entityId: ids.authors.anna, before: { genitive: 'Анны Петровой' }, after: { genitive: 'Анны Петровой-Старшей' } });
      expect((await call('GET', '/api/v1/mutabo/history/?entity=author', 'boris')).json<HistoryPage>().results).toEqual([]);
      const other = await call('GET', `/api/v1/mutabo/history/?entity=author&id=${ids.authors.anna}`, 'boris');
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ detail: s.notOwnAuthorPage });
    });
  });
});
