// «Статистика» in a real browser (issue 37, item 5): the demo author Anna opens the summary, which opens with three
// small charts (net revenue by week, this month's funnel, attendance of the last lessons), goes to «Статистика»,
// narrows it to a course of her own that a buyer has just paid for in the test checkout, changes the period (a start
// after the end is told under the field, a preset is taken), reads the table under the money chart and the funnel's,
// and downloads the money CSV, whose first line holds the contract's headings. At 1280 and 375 px, with screenshots,
// no horizontal scroll of the page and no serious axe violations.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { MutaboPaymentsPage } from '../common/mutabo/payments.ts';
import { dayInMoscow, FUNNEL_COLUMNS, FUNNEL_STEPS, MONEY_COLUMNS, statsMessages } from '../common/stats.ts';
import type { PaymentCreated } from '../common/wireTypes.ts';
import { baseUrl, DESKTOP, hasHorizontalScroll, newPage, pageErrors, PHONE, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { call, confirmedAccount, openCourse, tokenOf } from './support/api.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PASSWORD = 'Тихий-рассвет-42';
const browser = useBrowser();
const stamp = Date.now();
const COURSE = { title: `Статистика на практике ${stamp}`, lessons: ['Числа', 'Графики'] };
const RUB = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 3000, lessonPrice: 1500, lessonWholesalePrice: 1200 };
const BUYER = { email: `stats-${stamp}@example.org`, firstName: 'Вера', lastName: 'Счётова' };

/** Today in Moscow (`YYYY-MM-DD`), as the statistics read their periods, and a day moved by some days. */
const today = () => dayInMoscow();
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The buyer pays for the first lesson in the built-in test checkout (its form posted as the page would). */
async function payFirstLesson(buyer: string, lessonId: number): Promise<void> {
  const created = await call<PaymentCreated>(buyer, 'POST', '/api/v1/payments/', { system: 'yookassa', currency: RUB.currency, lessons: [lessonId] });
  const checkout = new URL(created.details.redirectTo, baseUrl());
  const decided = await fetch(`${baseUrl()}${checkout.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'pay', key: checkout.searchParams.get('key') ?? '' }).toString(),
    redirect: 'manual',
  });
  expect(decided.status).toBe(303);
}

async function checked(page: Page, name: string): Promise<void> {
  expect(await hasHorizontalScroll(page), `${name}: horizontal scroll`).toBe(false);
  expect(await seriousViolations(page), name).toEqual([]);
}

/** A chart that Chart.js has drawn: its canvas has taken the box's width. */
async function drawn(chart: Locator): Promise<void> {
  await chart.waitFor();
  await expect.poll(() => chart.locator('canvas').evaluate((canvas) => (canvas as HTMLCanvasElement).width), { timeout: 10_000 }).toBeGreaterThan(0);
}

const cells = async (row: Locator) => (await row.getByRole('cell').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());

describe('the statistics of the authors’ area', () => {
  let course = { id: 0, lessonIds: [] as number[] };

  beforeAll(async () => {
    const anna = await tokenOf(ANNA);
    course = await openCourse(anna, COURSE.title, COURSE.lessons, [RUB]);
    await payFirstLesson(await confirmedAccount(BUYER, PASSWORD), course.lessonIds[0]!);
    // The provider's answer is applied at once; read until the payment says so (expect.poll is for tests, not hooks).
    const states = async () => (await call<MutaboPaymentsPage>(anna, 'GET', `/api/v1/mutabo/payments/?course=${course.id}`)).results.map((payment) => payment.state);
    for (let tries = 0; tries < 30 && (await states()).join() !== 'STATE_COMPLETED'; tries += 1) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await states()).toEqual(['STATE_COMPLETED']);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('the summary opens with three small charts, the summary’s own parts under them (%s)', async (name, viewport) => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, '/mutabo');
    await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    // This week's payment: the revenue and the funnel have something to draw.
    await drawn(page.getByRole('region', { name: 'Выручка по неделям' }).getByRole('img', { name: /^Итого по неделям, рубли:/ }));
    await drawn(page.getByRole('region', { name: 'Воронка этого месяца' }).getByRole('img', { name: /^Воронка с / }));
    // The last lessons: the demo's, drawn, or the words saying there are none yet.
    const lessons = page.getByRole('region', { name: 'Посещаемость последних занятий' });
    await lessons.getByRole('img').or(lessons.getByText('Пока нет занятий, по которым есть что считать.')).waitFor();
    // The boxes are as tall whatever they hold: the three cards line up.
    const heights = await page.locator('section[aria-labelledby^="summary-"] > div:nth-of-type(1)').evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().height));
    expect(new Set(heights).size).toBe(1);
    await page.getByRole('region', { name: 'Выручка', exact: true }).waitFor();
    await checked(page, `summary ${name}`);
    await screenshot(page, `stats-summary-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('«Статистика»: the period, the course, the tables under the charts and the CSV (%s)', async (name, viewport) => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, '/mutabo');
    await page.getByRole('link', { name: 'Деньги в статистике' }).click();
    await page.getByRole('heading', { level: 1, name: 'Статистика' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/mutabo/stats' && url.searchParams.get('by') === 'week');

    // Her course only.
    await page.getByLabel('Курс', { exact: true }).selectOption({ label: COURSE.title });
    await page.waitForURL((url) => url.searchParams.get('course') === String(course.id));

    // A start after the end is told under the field, and nothing is asked for.
    const to = await page.getByLabel('По', { exact: true }).inputValue();
    const from = page.getByLabel('С', { exact: true });
    await from.fill(dayAfter(to, 1));
    await page.getByText(statsMessages.fromAfterTo).waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.get('from')).not.toBe(dayAfter(to, 1));
    // «Этот месяц»: from its first day to today, by week; kept in the address.
    await page.getByRole('button', { name: 'Этот месяц' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === `${today().slice(0, 8)}01` && url.searchParams.get('to') === today());
    expect(await page.getByText(statsMessages.fromAfterTo).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Этот месяц' }).getAttribute('aria-pressed')).toBe('true');

    // The money chart and its table: this week's row holds the payment.
    const money = page.getByRole('region', { name: 'Деньги', exact: true });
    await drawn(money.getByRole('img', { name: /^Итого по неделям, рубли:/ }));
    const table = money.getByRole('table', { name: 'Деньги по неделям, рубли' });
    expect((await table.getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual([...MONEY_COLUMNS]);
    const paidWeek = table.getByRole('row').filter({ hasText: /1\s500\s₽/ });
    expect(await paidWeek.count()).toBe(1);
    expect((await cells(paidWeek))[5]).toBe('1');
    const perCourse = money.getByRole('table', { name: /^По курсам с / }).getByRole('row').filter({ hasText: COURSE.title });
    expect(await cells(perCourse)).toEqual([COURSE.title, 'Рубли', '1 500 ₽', '0 ₽', '1 500 ₽', '1']);

    // The funnel's table: a step per row, the one who paid counted once.
    const funnel = page.getByRole('region', { name: 'Воронка', exact: true });
    const steps = funnel.getByRole('table', { name: /^Воронка с / });
    expect((await steps.getByRole('columnheader').allTextContents()).map((text) => text.trim())).toEqual([...FUNNEL_COLUMNS]);
    expect(await cells(steps.getByRole('row').filter({ hasText: FUNNEL_STEPS.paid }))).toEqual([FUNNEL_STEPS.paid, '1', expect.stringMatching(/^(\d+ %|—)$/)]);

    await money.scrollIntoViewIfNeeded();
    await checked(page, `stats ${name}`);
    await screenshot(page, `stats-page-${name}`);

    // The CSV of the money chart, with the same query; its first line holds the headings.
    const [download] = await Promise.all([page.waitForEvent('download'), money.getByRole('button', { name: 'Скачать CSV: деньги' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const headings = csv.split(/\r?\n/)[0]!.split(';').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(headings).toEqual([...MONEY_COLUMNS]);

    // A reload shows the same period and course.
    const address = page.url();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Статистика' }).waitFor();
    expect(page.url()).toBe(address);
    expect(await page.getByLabel('С', { exact: true }).inputValue()).toBe(`${today().slice(0, 8)}01`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
