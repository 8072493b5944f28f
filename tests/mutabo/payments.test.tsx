import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { formatMoney } from '../../common/coursePrices.ts';
import { participantsMessages } from '../../common/mutabo/participants.ts';
import type { MutaboPaymentsPage, MutaboRefund } from '../../common/mutabo/payments.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { payment, paymentsPage } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const rub = (amount: number) => formatMoney(amount, 'CURRENCY_CHOICE_RUB');
/** As getByText reads the page: its matcher collapses the no-break spaces of the number format into spaces. */
const rubText = (amount: number) => rub(amount).replace(/\s/g, ' ');

function paymentsApi(page: MutaboPaymentsPage) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/mutabo/payments/', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(page);
    }),
  );
  return queries;
}

function refundApi(answer: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/v1/mutabo/payments/:id/refund/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

const refund = (patch: Partial<MutaboRefund> = {}): MutaboRefund => ({
  id: 1,
  state: 'succeeded',
  amount: 3000,
  currency: 'CURRENCY_CHOICE_RUB',
  lessons: [51, 52, 53],
  providerId: 'r-1',
  source: 'area',
  createdAt: '2026-03-05T10:00:00Z',
  completedAt: '2026-03-05T10:00:05Z',
  failure: null,
  ...patch,
});

const flagged = payment(8, { refundRequired: true, payer: { id: 30, firstName: 'Олег', lastName: 'Смирнов', email: 'oleg@example.com' } });
const refunded = payment(6, {
  amount: 40,
  currency: 'CURRENCY_CHOICE_EURO',
  system: 'paypal',
  provider: 'paypal',
  providerId: '5O190127TN364715T',
  refunded: 40,
  refundable: 0,
  lessons: [{ id: 51, number: 1, title: 'Пушкин', refunded: true }],
  refunds: [refund({ amount: 40, currency: 'CURRENCY_CHOICE_EURO', lessons: [51] })],
});

const openPayments = async (path = '/mutabo/payments') => {
  const view = renderApp(path);
  await screen.findByRole('region', { name: 'Платежи' }, FIRST_RENDER);
  await screen.findByRole('region', { name: 'Выручка' });
  return view;
};

const rowOf = (id: number) => screen.getByText(`№ ${id}`).closest('tr')!;

describe("the authors' payments", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers([listItem(5, 'Медленное чтение'), listItem(6, 'Мастерская текста')]));
  });

  it('lists every payment with payer, lessons, amount, provider, state and times; those needing a refund flagged at the top', async () => {
    const pending = payment(5, {
      refundable: 2000,
      lessons: [
        { id: 51, number: 1, title: 'Пушкин', refunded: true },
        { id: 52, number: 2, title: 'Гоголь', refunded: false },
        { id: 53, number: 3, title: 'Толстой', refunded: false },
      ],
      refunds: [refund({ state: 'pending', amount: 1000, lessons: [51], completedAt: null })],
    });
    paymentsApi(paymentsPage([flagged, payment(7), refunded, pending], { count: 4 }));
    await openPayments();
    expect(screen.getByText('Нужно вернуть деньги: 1 платёж.')).toBeInTheDocument();
    const first = within(rowOf(8));
    expect(first.getByText('Нужен возврат')).toBeInTheDocument();
    expect(first.getByText('Смирнов Олег')).toBeInTheDocument();

    const row = within(rowOf(7));
    expect(row.getByText('Соколова Екатерина')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'kate@example.com' })).toBeInTheDocument();
    expect(row.getByText('Медленное чтение')).toBeInTheDocument();
    expect(row.getByText('1. Пушкин')).toBeInTheDocument();
    expect(row.getByText(rubText(3000))).toBeInTheDocument();
    expect(row.getByText('ЮKassa')).toBeInTheDocument();
    expect(row.getByText('2f9a1c3e-000f-5000-8000-1b2c3d4e5f60')).toBeInTheDocument();
    expect(row.getByText('Оплачен')).toBeInTheDocument();
    expect(row.getByText(/^создан /)).toBeInTheDocument();
    expect(row.getByText(/^оплачен /)).toBeInTheDocument();
    // The public offer the payer accepted by paying: its version, linked to the page.
    expect(row.getByText('по оферте в редакции № 3')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Вернуть деньги по платежу № 7' })).toBeInTheDocument();

    const done = within(rowOf(6));
    expect(done.getByText('PayPal')).toBeInTheDocument();
    expect(rowOf(6)).toHaveTextContent(`возвращено ${formatMoney(40, 'CURRENCY_CHOICE_EURO')}`);
    expect(done.getByText(new RegExp(`^Деньги возвращены: ${formatMoney(40, 'CURRENCY_CHOICE_EURO')}`))).toBeInTheDocument();
    expect(done.getByText('деньги возвращены')).toBeInTheDocument();
    const waiting = within(rowOf(5));
    expect(waiting.getByText('возврат в обработке')).toBeInTheDocument();
    expect(waiting.getByText(/^Возврат в обработке: /)).toBeInTheDocument();
    // Nothing is left to give back.
    expect(done.queryByRole('button', { name: /Вернуть деньги/ })).not.toBeInTheDocument();

    const revenue = within(screen.getByRole('region', { name: 'Выручка' }));
    expect(revenue.getAllByRole('row').slice(1).map((item) => within(item).getAllByRole('cell')[0]!.textContent)).toEqual(['Рубли', 'Евро']);
  });

  it('says in words why a payment ended without money, never its code', async () => {
    paymentsApi(paymentsPage([payment(11, { state: 'STATE_FAILURE', paidAt: null, refundable: 0, failureReason: 'expired' }), payment(12, { state: 'STATE_FAILURE', paidAt: null, refundable: 0, failureReason: 'rejected' })]));
    await openPayments();
    expect(within(rowOf(11)).getByText('время на оплату истекло')).toBeInTheDocument();
    expect(within(rowOf(12)).getByText('заявка отклонена автором')).toBeInTheDocument();
    expect(rowOf(11)).not.toHaveTextContent('expired');
  });

  it('narrows the list to a course and pages through it, keeping both in the address', async () => {
    const queries = paymentsApi(paymentsPage([payment(7)], { count: 120, pages: 3, next: '?page=2' }));
    const { user, router } = await openPayments();
    expect(queries.at(-1)).toBe('');
    await user.click(screen.getByRole('button', { name: 'Дальше' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=2'));
    await screen.findByRole('region', { name: 'Платежи' });
    await user.selectOptions(screen.getByLabelText('Курс'), 'Мастерская текста');
    await waitFor(() => expect(queries.at(-1)).toBe('?course=6'));
    expect(router.state.location.search).toBe('?course=6');
  });

  it('refunds a whole payment after a confirmation that says the amount', async () => {
    const queries = paymentsApi(paymentsPage([payment(7)]));
    const bodies = refundApi(() => HttpResponse.json({ refund: refund(), payment: payment(7, { refunded: 3000, refundable: 0 }) }));
    const { user } = await openPayments();
    const loads = queries.length;
    await user.click(screen.getByRole('button', { name: 'Вернуть деньги по платежу № 7' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Вернуть деньги?' }));
    expect(dialog.getByText(`Плательщику вернётся ${rubText(3000)}.`)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: `Вернуть ${rub(3000)}` }));
    expect(await screen.findByText(`Деньги возвращены: ${rubText(3000)} по платежу № 7.`)).toBeInTheDocument();
    expect(bodies).toEqual([{}]);
    await waitFor(() => expect(queries.length).toBe(loads + 1));
  });

  it('releases the places of a payment of 0 ₽ with the same confirmation, saying no money goes back', async () => {
    const free = payment(9, { amount: 0, refundable: 0, releasable: true, discount: { kind: 'promoCode', code: 'FREE', percent: 100, fullAmount: 3000 } });
    const after = payment(9, {
      amount: 0,
      refundable: 0,
      releasable: true,
      lessons: [
        { id: 51, number: 1, title: 'Пушкин', refunded: false },
        { id: 52, number: 2, title: 'Гоголь', refunded: true },
        { id: 53, number: 3, title: 'Толстой', refunded: false },
      ],
      refunds: [refund({ amount: 0, lessons: [52], providerId: null })],
    });
    let page = paymentsPage([free]);
    server.use(http.get('*/api/v1/mutabo/payments/', () => HttpResponse.json(page)));
    const bodies = refundApi(() => {
      page = paymentsPage([after]);
      return HttpResponse.json({ refund: refund({ amount: 0, lessons: [52], providerId: null }), payment: after });
    });
    const { user } = await openPayments();
    expect(within(rowOf(9)).queryByRole('button', { name: /Вернуть деньги/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Освободить места по платежу № 9' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Освободить места?' }));
    await user.click(dialog.getByRole('radio', { name: 'Выбранные занятия' }));
    await user.click(dialog.getByRole('checkbox', { name: '2. Гоголь' }));
    expect(dialog.getByText('Места получены бесплатно, по скидке: деньги возвращать не нужно.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Освободить места' }));
    expect(await screen.findByText('Места по платежу № 9 освобождены.')).toBeInTheDocument();
    expect(bodies).toEqual([{ lessons: [52] }]);
    await waitFor(() => expect(within(rowOf(9)).getByText('место освобождено')).toBeInTheDocument());
    expect(within(rowOf(9)).getByText(/^Места освобождены без возврата денег/)).toBeInTheDocument();
  });

  it('refunds chosen lessons at their share, and says when the provider is still working on it', async () => {
    paymentsApi(paymentsPage([payment(7)]));
    const bodies = refundApi(() => HttpResponse.json({ refund: refund({ state: 'pending', amount: 1000, lessons: [52], completedAt: null }), payment: payment(7) }, { status: 202 }));
    const { user } = await openPayments();
    await user.click(screen.getByRole('button', { name: 'Вернуть деньги по платежу № 7' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: 'Деньги за выбранные занятия' }));
    expect(dialog.getByText('Отметьте хотя бы одно занятие.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Вернуть' })).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: '2. Гоголь' }));
    await user.click(dialog.getByRole('button', { name: `Вернуть ${rub(1000)}` }));
    expect(await screen.findByText(/^Возврат 1.000 ₽ по платежу № 7 в обработке/)).toBeInTheDocument();
    expect(bodies).toEqual([{ lessons: [52] }]);
  });

  it('gives the refund that completes a payment all that is left, and offers only lessons not refunded yet', async () => {
    const partly = payment(9, {
      amount: 1000,
      refunded: 333.33,
      refundable: 666.67,
      lessons: [
        { id: 51, number: 1, title: 'Пушкин', refunded: true },
        { id: 52, number: 2, title: 'Гоголь', refunded: false },
        { id: 53, number: 3, title: 'Толстой', refunded: false },
      ],
      refunds: [refund({ amount: 333.33, lessons: [51] })],
    });
    paymentsApi(paymentsPage([partly]));
    refundApi(() => HttpResponse.json({ refund: refund(), payment: partly }));
    const { user } = await openPayments();
    await user.click(screen.getByRole('button', { name: 'Вернуть деньги по платежу № 9' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(`Плательщику вернётся ${rubText(666.67)}.`)).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Деньги за выбранные занятия' }));
    expect(dialog.queryByRole('checkbox', { name: '1. Пушкин' })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: '2. Гоголь' }));
    expect(dialog.getByText(`Плательщику вернётся ${rubText(333.33)}.`)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: '3. Толстой' }));
    expect(dialog.getByText(`Плательщику вернётся ${rubText(666.67)}.`)).toBeInTheDocument();
  });

  it("sends one request for a double click and shows the server's message when the provider does not answer", async () => {
    const queries = paymentsApi(paymentsPage([payment(7)]));
    const bodies = refundApi(async () => {
      await delay(100);
      return HttpResponse.json({ detail: participantsMessages.providerUnavailable }, { status: 502 });
    });
    const { user } = await openPayments();
    const loads = queries.length;
    await user.click(screen.getByRole('button', { name: 'Вернуть деньги по платежу № 7' }));
    await user.dblClick(within(screen.getByRole('dialog')).getByRole('button', { name: `Вернуть ${rub(3000)}` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(participantsMessages.providerUnavailable);
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(queries.length).toBe(loads + 1));
  });

  it('reads the list again while a refund waits for the provider, keeping it shown when a reading fails', async () => {
    const waiting = payment(7, { refunds: [refund({ state: 'pending', amount: 1000, lessons: [51], completedAt: null })] });
    const confirmed = payment(7, { refunded: 1000, refunds: [refund({ amount: 1000, lessons: [51] })] });
    let reads = 0;
    server.use(
      http.get('*/api/v1/mutabo/payments/', () => {
        reads += 1;
        if (reads === 2) return HttpResponse.json({ detail: 'Ошибка' }, { status: 500 });
        return HttpResponse.json(paymentsPage([reads === 1 ? waiting : confirmed]));
      }),
    );
    await openPayments();
    expect(within(rowOf(7)).getByText(/^Возврат в обработке: /)).toBeInTheDocument();
    // The second reading fails: the list stays; the third finds the refund done, and the reading stops.
    expect(await within(rowOf(7)).findByText(/^Деньги возвращены: /, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Платежи' })).toBeInTheDocument();
    expect(reads).toBe(3);
  }, 25_000);

  it("is a tab of the course's pages, narrowed to that course", async () => {
    const queries = paymentsApi(paymentsPage([]));
    renderApp('/mutabo/courses/5/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Платежи' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Курс «Медленное чтение»')).toBeInTheDocument();
    expect(await screen.findByText('Платежей пока нет.')).toBeInTheDocument();
    expect(queries).toEqual(['?course=5']);
    expect(within(screen.getByRole('navigation', { name: 'Страницы курса' })).getByRole('link', { name: 'Платежи' })).toHaveAttribute('aria-current', 'page');
  });

  it("is a section of the area's navigation", async () => {
    paymentsApi(paymentsPage([]));
    server.use(http.get('*/api/v1/mutabo/dashboard/', () => HttpResponse.json({ upcomingLessons: [], courses: [], lapsingHolds: [], waitingLists: [], refundsRequired: [], revenue: [] })));
    const { user } = renderApp('/mutabo');
    const nav = within(await screen.findByRole('navigation', { name: 'Раздел авторов' }, FIRST_RENDER));
    await user.click(nav.getByRole('link', { name: 'Платежи' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Платежи' })).toBeInTheDocument();
  });
});

describe('a payment made before there was an offer', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('names no offer', async () => {
    paymentsApi(paymentsPage([payment(7, { offerVersion: null })]));
    await openPayments();
    expect(within(rowOf(7)).queryByText(/оферт/)).not.toBeInTheDocument();
  });
});
