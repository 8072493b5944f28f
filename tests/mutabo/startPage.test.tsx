import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatMoney } from '../../common/coursePrices.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboard, dashboardHandler } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const rub = (amount: number) => formatMoney(amount, 'CURRENCY_CHOICE_RUB');
const region = (name: string) => screen.getByRole('region', { name });

describe("the area's start page", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('shows what needs the author, each item linking to where they act', async () => {
    server.use(dashboardHandler());
    renderApp('/mutabo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сводка' }, FIRST_RENDER)).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Нужно вернуть деньги' });

    expect(within(region('Нужно вернуть деньги')).getByRole('link', { name: `Платёж № 77: Соколова Екатерина, ${rub(1500)}` })).toHaveAttribute(
      'href',
      '/mutabo/courses/6/payments',
    );
    const approval = within(region('Ждут подтверждения'));
    expect(approval.getByRole('link', { name: 'Медленное чтение' })).toHaveAttribute('href', '/mutabo/courses/5/participants?state=reserved');
    // People, not rows: a girl with four lessons is one person, her lessons listed under her.
    expect(approval.getByText('Записались и ждут вашего подтверждения: 2 человека')).toBeInTheDocument();
    const people = within(approval.getByRole('list', { name: 'Ждут подтверждения на курсе «Медленное чтение»' }));
    expect(people.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Иванова Маша4 занятия: 1–4Подтвердить',
      'Лебедев Игорьзанятие 2. ГогольПодтвердить',
    ]);
    expect(people.getByRole('button', { name: 'Подтвердить: Иванова Маша, 4 занятия' })).toBeInTheDocument();
    // A course without people to approve is not in that list.
    expect(approval.queryByRole('link', { name: 'Мастерская текста' })).not.toBeInTheDocument();

    // The seven holds of one checkout are one line: the person, the lessons, until when.
    const holds = within(region('Брони скоро истекут'));
    const lines = holds.getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const seven = within(lines[0]!).getByRole('link', { name: /^Соколова Екатерина: 7 занятий, до / });
    expect(seven).toHaveAttribute('href', '/mutabo/courses/6/participants?state=reserved');
    expect(within(lines[0]!).getByText('Мастерская текста · занятия 1–7 · платёж № 88 не завершён')).toBeInTheDocument();
    expect(within(lines[1]!).getByRole('link', { name: /^Смирнов Олег: занятие 1\. Абзац 1, до / })).toHaveAttribute(
      'href',
      '/mutabo/courses/6/participants?lesson=61&state=reserved',
    );
    expect(within(region('Очереди')).getByRole('link', { name: 'Медленное чтение: занятие 2. Гоголь' })).toHaveAttribute(
      'href',
      '/mutabo/courses/5/participants?lesson=52&state=waiting_list',
    );
    const places = within(region('Места на курсах'));
    // With the participants reachable in Telegram (issue 36); a course with none there says nothing of it.
    expect(places.getByText('Запись открыта · свободно 3 места из 10 · в очереди 2 человека · в Telegram 3 из 5 человек')).toBeInTheDocument();
    expect(places.getByText('Анонс · свободно 8 мест из 8')).toBeInTheDocument();
    expect(places.getByRole('link', { name: 'Мастерская текста' })).toHaveAttribute('href', '/mutabo/courses/6/participants');
  });

  it('approves one person’s lessons with one confirmation through the bulk endpoint, then reads the summary again', async () => {
    const bodies: unknown[] = [];
    let reads = 0;
    server.use(
      http.get('*/api/v1/mutabo/dashboard/', () => {
        reads += 1;
        return HttpResponse.json(dashboard());
      }),
      http.post('*/api/v1/mutabo/participants/approve/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json([]);
      }),
      http.post('*/api/v1/mutabo/participants/:id/approve/', () => HttpResponse.json({ detail: 'one row at a time' }, { status: 500 })),
    );
    const { user } = renderApp('/mutabo');
    await user.click(await screen.findByRole('button', { name: 'Подтвердить: Иванова Маша, 4 занятия' }, FIRST_RENDER));
    const dialog = within(screen.getByRole('dialog', { name: 'Подтвердить участие?' }));
    expect(dialog.getAllByRole('checkbox').map((box) => [box.closest('label')!.textContent, (box as HTMLInputElement).checked])).toEqual([
      ['1. Пушкин', true],
      ['2. Гоголь', true],
      ['3. Толстой', true],
      ['4. Чехов', true],
    ]);
    expect(dialog.getByText('Человек получит одно письмо о подтверждении со списком занятий.')).toBeInTheDocument();
    // A lesson can be left for later.
    await user.click(dialog.getByRole('checkbox', { name: '3. Толстой' }));
    await user.dblClick(dialog.getByRole('button', { name: 'Подтвердить: 3 занятия' }));
    expect(await screen.findByText('Участие подтверждено: Иванова Маша, 3 занятия: 1, 2, 4.')).toBeInTheDocument();
    expect(bodies).toEqual([{ participants: [401, 402, 404] }]);
    await waitFor(() => expect(reads).toBe(2));
  });

  it('says «no places» only when no lesson of the course has one', async () => {
    const open = { ...dashboard().courses[0]!, inTelegram: 0 };
    server.use(
      dashboardHandler(
        dashboard({
          courses: [
            { ...open!, id: 5, title: 'Все полны', placesLeft: 0, mostPlacesLeft: 0, fullLessons: [1, 2, 3, 4], waiting: 1 },
            { ...open!, id: 7, title: 'Одно полно', participantsLimit: 5, placesLeft: 0, mostPlacesLeft: 4, fullLessons: [1], waiting: 0 },
            { ...open!, id: 8, title: 'Два полны', participantsLimit: 5, placesLeft: 0, mostPlacesLeft: 2, fullLessons: [1, 2], waiting: 0 },
            { ...open!, id: 9, title: 'Разные', participantsLimit: 10, placesLeft: 3, mostPlacesLeft: 5, fullLessons: [], waiting: 0 },
            { ...open!, id: 10, title: 'Без занятий', publishedLessons: 0, fullLessons: [], waiting: 0 },
          ],
        }),
      ),
    );
    renderApp('/mutabo');
    const places = within(await screen.findByRole('region', { name: 'Места на курсах' }, FIRST_RENDER));
    expect(places.getByText('Запись открыта · свободных мест нет · в очереди 1 человек')).toBeInTheDocument();
    expect(places.getByText('Запись открыта · нет мест на занятии 1; на других свободно до 4 из 5')).toBeInTheDocument();
    expect(places.getByText('Запись открыта · нет мест на занятиях 1, 2; на других свободно до 2 из 5')).toBeInTheDocument();
    expect(places.getByText('Запись открыта · свободно 3–5 мест из 10')).toBeInTheDocument();
    expect(places.getByText('Запись открыта · нет опубликованных занятий')).toBeInTheDocument();
  });

  it('gives revenue per currency, never summed across currencies', async () => {
    server.use(dashboardHandler());
    renderApp('/mutabo');
    const revenue = within(await screen.findByRole('region', { name: 'Выручка' }, FIRST_RENDER));
    const rows = revenue.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Рубли', '3', rub(9000), rub(1500), rub(7500)],
      ['Евро', '1', '40 €', '0 €', '40 €'],
    ]);
    expect(revenue.getByRole('link', { name: 'Все платежи' })).toHaveAttribute('href', '/mutabo/payments');
  });

  it('lists upcoming lessons with their places once lessons have times', async () => {
    server.use(
      dashboardHandler(
        dashboard({
          upcomingLessons: [{ id: 52, courseId: 5, courseTitle: 'Медленное чтение', number: 2, title: 'Гоголь', startsAt: '2027-03-05T15:30:00Z', taken: 7, limit: 10 }],
        }),
      ),
    );
    renderApp('/mutabo');
    const upcoming = within(await screen.findByRole('region', { name: 'Ближайшие занятия' }, FIRST_RENDER));
    expect(upcoming.getByRole('link', { name: /Медленное чтение, занятие 2\. Гоголь$/ })).toHaveAttribute(
      'href',
      '/mutabo/courses/5/participants?lesson=52',
    );
    expect(upcoming.getByText('Занято 7 из 10')).toBeInTheDocument();
  });

  it('says when nothing waits for a decision, and hides empty sections', async () => {
    server.use(dashboardHandler(dashboard({ refundsRequired: [], lapsingHolds: [], waitingLists: [], courses: dashboard().courses.map((c) => ({ ...c, awaitingApproval: 0 })) })));
    renderApp('/mutabo');
    expect(await screen.findByText('Сейчас ничего не ждёт вашего решения.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Нужно вернуть деньги' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Очереди' })).not.toBeInTheDocument();
  });

  it('points an author without open courses to the course list', async () => {
    server.use(dashboardHandler(dashboard({ courses: [], refundsRequired: [], lapsingHolds: [], waitingLists: [], revenue: [] })));
    renderApp('/mutabo');
    expect(await screen.findByRole('link', { name: 'К списку курсов' }, FIRST_RENDER)).toHaveAttribute('href', '/mutabo/courses');
    expect(screen.getByText('Оплаченных платежей пока нет.')).toBeInTheDocument();
  });

  it('says which of the seller’s details to fill in while YooKassa and PayPal take no payment', async () => {
    server.use(dashboardHandler(dashboard({ seller: { missing: ['inn', 'phone'], paymentsRefused: true } })));
    renderApp('/mutabo');
    const seller = within(await screen.findByRole('region', { name: 'Заполните реквизиты продавца' }, FIRST_RENDER));
    expect(seller.getByText('Не заполнено: ИНН, Телефон.')).toBeInTheDocument();
    expect(seller.getByText(/Пока они не заполнены, оплата через ЮKassa и PayPal не принимается/)).toBeInTheDocument();
    expect(seller.getByRole('link', { name: 'Заполнить реквизиты' })).toHaveAttribute('href', '/mutabo/seller');
    expect(screen.queryByText('Сейчас ничего не ждёт вашего решения.')).not.toBeInTheDocument();
  });

  it('mentions missing details more quietly while only the test checkout takes payments, and not at all once complete', async () => {
    server.use(dashboardHandler(dashboard({ seller: { missing: ['address'], paymentsRefused: false } })));
    const { unmount } = renderApp('/mutabo');
    const seller = within(await screen.findByRole('region', { name: 'Заполните реквизиты продавца' }, FIRST_RENDER));
    expect(seller.getByText('Не заполнено: Адрес.')).toBeInTheDocument();
    expect(seller.getByText(/Без них ЮKassa и PayPal не примут оплату/)).toBeInTheDocument();
    unmount();

    server.use(dashboardHandler(dashboard({ seller: { missing: [], paymentsRefused: false } })));
    renderApp('/mutabo');
    await screen.findByRole('heading', { level: 1, name: 'Сводка' }, FIRST_RENDER);
    await screen.findByRole('region', { name: 'Выручка' });
    expect(screen.queryByRole('region', { name: 'Заполните реквизиты продавца' })).not.toBeInTheDocument();
  });

  it('shows the error screen when the figures cannot be loaded', async () => {
    server.use(http.get('*/api/v1/mutabo/dashboard/', () => HttpResponse.json({ detail: 'Ошибка' }, { status: 500 })));
    renderApp('/mutabo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' }, FIRST_RENDER)).toBeInTheDocument();
  });
});
