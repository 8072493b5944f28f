// «Люди» in the authors' area (issue 20, item 5): the list searched on the server, a person's card with their consent
// records in Russian words, the export and the deletion on their written request and the history that records them.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatMoney } from '../../common/coursePrices.ts';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryEntry, HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboPage } from '../../common/mutabo/sharedContent.ts';
import { peopleMessages, type MutaboPersonCard, type MutaboPersonListItem } from '../../common/mutabo/people.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const listed = (id: number, patch: Partial<MutaboPersonListItem> = {}): MutaboPersonListItem => ({
  id,
  firstName: 'Ирина',
  lastName: 'Смирнова',
  email: 'irina@example.com',
  registeredAt: '2026-02-01T09:00:00Z',
  confirmed: true,
  isAuthor: false,
  ...patch,
});

const page = (results: MutaboPersonListItem[], patch: Partial<MutaboPage<MutaboPersonListItem>> = {}): MutaboPage<MutaboPersonListItem> => ({
  count: results.length,
  next: null,
  currentPage: 1,
  pages: 1,
  results,
  ...patch,
});

const card: MutaboPersonCard = {
  ...listed(42),
  discounts: [],
  recordingAccess: [],
  deletedAt: null,
  yearOfBirth: 1994,
  lessons: [
    {
      courseId: 5,
      courseTitle: 'Медленное чтение',
      lessonId: 51,
      lessonNumber: 1,
      lessonTitle: 'Пушкин',
      startsAt: '2026-03-05T15:00:00Z',
      state: 'approved',
      expiredAt: null,
      since: '2026-02-02T10:00:00Z',
      joinedAt: '2026-03-05T14:52:00Z',
      watchedRecording: false,
    },
    {
      courseId: 5,
      courseTitle: 'Медленное чтение',
      lessonId: 52,
      lessonNumber: 2,
      lessonTitle: 'Гоголь',
      startsAt: null,
      state: 'waiting_list',
      expiredAt: null,
      since: '2026-02-02T10:00:00Z',
      joinedAt: null,
      watchedRecording: true,
    },
  ],
  payments: [
    {
      id: 7,
      system: 'yookassa',
      currency: 'CURRENCY_CHOICE_RUB',
      amount: '2400.00',
      state: 'STATE_COMPLETED',
      createdAt: '2026-02-02T10:00:00Z',
      paidAt: '2026-02-02T10:01:00Z',
      lessons: [{ id: 51, number: 1, title: 'Пушкин', courseTitle: 'Медленное чтение' }],
    },
  ],
  refunds: [{ id: 3, paymentId: 7, amount: '1200.00', currency: 'CURRENCY_CHOICE_RUB', state: 'succeeded', createdAt: '2026-02-10T10:00:00Z', completedAt: '2026-02-10T10:00:05Z' }],
  newsSubscriptions: [{ courseId: 5, courseTitle: 'Медленное чтение', since: '2026-02-01T09:10:00Z' }],
  consents: [
    { kind: 'processing', action: 'given', courseId: null, courseTitle: null, policyVersion: '2025-09-01', source: 'signup', ip: '203.0.113.7', userAgent: 'Firefox/140.0', at: '2026-02-01T09:00:00Z' },
    { kind: 'news', action: 'given', courseId: 5, courseTitle: 'Медленное чтение', policyVersion: '2025-09-01', source: 'course-page', ip: '2001:db8::1', userAgent: null, at: '2026-02-01T09:10:00Z' },
    { kind: 'news', action: 'withdrawn', courseId: 6, courseTitle: 'Мастерская текста', policyVersion: '3', source: 'unsubscribe-link', ip: null, userAgent: 'Почта', at: '2026-02-03T12:00:00Z' },
  ],
};

const historyOf = (results: HistoryEntry[]): HistoryPage => ({ count: results.length, next: null, currentPage: 1, pages: 1, results });
const exportEntry: HistoryEntry = {
  id: 90,
  at: '2026-02-20T08:30:00Z',
  user: { id: 1, name: 'Анна Мельникова' },
  entity: 'person',
  entityId: 42,
  action: 'export',
  before: null,
  after: { writtenRequest: true },
};

function peopleApi(
  answer: MutaboPage<MutaboPersonListItem> = page([listed(42), listed(43, { firstName: 'Иван', lastName: 'Смирнов', email: 'ivan@example.com', confirmed: false })]),
  cards: { current: MutaboPersonCard } = { current: card },
) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/mutabo/people/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(answer);
    }),
    http.get('*/api/v1/mutabo/people/:id/', ({ params }) =>
      Number(params.id) === cards.current.id ? HttpResponse.json(cards.current) : HttpResponse.json({ detail: 'Такого человека на сайте нет.' }, { status: 404 }),
    ),
  );
  return queries;
}

/** The shared history answers for entity=person; `entries` is read at each request, so a test can add to it. */
function historyApi(entries: HistoryEntry[] = []) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/mutabo/history/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(historyOf(entries));
    }),
  );
  return queries;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('«Люди» in the authors’ area', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });
  afterEach(() => vi.restoreAllMocks());

  it('is in the area’s menu and finds people on the server by the typed text, keeping it in the address', async () => {
    const queries = peopleApi();
    historyApi([exportEntry]);
    const { user, router } = renderApp('/mutabo/people');
    await screen.findByRole('heading', { level: 1, name: 'Люди' }, FIRST_RENDER);
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    expect(within(nav).getByRole('link', { name: 'Люди' })).toHaveAttribute('href', '/mutabo/people');
    const list = await screen.findByRole('list', { name: 'Люди' });
    expect(within(list).getByRole('link', { name: 'Смирнова Ирина' })).toHaveAttribute('href', '/mutabo/people/42');
    expect(within(list).getByText(/irina@example\.com · зарегистрирован\(а\) .* · почта подтверждена/)).toBeInTheDocument();
    expect(within(list).getByText(/ivan@example\.com .* почта не подтверждена/)).toBeInTheDocument();
    // The history of the requests answered, in words.
    const entry = (await screen.findByText('Выгружены данные человека № 42 по его запросу')).closest('li')!;
    expect(entry).toHaveTextContent(/\d\d\.\d\d\.\d{4}, \d\d:\d\d · Анна Мельникова/);

    await user.type(screen.getByLabelText('Имя, фамилия или почта'), 'Смирн 50%');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    await waitFor(() => expect(new URLSearchParams(queries.at(-1)).get('search')).toBe('Смирн 50%'));
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('Смирн 50%');
  });

  it('says when nobody is found', async () => {
    peopleApi(page([]));
    historyApi();
    renderApp('/mutabo/people?search=%D0%BD%D0%B8%D0%BA%D1%82%D0%BE');
    expect(await screen.findByText('Ничего не найдено. Измените поиск.', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it('shows a person’s card: account, lessons, payments, subscriptions and every consent record in Russian words', async () => {
    peopleApi();
    const history = historyApi();
    renderApp('/mutabo/people/42');
    await screen.findByRole('heading', { level: 1, name: 'Смирнова Ирина' }, FIRST_RENDER);
    expect(screen.getByText('irina@example.com')).toBeInTheDocument();
    expect(screen.getByText('1994')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Все люди' })).toHaveAttribute('href', '/mutabo/people');

    const lessons = screen.getByRole('region', { name: 'Курсы и занятия' });
    expect(within(rowOf(lessons, '1. Пушкин')).getByText('Подтверждено')).toBeInTheDocument();
    expect(within(rowOf(lessons, '2. Гоголь')).getByText('В очереди')).toBeInTheDocument();
    expect(within(rowOf(lessons, '2. Гоголь')).getByText('не назначено')).toBeInTheDocument();
    // The lessons attended: came into the room (the first join, in the author's zone), or watched the recording.
    expect(within(rowOf(lessons, '1. Пушкин')).getByText(/^пришёл\(ла\) 05\.03\.2026/)).toBeInTheDocument();
    expect(within(rowOf(lessons, '2. Гоголь')).getByText('смотрел(а) запись')).toBeInTheDocument();

    const payments = screen.getByRole('region', { name: 'Платежи' });
    const payment = within(rowOf(payments, '№ 7'));
    expect(payment.getByText(formatMoney(2400, 'CURRENCY_CHOICE_RUB').replace(/\s/g, ' '))).toBeInTheDocument();
    expect(payment.getByText('Оплачен')).toBeInTheDocument();
    expect(payment.getByText('ЮKassa')).toBeInTheDocument();
    expect(payment.getByText(/^Деньги возвращены: /)).toBeInTheDocument();
    expect(payment.getByText('«Медленное чтение», 1. Пушкин')).toBeInTheDocument();

    expect(within(screen.getByRole('region', { name: 'Подписки на новости' })).getByText(/^«Медленное чтение» — с /)).toBeInTheDocument();

    const consents = screen.getByRole('region', { name: 'Согласия' });
    const [header, ...rows] = within(consents).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Согласие', 'Действие', 'Редакция политики', 'Где', 'Когда', 'Адрес', 'Браузер']);
    const cells = rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells.map((row) => [row[0], row[1], row[2], row[3], row[5], row[6]])).toEqual([
      ['Обработка персональных данных', 'дано', '2025-09-01', 'регистрация', '203.0.113.7', 'Firefox/140.0'],
      ['Новости курса «Медленное чтение»', 'дано', '2025-09-01', 'страница курса', '2001:db8::1', 'не записан'],
      ['Новости курса «Мастерская текста»', 'отозвано', '3', 'ссылка «Отписаться» в письме', 'не записан', 'Почта'],
    ]);
    expect(cells.every((row) => /\d\d\.\d\d\.\d{4}/.test(row[4] ?? ''))).toBe(true);
    // The card's own history: this person's requests only.
    await waitFor(() => expect(history).toContain('?entity=person&id=42&page=1'));
    expect(await screen.findByText('Изменений пока нет.')).toBeInTheDocument();
  });

  it('downloads the person’s export for their request, says so, and shows the new history entry', async () => {
    peopleApi();
    const entries: HistoryEntry[] = [];
    historyApi(entries);
    let exported = 0;
    server.use(
      http.get('*/api/v1/mutabo/people/:id/export/', () => {
        exported += 1;
        entries.push(exportEntry);
        return new HttpResponse('{"account":{"email":"irina@example.com"}}', {
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="person-42-data-2026-02-20.json"' },
        });
      }),
    );
    const created: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:person';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderApp('/mutabo/people/42');
    const panel = within(await screen.findByRole('region', { name: 'Запрос человека о его данных' }, FIRST_RENDER));
    expect(panel.getByText(/тем же, что он может скачать сам/)).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Выгрузить данные по запросу' }));
    await waitFor(() => expect(names).toEqual(['person-42-data-2026-02-20.json']));
    expect(exported).toBe(1);
    expect(await created[0]!.text()).toContain('irina@example.com');
    expect(panel.getByRole('status')).toHaveTextContent('Файл с данными скачан; выгрузка записана в историю.');
    expect(await screen.findByText('Выгружены данные человека № 42 по его запросу')).toBeInTheDocument();
  });

  it('says when a person is not found', async () => {
    peopleApi();
    historyApi();
    renderApp('/mutabo/people/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Человек не найден' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('shows the not-author page when the server refuses', async () => {
    server.use(http.get('*/api/v1/mutabo/people/', () => HttpResponse.json({ detail: mutaboMessages.notAuthor }, { status: 403 })));
    historyApi();
    renderApp('/mutabo/people');
    expect(await screen.findByRole('heading', { level: 1, name: 'Раздел только для авторов' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('deletes the person’s data after the author confirms the written request, then shows what the law keeps', async () => {
    const cards = { current: card };
    peopleApi(undefined, cards);
    const entries: HistoryEntry[] = [];
    historyApi(entries);
    const bodies: unknown[] = [];
    server.use(
      http.delete('*/api/v1/mutabo/people/:id/', async ({ request, params }) => {
        bodies.push({ id: params.id, body: await request.json() });
        cards.current = { ...card, firstName: '', lastName: '', email: '', confirmed: false, yearOfBirth: null, deletedAt: '2026-02-21T09:00:00Z', newsSubscriptions: [] };
        entries.push({ ...exportEntry, id: 91, action: 'delete', after: { writtenRequest: true } });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/mutabo/people/42');
    const panel = within(await screen.findByRole('region', { name: 'Удаление данных' }, FIRST_RENDER));
    await user.click(panel.getByRole('button', { name: 'Удалить данные по заявлению' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Удалить данные этого человека?' }));
    // It says what happens, as the person's own deletion does.
    expect(dialog.getByText(/больше не сможет войти/)).toBeInTheDocument();
    expect(dialog.getByText(/Места в занятиях, которые ещё не прошли, освободятся/)).toBeInTheDocument();
    expect(dialog.getByText(/Оплаченные занятия, которые ещё не прошли, пропадут без возврата денег/)).toBeInTheDocument();
    expect(dialog.getByText(/Платежи, возвраты и чеки останутся без его имени/)).toBeInTheDocument();
    expect(dialog.getByText(/Удаление нельзя отменить/)).toBeInTheDocument();

    // Not without the author's word that they hold the written request.
    await user.click(dialog.getByRole('button', { name: 'Удалить данные навсегда' }));
    const check = dialog.getByRole('checkbox', { name: 'У меня есть письменное заявление этого человека об удалении его данных' });
    expect(check).toHaveAccessibleDescription(peopleMessages.writtenRequestRequired);
    expect(check).toHaveFocus();
    expect(bodies).toEqual([]);

    await user.click(check);
    await user.click(dialog.getByRole('button', { name: 'Удалить данные навсегда' }));
    await waitFor(() => expect(bodies).toEqual([{ id: '42', body: { writtenRequest: true } }]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Удалённый участник № 42' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Данные удалены; удаление записано в историю.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Удалить данные по заявлению' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выгрузить данные по запросу' })).not.toBeInTheDocument();
    expect(screen.getByText('Аккаунт удалён')).toBeInTheDocument();
    // What the law keeps is still on the card.
    expect(within(screen.getByRole('region', { name: 'Согласия' })).getAllByRole('row')).toHaveLength(4);
    expect(await screen.findByText('Удалены данные человека № 42 по его заявлению')).toBeInTheDocument();
  });

  it('offers no deletion of an author’s account', async () => {
    const cards = { current: { ...card, isAuthor: true } };
    peopleApi(undefined, cards);
    historyApi();
    renderApp('/mutabo/people/42');
    const panel = within(await screen.findByRole('region', { name: 'Удаление данных' }, FIRST_RENDER));
    expect(panel.getByText(peopleMessages.authorNotDeletable)).toBeInTheDocument();
    expect(panel.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('автор курсов')).toBeInTheDocument();
  });

  it('shows the server’s refusal to delete beside the button', async () => {
    peopleApi();
    historyApi();
    server.use(http.delete('*/api/v1/mutabo/people/:id/', () => HttpResponse.json({ detail: peopleMessages.authorNotDeletable }, { status: 403 })));
    const { user } = renderApp('/mutabo/people/42');
    const panel = within(await screen.findByRole('region', { name: 'Удаление данных' }, FIRST_RENDER));
    await user.click(panel.getByRole('button', { name: 'Удалить данные по заявлению' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('checkbox'));
    await user.click(dialog.getByRole('button', { name: 'Удалить данные навсегда' }));
    expect(await panel.findByRole('alert')).toHaveTextContent(peopleMessages.authorNotDeletable);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Смирнова Ирина' })).toBeInTheDocument();
  });
});
