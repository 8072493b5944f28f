// The authors' API for the library (/api/v1/mutabo/library-items/, /library-categories/), each author's own page
// (/authors/{id}/) and the timetable (/pages-content/timetable/); the public pages change at once, also in a second
// process on the same PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboAuthor } from '../../common/mutabo/author.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLibraryCategory, MutaboLibraryItem } from '../../common/mutabo/library.ts';
import { MAX_QUOTATION_LENGTH, sharedContentMessages as s, type MutaboPage } from '../../common/mutabo/sharedContent.ts';
import { DEFAULT_TIMETABLE_NAME, type MutaboTimetable } from '../../common/mutabo/timetable.ts';
import type { Author, LibraryCategory, LibraryItem, LibraryPage, Timetable } from '../../common/wireTypes.ts';
import { openPostgres } from '../src/db/client.ts';
import { authors, libraryCategories, pagesContent, uploads } from '../src/db/schema.ts';
import { eventually } from './eventually.ts';
import { buildTestApp, ids } from './fixtures.ts';
import { openMutaboKit, raw, type MutaboKit } from './mutaboKit.ts';
import { dbModes } from './testDb.ts';

const controlMessage = mutaboMessages.controlCharacters;
const PDF_URL = '/media/0123456789abcdef/reader.pdf';
const PNG_URL = '/media/fedcba9876543210/portrait.png';

describe.each(dbModes())('the authors’ library and pages (%s)', (mode) => {
  let kit: MutaboKit;
  beforeAll(async () => {
    kit = await openMutaboKit(mode);
    const file = (key: string, contentType: string) => ({ key, sha256: key.slice(0, 16).padEnd(64, '0'), name: key.split('/')[1]!, contentType, size: 4, data: Buffer.from('test') });
    await kit.testDb.database.db.insert(uploads).values([file('0123456789abcdef/reader.pdf', 'application/pdf'), file('fedcba9876543210/portrait.png', 'image/png')]);
  });
  afterAll(async () => {
    await kit?.close();
  });

  const call: MutaboKit['call'] = (...args) => kit.call(...args);
  const db = () => kit.testDb.database.db;

  const createItem = async (extra: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/mutabo/library-items/', 'anna', { title: 'Хрестоматия', author: 'Составитель', file: PDF_URL, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MutaboLibraryItem>();
  };

  describe('library items', () => {
    it('lists every item, newest first, with draft courses, searched and filtered', async () => {
      const page = (await call('GET', '/api/v1/mutabo/library-items/', 'anna')).json<MutaboPage<MutaboLibraryItem>>();
      expect(page).toMatchObject({ count: 20, currentPage: 1, pages: 1, next: null });
      expect(page.results[0]).toMatchObject({ title: 'Материал 20', version: 1 });
      expect(page.results.find((item) => item.title === 'Материал 1')).toMatchObject({ courses: [ids.courses.open, ids.courses.draft], categories: [ids.libraryCategories.articles] });
      const found = (await call('GET', `/api/v1/mutabo/library-items/?search=${encodeURIComponent('автор 1')}`, 'anna')).json<MutaboPage<MutaboLibraryItem>>();
      expect(found.results.map((item) => item.title).sort()).toEqual(['Материал 1', 'Материал 10', 'Материал 11', 'Материал 12', 'Материал 13', 'Материал 14', 'Материал 15', 'Материал 16', 'Материал 17', 'Материал 18', 'Материал 19']);
      const filtered = (await call('GET', `/api/v1/mutabo/library-items/?category=${ids.libraryCategories.articles}&course=${ids.courses.draft}`, 'anna')).json<MutaboPage<MutaboLibraryItem>>();
      expect(filtered.results.map((item) => item.title)).toEqual(['Материал 16', 'Материал 11', 'Материал 6', 'Материал 1']);
    });

    it('creates an item with an uploaded file, changes and deletes it; the public library shows it at once', async () => {
      const publicList = async () => (await kit.app.inject('/api/v1/library-items/?limit=100')).json<LibraryPage>();
      const before = await publicList();
      const item = await createItem({ categories: [ids.libraryCategories.books, ids.libraryCategories.books], courses: [ids.courses.draft, ids.courses.open] });
      expect(item).toEqual({
        id: expect.any(Number),
        title: 'Хрестоматия',
        author: 'Составитель',
        categories: [ids.libraryCategories.books],
        courses: [ids.courses.open, ids.courses.draft],
        externalLink: null,
        file: PDF_URL,
        version: 1,
      });
      const shown = (await publicList()).results.find((entry) => entry.id === item.id);
      // The public form leaves draft courses out.
      expect(shown).toEqual<LibraryItem>({ id: item.id, title: 'Хрестоматия', author: 'Составитель', categories: [ids.libraryCategories.books], courses: [ids.courses.open], externalLink: null, file: PDF_URL });

      const changed = await call('PATCH', `/api/v1/mutabo/library-items/${item.id}/`, 'boris', { file: '', externalLink: 'https://example.org/reader', courses: [], version: 1 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<MutaboLibraryItem>()).toMatchObject({ file: null, externalLink: 'https://example.org/reader', courses: [], categories: [ids.libraryCategories.books], version: 2 });
      expect((await kit.app.inject(`/api/v1/library-items/${item.id}`)).json<LibraryItem>()).toMatchObject({ externalLink: 'https://example.org/reader', file: null, courses: [] });

      // Only the links changed: still a new version, and recorded.
      const relinked = await call('PATCH', `/api/v1/mutabo/library-items/${item.id}/`, 'anna', { categories: [ids.libraryCategories.video], version: 2 });
      expect(relinked.json<MutaboLibraryItem>()).toMatchObject({ categories: [ids.libraryCategories.video], version: 3 });
      const stale = await call('PATCH', `/api/v1/mutabo/library-items/${item.id}/`, 'boris', { title: 'Старое', version: 2 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: s.staleLibraryItem });

      const lastLink = await call('PATCH', `/api/v1/mutabo/library-items/${item.id}/`, 'anna', { externalLink: null, version: 3 });
      expect(lastLink.statusCode).toBe(400);
      expect(lastLink.json()).toEqual({ file: [s.linkOrFileRequired] });

      expect((await call('DELETE', `/api/v1/mutabo/library-items/${item.id}/`, 'anna')).statusCode).toBe(204);
      expect((await publicList()).count).toBe(before.count);
      expect((await kit.app.inject(`/api/v1/library-items/${item.id}`)).statusCode).toBe(404);
      const history = (await call('GET', `/api/v1/mutabo/history/?entity=libraryItem&id=${item.id}`, 'anna')).json<HistoryPage>();
      expect(history.results.map((entry) => entry.action)).toEqual(['delete', 'update', 'update', 'create']);
      expect(history.results[1]).toMatchObject({ before: { categories: [ids.libraryCategories.books] }, after: { categories: [ids.libraryCategories.video] } });
    });

    it('validates every field', async () => {
      const post = (body: unknown) => call('POST', '/api/v1/mutabo/library-items/', 'anna', body);
      expect((await post({})).json()).toEqual({ title: [mutaboMessages.titleRequired], file: [s.linkOrFileRequired] });
      expect((await post({ title: 'Книга\u0000', externalLink: 'ftp://example.org/x', file: 'reader.pdf', categories: 'все', courses: [0] })).json()).toEqual({
        title: [controlMessage],
        externalLink: [s.externalLinkInvalid],
        file: [s.fileInvalid],
        categories: [s.categoriesInvalid],
        courses: [s.coursesInvalid],
      });
      expect((await post({ title: 'Книга', file: '/media/0000000000000000/missing.pdf' })).json()).toEqual({ file: [s.uploadNotFound] });
      for (const file of ['/\\evil.example/x.pdf', '//evil.example/x.pdf']) expect((await post({ title: 'Книга', file })).json(), file).toEqual({ file: [s.fileInvalid] });
      expect((await post({ title: 'Книга', externalLink: 'https://example.org/', categories: [999] })).json()).toEqual({ categories: [s.categoryUnknown] });
      expect((await post({ title: 'Книга', externalLink: 'https://example.org/', courses: [999] })).json()).toEqual({ courses: [s.courseUnknown] });
      expect((await call('GET', '/api/v1/mutabo/library-items/?category=0', 'anna')).statusCode).toBe(400);
      expect((await call('GET', '/api/v1/mutabo/library-items/999/', 'anna')).json()).toEqual({ detail: s.libraryItemNotFound });
    });
  });

  describe('library categories', () => {
    it('lists the categories by name with their item counts', async () => {
      const list = (await call('GET', '/api/v1/mutabo/library-categories/', 'boris')).json<MutaboLibraryCategory[]>();
      expect(list.map((category) => [category.name, category.itemsCount])).toEqual([
        ['Видео', 4],
        ['Книги', 4],
        ['Статьи', 16],
      ]);
    });

    it('creates, renames and deletes a category; a name taken in any case is refused', async () => {
      const created = await call('POST', '/api/v1/mutabo/library-categories/', 'anna', { name: ' Аудио ' });
      expect(created.statusCode, created.body).toBe(201);
      const category = created.json<MutaboLibraryCategory>();
      expect(category).toEqual({ id: expect.any(Number), name: 'Аудио', itemsCount: 0, version: 1 });
      expect((await kit.app.inject('/api/v1/library-categories/')).json<LibraryCategory[]>()).toContainEqual({ id: category.id, name: 'Аудио' });

      const taken = await call('POST', '/api/v1/mutabo/library-categories/', 'boris', { name: 'книги' });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ name: [s.categoryNameTaken] });
      expect((await call('PATCH', `/api/v1/mutabo/library-categories/${category.id}/`, 'boris', { name: 'СТАТЬИ', version: 1 })).json()).toEqual({ name: [s.categoryNameTaken] });

      const renamed = await call('PATCH', `/api/v1/mutabo/library-categories/${category.id}/`, 'boris', { name: 'Аудиокниги', version: 1 });
      expect(renamed.json<MutaboLibraryCategory>()).toMatchObject({ name: 'Аудиокниги', version: 2 });
      expect((await kit.app.inject('/api/v1/library-categories/')).json<LibraryCategory[]>()).toContainEqual({ id: category.id, name: 'Аудиокниги' });
      const stale = await call('PATCH', `/api/v1/mutabo/library-categories/${category.id}/`, 'anna', { name: 'Аудио', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: s.staleLibraryCategory });

      expect((await call('DELETE', `/api/v1/mutabo/library-categories/${category.id}/`, 'anna')).statusCode).toBe(204);
      expect((await kit.app.inject('/api/v1/library-categories/')).json<LibraryCategory[]>().some((entry) => entry.id === category.id)).toBe(false);
      const history = (await call('GET', `/api/v1/mutabo/history/?entity=libraryCategory&id=${category.id}`, 'anna')).json<HistoryPage>();
      expect(history.results.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    });

    it('refuses to delete a category still used by items (409) and keeps it', async () => {
      const response = await call('DELETE', `/api/v1/mutabo/library-categories/${ids.libraryCategories.video}/`, 'anna');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: s.categoryInUse });
      expect(await db().select().from(libraryCategories).where(eq(libraryCategories.id, ids.libraryCategories.video))).toHaveLength(1);
      expect((await call('POST', '/api/v1/mutabo/library-categories/', 'anna', { name: 'Лишнее\u0000' })).json()).toEqual({ name: [controlMessage] });
      expect((await call('POST', '/api/v1/mutabo/library-categories/', 'anna', { name: '' })).json()).toEqual({ name: [s.categoryNameRequired] });
    });
  });

  describe('the author’s own page', () => {
    it('lets each author read and change only their own page', async () => {
      const own = await call('GET', `/api/v1/mutabo/authors/${ids.authors.boris}/`, 'boris');
      expect(own.json<MutaboAuthor>()).toEqual({
        id: ids.authors.boris,
        firstName: 'Борис',
        lastName: 'Иванов',
        email: 'boris@example.org',
        user: ids.users.boris,
        genitive: 'Бориса Иванова',
        description: 'Историк.',
        quote: 'История — это люди.',
        photo: '/demo/boris.svg',
        gender: '',
        version: 1,
      });
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', { description: 'Чужое', version: 1 }],
        ['PATCH', { description: 5 }],
      ] as const) {
        const response = await call(method, `/api/v1/mutabo/authors/${ids.authors.anna}/`, 'boris', payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: s.notOwnAuthorPage });
      }
      expect((await call('GET', '/api/v1/mutabo/authors/999/', 'boris')).statusCode).toBe(403);
      const [anna] = await db().select().from(authors).where(eq(authors.id, ids.authors.anna));
      expect(anna?.description).toBe('Филолог.');
    });

    it('changes the page with a photo from an upload; the public authors list shows it at once', async () => {
      const before = (await kit.app.inject('/api/v1/authors/')).json<Author[]>();
      expect(before.find((author) => author.id === ids.authors.boris)?.photo).toBe('/demo/boris.svg');
      const changed = await call('PATCH', `/api/v1/mutabo/authors/${ids.authors.boris}/`, 'boris', {
        photo: PNG_URL,
        description: 'Историк.\nВедёт курсы по истории.',
        email: '',
        quote: '  История — это люди, а не даты.  ',
        version: 1,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<MutaboAuthor>()).toMatchObject({
        photo: PNG_URL,
        description: 'Историк.\nВедёт курсы по истории.',
        email: '',
        quote: 'История — это люди, а не даты.',
        version: 2,
      });
      expect((await kit.app.inject('/api/v1/authors/')).json<Author[]>().find((author) => author.id === ids.authors.boris)).toMatchObject({
        photo: PNG_URL,
        email: '',
        quote: 'История — это люди, а не даты.',
      });

      const stale = await call('PATCH', `/api/v1/mutabo/authors/${ids.authors.boris}/`, 'boris', { firstName: 'Борис Петрович', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: s.staleAuthor });
    });

    it('validates every field', async () => {
      const patch = (body: Record<string, unknown>) => call('PATCH', `/api/v1/mutabo/authors/${ids.authors.anna}/`, 'anna', { version: 99, ...body });
      expect((await patch({ firstName: ' ', lastName: 'Пе\u0000трова', email: 'почта', photo: 'javascript:alert(1)' })).json()).toEqual({
        firstName: [s.firstNameRequired],
        lastName: [controlMessage],
        email: [s.emailInvalid],
        photo: [mutaboMessages.urlInvalid],
      });
      expect((await patch({ photo: '/\\evil.example/me.png' })).json()).toEqual({ photo: [mutaboMessages.urlInvalid] });
      // The address becomes the Reply-To of the course's letters: a real mailbox by the accounts' rule, nothing else.
      for (const email of ["javascript:alert('ae')//@ex.com", 'anna<x>@example.org', 'a,b@example.org']) {
        expect((await patch({ email })).json(), email).toEqual({ email: [s.emailInvalid] });
      }
      expect((await patch({ gender: 'f' })).json()).toEqual({ gender: [s.genderInvalid] });
      expect((await patch({ description: 'строка\u0000' })).json()).toEqual({ description: [controlMessage] });
      expect((await patch({ quote: 'я'.repeat(MAX_QUOTATION_LENGTH + 1) })).json()).toEqual({ quote: [s.quotationTooLong] });
      expect((await patch({ photo: PDF_URL })).json()).toEqual({ photo: [s.uploadNotImage] });
      expect((await patch({ photo: '/media/0000000000000000/none.png' })).json()).toEqual({ photo: [s.uploadNotFound] });
      expect((await call('PATCH', `/api/v1/mutabo/authors/${ids.authors.anna}/`, 'anna', { firstName: 'Анна' })).json()).toEqual({ version: [mutaboMessages.versionRequired] });
    });
  });

  describe('the timetable', () => {
    const publicTimetable = () => kit.app.inject('/api/v2/user/pages-content/timetable/');

    it('is read and changed with its version; the public page shows it at once', async () => {
      const current = (await call('GET', '/api/v1/mutabo/pages-content/timetable/', 'anna')).json<MutaboTimetable>();
      expect(current).toMatchObject({ name: 'Расписание занятий', version: 1 });
      expect((await publicTimetable()).json<Timetable>().name).toBe('Расписание занятий');

      const changed = await call('PATCH', '/api/v1/mutabo/pages-content/timetable/', 'boris', { text: raw('Вторник: история.'), version: 1 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json<MutaboTimetable>()).toEqual({ name: 'Расписание занятий', text: raw('Вторник: история.'), version: 2 });
      expect((await publicTimetable()).json<Timetable>()).toEqual({ name: 'Расписание занятий', text: raw('Вторник: история.') });

      const stale = await call('PATCH', '/api/v1/mutabo/pages-content/timetable/', 'anna', { name: 'Старое', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: s.staleTimetable });
      expect((await call('PATCH', '/api/v1/mutabo/pages-content/timetable/', 'anna', { text: 'просто текст', name: '\u0000', version: 2 })).json()).toEqual({
        name: [controlMessage],
        text: [mutaboMessages.richTextInvalid],
      });
      const history = (await call('GET', '/api/v1/mutabo/history/?entity=timetable', 'anna')).json<HistoryPage>();
      expect(history.results).toHaveLength(1);
      expect(history.results[0]).toMatchObject({ action: 'update', user: { name: 'Борис Иванов' }, after: { text: raw('Вторник: история.') } });
    });

    it('is created by the first save when the page does not exist yet', async () => {
      await db().delete(pagesContent).where(eq(pagesContent.slug, 'timetable'));
      kit.app.deps.publicCache.invalidate();
      expect((await publicTimetable()).statusCode).toBe(404);
      expect((await call('GET', '/api/v1/mutabo/pages-content/timetable/', 'anna')).json()).toEqual({ name: DEFAULT_TIMETABLE_NAME, text: '', version: 0 });
      const created = await call('PATCH', '/api/v1/mutabo/pages-content/timetable/', 'anna', { text: raw('Новое расписание.'), version: 0 });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toEqual({ name: DEFAULT_TIMETABLE_NAME, text: raw('Новое расписание.'), version: 1 });
      expect((await publicTimetable()).json()).toEqual({ name: DEFAULT_TIMETABLE_NAME, text: raw('Новое расписание.') });
      // A second «first save» from a copy read before it is stale.
      expect((await call('PATCH', '/api/v1/mutabo/pages-content/timetable/', 'boris', { text: raw('Другое.'), version: 0 })).statusCode).toBe(409);
    });
  });

  it.runIf(mode === 'postgres')('changes the public pages at once in a second app instance on the same PostgreSQL', async () => {
    const second = openPostgres(kit.testDb.url!, { poolSize: 2, reconnectDelayMs: 100 });
    const other = await buildTestApp({ database: second });
    try {
      const timetableText = async () => (await other.inject('/api/v2/user/pages-content/timetable/')).json<Timetable>().text;
      const categoryNames = async () => (await other.inject('/api/v1/library-categories/')).json<LibraryCategory[]>().map((category) => category.name);
      // Read (and so cached) in the second instance first.
      const timetable = (await kit.call('GET', '/api/v1/mutabo/pages-content/timetable/', 'anna')).json<MutaboTimetable>();
      await timetableText();
      await categoryNames();
      await kit.call('PATCH', '/api/v1/mutabo/pages-content/timetable/', 'anna', { text: raw('Из первого процесса.'), version: timetable.version });
      await kit.call('POST', '/api/v1/mutabo/library-categories/', 'anna', { name: 'Подкасты' });
      expect(await eventually(async () => (await timetableText()) === raw('Из первого процесса.'), 5000)).toBe(true);
      expect(await eventually(async () => (await categoryNames()).includes('Подкасты'), 5000)).toBe(true);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
