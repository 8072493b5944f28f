// Deleting one's account in a real browser (issue 20, item 4), at 1280 and 375 px: a person signs up and confirms by
// the letter, logs in, downloads «Мои данные», tries a wrong password (told under the field), deletes the account
// after the dialog that says what happens, lands logged out on the page that says so, and cannot log in again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { hasHorizontalScroll, newPage, pageErrors, screenshot, SCREENSHOT_DIR, seriousViolations, useBrowser, WIDTHS } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const PASSWORD = 'Прощальный-вальс-44';
const outbox = () => path.join(inject('dataDir'), 'outbox');

const browser = useBrowser();

/** A confirmed account: signed up through the API, confirmed by the letter's link in the browser. */
async function signUpAndConfirm(page: Page, email: string, lastName: string): Promise<void> {
  const response = await page.request.post('/api/v1/users/', {
    data: { email, firstName: 'Прасковья', lastName, password1: PASSWORD, password2: PASSWORD, agreement: true },
  });
  expect(response.status()).toBe(201);
  const letter = await waitForLetter(outbox(), (item) => item.to === email && item.text.includes('/user/confirm-signup/'), 15_000);
  await page.goto(linkIn(letter, '/user/confirm-signup/').pathname);
  await page.getByText('Регистрация подтверждена. Теперь вы можете войти на сайт.').waitFor();
}

describe.each(WIDTHS)('deleting one’s account (%s)', (name, viewport) => {
  it('downloads «Мои данные», deletes the account after the dialog, and cannot log in again', async () => {
    const email = `udalenie-${name}-${Date.now()}@example.org`;
    const lastName = `Удаляемая-${name}`;
    const page = await newPage(browser(), viewport);
    await signUpAndConfirm(page, email, lastName);
    await logIn(page, { email, password: PASSWORD }, '/account/profile');
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет участника' }).waitFor();

    // «Мои данные» first: the file names the person.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать мои данные' }).click();
    const file = await download;
    const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as { account: { email: string; lastName: string } };
    expect(data.account).toMatchObject({ email, lastName });

    // A wrong password is told under the field, and nothing happens.
    const block = page.getByRole('region', { name: 'Удалить аккаунт' });
    await block.getByLabel('Пароль').fill('совсем-не-тот-пароль');
    await block.getByRole('button', { name: 'Удалить аккаунт' }).click();
    let dialog = page.getByRole('dialog', { name: 'Удалить аккаунт навсегда?' });
    await dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();
    await block.getByText('Пароль введён неверно.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `account-deletion-wrong-password-${name}`);

    // The dialog says what will happen; its confirmation deletes.
    await block.getByLabel('Пароль').fill(PASSWORD);
    await block.getByLabel('Пароль').press('Enter');
    dialog = page.getByRole('dialog', { name: 'Удалить аккаунт навсегда?' });
    await dialog.getByText('Вход в аккаунт закончится на всех устройствах').waitFor();
    await dialog.getByText('пропадут без возврата денег').waitFor();
    await dialog.getByRole('link', { name: /@/ }).first().waitFor();
    await dialog.getByText('Удаление нельзя отменить.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `account-deletion-dialog-${name}`);
    // The whole page under a fixed dialog says little: the screen as the person sees it, too.
    await page.screenshot({ path: `${SCREENSHOT_DIR}/account-deletion-dialog-screen-${name}.png` });
    await dialog.getByRole('button', { name: 'Удалить аккаунт навсегда' }).click();

    await page.waitForURL('**/user/account-deleted');
    await page.getByRole('heading', { level: 1, name: 'АККАУНТ УДАЛЁН' }).waitFor();
    await page.getByRole('navigation', { name: 'Вход и регистрация' }).getByRole('link', { name: 'Войти' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `account-deletion-done-${name}`);

    // Logged out, and the old password opens nothing.
    await page.goto('/user/login');
    await page.getByLabel('Электронная почта').fill(email);
    await page.getByLabel('Пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Неверный адрес электронной почты или пароль.').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
