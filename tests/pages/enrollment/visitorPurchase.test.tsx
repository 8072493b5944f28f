// A visitor starts buying (issue 32): the choice rides in the course page's address through the sign-up and the
// confirmation, which logs in the browser that signed up (elsewhere it fills the login form); back on the course page
// the same lessons, currency and promo code are chosen. Lessons that have begun are shown but not sold.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PaymentQuote } from '../../../common/discounts.ts';
import type { ConfirmationPayload, PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { setSiteExit } from '../../../src/app/navigation.ts';
import { server } from '../../support/server.ts';
import { fakeJwt } from '../../support/tokens.ts';
import { disciple, meHandler } from '../../support/users.ts';
import { EURO, RUB, answerCourse, course, coursePanel, lessons, renderAsUser, renderWithNavigation } from './enrollmentTestKit.ts';

await import('../../../src/pages/ConfirmSignupPage.tsx');

let payments: PaymentCreatePayload[] = [];
let quotes: PaymentCreatePayload[] = [];

beforeEach(() => {
  payments = [];
  quotes = [];
  setSiteExit(() => {});
  server.use(
    http.post('*/api/v1/payments/', async ({ request }) => {
      payments.push((await request.json()) as PaymentCreatePayload);
      return HttpResponse.json({ details: { redirectTo: 'https://checkout.example/pay/42' } });
    }),
    http.post('*/api/v1/payments/quote/', async ({ request }) => {
      const body = (await request.json()) as PaymentCreatePayload;
      quotes.push(body);
      const full = body.lessons.length * 20;
      const quote: PaymentQuote = { amount: full * 0.9, currency: body.currency, discount: { kind: 'promoCode', code: 'LETO', percent: 10, fullAmount: full } };
      return HttpResponse.json(quote);
    }),
  );
});

const blockCourse = () => course({ prices: [RUB, EURO], lessonsBlockSize: 4, lessons: lessons(8) });
const checkedTitles = (panel: HTMLElement) =>
  within(panel)
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

describe('a visitor who starts buying', () => {
  it('is back on the same lessons, currency and promo code after the sign-up, with the code applied and paid with', async () => {
    answerCourse(blockCourse());
    const { user } = renderAsUser('/courses/5?lessons=105,106,107,108&currency=CURRENCY_CHOICE_EURO&promo=leto');
    const panel = await coursePanel();
    expect(checkedTitles(panel)).toEqual(['5. Дорога', '6. Сад', '7. Море', '8. Дом']);
    expect(within(panel).getByRole('radio', { name: 'Евро' })).toBeChecked();
    expect(within(panel).getByRole('textbox', { name: 'Промокод' })).toHaveValue('LETO');
    await waitFor(() => expect(quotes).toEqual([{ system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', lessons: [105, 106, 107, 108], promoCode: 'LETO' }]));
    const pay = within(panel).getByRole('button', { name: /^Оплатить выбранные занятия/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(payments).toEqual([{ system: 'paypal', currency: 'CURRENCY_CHOICE_EURO', lessons: [105, 106, 107, 108], promoCode: 'LETO' }]));
  });

  it('keeps a promo code typed before the sign-up in the address it comes back to', async () => {
    answerCourse(blockCourse());
    const { user, router } = renderWithNavigation('/courses/5');
    const panel = await coursePanel();
    await user.click(within(panel).getByRole('checkbox', { name: /^2\./ }));
    await user.click(within(panel).getByRole('button', { name: 'Есть промокод?' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Промокод' }), 'leto');
    // A visitor cannot be quoted: the code waits for the login.
    expect(within(panel).queryByRole('button', { name: 'Применить' })).not.toBeInTheDocument();
    expect(within(panel).getByText('Скидку по промокоду посчитаем после входа на сайт.')).toBeInTheDocument();
    // The promo field comes before the pay buttons.
    const field = within(panel).getByRole('textbox', { name: 'Промокод' });
    const pay = within(panel).getByRole('button', { name: /^Оплатить выбранные занятия/ });
    expect(field.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field.compareDocumentPosition(within(panel).getByRole('button', { name: /^Оплатить весь курс/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(pay);
    await screen.findByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' });
    expect(router.state.location.state).toEqual({ from: '/courses/5?lessons=101%2C102%2C103%2C104&promo=LETO' });
    expect(quotes).toEqual([]);
  });
});

describe('the confirmation link', () => {
  const NEXT = '/courses/5?lessons=101%2C102%2C103%2C104';
  let confirmations: ConfirmationPayload[] = [];

  function answerConfirmation(tokens: boolean) {
    confirmations = [];
    answerCourse(blockCourse());
    server.use(
      meHandler(disciple),
      http.post('*/api/v1/users/registration-confirm/', async ({ request }) => {
        confirmations.push((await request.json()) as ConfirmationPayload);
        return HttpResponse.json({
          detail: 'Регистрация подтверждена.',
          email: 'vera@example.com',
          ...(tokens ? { access: fakeJwt(1800), refresh: fakeJwt(86400) } : {}),
        });
      }),
    );
  }

  it('logs in the browser that signed up and brings the person back to their choice', async () => {
    localStorage.setItem('signupEmail', 'vera@example.com');
    answerConfirmation(true);
    const { router } = renderWithNavigation(`/user/confirm-signup/MTI/abc-123/?next=${encodeURIComponent(NEXT)}`);
    const panel = await coursePanel();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(NEXT);
    expect(confirmations).toEqual([{ uidb64: 'MTI', token: 'abc-123', email: 'vera@example.com' }]);
    expect(checkedTitles(panel)).toEqual(['1. Ритм и рифма', '2. Образ', '3. Молчание', '4. Город']);
    expect(within(panel).getByRole('button', { name: /^Оплатить выбранные занятия/ })).toBeEnabled();
    expect(localStorage.getItem('signupEmail')).toBeNull();
  });

  it('elsewhere fills the login form with the address, and the login leads back to the choice', async () => {
    answerConfirmation(false);
    server.use(http.post('*/api/v1/token/', () => HttpResponse.json({ access: fakeJwt(1800), refresh: fakeJwt(86400) })));
    const { user, router } = renderWithNavigation(`/user/confirm-signup/MTI/abc-123/?next=${encodeURIComponent(NEXT)}`);
    await user.click(await screen.findByRole('link', { name: 'Войти на сайт' }));
    await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' });
    expect(confirmations).toEqual([{ uidb64: 'MTI', token: 'abc-123' }]);
    expect(screen.getByLabelText('Электронная почта')).toHaveValue('vera@example.com');
    expect(screen.getByLabelText('Пароль')).toHaveFocus();
    await user.type(screen.getByLabelText('Пароль'), 'dlinnyi-parol-1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    const panel = await coursePanel();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(NEXT);
    expect(checkedTitles(panel)).toHaveLength(4);
  });
});

describe('lessons that have begun', () => {
  it('are shown as past with their dates, not offered, and the whole course is not sold', async () => {
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    answerCourse(
      course({
        prices: [RUB],
        lessons: lessons(4, (number) => ({ startsAt: number === 4 ? null : at(number === 1 ? -7 * day : number === 2 ? -10 * 60_000 : 7 * day) })),
      }),
    );
    renderAsUser('/courses/5');
    const panel = await coursePanel();
    const box = (name: RegExp) => within(panel).getByRole('checkbox', { name });
    expect(box(/^1\. Ритм и рифма \(прошло\)$/)).toBeDisabled();
    expect(box(/^2\. Образ \(уже идёт\)$/)).toBeDisabled();
    expect(box(/^3\. Молчание$/)).toBeEnabled();
    expect(box(/^4\. Город$/)).toHaveAccessibleDescription('Дата пока не назначена');
    expect(within(panel).queryByRole('button', { name: /^Оплатить весь курс/ })).not.toBeInTheDocument();
    // The contents give every lesson its date, and say which have begun.
    const contents = screen.getByRole('region', { name: 'Содержание' });
    expect(within(contents).getByText('Прошло')).toBeInTheDocument();
    expect(within(contents).getByText('Идёт сейчас')).toBeInTheDocument();
    expect(within(contents).getByText('Дата пока не назначена')).toBeInTheDocument();
    expect(within(contents).getAllByRole('time')).toHaveLength(3);
  });
});
