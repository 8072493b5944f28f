// Logging in the way a person does it: open the page, be sent to the login form, come back after it.
import type { Page } from 'playwright-core';

export interface Account {
  email: string;
  password: string;
}

export async function logIn(page: Page, account: Account, then: string): Promise<void> {
  await page.goto(then);
  // A guest is sent to the login page and comes back after it.
  await page.waitForURL(/\/user\/login$/);
  await page.getByLabel('Электронная почта').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => url.pathname === then || url.pathname.startsWith(`${then}/`));
}

/** Logging in from the login page itself, then leaving it wherever the site sends one. */
export async function logInDirectly(page: Page, account: Account): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Электронная почта').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
}
