// The library in a real browser: filter by a category through the UI, keep it over a reload, go to page 2, go back.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';


const browser = useBrowser();

const total = (page: Page) => page.getByText(/^Всего \d+ материал/);
const totalCount = async (page: Page) => Number((await total(page).textContent())?.match(/\d+/)?.[0]);
const itemTitles = (page: Page) => page.getByRole('region', { name: 'Материалы' }).getByRole('heading', { level: 2 }).allTextContents();

describe('library', () => {
  it('filters by a category through the UI, keeps the filter over a reload, and pages through it', async () => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/library');
    await total(page).waitFor();
    const everything = await totalCount(page);
    expect(await page.getByRole('link', { name: 'Страница 2' }).count()).toBe(1);

    const toggle = page.getByRole('button', { name: /^Фильтры/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'library-filters-desktop');

    await page.getByRole('checkbox', { name: 'Книги' }).check();
    await page.waitForURL(/\/library\?categories=\d+$/);
    await page.waitForFunction(
      (before) => {
        const text = [...document.querySelectorAll('[role="status"]')].map((node) => node.textContent).join(' ');
        const match = text.match(/Всего (\d+) материал/);
        return match !== null && Number(match[1]) !== before;
      },
      everything,
    );
    const books = await totalCount(page);
    expect(books).toBeGreaterThan(15);
    expect(books).toBeLessThan(everything);
    const filteredUrl = page.url();
    const firstPage = await itemTitles(page);
    expect(firstPage).toHaveLength(15);

    await page.reload();
    await total(page).waitFor();
    expect(page.url()).toBe(filteredUrl);
    expect(await totalCount(page)).toBe(books);
    expect(await page.getByRole('checkbox', { name: 'Книги' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: /^Фильтры/ }).textContent()).toBe('Фильтры (1)');

    await page.getByRole('link', { name: 'Страница 2' }).click();
    await page.waitForURL(/categories=\d+&page=2$/);
    await page.getByRole('link', { name: 'Страница 2', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
    // The first page's items stay on screen until the second page's answer arrives: wait for the list to change.
    const showsNewItems = async () => {
      const titles = await itemTitles(page);
      return titles.length > 0 && !titles.some((title) => firstPage.includes(title));
    };
    await expect.poll(showsNewItems, { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'library-page-2-desktop');

    await page.goBack();
    await page.waitForURL(filteredUrl);
    await page.getByRole('link', { name: 'Страница 1' }).and(page.locator('[aria-current="page"]')).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Книги' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Все материалы' }).click();
    await page.waitForURL(/\/library$/);
    await page.waitForFunction((all) => document.body.textContent?.includes(`Всего ${all} `) ?? false, everything);
    expect(await page.getByRole('checkbox', { name: 'Книги' }).isChecked()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('works by keyboard: the toggle, a checkbox and a page link', async () => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/library');
    await total(page).waitFor();
    await page.getByRole('button', { name: /^Фильтры/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('checkbox', { name: 'Статьи' }).focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/categories=\d+$/);
    await page.locator('input:checked').and(page.getByRole('checkbox', { name: 'Статьи' })).waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toBe('Статьи');

    await page.getByRole('button', { name: 'Все материалы' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/library$/);
    await page.getByRole('link', { name: 'Страница 2' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/page=2$/);
    // The focus moves to the top of the list, which comes into view.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Материалы');
    await page.getByRole('link', { name: 'Страница 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('fits the %s width with the filters open', async (widthName, viewport) => {
    const page = await newPage(browser(), viewport);
    await page.goto('/library?page=2');
    await total(page).waitFor();
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `library-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
