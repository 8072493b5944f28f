// «Скидки участникам» of a course in the authors' area (issue 23): a personal discount granted (the request's body,
// the list updated, one discount for a double click), a refusal under its field, a revocation after confirming; and
// what discounts did to payments: a payment's discount and full price, what discounts cost beside the revenue and on
// the start page.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboDiscount } from '../../common/discounts.ts';
import { discountMessages } from '../../common/discountSchemas.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';
import { creating, discount, granted, inForm, inRegion, money, openListPage, revoking, signInAuthor } from './discountsKit.ts';
import { editedCourse, listItem } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboard, dashboardHandler, payment, paymentsPage } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

/** The course's discounts as the server keeps them: a grant replaces the person's earlier one, a revocation removes it. */
function discountsApi(initial: MutaboDiscount[], refuse?: Record<string, string[]>) {
  let list = [...initial];
  const posted: Record<string, unknown>[] = [];
  const revoked: number[] = [];
  server.use(
    http.get('*/api/v1/mutabo/courses/:id/discounts/', () => HttpResponse.json(list)),
    creating('*/api/v1/mutabo/courses/:id/discounts/', {
      record: (body) => posted.push(body),
      refuse,
      create: (body) => {
        // As the server keeps an address: trimmed, lower-case.
        const created = granted(90 + posted.length, body, { email: String(body.email).trim().toLowerCase(), person: null });
        list = [created, ...list.filter((item) => item.email !== created.email)];
        return created;
      },
    }),
    revoking('*/api/v1/mutabo/discounts/:id/', revoked, (id) => {
      list = list.filter((item) => item.id !== id);
    }),
  );
  return { posted, revoked };
}

const openDiscounts = () => openListPage('/mutabo/courses/5/discounts', 'Скидки участникам', 'Действующие скидки');
const form = () => inForm('Скидка участнику');
const list = () => inRegion('Действующие скидки');

describe("a course's personal discounts", () => {
  beforeEach(() => signInAuthor([listItem(5, editedCourse.title)]));

  it('is a tab of the course and lists the active discounts with the person, the terms, the end and the use', async () => {
    discountsApi([discount(7), discount(8, { email: 'new@example.com', person: null, amounts: undefined, percent: 15, expiresAt: null, expired: false, note: '', used: 1 })]);
    await openDiscounts();
    expect(within(screen.getByRole('navigation', { name: 'Страницы курса' })).getByRole('link', { name: 'Скидки' })).toHaveAttribute('aria-current', 'page');
    const kate = within(list().getByText('kate@example.com').closest('tr')!);
    expect(kate.getByText('Соколова Екатерина')).toBeInTheDocument();
    expect(kate.getByText(money(500))).toBeInTheDocument();
    expect(kate.getByText('За помощь с залом')).toBeInTheDocument();
    expect(kate.getByText('до 31.01.2026 включительно')).toBeInTheDocument();
    expect(kate.getByText('срок истёк')).toBeInTheDocument();
    expect(kate.getByText('использована 3 раза')).toBeInTheDocument();
    const stranger = within(list().getByText('new@example.com').closest('tr')!);
    expect(stranger.getByText('ещё не зарегистрирован(а)')).toBeInTheDocument();
    expect(stranger.getByText('15 %')).toBeInTheDocument();
    expect(stranger.getByText('без срока')).toBeInTheDocument();
    expect(stranger.getByText('использована 1 раз')).toBeInTheDocument();
    expect(stranger.queryByText('срок истёк')).not.toBeInTheDocument();
  });

  it('grants a percent discount once for a double click, and the list shows it in place of the earlier one', async () => {
    const api = discountsApi([discount(7), discount(8, { email: 'new@example.com', person: null })]);
    const { user } = await openDiscounts();
    await user.type(form().getByLabelText('Электронная почта участника'), 'New@Example.com');
    await user.type(form().getByLabelText('Процент скидки'), '20');
    await user.type(form().getByLabelText('Действует до (включительно, необязательно)'), '2099-12-31');
    await user.type(form().getByLabelText('Заметка для себя (необязательно, участник её не увидит)'), 'Вторая ступень');
    await user.type(form().getByLabelText('Сообщение участнику в письме о скидке (необязательно)'), 'Как договорились');
    await user.dblClick(form().getByRole('button', { name: 'Дать скидку' }));

    expect(await screen.findByText('Скидка 20 % для new@example.com сохранена.')).toBeInTheDocument();
    // The message goes to the person, the note stays the author's: two fields, sent apart.
    expect(api.posted).toEqual([{ email: 'New@Example.com', percent: 20, expiresAt: '2099-12-31', message: 'Как договорились', note: 'Вторая ступень' }]);
    const rows = list().getAllByText(/@example\.com$/).map((cell) => cell.textContent);
    expect(rows).toEqual(['new@example.com', 'kate@example.com']);
    const added = within(list().getByText('new@example.com').closest('tr')!);
    expect(added.getByText('20 %')).toBeInTheDocument();
    expect(added.getByText('Вторая ступень')).toBeInTheDocument();
    expect(added.getByText('ещё не использована')).toBeInTheDocument();
    // The form is empty for the next one.
    expect(form().getByLabelText('Электронная почта участника')).toHaveValue('');
  });

  it('checks the form before sending, and shows the server’s refusal under its field', async () => {
    const api = discountsApi([], { 'amounts.0.amount': ['Скидка больше цены: самая низкая цена курса в этой валюте — 900 ₽.'] });
    const { user } = await openDiscounts();
    expect(list().getByText('Скидок участникам на этом курсе нет.')).toBeInTheDocument();
    await user.type(form().getByLabelText('Электронная почта участника'), 'kate@');
    await user.click(form().getByRole('button', { name: 'Дать скидку' }));
    const email = form().getByLabelText('Электронная почта участника');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(discountMessages.emailInvalid);
    expect(form().getByLabelText('Процент скидки')).toHaveAccessibleDescription(discountMessages.percentInvalid);
    expect(api.posted).toEqual([]);

    await user.type(email, 'example.com');
    await user.click(form().getByRole('radio', { name: 'сумма' }));
    await user.type(form().getByLabelText('Сумма скидки в рублях, ₽'), '1000');
    await user.click(form().getByRole('button', { name: 'Дать скидку' }));
    const amount = form().getByLabelText('Сумма скидки в рублях, ₽');
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription('Скидка больше цены: самая низкая цена курса в этой валюте — 900 ₽.');
    expect(api.posted).toEqual([{ email: 'kate@example.com', amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 1000 }] }]);
    expect(form().getByLabelText('Электронная почта участника')).not.toHaveAttribute('aria-invalid');
    // What was typed stays.
    expect(amount).toHaveValue('1000');
  });

  it('revokes a discount only after a confirmation', async () => {
    const api = discountsApi([discount(7), discount(8, { email: 'new@example.com', person: null })]);
    const { user } = await openDiscounts();
    await user.click(list().getByRole('button', { name: 'Отменить скидку для kate@example.com' }));
    let dialog = within(screen.getByRole('dialog', { name: 'Отменить скидку?' }));
    expect(dialog.getByText(/Скидка 500 ₽ для kate@example.com перестанет действовать/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Не отменять' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.revoked).toEqual([]);

    await user.click(list().getByRole('button', { name: 'Отменить скидку для kate@example.com' }));
    dialog = within(screen.getByRole('dialog', { name: 'Отменить скидку?' }));
    await user.click(dialog.getByRole('button', { name: 'Отменить скидку' }));
    expect(await screen.findByText('Скидка для kate@example.com отменена.')).toBeInTheDocument();
    expect(api.revoked).toEqual([7]);
    await waitFor(() => expect(list().queryByText('kate@example.com')).not.toBeInTheDocument());
    expect(list().getByText('new@example.com')).toBeInTheDocument();
  });
});

describe('discounts in payments', () => {
  beforeEach(() => signInAuthor());

  it('shows a payment’s discount with its full price, and what discounts cost beside the revenue', async () => {
    const personal = payment(7, { amount: 1600, discount: { kind: 'personal', percent: 20, fullAmount: 2000 } });
    const coded = payment(8, { amount: 35, currency: 'CURRENCY_CHOICE_EURO', discount: { kind: 'promoCode', code: 'SPRING', amounts: [{ currency: 'CURRENCY_CHOICE_EURO', amount: 5 }], fullAmount: 40 } });
    server.use(
      http.get('*/api/v1/mutabo/payments/', () =>
        HttpResponse.json(
          paymentsPage([personal, coded, payment(9)], {
            discountCosts: [
              { courseId: 5, courseTitle: 'Медленное чтение', currency: 'CURRENCY_CHOICE_RUB', payments: 2, cost: 1000 },
              { courseId: 6, courseTitle: 'Мастерская текста', currency: 'CURRENCY_CHOICE_EURO', payments: 1, cost: 5 },
            ],
          }),
        ),
      ),
    );
    renderApp('/mutabo/payments');
    const revenue = within(await screen.findByRole('region', { name: 'Выручка' }, FIRST_RENDER));
    const costs = within(revenue.getByRole('list', { name: 'Скидки обошлись' }));
    expect(costs.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      `Медленное чтение — ${money(1000)} в 2 платежах`,
      `Мастерская текста — ${money(5, 'CURRENCY_CHOICE_EURO')} в 1 платеже`,
    ]);
    const rowOf = (id: number) => within(screen.getByText(`№ ${id}`).closest('tr')!);
    expect(rowOf(7).getByText(`Скидка 20 % · полная цена ${money(2000)}`)).toBeInTheDocument();
    expect(rowOf(8).getByText(`Промокод SPRING · полная цена ${money(40, 'CURRENCY_CHOICE_EURO')}`)).toBeInTheDocument();
    expect(rowOf(9).queryByText(/полная цена/)).not.toBeInTheDocument();
  });

  it('shows what discounts cost on the start page, and nothing about them when there were none', async () => {
    server.use(dashboardHandler(dashboard({ discountCosts: [{ courseId: 5, courseTitle: 'Медленное чтение', currency: 'CURRENCY_CHOICE_RUB', payments: 3, cost: 1500 }] })));
    const { unmount } = renderApp('/mutabo');
    const revenue = within(await screen.findByRole('region', { name: 'Выручка' }, FIRST_RENDER));
    expect(within(revenue.getByRole('list', { name: 'Скидки обошлись' })).getByRole('listitem').textContent?.replace(/\s/g, ' ')).toBe(
      `Медленное чтение — ${money(1500)} в 3 платежах`,
    );
    unmount();

    server.use(dashboardHandler(dashboard()));
    renderApp('/mutabo');
    await screen.findByRole('region', { name: 'Выручка' }, FIRST_RENDER);
    expect(screen.queryByText('Скидки обошлись')).not.toBeInTheDocument();
  });
});
