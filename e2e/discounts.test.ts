// Discounts in a real browser on the real server (issue 23). Anna gives a new participant 20 % off her reading club
// through the course's «Скидки» tab; the participant sees her discount and the full prices struck through on the
// course page, pays two lessons in the test checkout and is charged 80 % of the full price, which the area's payments
// show with «Скидка 20 %» and the full price. Then Anna makes a promo code in «Промокоды» and a second new
// participant applies it on the payment panel (an unknown code is refused under the field). Every page at 1280 and
// 375 px, with screenshots, no horizontal scroll and no serious axe violations. The two participants sign up through
// the API for this file, so no other journey's people or lessons change.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { MutaboPaymentsPage } from '../common/mutabo/payments.ts';
import type { CourseShort } from '../common/wireTypes.ts';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { baseUrl, DESKTOP, hasHorizontalScroll, newPage, pageErrors, SCREENSHOT_DIR, screenshot, seriousViolations, useBrowser, WIDTHS } from './support/browser.ts';
import { logIn, logInDirectly } from './support/logIn.ts';
import { call, tokenOf } from './support/api.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
/** Anna's demo course with ruble prices (1 800 ₽ a lesson) that no other journey buys from. */
const CLUB = 'Читательский клуб: год с книгами';
const PASSWORD = 'Тихий-рассвет-42';
const stamp = Date.now();
/** She is given a personal discount. */
const VERA = { email: `vera-${stamp}@example.org`, firstName: 'Вера', lastName: 'Орлова', row: 'Орлова Вера' };
/** He has none, and applies a promo code. */
const PAVEL = { email: `pavel-${stamp}@example.org`, firstName: 'Павел', lastName: 'Кузнецов' };
const CODE = `KNIGI${stamp % 1_000_000}`;
const outbox = () => path.join(inject('dataDir'), 'outbox');
const browser = useBrowser();
let courseId = 0;

/** A confirmed account, signed up and confirmed through the API and the letter's link. */
async function person(account: { email: string; firstName: string; lastName: string }): Promise<void> {
  await call(null, 'POST', '/api/v1/users/', { ...account, password1: PASSWORD, password2: PASSWORD, agreement: true });
  const letter = await waitForLetter(outbox(), (item) => item.to === account.email && item.text.includes('/user/confirm-signup/'), 15_000);
  const [uidb64, token] = linkIn(letter, '/user/confirm-signup/').pathname.split('/').filter(Boolean).slice(-2);
  await call(null, 'POST', '/api/v1/users/registration-confirm/', { uidb64, token });
}

/** What the element shows, its cells and lines joined by single spaces. */
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Запись на курс' });

/**
 * The page at `viewport`, its screenshot (the whole page, or the window scrolled to `element`: the payment panel's
 * total stays at the window's foot), then no horizontal scroll and no serious axe violations.
 */
async function checkAndShoot(page: Page, viewport: typeof DESKTOP, name: string, element?: Locator): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(() => document.fonts.ready);
  if (element) {
    await element.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
  } else await screenshot(page, name);
  expect(await hasHorizontalScroll(page), `${name}: horizontal scroll`).toBe(false);
  expect(await seriousViolations(page), name).toEqual([]);
}

/** At both widths, named `${name}-phone` and `${name}-desktop`; the page is left at the desktop width. */
async function atBothWidths(page: Page, name: string, element?: () => Locator): Promise<void> {
  for (const [width, viewport] of WIDTHS) {
    await checkAndShoot(page, viewport, `${name}-${width}`, element?.());
  }
}

/** A participant logs in from the login page, then opens `then` (the course page needs no login). */
async function logInAs(page: Page, account: { email: string }, then: string): Promise<void> {
  await logInDirectly(page, { email: account.email, password: PASSWORD });
  await page.goto(then);
}

describe('discounts: a personal one and a promo code', () => {
  beforeAll(async () => {
    const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as CourseShort[];
    courseId = courses.find((course) => course.title === CLUB)!.id;
    await Promise.all([person(VERA), person(PAVEL), fetch(`${baseUrl()}/api/v1/courses/${courseId}/`)]);
  });

  it('Anna gives Vera 20 % in the course’s «Скидки» tab, and the list shows it', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, `/mutabo/courses/${courseId}/discounts`);
    await page.getByRole('heading', { level: 2, name: 'Скидка участнику' }).waitFor();
    const form = page.getByRole('form', { name: 'Скидка участнику' });
    await form.getByLabel('Электронная почта участника').fill(VERA.email);
    expect(await form.getByRole('radio', { name: 'процент' }).isChecked()).toBe(true);
    await form.getByLabel('Процент скидки').fill('20');
    await form.getByLabel('Заметка для себя (необязательно, участник её не увидит)').fill('Сестра участницы прошлого года');
    await form.getByLabel('Сообщение участнику в письме о скидке (необязательно)').fill('Рада, что вы с нами!');
    await form.getByRole('button', { name: 'Дать скидку' }).click();
    await page.getByText(`Скидка 20 % для ${VERA.email} сохранена.`).waitFor();
    // The letter names Anna in her gender and carries her message, never her note.
    const letter = await waitForLetter(outbox(), (item) => item.to === VERA.email && item.subject === `Скидка на курс «${CLUB}»`, 15_000);
    expect(letter.text).toContain(`Анна Мельникова, автор курса «${CLUB}», сделала для вас скидку 20 %.`);
    expect(letter.text).toContain('Сообщение от автора:\nРада, что вы с нами!');
    expect(letter.text).not.toContain('Сестра участницы');

    const list = page.getByRole('region', { name: 'Действующие скидки' });
    const row = list.getByRole('row').filter({ hasText: VERA.email });
    await row.waitFor();
    expect(await text(row)).toMatch(new RegExp(`^${VERA.row} ${VERA.email} 20 % Сестра участницы прошлого года без срока ещё не использована ${'Отменить скидку'}$`));
    await row.getByRole('button', { name: `Отменить скидку для ${VERA.email}` }).waitFor();
    await atBothWidths(page, 'discounts-course-tab');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Vera sees her discount on the course page and pays 80 % of the full price in the test checkout', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logInAs(page, VERA, `/courses/${courseId}`);
    await page.getByRole('heading', { level: 1, name: CLUB }).waitFor();
    const panel = panelOf(page);
    await panel.getByText('Ваша скидка 20 %', { exact: true }).waitFor();
    // The course, a lesson and the wholesale price struck through, the discounted ones beside them; the button too.
    const struck = (await panel.locator('del').allTextContents()).map((item) => item.replace(/\s+/g, ' '));
    expect(struck).toEqual(['без скидки 15 000 ₽', 'без скидки 1 800 ₽', 'без скидки 1 500 ₽', 'без скидки 15 000 ₽']);
    await panel.getByRole('button', { name: /^Оплатить весь курс — без скидки 15\s000\s₽ ?, со скидкой 12\s000\s₽$/ }).waitFor();
    expect(await text(panel.getByRole('definition').nth(1))).toBe('без скидки 1 800 ₽ , со скидкой 1 440 ₽');
    await screenshot(page, 'discounts-course-page-whole-desktop');
    // On a phone the panel's total stays at the window's foot: the window as she sees the discount.
    await atBothWidths(page, 'discounts-course-page', () => panel.getByText('Ваша скидка 20 %', { exact: true }));

    await panel.getByRole('checkbox', { name: /^1\. / }).check();
    await panel.getByRole('checkbox', { name: /^2\. / }).check();
    await panel.getByText(/^Выбрано 2 занятия на сумму без скидки 3\s600\s₽\s*, со скидкой 2\s880\s₽$/).waitFor();
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия — без скидки 3\s600\s₽ ?, со скидкой 2\s880\s₽$/ }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await page.waitForURL(/\/waiting-for-payment/);
    await page.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // The area's API: the payment charged 2 880 ₽ of 3 600 ₽ with Vera's discount.
    const payments = await call<MutaboPaymentsPage>(await tokenOf(ANNA), 'GET', `/api/v1/mutabo/payments/?course=${courseId}`);
    const hers = payments.results.filter((payment) => payment.payer.email === VERA.email);
    expect(hers.map((payment) => ({ amount: payment.amount, state: payment.state, discount: payment.discount, lessons: payment.lessons.map((lesson) => lesson.number) }))).toEqual([
      { amount: 2880, state: 'STATE_COMPLETED', discount: { kind: 'personal', percent: 20, fullAmount: 3600 }, lessons: [1, 2] },
    ]);
  });

  it('the course’s payments show Vera’s payment with «Скидка 20 %» and the full price, and the discount as used', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, `/mutabo/courses/${courseId}/payments`);
    const row = page.getByRole('row').filter({ hasText: VERA.email });
    await row.waitFor();
    expect(await text(row)).toMatch(/2\s880\s₽ Скидка 20 % · полная цена 3\s600\s₽/);
    await row.getByText('Оплачен', { exact: true }).waitFor();
    await atBothWidths(page, 'discounts-payments');

    await page.goto(`/mutabo/courses/${courseId}/discounts`);
    await page.getByRole('region', { name: 'Действующие скидки' }).getByRole('row').filter({ hasText: VERA.email }).getByText('использована 1 раз').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Anna makes a promo code of 25 % for the club in «Промокоды»', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo/promo-codes');
    await page.getByRole('heading', { level: 1, name: 'Промокоды' }).waitFor();
    const form = page.getByRole('form', { name: 'Новый промокод' });
    await form.getByLabel('Промокод').fill(CODE.toLowerCase());
    // The courses come from the API: wait for the club among the choices.
    await form.getByRole('option', { name: CLUB }).waitFor({ state: 'attached' });
    await form.getByLabel('Курс').selectOption({ label: CLUB });
    // Before saving, an amount shows what a buyer will pay: the whole course and one lesson, 500 ₽ off each once.
    await form.getByRole('radio', { name: 'сумма' }).check();
    await form.getByLabel('Сумма скидки в рублях, ₽').fill('500');
    const preview = form.getByRole('region', { name: 'Покупатель заплатит' });
    await preview.getByText(/^Одно занятие: 1\s800\s₽ → 1\s300\s₽$/).waitFor();
    await atBothWidths(page, 'discounts-promo-code-preview', () => preview);
    await form.getByRole('radio', { name: 'процент' }).check();
    await form.getByLabel('Процент скидки').fill('25');
    await form.getByLabel('Сколько раз можно использовать (пусто — без ограничений)').fill('10');
    await form.getByRole('button', { name: 'Создать промокод' }).click();
    await page.getByText(`Промокод ${CODE} создан.`).waitFor();
    const row = page.getByRole('region', { name: 'Мои промокоды' }).getByRole('row').filter({ hasText: CODE });
    expect(await text(row)).toMatch(new RegExp(`^${CODE} ${CLUB} 25 % без срока 0 из 10 действует`));
    await atBothWidths(page, 'discounts-promo-codes');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('Pavel applies the code on the payment panel: an unknown one is refused, the real one gives the new total', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logInAs(page, PAVEL, `/courses/${courseId}`);
    await page.getByRole('heading', { level: 1, name: CLUB }).waitFor();
    const panel = panelOf(page);
    await panel.getByRole('checkbox', { name: /^3\. / }).check();
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия — 1\s800\s₽$/ }).waitFor();
    await panel.getByRole('button', { name: 'Есть промокод?' }).click();

    const field = panel.getByRole('textbox', { name: 'Промокод' });
    await field.fill('NETTAKOGO');
    await panel.getByRole('button', { name: 'Применить' }).click();
    await panel.getByText('Такого промокода нет.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Такого промокода нет.');
    await atBothWidths(page, 'discounts-panel-code-refused', () => field);

    await field.fill(CODE.toLowerCase());
    await field.press('Enter');
    await panel.getByRole('status').getByText(/^Итого со скидкой по промокоду: без скидки 1\s800\s₽\s*, со скидкой 1\s350\s₽$/).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия — без скидки 1\s800\s₽ ?, со скидкой 1\s350\s₽$/ }).waitFor();
    await atBothWidths(page, 'discounts-panel-code-applied', () => panel.getByRole('status'));
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
