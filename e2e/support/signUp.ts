// The sign-up form as a person fills it: on /user/signup (or wherever a journey was sent to it), every field, the
// consent, then «Зарегистрироваться». The journeys check what they are about around it.
import type { Page } from 'playwright-core';

export interface NewPerson {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The «Год рождения» option: a year, or '0' for the years before the listed ones (an adult). */
  birthYear: string;
}

/** Fills the open sign-up form and sends it (the caller waits for where it leads). */
export async function fillAndSendSignup(page: Page, person: NewPerson): Promise<void> {
  await page.getByLabel('Электронная почта').fill(person.email);
  await page.getByLabel('Имя').fill(person.firstName);
  await page.getByLabel('Фамилия').fill(person.lastName);
  await page.getByLabel('Пароль', { exact: true }).fill(person.password);
  await page.getByLabel('Повторите пароль').fill(person.password);
  await page.getByLabel('Год рождения').selectOption(person.birthYear);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
}
