// The account journey on the real server at phone width: sign up → the letter in the outbox → confirm → log in →
// edit the profile (a minor's fields for a recent year) → change the password → log out → reset it by letter → log in
// → change the e-mail address through the letter sent to the new one.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { linkIn, waitForLetters, type Letter } from '../server/tests/mailbox.ts';
import { DESKTOP, PHONE, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { fillAndSendSignup } from './support/signUp.ts';

const outbox = () => path.join(inject('dataDir'), 'outbox');
const currentYear = new Date().getFullYear();

/** The newest letter to `to` whose text has a link starting with `prefix`, once it is in the outbox. */
async function letterWithLink(to: string, prefix: string, atLeast: number): Promise<URL> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const letters: Letter[] = (await waitForLetters(outbox(), 1, 10_000)).filter((letter) => letter.to === to);
    if (letters.length >= atLeast) return linkIn(letters.at(-1)!, prefix);
    if (Date.now() > deadline) throw new Error(`no letter number ${atLeast} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' }).waitFor();
  await page.getByLabel('Электронная почта').fill(` ${email.toUpperCase()} `);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

const browser = useBrowser();

it('signs up, confirms by letter, logs in, edits the profile, changes the password, logs out and resets it', async () => {
  const page = await newPage(browser(), PHONE);
  const email = `journey-${Date.now()}@example.org`;
  const firstPassword = 'Весенний ручей 2031';
  const secondPassword = 'Осенний листопад 77';
  const thirdPassword = 'Зимняя вьюга 5!';
  const minorYear = currentYear - 10;

  // Sign up.
  await page.goto('/user/signup');
  await page.getByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' }).waitFor();
  await fillAndSendSignup(page, { email, password: firstPassword, firstName: 'Алиса', lastName: 'Зеленина', birthYear: String(minorYear) });
  await page.waitForURL('**/user/signup-email-sent');
  await page.getByText('проверьте папку «Спам»').waitFor();

  // The letter's link: on PUBLIC_URL (the test server's address), opened as a recipient would.
  const confirmation = await letterWithLink(email, '/user/confirm-signup/', 1);
  expect(confirmation.origin).toBe(baseUrl());
  // Opened in another browser (the one that signed up would be logged in at once): confirmed, and a way to log in.
  const other = await newPage(browser(), PHONE);
  await other.goto(confirmation.pathname);
  await other.getByRole('heading', { level: 1, name: 'ПОДТВЕРЖДЕНИЕ РЕГИСТРАЦИИ' }).waitFor();
  await other.getByText('Регистрация подтверждена. Теперь вы можете войти на сайт.').waitFor();
  await other.context().close();
  // The same link a second time fails, with the server's message in lower case after the fixed text.
  await page.goto(confirmation.pathname);
  await page.getByText('Ошибка подверждения регистрации: регистрация по этой ссылке уже подтверждена.').waitFor();
  await page.getByRole('link', { name: 'Войти на сайт' }).waitFor();
  await screenshot(page, 'accounts-confirm-used-phone');

  // Log in.
  await page.getByRole('link', { name: 'Войти на сайт' }).click();
  await page.waitForURL('**/user/login');
  await page.getByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' }).waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'accounts-login-phone');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await logIn(page, email, 'не тот пароль');
  await page.getByText('Неверный адрес электронной почты или пароль.').waitFor();
  await logIn(page, email, firstPassword);
  await page.waitForURL((url) => url.pathname === '/');

  // The profile: a minor's fields are shown for a recent year of birth.
  await page.goto('/account/profile');
  await page.getByRole('heading', { level: 1, name: 'Личный кабинет участника' }).waitFor();
  await page.getByText('Алиса', { exact: true }).waitFor();
  await page.getByText('Посещает школу').waitFor();
  await page.getByText('Проблемы с чтением и письмом').waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'accounts-profile-phone');
  expect(await hasHorizontalScroll(page)).toBe(false);

  // Edit: an adult year hides the minor's fields, a recent one brings them back; then save.
  await page.getByRole('link', { name: 'Редактировать' }).click();
  await page.waitForURL('**/account/profile/editor');
  const yearSelect = page.getByLabel('Год рождения');
  await yearSelect.waitFor();
  await yearSelect.selectOption(String(currentYear - 18));
  expect(await page.getByLabel('Посещает школу').count()).toBe(0);
  await yearSelect.selectOption(String(currentYear - 12));
  await page.getByLabel('Посещает школу').selectOption('true');
  await page.getByLabel('Проблемы с чтением и письмом').fill('Путает «б» и «д».');
  await page.getByLabel('Имя').fill('Алиса-Мария');
  await page.getByLabel('Страна').selectOption('KZ');
  await page.getByLabel('Часовой пояс').selectOption('Asia/Almaty');
  await page.getByLabel('Основной язык').selectOption('English');
  await page.getByLabel('Дополнительная информация').fill('Любит стихи.');
  await screenshot(page, 'accounts-profile-editor-phone');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL('**/account/profile');
  await page.getByText('Алиса-Мария', { exact: true }).waitFor();
  await page.getByText('Путает «б» и «д».').waitFor();
  await page.getByText('Любит стихи.').waitFor();
  await page.getByText(String(currentYear - 12), { exact: true }).waitFor();
  await page.getByText('Казахстан').waitFor();
  await page.getByText('Английский').waitFor();

  // Change the password.
  await page.getByRole('link', { name: 'Сменить пароль' }).click();
  await page.getByLabel('Текущий пароль').fill(firstPassword);
  await page.getByLabel('Новый пароль', { exact: true }).fill(secondPassword);
  await page.getByLabel('Новый пароль ещё раз').fill(secondPassword);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL('**/account/profile');
  await page.getByRole('heading', { level: 1, name: 'Личный кабинет участника' }).waitFor();

  // Log out.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/user/login');
  await logIn(page, email, firstPassword);
  await page.getByText('Неверный адрес электронной почты или пароль.').waitFor();

  // Forgot it: reset through the letter.
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await page.getByRole('heading', { level: 1, name: 'ВОССТАНОВЛЕНИЕ ПАРОЛЯ' }).waitFor();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await page.waitForURL('**/user/reset-password/instructions**');
  const reset = await letterWithLink(email, '/user/reset-password/completion/', 2);
  expect(reset.origin).toBe(baseUrl());
  await page.goto(reset.pathname);
  await page.getByLabel('Новый пароль', { exact: true }).fill(thirdPassword);
  await page.getByLabel('Повторите новый пароль').fill(thirdPassword);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByRole('heading', { level: 1, name: 'НОВЫЙ ПАРОЛЬ СОЗДАН' }).waitFor();

  // Log in with the new password.
  await page.getByRole('link', { name: 'Войти на сайт' }).click();
  await logIn(page, email, thirdPassword);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: /Алиса-Мария/ }).first().waitFor();

  // Change the e-mail: the editor asks for the password; the address changes only from the letter sent to it.
  const newEmail = `moved-${email}`;
  await page.goto('/account/profile/editor');
  await page.getByLabel('Электронная почта').fill(newEmail);
  await page.getByLabel('Текущий пароль (нужен для смены адреса)').fill(thirdPassword);
  await page.getByText(`Адрес изменится, когда вы подтвердите его: после сохранения мы отправим письмо на ${newEmail}`).waitFor();
  await screenshot(page, 'accounts-email-change-phone');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, 'accounts-email-change-desktop');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.waitForURL('**/account/profile?email-change=requested');
  await page.getByText(email, { exact: true }).waitFor();
  await page.getByText('Мы отправили письмо на новый адрес электронной почты.').waitFor();
  await screenshot(page, 'accounts-email-requested-phone');
  const emailLink = await letterWithLink(newEmail, '/user/confirm-email/', 1);
  expect(emailLink.origin).toBe(baseUrl());
  await page.goto(emailLink.pathname);
  await page.getByText('Адрес электронной почты изменён. Теперь входите на сайт с новым адресом.').waitFor();
  await screenshot(page, 'accounts-email-confirmed-phone');
  await page.getByRole('link', { name: 'Перейти в личный кабинет' }).click();
  await page.getByText(newEmail, { exact: true }).waitFor();

  expect(pageErrors(page)).toEqual([]);

  // The used reset link is dead now (a visitor's fresh browser).
  const stranger = await newPage(browser(), PHONE);
  await stranger.goto(reset.pathname);
  await stranger.getByLabel('Новый пароль', { exact: true }).fill('Ещё один пароль 8');
  await stranger.getByLabel('Повторите новый пароль').fill('Ещё один пароль 8');
  await stranger.getByRole('button', { name: 'Сохранить' }).click();
  await stranger.getByText('Ссылка для восстановления пароля недействительна или уже использована. Запросите восстановление ещё раз.').waitFor();
  expect(pageErrors(stranger)).toEqual([]);
});
