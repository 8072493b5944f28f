// The privacy policy with versions in a real browser (issue 20, item 2): /policy shows the version in force with its
// date and number (the demo starts on the site's default text, version 0, naming the demo's seller); an author adds a
// paragraph in the area and publishes a new version; /policy shows it at once with its date; the sign-up form's link
// leads there. At both widths, with screenshots of the page and of the area's editor.
import type { Page } from 'playwright-core';
import { WIDTHS, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const DEMO_SELLER = 'ИП Мельникова Анна Викторовна';

const browser = useBrowser();

/** «Редакция от 26 ноября 2026 г. (версия 3)» as the page shows it: the date and the number. */
async function edition(page: Page): Promise<{ date: string; version: number }> {
  const text = ((await page.getByText(/^Редакция от .+ \(версия\s\d+\)$/).textContent()) ?? '').replace(/\s+/g, ' ');
  const match = /^Редакция от (.+) \(версия (\d+)\)$/.exec(text);
  expect(match, text).not.toBeNull();
  return { date: match![1]!, version: Number(match![2]) };
}

describe.each(WIDTHS)('the privacy policy (%s)', (name, viewport) => {
  it('shows the version in force with its date, naming the seller, readable at this width', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/policy');
    await page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }).waitFor();
    const { version } = await edition(page);
    expect(version).toBeGreaterThanOrEqual(0);
    await page.getByText('3. Персональные данные, которые обрабатывает Оператор, и зачем').waitFor();
    await page.getByText(`Оператор персональных данных: ${DEMO_SELLER}`, { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Продавец курсов' }).getByText(DEMO_SELLER).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `policy-${name}`);
    await page.context().close();
  });

  it('is published by an author as a new version that /policy shows at once with its date', async () => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, '/mutabo/policy');
    await page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }).waitFor();
    await page.getByText('1. Общие положения').first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `policy-editor-${name}`);

    const added = `Проверочный абзац редакции (${name}).`;
    await page.getByRole('textbox', { name: 'Текст политики' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(added);
    await page.getByRole('button', { name: 'Сохранить политику' }).click();
    await page.getByText('Политика сохранена. На сайте уже новая редакция.').waitFor();
    const inForce = ((await page.getByText(/Сейчас действует редакция \d+ от /).textContent()) ?? '').replace(/\s+/g, ' ');
    const [, number, date] = /Сейчас действует редакция (\d+) от (.+? г\.)/.exec(inForce) ?? [];
    expect(number, inForce).toBeDefined();

    // The site's copy was refreshed by the save: /policy shows the new version from the site's own link.
    await page.getByRole('link', { name: '/policy' }).click();
    await page.waitForURL(/\/policy$/);
    await page.getByText(added).waitFor();
    expect(await edition(page)).toEqual({ date, version: Number(number) });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // A visitor who comes from the sign-up form's link reads the same version.
    const visitor = await newPage(browser(), viewport);
    await visitor.goto('/user/signup');
    const href = await visitor.getByRole('link', { name: 'политикой обработки персональных данных' }).getAttribute('href');
    expect(href).toBe('/policy');
    await visitor.goto(href!);
    await visitor.getByText(added).waitFor();
    expect((await edition(visitor)).version).toBe(Number(number));
    expect(pageErrors(visitor)).toEqual([]);
    await visitor.context().close();
  });
});
