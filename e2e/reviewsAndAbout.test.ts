// Reviews and the about page in a real browser: «Ещё отзывы», the header's author links, what an author saves on
// their own page shown on the about page, and how the pages look.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, WIDTHS, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const MIKHAIL = { email: 'mikhail@example.com', password: 'demo-mikhail-2026' };
/** Added to the end of Михаил Орлов's «О себе», so the rest of the demo text stays for the other journeys. */
const ADDED_PARAGRAPH = 'Этой осенью Михаил открывает семинар «Как читать Платона»: восемь встреч, один диалог, много вопросов.';
const NEW_QUOTE = 'Вопрос, заданный вовремя, стоит десяти ответов.';

const browser = useBrowser();

const reviews = (page: Page) => page.getByRole('list', { name: 'Отзывы' }).getByRole('article');

/** True when the element's top edge is on screen. */
const topInViewport = (page: Page, id: string) =>
  page.evaluate((elementId) => {
    const box = document.getElementById(elementId)?.getBoundingClientRect();
    return box !== undefined && box.top >= -1 && box.top < window.innerHeight;
  }, id);

describe('reviews', () => {
  it('«Ещё отзывы» shows more reviews until the last page', async () => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/feedbacks');
    await reviews(page).first().waitFor();
    const firstPage = await reviews(page).count();
    expect(firstPage).toBeGreaterThan(0);

    const more = page.getByRole('button', { name: 'Ещё отзывы' });
    await more.click();
    await page.waitForFunction((before) => document.querySelectorAll('[aria-label="Отзывы"] article').length > before, firstPage);
    const twoPages = await reviews(page).count();
    expect(twoPages).toBeGreaterThan(firstPage);
    // The first new review has the focus, so reading goes on from there.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('ARTICLE');

    // Keep going until the button goes away with the last page.
    for (let guard = 0; guard < 20 && (await more.count()) > 0; guard += 1) {
      const before = await reviews(page).count();
      await more.click();
      await page.waitForFunction((count) => document.querySelectorAll('[aria-label="Отзывы"] article').length > count, before);
    }
    expect(await more.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('about page anchors', () => {
  it.each([
    ['Анна Мельникова', 'anna'],
    ['Михаил Орлов', 'mikhail'],
  ])('the header link «%s» lands on the author section #%s', async (name, anchor) => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    await page.getByRole('banner').getByRole('link', { name }).click();
    await page.waitForURL(new RegExp(`/about#${anchor}$`));
    await page.locator(`#${anchor}`).waitFor();
    await page.waitForFunction((id) => {
      const box = document.getElementById(id)?.getBoundingClientRect();
      return box !== undefined && box.top >= -1 && box.top < window.innerHeight;
    }, anchor);
    expect(await topInViewport(page, anchor)).toBe(true);
    expect(await page.locator(`#${anchor} h3`).textContent()).toBe(name);
    await page.context().close();
  });

  it('opening /about#mikhail directly on a phone scrolls to Михаил Орлов', async () => {
    const page = await newPage(browser(), PHONE);
    await page.goto('/about#mikhail');
    await page.locator('#mikhail').waitFor();
    await page.waitForFunction(() => window.scrollY > 0);
    expect(await topInViewport(page, 'mikhail')).toBe(true);
    await screenshot(page, 'about-mikhail-phone-viewport');
    await page.context().close();
  });
});

describe('the about page shows what an author saves on their own page', () => {
  it('a paragraph added to «О себе» and a new saying are in the author section a visitor sees, at 1280 and 375 px', async () => {
    const area = await newPage(browser(), DESKTOP);
    await logIn(area, MIKHAIL, '/mutabo/author');
    const about = area.getByLabel('О себе');
    await expect.poll(() => about.inputValue()).not.toBe('');
    await about.fill(`${await about.inputValue()}\n\n${ADDED_PARAGRAPH}`);
    await area.getByLabel('Цитата под вашим именем на странице «О проекте»').fill(NEW_QUOTE);
    await area.getByRole('button', { name: 'Сохранить страницу' }).click();
    await area.getByText('Страница автора сохранена. На сайте уже новая версия.').waitFor();
    expect(pageErrors(area)).toEqual([]);
    await area.context().close();

    for (const [widthName, viewport] of WIDTHS) {
      const page = await newPage(browser(), viewport);
      const authorRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/authors/') authorRequests.push(request.url());
      });
      await page.goto('/about');
      const section = page.getByRole('region', { name: 'Михаил Орлов' });
      await section.getByText(ADDED_PARAGRAPH).waitFor();
      await section.getByText(`«${NEW_QUOTE}»`).waitFor();
      expect(await section.getAttribute('id')).toBe('mikhail');
      await page.waitForLoadState('networkidle');
      // The first HTML carried the authors: the page drew them without asking the API (no loading flash).
      expect(authorRequests).toEqual([]);
      expect(await page.getByRole('status').count()).toBe(0);
      await screenshot(page, `about-after-author-edit-${widthName}`);
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe.each(WIDTHS)('at %s width', (widthName, viewport) => {
  it.each([
    ['feedbacks', '/feedbacks'],
    ['about', '/about'],
    ['timetable', '/timetable'],
    ['policy', '/policy'],
  ])('%s looks right', async (name, path) => {
    const page = await newPage(browser(), viewport);
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${name}-${widthName}`);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
