// A season in minutes (issue 22, items 1 and 2), in a real browser on the real server: from the area's summary an
// author creates a course with a ruble price, adds a four-lesson weekly series in one form and opens enrollment,
// every click and tap counted (at most 20; docs/BENCHMARKS.md records the figure); then copies the course for the
// next season and lands on the new draft with its lessons a year on. Screenshots of the series form, the lesson
// list, the copy dialog and the copy at 1280 and 375 px; axe on the new parts.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { countingUser } from './support/countingUser.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const COURSE_TITLE = 'Поэзия серебряного века: сезон';
/** The most clicks and taps the journey may take from the summary to an open course. */
const CLICK_BUDGET = 20;

const browser = useBrowser();

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), name).toEqual([]);
}

/** The texts of the course's lesson list, one per lesson. */
const lessonLines = (page: Page) => page.getByRole('region', { name: 'Занятия' }).getByRole('listitem').allTextContents();

describe('a season in minutes', () => {
  let courseId = 0;

  it('creates a course with a ruble price and a four-lesson weekly series and opens enrollment in at most 20 clicks from the summary', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo');
    await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    const user = countingUser();

    await user.click(page.getByRole('navigation', { name: 'Раздел авторов' }).getByRole('link', { name: 'Курсы' }));
    await user.click(page.getByRole('link', { name: 'Новый курс' }));
    await page.getByRole('heading', { level: 1, name: 'Новый курс' }).waitFor();
    await user.fill(page.getByLabel('Название', { exact: true }), COURSE_TITLE);
    await user.check(page.getByLabel('Продавать за рубли'));
    await user.fill(page.getByLabel('Цена курса'), '6000');
    await user.fill(page.getByLabel('Цена занятия', { exact: true }), '1800');
    await user.fill(page.getByLabel('Цена занятия от 5 занятий'), '1500');
    await user.click(page.getByRole('button', { name: 'Создать курс' }));
    await page.getByText('Курс создан. Теперь добавьте занятия.').waitFor();
    courseId = Number(/\/mutabo\/courses\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(courseId).toBeGreaterThan(0);

    // The series: four weekly lessons from Wednesday 17 March 2038, 19:00 Moscow time, one hour each.
    const lessons = page.getByRole('region', { name: 'Занятия' });
    await user.click(lessons.getByRole('button', { name: 'Добавить серию занятий' }));
    const form = lessons.getByRole('form', { name: 'Серия занятий' });
    await user.fill(form.getByLabel('Дата'), '2038-03-17');
    await user.fill(form.getByLabel('Время'), '19:00');
    await user.fill(form.getByLabel('Сколько занятий'), '4');
    const preview = form.getByRole('region', { name: 'Будут добавлены 4 занятия:' });
    expect(await preview.getByRole('listitem').allTextContents()).toEqual([
      '1. Занятие 1 — ср, 17 марта 2038, 19:00',
      '2. Занятие 2 — ср, 24 марта 2038, 19:00',
      '3. Занятие 3 — ср, 31 марта 2038, 19:00',
      '4. Занятие 4 — ср, 7 апреля 2038, 19:00',
    ]);
    await screenshot(page, 'season-series-form-desktop');
    await expectAccessible(page, 'series form');
    const scrolledBefore = await page.evaluate(() => window.scrollY);
    await user.click(form.getByRole('button', { name: 'Добавить 4 занятия' }));
    await lessons.getByRole('status').getByText('Добавлены 4 занятия: 1–4.').waitFor();
    // The list is read again after the save.
    await expect.poll(() => lessonLines(page)).toHaveLength(4);
    expect(await lessonLines(page)).toEqual([
      expect.stringMatching(/^1\. Занятие 1Опубликовано · 60 мин\. · .*17 марта 2038.*19:00/),
      expect.stringMatching(/^2\. Занятие 2Опубликовано · 60 мин\. · .*24 марта 2038.*19:00/),
      expect.stringMatching(/^3\. Занятие 3Опубликовано · 60 мин\. · .*31 марта 2038.*19:00/),
      expect.stringMatching(/^4\. Занятие 4Опубликовано · 60 мин\. · .*7 апреля 2038.*19:00/),
    ] as unknown as string[]);
    // The page stays where the author was: the status line is in view, the page did not jump to its top.
    const scrolledAfter = await page.evaluate(() => window.scrollY);
    expect(scrolledAfter).toBeGreaterThan(0);
    expect(Math.abs(scrolledAfter - scrolledBefore)).toBeLessThan(900);
    expect(await lessons.getByRole('status').isVisible()).toBe(true);
    await screenshot(page, 'season-lessons-desktop');

    await user.click(page.getByRole('button', { name: 'Открыть запись' }));
    const dialog = page.getByRole('dialog', { name: 'Открыть запись?' });
    await user.click(dialog.getByRole('button', { name: 'Открыть запись' }));
    await page.getByText('Сейчас: Запись открыта').waitFor();

    // The figure docs/BENCHMARKS.md records.
    console.log(`season journey: ${user.count} clicks and taps from the summary to an open course`);
    expect(user.count).toBeLessThanOrEqual(CLICK_BUDGET);

    // The visitor's page shows the four lessons and the ruble price.
    const visitor = await newPage(browser(), DESKTOP);
    await visitor.goto(`/courses/${courseId}`);
    await visitor.getByRole('heading', { level: 1, name: COURSE_TITLE }).waitFor();
    for (const title of ['Занятие 1', 'Занятие 4']) await visitor.getByText(title).first().waitFor();
    await visitor.getByText(/6\s000\s₽/).first().waitFor();
    expect(pageErrors(visitor)).toEqual([]);
    await visitor.context().close();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows the series form and the new lessons on a phone', async () => {
    const page = await newPage(browser(), PHONE);
    await logIn(page, ANNA, `/mutabo/courses/${courseId}`);
    const lessons = page.getByRole('region', { name: 'Занятия' });
    await lessons.getByRole('button', { name: 'Добавить серию занятий' }).click();
    const form = lessons.getByRole('form', { name: 'Серия занятий' });
    await form.getByLabel('Время').fill('19:00');
    await form.getByLabel('Дата').fill('2038-04-14');
    await form.getByLabel('Сколько занятий').fill('2');
    await form.getByLabel('Названия — по одному в строке (необязательно)').fill('Итоги сезона\nЧтение вслух');
    await form.getByRole('region', { name: 'Будут добавлены 2 занятия:' }).getByText('5. Итоги сезона — ср, 14 апреля 2038, 19:00').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await form.screenshot({ path: 'test-results/screenshots/season-series-form-phone.png' });
    await expectAccessible(page, 'series form on a phone');
    // Cancelled here: the course keeps its four lessons.
    await form.getByRole('button', { name: 'Отмена' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await lessonLines(page)).toHaveLength(4);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await lessons.screenshot({ path: 'test-results/screenshots/season-lessons-phone.png' });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('copies the course for the next season: a draft with the same lessons a year on, at the same time', async () => {
    for (const [width, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await newPage(browser(), viewport);
      await logIn(page, ANNA, `/mutabo/courses/${courseId}`);
      await page.getByRole('button', { name: 'Скопировать курс' }).click();
      const dialog = page.getByRole('dialog', { name: 'Скопировать курс для нового набора?' });
      const date = dialog.getByLabel('Дата первого занятия нового курса');
      // A year later on the same weekday, unless the author picks another day.
      expect(await date.inputValue()).toBe('2039-03-16');
      await dialog.getByText('В копии: ср, 16 марта 2039, 19:00 по московскому времени.', { exact: false }).waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      // The dialog is fixed in the viewport: a screenshot of what the author sees.
      await page.screenshot({ path: `test-results/screenshots/season-copy-dialog-${width}.png` });
      await expectAccessible(page, `copy dialog (${width})`);
      if (width === 'phone') {
        await dialog.getByRole('button', { name: 'Отмена' }).click();
        await page.context().close();
        continue;
      }
      await dialog.getByRole('button', { name: 'Скопировать' }).click();
      await page.getByText(`Это копия курса «${COURSE_TITLE}» — новый черновик.`, { exact: false }).waitFor();
      const copyId = Number(/\/mutabo\/courses\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
      expect(copyId).toBeGreaterThan(courseId);
      await page.getByText('Сейчас: Черновик').waitFor();
      expect(await page.getByLabel('Название', { exact: true }).inputValue()).toBe(COURSE_TITLE);
      expect(await page.getByLabel('Цена курса').inputValue()).toBe('6000');
      await expect.poll(() => lessonLines(page)).toHaveLength(4);
      expect(await lessonLines(page)).toEqual([
        expect.stringMatching(/^1\. Занятие 1Черновик · 60 мин\. · .*16 марта 2039.*19:00/),
        expect.stringMatching(/^2\. Занятие 2Черновик · 60 мин\. · .*23 марта 2039.*19:00/),
        expect.stringMatching(/^3\. Занятие 3Черновик · 60 мин\. · .*30 марта 2039.*19:00/),
        expect.stringMatching(/^4\. Занятие 4Черновик · 60 мин\. · .*6 апреля 2039.*19:00/),
      ] as unknown as string[]);
      // Its history starts with the copy, and nobody's place came along.
      await page.getByRole('region', { name: 'История изменений' }).getByText('Курс создан').waitFor();
      await screenshot(page, 'season-copy-desktop');
      await expectAccessible(page, 'the copy in the editor');
      await page.setViewportSize(PHONE);
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, 'season-copy-phone');
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });
});
