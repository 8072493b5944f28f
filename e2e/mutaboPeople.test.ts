// «Люди» in a real browser (issue 20, item 5): a person signs up (their consent to processing is recorded with the
// address and browser), an author finds them by a part of the e-mail, reads their card with the consent record,
// downloads their data for their written request, then deletes it on their written request; the history says who did
// each. At 1280 and 375 px, with screenshots.
import type { Page } from 'playwright-core';
import { hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser, WIDTHS } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };

const browser = useBrowser();

/** A sign-up through the API from the page's browser: the consent is recorded with its address and user agent. */
async function signUp(page: Page, email: string, firstName: string, lastName: string): Promise<void> {
  const response = await page.request.post('/api/v1/users/', {
    data: { email, firstName, lastName, password1: 'Тихий-рассвет-42', password2: 'Тихий-рассвет-42', agreement: true },
  });
  expect(response.status()).toBe(201);
}

describe.each(WIDTHS)('«Люди» in the authors’ area (%s)', (name, viewport) => {
  it('finds a person by a part of the e-mail, shows their consent record, exports and then deletes their data on request', async () => {
    const email = `people-${name}-${Date.now()}@example.org`;
    const page = await newPage(browser(), viewport);
    await signUp(page, email, 'Вера', `Запросова-${name}`);

    await logIn(page, ANNA, '/mutabo/people');
    await page.getByRole('heading', { level: 1, name: 'Люди' }).waitFor();
    await page.getByLabel('Имя, фамилия или почта').fill(email.slice(0, -12).toUpperCase());
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByText('Найдено: 1', { exact: true }).waitFor();
    const list = page.getByRole('list', { name: 'Люди' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    await list.getByText('почта не подтверждена').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `people-list-${name}`);

    await list.getByRole('link', { name: `Запросова-${name} Вера` }).click();
    await page.getByRole('heading', { level: 1, name: `Запросова-${name} Вера` }).waitFor();
    const consents = page.getByRole('region', { name: 'Согласия' });
    const record = consents.getByRole('row').filter({ hasText: 'Обработка персональных данных' });
    await record.waitFor();
    const recordText = (await record.textContent()) ?? '';
    expect(recordText).toContain('дано');
    expect(recordText).toContain('регистрация');
    expect(recordText).toMatch(/127\.0\.0\.1|::1/);
    expect(recordText).toContain('HeadlessChrome');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `people-card-${name}`);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Выгрузить данные по запросу' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^person-\d+-data-\d{4}-\d\d-\d\d\.json$/);
    const saved = await file.path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(saved, 'utf8')) as { account: { email: string }; consents: { kind: string; ip: string }[] };
    expect(data.account.email).toBe(email);
    expect(data.consents).toEqual([expect.objectContaining({ kind: 'processing' })]);
    await page.getByText('Файл с данными скачан; выгрузка записана в историю.').waitFor();
    const history = page.getByRole('region', { name: 'История изменений' });
    await history.getByText(/Выгружены данные человека № \d+ по его запросу/).waitFor();
    expect(await history.textContent()).toContain('Анна Мельникова');
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `people-exported-${name}`);

    await page.getByRole('button', { name: 'Удалить данные по заявлению' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить данные этого человека?' });
    await dialog.getByText(/Платежи, возвраты и чеки останутся/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `people-delete-dialog-${name}`);
    await dialog.getByRole('checkbox', { name: 'У меня есть письменное заявление этого человека об удалении его данных' }).check();
    await dialog.getByRole('button', { name: 'Удалить данные навсегда' }).click();
    await page.getByRole('heading', { level: 1, name: /^Удалённый участник № \d+$/ }).waitFor();
    await page.getByText('Данные удалены; удаление записано в историю.').waitFor();
    await history.getByText(/Удалены данные человека № \d+ по его заявлению/).waitFor();
    // The consent record stays, with the withdrawal the deletion made.
    await consents.getByRole('row').filter({ hasText: 'удаление аккаунта' }).first().waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await screenshot(page, `people-deleted-${name}`);

    // Nobody finds the address any more.
    await page.getByRole('link', { name: '← Все люди' }).click();
    await page.getByLabel('Имя, фамилия или почта').fill(email);
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByText('Ничего не найдено. Измените поиск.').waitFor();
    await page.context().close();
  });
});
