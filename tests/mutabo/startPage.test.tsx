import { screen, within } from '@testing-library/react';
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
    expect(approval.getByText('Записались и ждут вашего подтверждения: 4 человека')).toBeInTheDocument();
    // A course without people to approve is not in that list.
    expect(approval.queryByRole('link', { name: 'Мастерская текста' })).not.toBeInTheDocument();

    expect(within(region('Брони скоро истекут')).getByRole('link', { name: /^Соколова Екатерина: до / })).toHaveAttribute(
      'href',
      '/mutabo/courses/6/participants?lesson=61&state=reserved',
    );
    expect(within(region('Очереди')).getByRole('link', { name: 'Медленное чтение: занятие 2. Гоголь' })).toHaveAttribute(
      'href',
      '/mutabo/courses/5/participants?lesson=52&state=waiting_list',
    );
    const places = within(region('Места на курсах'));
    expect(places.getByText('Запись открыта · свободно 3 места из 10 · в очереди 2 человека')).toBeInTheDocument();
    expect(places.getByText('Анонс · свободно 8 мест из 8')).toBeInTheDocument();
    expect(places.getByRole('link', { name: 'Мастерская текста' })).toHaveAttribute('href', '/mutabo/courses/6/participants');
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
