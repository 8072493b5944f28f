// A personal discount on the course page (issue 23): the course details carry `discount` and a percent's discounted
// `prices`; the panel says «Ваша скидка …» with its end date, strikes the full prices through beside the discounted
// ones, takes an amount off each payment once, and decides which figures apply by the full prices, so a 100 %
// discount still sells the lessons at 0 ₽.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { discountedPrice, type CourseDiscount } from '../../../common/discounts.ts';
import type { PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { setSiteExit } from '../../../src/app/navigation.ts';
import { server } from '../../support/server.ts';
import { EURO, RUB, answerCourse, course, coursePanel, euro, renderAsUser, rub } from './enrollmentTestKit.ts';

let bodies: PaymentCreatePayload[] = [];

beforeEach(() => {
  bodies = [];
  setSiteExit(() => {});
  server.use(
    http.post('*/api/v1/payments/', async ({ request }) => {
      bodies.push((await request.json()) as PaymentCreatePayload);
      return HttpResponse.json({ details: { redirectTo: 'https://checkout.example/pay/42' } });
    }),
  );
});

/** The course as the server sends it to a buyer with `terms`: discounted prices and the full ones beside. */
function discountedCourse(terms: Omit<CourseDiscount, 'fullPrices'>, prices = [RUB, EURO]) {
  return course({ prices: prices.map((price) => discountedPrice(price, terms)), discount: { ...terms, fullPrices: prices } });
}

const thisYear = () => Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Moscow', year: 'numeric' }).format(new Date()));
const priceList = (panel: HTMLElement) => within(panel).getByText('Одно занятие').closest('dl')!;
const wholeButton = (panel: HTMLElement) => within(panel).getByRole('button', { name: /^Оплатить весь курс/ });

describe('a personal discount', () => {
  it('is named with its end date, and each price shows the full one struck through', async () => {
    // The last moment of 31 December in Moscow is 20:59:59 UTC of that day.
    answerCourse(discountedCourse({ percent: 20, expiresAt: `${thisYear()}-12-31T20:59:59.999Z` }));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(within(panel).getByText('Ваша скидка 20 % до 31.12')).toBeInTheDocument();

    const prices = priceList(panel);
    const struck = Array.from(prices.querySelectorAll('del')).map((del) => del.textContent);
    expect(struck).toEqual([`без скидки ${rub(12000)}`, `без скидки ${rub(1800)}`, `без скидки ${rub(1500)}`]);
    expect(prices.textContent).toContain(`Весь курсбез скидки ${rub(12000)}, со скидкой ${rub(9600)}`);
    expect(prices.textContent).toContain(`Одно занятиебез скидки ${rub(1800)}, со скидкой ${rub(1440)}`);
    expect(prices.textContent).toContain(`От 5 занятий, за каждоебез скидки ${rub(1500)}, со скидкой ${rub(1200)}`);
    expect(wholeButton(panel)).toHaveAccessibleName(`Оплатить весь курс — без скидки ${rub(12000)}, со скидкой ${rub(9600)}`);

    await user.click(within(panel).getByRole('checkbox', { name: /^1\./ }));
    await user.click(within(panel).getByRole('checkbox', { name: /^2\./ }));
    expect(within(panel).getByText(/^Выбрано 2 занятия на сумму/).textContent).toBe(
      `Выбрано 2 занятия на сумму без скидки ${rub(3600)}, со скидкой ${rub(2880)}`,
    );
  });

  it('in an amount, off each payment once, without an end date, and with the year when it ends in another year', async () => {
    answerCourse(discountedCourse({ amounts: [{ currency: 'CURRENCY_CHOICE_RUB', amount: 500 }], expiresAt: null }));
    const first = renderAsUser('/courses/5');
    let panel = await coursePanel();
    expect(within(panel).getByText('Ваша скидка 500 ₽ с суммы оплаты')).toBeInTheDocument();
    // The figures stay; the amount comes off the whole course once, and off the lessons chosen once.
    expect(priceList(panel).textContent).toContain(`Одно занятие${rub(1800)}`);
    expect(priceList(panel).textContent).toContain(`Весь курсбез скидки ${rub(12000)}, со скидкой ${rub(11500)}`);
    expect(wholeButton(panel)).toHaveAccessibleName(`Оплатить весь курс — без скидки ${rub(12000)}, со скидкой ${rub(11500)}`);
    await first.user.click(within(panel).getByRole('checkbox', { name: /^1\./ }));
    await first.user.click(within(panel).getByRole('checkbox', { name: /^2\./ }));
    expect(within(panel).getByText(/^Выбрано 2 занятия на сумму/).textContent).toBe(
      `Выбрано 2 занятия на сумму без скидки ${rub(3600)}, со скидкой ${rub(3100)}`,
    );
    // Euros have no amount off: nothing is struck through in them.
    await first.user.click(within(panel).getByRole('radio', { name: 'Евро' }));
    expect(priceList(panel).querySelector('del')).toBeNull();
    expect(priceList(panel).textContent).toContain(`Одно занятие${euro(20)}`);
    first.unmount();

    answerCourse(discountedCourse({ percent: 10, expiresAt: `${thisYear() + 1}-01-15T12:00:00.000Z` }));
    renderAsUser('/courses/5');
    panel = await coursePanel();
    expect(within(panel).getByText(`Ваша скидка 10 % до 15.01.${thisYear() + 1}`)).toBeInTheDocument();
  });

  it('of 100 % still sells the lessons one by one, at 0 ₽, and the whole course at 0 ₽', async () => {
    answerCourse(discountedCourse({ percent: 100, expiresAt: null }, [RUB]));
    const { user } = renderAsUser('/courses/5');
    const panel = await coursePanel();
    expect(wholeButton(panel)).toBeEnabled();
    expect(wholeButton(panel)).toHaveAccessibleName(`Оплатить весь курс — без скидки ${rub(12000)}, со скидкой ${rub(0)}`);
    await user.click(within(panel).getByRole('checkbox', { name: /^1\./ }));
    await user.click(within(panel).getByRole('checkbox', { name: /^3\./ }));
    expect(within(panel).getByText(/^Выбрано 2 занятия на сумму/).textContent).toBe(
      `Выбрано 2 занятия на сумму без скидки ${rub(3600)}, со скидкой ${rub(0)}`,
    );
    await user.click(within(panel).getByRole('button', { name: /^Оплатить выбранные занятия/ }));
    await waitFor(() => expect(bodies).toEqual([{ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [101, 103] }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
