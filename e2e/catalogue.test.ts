// The catalogue journey on the demo content: home → «Для детей» → a course → «Другие курсы» → another course.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOT_DIR, WIDTHS, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';

/** Scrolls down the page so lazy images load, then back to the top: a full-page screenshot then shows them all. */
async function loadLazyImages(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect
    .poll(() => page.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)))
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}


const browser = useBrowser();

describe.each(WIDTHS)('at %s width', (widthName, viewport) => {
  it('goes from the catalogue filtered for children to a course and on to another course', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor();
    await page.waitForLoadState('networkidle');
    await loadLazyImages(page);
    await screenshot(page, `catalogue-home-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.getByRole('figure', { name: 'Цитата' }).getByRole('link', { name: 'Библиотека' }).count()).toBe(1);

    const catalogue = page.getByRole('list', { name: 'Каталог курсов' });
    const titles = () => catalogue.getByRole('heading', { level: 2 }).allTextContents();
    const everyTitle = await titles();
    expect(everyTitle.length).toBeGreaterThan(3);
    expect(everyTitle.some((title) => /тест/i.test(title))).toBe(false);

    const children = page.getByRole('button', { name: 'Для детей' });
    await children.click();
    expect(await children.getAttribute('aria-pressed')).toBe('true');
    const childrenTitles = await titles();
    expect(childrenTitles.length).toBeGreaterThan(1);
    expect(childrenTitles.length).toBeLessThan(everyTitle.length);
    expect(await catalogue.getByText('Для взрослых', { exact: true }).count()).toBe(0);
    await loadLazyImages(page);
    await screenshot(page, `catalogue-children-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);

    const first = childrenTitles[0]!;
    await catalogue.getByRole('link', { name: first }).click();
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/courses\/\d+$/);
    expect(await page.title()).toBe(`${first} — Мутабор`);
    await page.getByText('подростки 11–17 лет').waitFor();
    await page.getByRole('region', { name: 'Содержание' }).waitFor();
    await page.getByRole('complementary', { name: 'Запись на курс' }).getByRole('link', { name: 'войдите' }).waitFor();
    await page.waitForLoadState('networkidle');
    await loadLazyImages(page);
    await screenshot(page, `course-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    const others = page.getByRole('region', { name: 'Другие курсы' });
    const otherLinks = await others.getByRole('link').allTextContents();
    expect(otherLinks).not.toContain(first);
    expect(otherLinks.length).toBe(everyTitle.length - 1);
    const next = otherLinks[0]!;
    await others.getByRole('link', { name: next }).click();
    await page.getByRole('heading', { level: 1, name: next }).waitFor();
    // A new page starts at the top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.waitForLoadState('networkidle');
    await loadLazyImages(page);
    await screenshot(page, `course-other-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);

    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('on a phone', () => {
  it('goes from the course page’s boot frame straight to the course page', async () => {
    const page = await newPage(browser(), PHONE);
    // Every state of the page's content from the first paint on: the HTML's picture and title, then the page itself,
    // with no moment of the header over an empty page (the page's code is loaded before the first render).
    await page.addInitScript(() => {
      const states: string[] = [];
      (window as unknown as { contentStates: string[] }).contentStates = states;
      new MutationObserver(() => {
        const state = document.querySelector('.boot-course') ? 'boot' : document.querySelector('main h1') ? 'page' : document.querySelector('main') ? 'empty' : 'other';
        if (states.at(-1) !== state) states.push(state);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/courses/1');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const states = await page.evaluate(() => (window as unknown as { contentStates: string[] }).contentStates);
    expect(states.filter((state) => state !== 'other')).toEqual(['boot', 'page']);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe.each([...WIDTHS, ['tablet', { width: 768, height: 1024 }]] as const)('the boot frame at %s width', (widthName, viewport) => {
  it('puts the course’s picture and title where the course page puts them, in the page’s heading size', async () => {
    const box = (page: Page, selector: string) =>
      page.locator(selector).evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { x: Math.round(rect.x), width: Math.round(rect.width), fontSize: getComputedStyle(element).fontSize };
      });
    const measure = async (page: Page, picture: string, title: string) => ({ picture: await box(page, picture), title: await box(page, title) });
    // What the HTML shows before any script has run.
    const boot = await browser().newContext({ viewport, locale: 'ru-RU', baseURL: baseUrl(), javaScriptEnabled: false });
    const bootPage = await boot.newPage();
    await bootPage.goto('/courses/1');
    const before = await measure(bootPage, '.boot-cover', '.boot-title');
    await bootPage.screenshot({ path: `${SCREENSHOT_DIR}/course-boot-${widthName}.png` });
    await boot.close();

    const page = await newPage(browser(), viewport);
    await page.goto('/courses/1');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const after = await measure(page, 'main header img[fetchpriority="high"]', 'main h1');
    expect(before.picture).toEqual(after.picture);
    expect(before.title.x).toBe(after.title.x);
    expect(before.title.fontSize).toBe(after.title.fontSize);
    await page.context().close();
  });
});

describe('at desktop width', () => {
  it('shows the enrolment hint when the mouse is over the green dot', async () => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/');
    const hint = page.getByText(/^Идёт набор\. Старт курса - \d\d\.\d\d\.$/).first();
    await hint.waitFor({ state: 'attached' });
    expect((await hint.boundingBox())?.width).toBeLessThanOrEqual(1);
    await hint.locator('..').hover();
    await expect.poll(async () => (await hint.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await page.screenshot({ path: 'test-results/screenshots/catalogue-hint-desktop.png' });
    await page.context().close();
  });

  it('lets the keyboard filter the catalogue and open a course', async () => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/');
    const adults = page.getByRole('button', { name: 'Для взрослых' });
    await adults.focus();
    await page.keyboard.press('Enter');
    expect(await adults.getAttribute('aria-pressed')).toBe('true');
    // From the last filter button, the next stop is the first card's title.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    const firstTitle = (await page.getByRole('list', { name: 'Каталог курсов' }).getByRole('heading', { level: 2 }).first().textContent())!;
    expect(focused).toBe(firstTitle);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor();
    await page.context().close();
  });
});
