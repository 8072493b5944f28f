import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboAuthor } from '../../common/mutabo/author.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { sharedContentMessages } from '../../common/mutabo/sharedContent.ts';
import type { MutaboTimetable } from '../../common/mutabo/timetable.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { contentHandlers } from './contentData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const timetable: MutaboTimetable = {
  name: 'Расписание текущих занятий',
  text: JSON.stringify({ blocks: [{ key: 'a', text: 'Среда, 18:00 — Чехов', type: 'unstyled' }], entityMap: {} }),
  version: 4,
};

const ownPage: MutaboAuthor = {
  id: 1,
  firstName: 'Анна',
  lastName: 'Мельникова',
  email: 'anna@example.com',
  user: 1,
  genitive: 'Анны Мельниковой',
  description: 'Веду курсы медленного чтения.',
  quote: 'Читать медленно — значит читать дважды.',
  photo: '',
  gender: '',
  version: 2,
};

describe('the timetable of the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      ...contentHandlers(),
      http.get('*/api/v1/mutabo/pages-content/timetable/', () => HttpResponse.json(timetable)),
    );
  });

  it('shows the text in the editor and saves the heading with the version read', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.patch('*/api/v1/mutabo/pages-content/timetable/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...timetable, name: sent.name, version: 5 });
      }),
    );
    const { user } = renderApp('/mutabo/timetable');
    expect(await screen.findByText('Среда, 18:00 — Чехов', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Заголовок страницы'));
    await user.click(screen.getByRole('button', { name: 'Сохранить расписание' }));
    expect(screen.getByLabelText('Заголовок страницы')).toHaveAccessibleDescription(mutaboMessages.titleRequired);
    expect(sent).toBeNull();

    await user.type(screen.getByLabelText('Заголовок страницы'), 'Расписание весны');
    await user.click(screen.getByRole('button', { name: 'Сохранить расписание' }));
    expect(await screen.findByText('Расписание сохранено. На сайте уже новая версия.')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Расписание весны', text: timetable.text, version: 4 });
  });

  it('explains a stale copy (409) and keeps the typed heading', async () => {
    server.use(
      http.patch('*/api/v1/mutabo/pages-content/timetable/', () => HttpResponse.json({ detail: sharedContentMessages.staleTimetable }, { status: 409 })),
    );
    const { user } = renderApp('/mutabo/timetable');
    const name = await screen.findByLabelText('Заголовок страницы', {}, FIRST_RENDER);
    await user.type(name, '!');
    await user.click(screen.getByRole('button', { name: 'Сохранить расписание' }));
    expect(await screen.findByText(sharedContentMessages.staleTimetable)).toBeInTheDocument();
    expect(name).toHaveValue('Расписание текущих занятий!');
    expect(screen.getByRole('button', { name: 'Загрузить текущую версию' })).toBeInTheDocument();
  });

  it('shows who changed the timetable', async () => {
    const history: HistoryPage = {
      count: 1,
      next: null,
      currentPage: 1,
      pages: 1,
      results: [
        { id: 1, at: '2026-11-20T10:00:00Z', user: { id: 2, name: 'Борис Орлов' }, entity: 'timetable', entityId: 1, action: 'update', before: { name: 'Старое' }, after: { name: 'Новое' } },
      ],
    };
    server.use(http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(history)));
    renderApp('/mutabo/timetable');
    expect(await screen.findByText('Расписание: изменено — название: Старое → Новое', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/Борис Орлов/)).toBeInTheDocument();
  });
});

describe("the author's own page", () => {
  beforeEach(() => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      ...contentHandlers(),
      http.get('*/api/v1/mutabo/authors/:id/', ({ params }) => (params.id === '1' ? HttpResponse.json(ownPage) : HttpResponse.json({}, { status: 403 }))),
    );
  });

  it('uploads a photo with its preview and saves the page with the version read', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/uploads/', () => HttpResponse.json({ url: '/media/0123456789abcdef/anna.jpg' }, { status: 201 })),
      http.patch('*/api/v1/mutabo/authors/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...ownPage, photo: '/media/0123456789abcdef/anna.jpg', version: 3 });
      }),
    );
    const { user } = renderApp('/mutabo/author');
    await user.upload(await screen.findByLabelText('Фотография: загрузить файл', {}, FIRST_RENDER), new File(['jpg'], 'anna.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('img', { name: 'Фотография: предпросмотр' })).toHaveAttribute('src', '/media/0123456789abcdef/anna.jpg');
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    expect(await screen.findByText('Страница автора сохранена. На сайте уже новая версия.')).toBeInTheDocument();
    expect(sent).toMatchObject({ firstName: 'Анна', photo: '/media/0123456789abcdef/anna.jpg', version: 2 });
  });

  it('edits the saying shown under the name on the about page', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/authors/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...ownPage, quote: 'Книга учит задавать вопросы.', version: 3 });
      }),
    );
    const { user } = renderApp('/mutabo/author');
    const quote = await screen.findByLabelText('Цитата под вашим именем на странице «О проекте»', {}, FIRST_RENDER);
    expect(quote).toHaveValue(ownPage.quote);
    await user.clear(quote);
    await user.type(quote, 'Книга учит задавать вопросы.');
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    expect(await screen.findByText('Страница автора сохранена. На сайте уже новая версия.')).toBeInTheDocument();
    expect(sent).toMatchObject({ quote: 'Книга учит задавать вопросы.', version: 2 });
  });

  it('saves the gender the letters speak of the author in', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/authors/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...ownPage, gender: 'female', version: 3 });
      }),
    );
    const { user } = renderApp('/mutabo/author');
    const gender = await screen.findByLabelText('В каком роде о вас писать в письмах («Анна сделала…», «Михаил сделал…»)', {}, FIRST_RENDER);
    expect(gender).toHaveValue('');
    await user.selectOptions(gender, 'женский');
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    expect(await screen.findByText('Страница автора сохранена. На сайте уже новая версия.')).toBeInTheDocument();
    expect(sent).toMatchObject({ gender: 'female', version: 2 });
  });

  it('refuses an address that is not a mailbox before sending', async () => {
    const { user } = renderApp('/mutabo/author');
    const email = await screen.findByLabelText('Электронная почта для связи', {}, FIRST_RENDER);
    await user.clear(email);
    await user.type(email, "javascript:alert('ae')//@ex.com");
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    expect(email).toHaveAccessibleDescription(sharedContentMessages.emailInvalid);
  });

  it('shows messages under the fields, before sending and from the server', async () => {
    let sends = 0;
    server.use(
      http.patch('*/api/v1/mutabo/authors/:id/', () => {
        sends += 1;
        return HttpResponse.json({ photo: [sharedContentMessages.uploadNotImage] }, { status: 400 });
      }),
    );
    const { user } = renderApp('/mutabo/author');
    const firstName = await screen.findByLabelText('Имя', {}, FIRST_RENDER);
    await user.clear(firstName);
    await user.clear(screen.getByLabelText('Электронная почта для связи'));
    await user.type(screen.getByLabelText('Электронная почта для связи'), 'anna@почта');
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    expect(firstName).toHaveAccessibleDescription(sharedContentMessages.firstNameRequired);
    expect(screen.getByLabelText('Электронная почта для связи')).toHaveAccessibleDescription(sharedContentMessages.emailInvalid);
    expect(sends).toBe(0);

    await user.type(firstName, 'Анна');
    await user.clear(screen.getByLabelText('Электронная почта для связи'));
    await user.type(screen.getByLabelText('Фотография: адрес'), '/media/0123456789abcdef/notes.pdf');
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    await waitFor(() => expect(screen.getByLabelText('Фотография: адрес')).toHaveAccessibleDescription(sharedContentMessages.uploadNotImage));
    expect(sends).toBe(1);
  });

  it('explains a stale copy (409)', async () => {
    server.use(http.patch('*/api/v1/mutabo/authors/:id/', () => HttpResponse.json({ detail: sharedContentMessages.staleAuthor }, { status: 409 })));
    const { user } = renderApp('/mutabo/author');
    await user.type(await screen.findByLabelText('О себе', {}, FIRST_RENDER), ' И логики.');
    await user.click(screen.getByRole('button', { name: 'Сохранить страницу' }));
    expect(await screen.findByText(sharedContentMessages.staleAuthor)).toBeInTheDocument();
    expect(screen.getByLabelText('О себе')).toHaveValue('Веду курсы медленного чтения. И логики.');
  });
});
