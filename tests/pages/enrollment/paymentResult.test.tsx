// The payment result page: a guest, the first load, paid, cancelled, pending with polling, a failure, and leaving.
import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CurrentPayment, PaymentState } from '../../../common/wireTypes.ts';
import { server } from '../../support/server.ts';
import { FIRST_RENDER } from '../../support/firstRender.ts';
import { sitePolicy } from '../../support/siteData.ts';
import { gate, renderAsUser, renderWithNavigation } from './enrollmentTestKit.ts';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Оплата курса' });

/** Answers the current payment with the given states in turn (the last one repeats); counts the requests. */
function answerPayment(...states: PaymentState[]) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/v1/payments/current/', () => {
      const state = states[Math.min(calls.count, states.length - 1)] ?? 'STATE_IN_PROGRESS';
      calls.count += 1;
      return HttpResponse.json(paymentAnswer(state));
    }),
  );
  return calls;
}

/** The answer of GET /api/v1/payments/current/: the spec's id and state, and the course and amount it is for. */
function paymentAnswer(state: PaymentState): CurrentPayment {
  return { id: 9, details: { state }, course: { id: 5, title: 'Как читать стихи' }, amount: 12000, currency: 'CURRENCY_CHOICE_RUB', lessonCount: 8 };
}

afterEach(() => vi.useRealTimers());

describe('the payment result page', () => {
  it('asks a guest to log in, without asking the API', async () => {
    const { user, router } = renderWithNavigation('/waiting-for-payment');
    await heading();
    expect(screen.getByText('Требуется авторизация')).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Войти на сайт' });
    expect(login).toHaveAttribute('href', '/user/login');
    await user.click(login);
    expect(await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
  });

  it('shows a loader while the payment is first read', async () => {
    const answer = gate();
    server.use(
      http.get('*/api/v1/payments/current/', async () => {
        await answer.opened;
        return HttpResponse.json(paymentAnswer('STATE_COMPLETED'));
      }),
    );
    renderAsUser('/waiting-for-payment');
    await heading();
    expect(screen.getByRole('status', { name: 'Проверяем оплату' })).toBeInTheDocument();
    answer.open();
    expect(await screen.findByText('Успешно оплачено')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Проверяем оплату' })).not.toBeInTheDocument();
  });

  it('says «Успешно оплачено» and leads to the account’s courses', async () => {
    answerPayment('STATE_COMPLETED');
    renderAsUser('/waiting-for-payment');
    expect(await screen.findByText('Успешно оплачено')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти к моим курсам' })).toHaveAttribute('href', '/account/courses');
  });

  it('says «Платеж отменен» for a cancelled payment, naming the course and the amount, and leads back to the course', async () => {
    answerPayment('STATE_FAILURE');
    const { user, router } = renderAsUser('/waiting-for-payment');
    expect(await screen.findByText('Платеж отменен')).toBeInTheDocument();
    expect(screen.queryByText('Успешно оплачено')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Как читать стихи' })).toHaveAttribute('href', '/courses/5');
    expect(screen.getByText(/^Сумма$/).nextElementSibling).toHaveTextContent('12 000 ₽ за 8 занятий');
    await user.click(screen.getByRole('link', { name: 'Вернуться к курсу' }));
    expect(router.state.location.pathname).toBe('/courses/5');
  });

  it('names the course and the amount of a paid payment', async () => {
    answerPayment('STATE_COMPLETED');
    renderAsUser('/waiting-for-payment');
    expect(await screen.findByText('Успешно оплачено')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Как читать стихи' })).toHaveAttribute('href', '/courses/5');
    expect(screen.getByText(/^Сумма$/).nextElementSibling).toHaveTextContent('12 000 ₽ за 8 занятий');
    expect(screen.queryByRole('link', { name: 'Вернуться к курсу' })).not.toBeInTheDocument();
  });

  it('shows the error message when the payment cannot be read', async () => {
    server.use(http.get('*/api/v1/payments/current/', () => HttpResponse.json({ detail: 'Платёж не найден.' }, { status: 404 })));
    renderAsUser('/waiting-for-payment');
    expect(await screen.findByText('Платёж не найден.')).toBeInTheDocument();
  });

  // With the clock faked, Testing Library's find* queries never settle (they wait on a timer): vi.waitFor does.
  const shown = (text: string) => vi.waitFor(() => screen.getByText(text), FIRST_RENDER);

  it('waits with a spinner while the payment is in progress, asking again every 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = answerPayment('STATE_IN_PROGRESS', 'STATE_IN_PROGRESS', 'STATE_COMPLETED');
    renderAsUser('/waiting-for-payment');
    const pending = await shown('Ожидается подтверждение оплаты');
    expect(pending.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(calls.count).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(calls.count).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await vi.waitFor(() => expect(calls.count).toBe(2));
    expect(screen.getByText('Ожидается подтверждение оплаты')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await shown('Успешно оплачено');
    await act(() => vi.advanceTimersByTimeAsync(30000));
    expect(calls.count).toBe(3);
  });

  it('stops asking when the page is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = answerPayment('STATE_IN_PROGRESS');
    server.use(http.get('*/api/v2/user/pages-content/policy/', () => HttpResponse.json(sitePolicy)));
    const { router } = renderAsUser('/waiting-for-payment');
    await shown('Ожидается подтверждение оплаты');
    await act(() => router.navigate('/policy'));
    await vi.waitFor(() => screen.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }), FIRST_RENDER);
    await act(() => vi.advanceTimersByTimeAsync(30000));
    expect(calls.count).toBe(1);
  });
});
