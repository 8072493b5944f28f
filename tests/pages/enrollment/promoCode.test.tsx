// A promo code on the course page's payment panel (issue 23): «Есть промокод?» opens the field; «Применить» (or
// Enter) asks POST /api/v1/payments/quote/ for the lessons about to be paid and shows the new total with the full one
// struck through; the payment then carries the code. A refused code is said under the field and changes nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PaymentQuote } from '../../../common/discounts.ts';
import type { PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { setSiteExit } from '../../../src/app/navigation.ts';
import { server } from '../../support/server.ts';
import { EURO, RUB, answerCourse, course, coursePanel, gate, renderAsUser, rub } from './enrollmentTestKit.ts';

let payments: PaymentCreatePayload[] = [];
let quotes: PaymentCreatePayload[] = [];

const ALL = [101, 102, 103, 104, 105, 106, 107, 108];

beforeEach(() => {
  payments = [];
  quotes = [];
  setSiteExit(() => {});
  server.use(
    http.post('*/api/v1/payments/', async ({ request }) => {
      payments.push((await request.json()) as PaymentCreatePayload);
      return HttpResponse.json({ details: { redirectTo: 'https://checkout.example/pay/42' } });
    }),
  );
});

/** 15 % off with the code VESNA: the amount the same lessons cost without it, as the server would quote it. */
function answerQuotes(reply?: (body: PaymentCreatePayload) => Response | Promise<Response>) {
  server.use(
    http.post('*/api/v1/payments/quote/', async ({ request }) => {
      const body = (await request.json()) as PaymentCreatePayload;
      quotes.push(body);
      if (reply) return reply(body);
      const full = body.lessons.length === ALL.length ? 12000 : body.lessons.length * 1800;
      const quote: PaymentQuote = {
        amount: full * 0.85,
        currency: body.currency,
        discount: { kind: 'promoCode', code: 'VESNA', percent: 15, fullAmount: full },
      };
      return HttpResponse.json(quote);
    }),
  );
}

const wholeButton = (panel: HTMLElement) => within(panel).getByRole('button', { name: /^Оплатить весь курс/ });
const codeField = (panel: HTMLElement) => within(panel).getByRole('textbox', { name: 'Промокод' });
const applyButton = (panel: HTMLElement) => within(panel).getByRole('button', { name: 'Применить' });

async function openPanel(prices = [RUB]) {
  answerCourse(course({ prices }));
  const { user } = renderAsUser('/courses/5');
  const panel = await coursePanel();
  await user.click(within(panel).getByRole('button', { name: 'Есть промокод?' }));
  expect(codeField(panel)).toHaveFocus();
  return { user, panel };
}

describe('a promo code', () => {
  it('applied: the whole course is quoted, the new total shown with the full one struck through, and the payment carries the code', async () => {
    answerQuotes();
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'vesna');
    await user.click(applyButton(panel));

    const total = await within(panel).findByText(/^Итого со скидкой по промокоду/);
    expect(total.textContent).toBe(`Итого со скидкой по промокоду: без скидки ${rub(12000)}, со скидкой ${rub(10200)}`);
    expect(total.querySelector('del')?.textContent).toBe(`без скидки ${rub(12000)}`);
    expect(quotes).toEqual([{ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: ALL, promoCode: 'VESNA' }]);
    expect(wholeButton(panel)).toHaveAccessibleName(`Оплатить весь курс — без скидки ${rub(12000)}, со скидкой ${rub(10200)}`);

    await user.click(wholeButton(panel));
    await waitFor(() => expect(payments).toEqual([{ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: ALL, promoCode: 'VESNA' }]));
  });

  it('is quoted again for the lessons chosen after it was applied, and paid with them', async () => {
    answerQuotes();
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'VESNA');
    await user.click(applyButton(panel));
    await within(panel).findByText(/^Итого со скидкой по промокоду/);

    await user.click(within(panel).getByRole('checkbox', { name: /^1\./ }));
    await user.click(within(panel).getByRole('checkbox', { name: /^2\./ }));
    await waitFor(() => expect(quotes.at(-1)?.lessons).toEqual([101, 102]));
    await waitFor(() =>
      expect(within(panel).getByText(/^Итого со скидкой по промокоду/).textContent).toBe(
        `Итого со скидкой по промокоду: без скидки ${rub(3600)}, со скидкой ${rub(3060)}`,
      ),
    );
    expect(within(panel).getByText(/^Выбрано 2 занятия/).textContent).toBe(
      `Выбрано 2 занятия на сумму без скидки ${rub(3600)}, со скидкой ${rub(3060)}`,
    );
    await user.click(within(panel).getByRole('button', { name: /^Оплатить выбранные занятия/ }));
    await waitFor(() => expect(payments).toEqual([{ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [101, 102], promoCode: 'VESNA' }]));
  });

  it('is quoted again in another currency', async () => {
    answerQuotes();
    const { user, panel } = await openPanel([RUB, EURO]);
    await user.type(codeField(panel), 'vesna');
    await user.click(applyButton(panel));
    await within(panel).findByText(/^Итого со скидкой по промокоду/);
    await user.click(within(panel).getByRole('radio', { name: 'Евро' }));
    await waitFor(() => expect(quotes).toHaveLength(2));
    expect(quotes[1]).toEqual({ system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', lessons: ALL, promoCode: 'VESNA' });
    await within(panel).findByText(/^Итого со скидкой по промокоду/);
    await user.click(wholeButton(panel));
    await waitFor(() => expect(payments).toEqual([{ system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', lessons: ALL, promoCode: 'VESNA' }]));
  });

  it('is taken off when the field is emptied and applied: the payment carries no code', async () => {
    answerQuotes();
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'vesna{Enter}');
    await within(panel).findByText(/^Итого со скидкой по промокоду/);
    await user.clear(codeField(panel));
    await user.click(applyButton(panel));
    expect(within(panel).queryByText(/^Итого со скидкой/)).not.toBeInTheDocument();
    expect(wholeButton(panel)).toHaveAccessibleName(`Оплатить весь курс — ${rub(12000)}`);
    await user.click(wholeButton(panel));
    await waitFor(() => expect(payments).toEqual([{ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: ALL }]));
    expect(quotes).toHaveLength(1);
  });

  it('refused: the message under the field, and the prices and the payment unchanged', async () => {
    answerQuotes(() => HttpResponse.json({ promoCode: ['Срок действия промокода истёк.'] }, { status: 400 }));
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'ZIMA');
    await user.click(applyButton(panel));

    const message = await within(panel).findByText('Срок действия промокода истёк.');
    expect(codeField(panel)).toHaveAttribute('aria-invalid', 'true');
    expect(codeField(panel)).toHaveAccessibleDescription('Срок действия промокода истёк.');
    expect(message.id).toBe(codeField(panel).getAttribute('aria-describedby'));
    expect(within(panel).queryByText(/^Итого со скидкой/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(wholeButton(panel)).toHaveAccessibleName(`Оплатить весь курс — ${rub(12000)}`);

    await user.click(wholeButton(panel));
    await waitFor(() => expect(payments).toEqual([{ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: ALL }]));
  });

  it('applies with Enter in the field and does not pay', async () => {
    answerQuotes();
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'vesna{Enter}');
    await within(panel).findByText(/^Итого со скидкой по промокоду/);
    expect(quotes).toHaveLength(1);
    expect(payments).toEqual([]);
  });

  it('sends one request for a double click, and shows it is under way', async () => {
    const answer = gate();
    answerQuotes(async () => {
      await answer.opened;
      return HttpResponse.json({ amount: 10200, currency: 'CURRENCY_CHOICE_RUB', discount: { kind: 'promoCode', code: 'VESNA', percent: 15, fullAmount: 12000 } });
    });
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'vesna');
    await user.dblClick(applyButton(panel));
    await waitFor(() => expect(applyButton(panel)).toHaveAttribute('aria-busy', 'true'));
    expect(applyButton(panel)).toBeDisabled();
    answer.open();
    await within(panel).findByText(/^Итого со скидкой по промокоду/);
    expect(quotes).toHaveLength(1);
  });

  it('says when the personal discount is better', async () => {
    answerQuotes(() =>
      HttpResponse.json({ amount: 9600, currency: 'CURRENCY_CHOICE_RUB', discount: { kind: 'personal', percent: 20, fullAmount: 12000 } }),
    );
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'vesna');
    await user.click(applyButton(panel));
    expect(await within(panel).findByText(/^Ваша личная скидка выгоднее промокода/)).toBeInTheDocument();
    expect(within(panel).queryByText(/^Итого со скидкой по промокоду/)).not.toBeInTheDocument();
  });

  it('shows any other failure of the quote the way the panel shows errors', async () => {
    answerQuotes(() => HttpResponse.json({ detail: 'Оплата сейчас недоступна.' }, { status: 400 }));
    const { user, panel } = await openPanel();
    await user.type(codeField(panel), 'vesna');
    await user.click(applyButton(panel));
    expect(await screen.findByRole('dialog', { name: 'Ошибка' })).toHaveTextContent('Оплата сейчас недоступна.');
    expect(codeField(panel)).not.toHaveAttribute('aria-invalid');
  });
});
