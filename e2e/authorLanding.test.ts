// Where a login lands (issue 22, item 8), on the real server: an author who logs in from the header lands on the
// area's summary; a participant who starts on a course page, signs up, confirms by the letter in the outbox and logs in
// is back on that course page.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { isTestCourse } from '../common/catalogue.ts';
import type { CourseShort } from '../common/wireTypes.ts';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { DESKTOP, PHONE, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, useBrowser } from './support/browser.ts';
import { fillAndSendSignup } from './support/signUp.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const outbox = () => path.join(inject('dataDir'), 'outbox');

const browser = useBrowser();

/** The confirmation link of the newest letter to `to`, once it is in the outbox. */
async function confirmationLink(to: string): Promise<URL> {
  return linkIn(await waitForLetter(outbox(), (letter) => letter.to === to, 15_000), '/user/confirm-signup/');
}

/** A course of the catalogue open for enrollment (its page offers «войдите или зарегистрируйтесь»). */
async function openCourse(): Promise<CourseShort> {
  const courses = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as CourseShort[];
  const open = courses.find((course) => course.state === 'can_be_subscribed' && !isTestCourse(course.title));
  if (!open) throw new Error('the demo has no open course');
  return open;
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' }).waitFor();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('landing after the login (%s)', (width, viewport) => {
  it('an author who logs in from the header of a course page lands on the area’s summary', async () => {
    const course = await openCourse();
    const page = await newPage(browser(), viewport);
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('navigation', { name: 'Вход и регистрация' }).getByRole('link', { name: 'Войти' }).click();
    await fillLogin(page, ANNA.email, ANNA.password);
    await page.waitForURL((url) => url.pathname === '/mutabo');
    await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `author-landing-summary-${width}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a participant who starts on a course page is back on it after the sign-up, the letter and the login', async () => {
    const course = await openCourse();
    const email = `landing-${width}-${Date.now()}@example.org`;
    const password = 'Тихая заводь 2031';
    const page = await newPage(browser(), viewport);
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('complementary', { name: 'Запись на курс' }).getByRole('link', { name: 'зарегистрируйтесь' }).click();

    await page.getByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' }).waitFor();
    await fillAndSendSignup(page, { email, password, firstName: 'Вера', lastName: 'Соколова', birthYear: String(new Date().getFullYear() - 12) });
    await page.waitForURL('**/user/signup-email-sent');

    // The letter's link carries the course page; it is opened as the recipient would, in a fresh tab.
    const link = await confirmationLink(email);
    expect(link.origin).toBe(baseUrl());
    expect(link.searchParams.get('next')).toBe(`/courses/${course.id}`);
    await page.context().close();
    const letterTab = await newPage(browser(), viewport);
    await letterTab.goto(`${link.pathname}${link.search}`);
    await letterTab.getByText('Регистрация подтверждена. Теперь вы можете войти на сайт: после входа вы вернётесь на страницу, с которой начали регистрацию.').waitFor();
    await screenshot(letterTab, `landing-confirmed-${width}`);
    expect(await hasHorizontalScroll(letterTab)).toBe(false);

    await letterTab.getByRole('link', { name: 'Войти на сайт' }).click();
    await letterTab.waitForURL((url) => url.pathname === '/user/login' && url.searchParams.get('next') === `/courses/${course.id}`);
    await fillLogin(letterTab, email, password);
    await letterTab.waitForURL((url) => url.pathname === `/courses/${course.id}`);
    await letterTab.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await letterTab.getByRole('navigation', { name: 'Учётная запись' }).getByRole('link', { name: 'Вера Соколова' }).waitFor();
    await letterTab.waitForLoadState('networkidle');
    await screenshot(letterTab, `landing-back-on-course-${width}`);
    expect(pageErrors(letterTab)).toEqual([]);
    await letterTab.context().close();
  });
});
