// A new author's first course (issue 32, items 3, 7 and 8), in a real browser on the real server: someone signs up,
// confirms by the letter, is made an author (as `npm run make-author` makes one), logs in, finds their first steps on
// the summary and, every click and field counted from there, creates a course with ONE room link and a four-lesson
// weekly series that all use it (at most 25, as e2e/mutaboSeason.test.ts counts). The course editor opens at its top.
// The site does not list the new author until their page has its text and photo. At 1280 and 375 px, with screenshots.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { MutaboCourse } from '../common/mutabo/courses.ts';
import type { Author } from '../common/wireTypes.ts';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { call, tokenOf } from './support/api.ts';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { countingUser } from './support/countingUser.ts';
import { logIn } from './support/logIn.ts';
import { fillAndSendSignup } from './support/signUp.ts';

/** The most clicks, taps and typed fields from the summary to the course with its series in one room. */
const ACTION_BUDGET = 25;
const ROOM = 'https://meet.example.org/pervyj-kurs';
const outbox = () => path.join(inject('dataDir'), 'outbox');

const browser = useBrowser();

/** The confirmation link of the newest letter to `to`. */
async function confirmationLink(to: string): Promise<URL> {
  return linkIn(await waitForLetter(outbox(), (letter) => letter.to === to, 15_000), '/user/confirm-signup/');
}

/** Signs up through the form, confirms by the letter, and is made an author. */
async function newAuthor(page: Page, email: string, password: string, firstName: string): Promise<void> {
  await page.goto('/user/signup');
  await page.getByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' }).waitFor();
  // An adult: the «раньше …» choice.
  await fillAndSendSignup(page, { email, password, firstName: firstName, lastName: 'Новикова', birthYear: '0' });
  await page.waitForURL('**/user/signup-email-sent');
  const link = await confirmationLink(email);
  await page.goto(`${link.pathname}${link.search}`);
  // The browser that signed up is logged in by its confirmation: the header names the person.
  await page.getByRole('link', { name: `${firstName} Новикова` }).waitFor();
  expect(await call<{ kind: string }>(null, 'POST', '/api/v1/test/make-author/', { email })).toEqual({ kind: 'made' });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe.each([
  ['desktop', DESKTOP, 'Вера'],
  ['phone', PHONE, 'Нина'],
] as const)('a new author’s first course (%s)', (width, viewport, firstName) => {
  it(`creates a course and a weekly series in one room in at most ${ACTION_BUDGET} actions from the summary`, async () => {
    const account = { email: `new-author-${width}-${Date.now()}@example.org`, password: 'Первый курс 2038' };
    const page = await newPage(browser(), viewport);
    await newAuthor(page, account.email, account.password, firstName);
    await page.context().close();

    const author = await newPage(browser(), viewport);
    await logIn(author, account, '/mutabo');
    await author.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    const steps = author.getByRole('region', { name: 'Первые шаги' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual([
      'Напишите о себе на странице автора',
      'Добавьте фотографию на страницу автора',
      '✓ Заполните реквизиты продавца — сделано',
      'Создайте первый курс',
    ]);
    // Not on the site's list of authors (the header, /about) while their page is empty.
    const listed = await call<Author[]>(null, 'GET', '/api/v1/authors/');
    expect(listed.map((entry) => entry.lastName)).not.toContain('Новикова');
    expect(listed).toHaveLength(2);
    await author.waitForLoadState('networkidle');
    await screenshot(author, `new-author-summary-${width}`);
    expect(await seriousViolations(author)).toEqual([]);
    expect(await hasHorizontalScroll(author)).toBe(false);

    const user = countingUser();
    await user.click(steps.getByRole('link', { name: 'Создайте первый курс' }));
    await author.getByRole('heading', { level: 1, name: 'Новый курс' }).waitFor();
    // The new author is on the form's list, ticked.
    const authors = author.getByRole('group', { name: 'Авторы' });
    expect(await authors.getByRole('checkbox', { name: `${firstName} Новикова` }).isChecked()).toBe(true);
    await user.fill(author.getByLabel('Название', { exact: true }), `Первый курс: ${firstName}`);
    await user.fill(author.getByLabel('Комната вебинара для всех занятий (https://…)'), ROOM);
    await screenshot(author, `new-author-course-form-${width}`);
    await user.click(author.getByRole('button', { name: 'Создать курс' }));
    await author.getByText('Курс создан. Теперь добавьте занятия.').waitFor();
    const courseId = Number(/\/mutabo\/courses\/(\d+)$/.exec(new URL(author.url()).pathname)?.[1]);
    expect(courseId).toBeGreaterThan(0);
    // The new course's editor opens at its top too, its notice and all.
    await author.getByRole('region', { name: 'Занятия' }).waitFor();
    await author.waitForTimeout(300);
    expect(await scrollY(author)).toBe(0);

    const lessons = author.getByRole('region', { name: 'Занятия' });
    await user.click(lessons.getByRole('button', { name: 'Добавить серию занятий' }));
    const form = lessons.getByRole('form', { name: 'Серия занятий' });
    // The course's room is already in the series form: nothing to type again.
    expect(await form.getByLabel('Комната вебинара для всех занятий (https://…)').inputValue()).toBe(ROOM);
    await user.fill(form.getByLabel('Дата'), '2038-09-01');
    await user.fill(form.getByLabel('Время'), '18:30');
    await user.fill(form.getByLabel('Сколько занятий'), '4');
    await form.screenshot({ path: `test-results/screenshots/new-author-series-form-${width}.png` });
    await user.click(form.getByRole('button', { name: 'Добавить 4 занятия' }));
    await lessons.getByRole('status').getByText('Добавлены 4 занятия: 1–4.').waitFor();

    console.log(`new author journey (${width}): ${user.count} clicks, taps and fields from the summary to a course with a weekly series in one room`);
    expect(user.count).toBeLessThanOrEqual(ACTION_BUDGET);
    await screenshot(author, `new-author-lessons-${width}`);
    expect(await hasHorizontalScroll(author)).toBe(false);

    // Every lesson is in the course's room.
    const token = await tokenOf(account);
    const course = await call<MutaboCourse>(token, 'GET', `/api/v1/mutabo/courses/${courseId}/`);
    expect(course.roomUrl).toBe(ROOM);
    expect(course.lessons.map((lesson) => lesson.roomUrl)).toEqual([ROOM, ROOM, ROOM, ROOM]);

    // Opened again from the list of courses, the course editor is at its top: the title and the state's buttons in view.
    await author.goto('/mutabo/courses');
    await author.getByRole('link', { name: `Первый курс: ${firstName}` }).click();
    await author.getByRole('region', { name: 'Занятия' }).getByRole('listitem').first().waitFor();
    await author.waitForLoadState('networkidle');
    await author.waitForTimeout(300);
    expect(await scrollY(author)).toBe(0);
    expect(await author.getByRole('heading', { level: 1, name: `Первый курс: ${firstName}` }).isVisible()).toBe(true);
    expect(pageErrors(author)).toEqual([]);
    await author.context().close();
  });
});
