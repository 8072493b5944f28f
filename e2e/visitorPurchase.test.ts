// A parent starts buying as a visitor (issue 32), at 375 and 1280 px, on the real server: a course of Anna's sold by
// blocks of four, whose first lesson has begun, says what a block costs before the first tick; the parent ticks one
// lesson (its block is ticked), types a promo code, taps pay, reads the password rules on the sign-up form, signs
// up, opens the confirmation letter from the outbox in another tab of the same browser, which logs them in and brings
// them back to the same block with the code applied, and pays in the test checkout. The course and the code are made
// through the area's API for this file; every address here is this file's own.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { MutaboCourse } from '../common/mutabo/courses.ts';
import type { MutaboLesson } from '../common/mutabo/lessons.ts';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { call, tokenOf } from './support/api.ts';
import { hasHorizontalScroll, newPage, pageErrors, SCREENSHOT_DIR, screenshot, useBrowser, WIDTHS } from './support/browser.ts';
import { fillAndSendSignup } from './support/signUp.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const stamp = Date.now();
const TITLE = `Мастерская сказки ${stamp % 100_000}`;
const CODE = `SKAZKA${stamp % 1_000_000}`;
const PASSWORD = 'Тёплый-вечер-у-моря-7';
const DAY = 86_400_000;
const outbox = () => path.join(inject('dataDir'), 'outbox');
const browser = useBrowser();
let courseId = 0;

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Запись на курс' });
const checkedBoxes = (page: Page) => panelOf(page).locator('input[type="checkbox"]:checked');

/** Anna's course: blocks of four, 1 500 ₽ a lesson, eight lessons a week apart, the first of them begun yesterday. */
async function blockedCourse(): Promise<number> {
  const token = await tokenOf(ANNA);
  const course = await call<MutaboCourse>(token, 'POST', '/api/v1/mutabo/courses/', {
    title: TITLE,
    subtitle: 'Сочиняем и рассказываем сказки',
    disciplesAge: 'DISCIPLES_AGE_CHILDREN',
    participantsLimit: 10,
    lessonsBlockSize: 4,
    start: new Date(Date.now() - DAY).toISOString().slice(0, 10),
    prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: 11000, lessonPrice: 1500, lessonWholesalePrice: 1300 }],
  });
  for (let number = 1; number <= 8; number++) {
    const startsAt = new Date(Date.now() + (number === 1 ? -DAY : (number - 1) * 7 * DAY)).toISOString();
    await call<MutaboLesson>(token, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, { title: `Сказка ${number}`, duration: 60, state: 'published', startsAt });
  }
  const current = await call<MutaboCourse>(token, 'GET', `/api/v1/mutabo/courses/${course.id}/`);
  await call(token, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, { state: 'can_be_subscribed', version: current.version });
  await call(token, 'POST', '/api/v1/mutabo/promo-codes/', { code: CODE, course: course.id, percent: 10, maxUses: null });
  return course.id;
}

async function shoot(page: Page, name: string, at?: () => Promise<void>): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  if (at) {
    await at();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
  } else await screenshot(page, name);
  expect(await hasHorizontalScroll(page), `${name}: horizontal scroll`).toBe(false);
}

describe('a visitor starts buying on a course sold by blocks', () => {
  beforeAll(async () => {
    courseId = await blockedCourse();
  });

  describe.each(WIDTHS)('at the %s width', (width, viewport) => {
    it('reads the block price, ticks a lesson, signs up, confirms from the letter, is back on the choice and pays with the code', async () => {
      const email = `parent-${width}-${stamp}@example.org`;
      const page = await newPage(browser(), viewport);
      await page.goto(`/courses/${courseId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      const panel = panelOf(page);
      // Before any tick: what a block is and costs; the begun first block is not for sale, nor the whole course.
      await panel.getByText(/^Занятия продаются блоками по 4: 6\s000\s₽ за блок\./).waitFor();
      expect(await panel.getByText(/^Блок 1 — уже начался$/).count()).toBe(1);
      expect(await panel.getByRole('checkbox', { name: /^1\. Сказка 1 \(прошло\)$/ }).isDisabled()).toBe(true);
      expect(await panel.getByRole('button', { name: /^Оплатить весь курс/ }).count()).toBe(0);
      await shoot(page, `visitor-block-price-${width}`, () => panel.getByText(/^Занятия продаются блоками/).scrollIntoViewIfNeeded());

      await panel.getByRole('checkbox', { name: /^6\. Сказка 6$/ }).check();
      expect(await checkedBoxes(page).count()).toBe(4);
      await panel.getByText(/^Выбрано 4 занятия на сумму 6\s000\s₽$/).waitFor();
      await panel.getByRole('button', { name: 'Есть промокод?' }).click();
      await panel.getByRole('textbox', { name: 'Промокод' }).fill(CODE.toLowerCase());
      await panel.getByText('Скидку по промокоду посчитаем после входа на сайт.').waitFor();
      const pay = panel.getByRole('button', { name: /^Оплатить выбранные занятия — 6\s000\s₽$/ });
      expect(await pay.isEnabled()).toBe(true);
      await shoot(page, `visitor-selection-${width}`, () => pay.scrollIntoViewIfNeeded());
      await pay.click();

      await page.getByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' }).waitFor();
      // The rules are there before the first attempt.
      await page.getByText(/^Не короче 8 символов, не только из цифр/).waitFor();
      await shoot(page, `visitor-signup-${width}`);
      await fillAndSendSignup(page, { email, password: PASSWORD, firstName: 'Мария', lastName: 'Лебедева', birthYear: String(new Date().getFullYear() - 12) });
      await page.waitForURL('**/user/signup-email-sent');

      // The letter is opened in another tab of the same browser: the confirmation logs the parent in and goes back.
      const letter = await waitForLetter(outbox(), (item) => item.to === email && item.text.includes('/user/confirm-signup/'), 20_000);
      const link = linkIn(letter, '/user/confirm-signup/');
      const letterTab = await page.context().newPage();
      await letterTab.goto(`${link.pathname}${link.search}`);
      await letterTab.waitForURL((url) => url.pathname === `/courses/${courseId}`);
      await letterTab.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await letterTab.getByRole('navigation', { name: 'Учётная запись' }).getByRole('link', { name: 'Мария Лебедева' }).waitFor();
      const back = panelOf(letterTab);
      expect(await checkedBoxes(letterTab).count()).toBe(4);
      expect(await back.getByRole('checkbox', { name: /^5\. Сказка 5$/ }).isChecked()).toBe(true);
      expect(await back.getByRole('textbox', { name: 'Промокод' }).inputValue()).toBe(CODE);
      await back.getByRole('status').getByText(/^Итого со скидкой по промокоду: без скидки 6\s000\s₽\s*, со скидкой 5\s400\s₽$/).waitFor();
      const payNow = back.getByRole('button', { name: /^Оплатить выбранные занятия — без скидки 6\s000\s₽ ?, со скидкой 5\s400\s₽$/ });
      await shoot(letterTab, `visitor-back-on-choice-${width}`, () => payNow.scrollIntoViewIfNeeded());
      await payNow.click();

      await letterTab.waitForURL(/\/sandbox-checkout\//);
      await letterTab.getByRole('button', { name: 'Оплатить' }).click();
      await letterTab.waitForURL(/\/waiting-for-payment/);
      await letterTab.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });
      await shoot(letterTab, `visitor-paid-${width}`);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });
  });
});
