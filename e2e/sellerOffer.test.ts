// The seller and the public offer in a real browser (issue 19): the footer names the demo's seller, /offer shows the
// offer with the seller's details, the authors' form changes what the footer says, and how these look at both widths.
import type { Page } from 'playwright-core';
import { DESKTOP, WIDTHS, hasHorizontalScroll, newPage, pageErrors, screenshot, SCREENSHOT_DIR, seriousViolations, useBrowser } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const DEMO_SELLER = 'ИП Мельникова Анна Викторовна';

const browser = useBrowser();

const footerSeller = (page: Page) => page.getByRole('contentinfo').getByRole('region', { name: 'Продавец' });

describe.each(WIDTHS)('the seller and the offer (%s)', (name, viewport) => {
  it('names the seller in the footer of every page and links the offer', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    const seller = footerSeller(page);
    await seller.getByText(DEMO_SELLER).waitFor();
    // Numbers keep their labels with no-break spaces.
    expect((await seller.textContent())?.replace(/\s+/g, ' ')).toContain('ИНН 771234567859, ОГРНИП 319774600123453');
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await page.getByRole('contentinfo').screenshot({ path: `${SCREENSHOT_DIR}/seller-footer-${name}.png` });

    await page.getByRole('contentinfo').getByRole('link', { name: 'Договор-оферта' }).click();
    await page.waitForURL(/\/offer$/);
    await page.getByRole('heading', { level: 1, name: 'Договор-оферта на участие в онлайн-курсах' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows the offer with the seller’s details under it, readable at this width', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/offer');
    await page.getByRole('heading', { level: 1, name: 'Договор-оферта на участие в онлайн-курсах' }).waitFor();
    await page.getByText('3. Акцепт оферты').waitFor();
    const details = page.getByRole('region', { name: 'Реквизиты исполнителя' });
    await details.getByText(DEMO_SELLER).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `offer-${name}`);
    await page.context().close();
  });

  it('shows the authors’ form of the seller’s details', async () => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, '/mutabo/seller');
    await page.getByRole('heading', { level: 1, name: 'Реквизиты продавца' }).waitFor();
    expect(await page.getByLabel('ИНН', { exact: true }).inputValue()).toBe('771234567859');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `seller-editor-${name}`);
    await page.context().close();
  });
});

describe('the authors change the seller', () => {
  it('refuses a wrong ИНН under its field, and a saved phone shows in the footer at once', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo/seller');
    const inn = page.getByLabel('ИНН', { exact: true });
    const phone = page.getByLabel('Телефон');
    await inn.fill('771234567850');
    await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
    await page.getByText('В ИНН ошибка: контрольные цифры не сходятся.', { exact: false }).waitFor();
    await inn.fill('771234567859');

    const before = await phone.inputValue();
    await phone.fill('+7 495 111-22-33');
    await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
    await page.getByText('Реквизиты сохранены. На сайте уже новая версия.').waitFor();

    await page.getByRole('link', { name: 'На сайт' }).click();
    await footerSeller(page).getByText('тел. +7 495 111-22-33', { exact: false }).waitFor();

    // The demo's phone back, for whoever looks next.
    await page.goto('/mutabo/seller');
    await phone.fill(before);
    await page.getByRole('button', { name: 'Сохранить реквизиты' }).click();
    await page.getByText('Реквизиты сохранены. На сайте уже новая версия.').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
