// The authors' area on a phone (issue 22, item 6), in a real browser at 375 px: the area's navigation is one closed
// menu line (≤ 60 px) that opens and closes; every button, link-button, field, checkbox or radio label and menu item
// on the summary, the course editor and the participants page is at least 44 px tall; after saving a lesson its
// notice is inside the window. Screenshots of the summary, the course editor and the lesson editor at 375 and 1280 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { MutaboCourse } from '../common/mutabo/courses.ts';
import type { MutaboLesson } from '../common/mutabo/lessons.ts';
import { DESKTOP, hasHorizontalScroll, newPage, pageErrors, PHONE, SCREENSHOT_DIR, screenshot, useBrowser } from './support/browser.ts';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { logIn } from './support/logIn.ts';
import { call, tokenOf } from './support/api.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const browser = useBrowser();
const stamp = Date.now();
const TITLE = `Телефонный курс ${stamp}`;
const PASSWORD = 'Тихий-рассвет-42';
const GIRL = { email: `olya-${stamp}@example.org`, firstName: 'Ольга', lastName: 'Петрова', row: 'Петрова Ольга' };

/** A confirmed account, signed up and confirmed through the API and the letter's link; answers its token. */
async function person(account: typeof GIRL): Promise<string> {
  await call(null, 'POST', '/api/v1/users/', { ...account, password1: PASSWORD, password2: PASSWORD, agreement: true });
  const outbox = path.join(inject('dataDir'), 'outbox');
  const letter = await waitForLetter(outbox, (item) => item.to === account.email && item.text.includes('/user/confirm-signup/'), 15_000);
  const [uidb64, token] = linkIn(letter, '/user/confirm-signup/').pathname.split('/').filter(Boolean).slice(-2);
  await call(null, 'POST', '/api/v1/users/registration-confirm/', { uidb64, token });
  return tokenOf({ email: account.email, password: PASSWORD });
}

/** The interactive elements of the page's main part that are shown and less than 44 px tall, as «what: height» lines. */
async function smallTargets(page: Page, within = 'main'): Promise<string[]> {
  return page.evaluate((scope) => {
    const small: string[] = [];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const name = (element: Element) => `${element.tagName.toLowerCase()} «${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || element.getAttribute('aria-label') || element.getAttribute('name') || ''}»`;
    const check = (element: Element, what: string) => {
      const height = element.getBoundingClientRect().height;
      if (height < 43.5) small.push(`${what}: ${Math.round(height)} px`);
    };
    const area = document.querySelector(scope) ?? document.body;
    for (const element of area.querySelectorAll('button, select, input, textarea, summary, [role="menuitem"], [role="tab"], a')) {
      if (!shown(element)) continue;
      const box = element.getBoundingClientRect();
      const hiddenBox = box.width <= 2 || box.height <= 2;
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio' || hiddenBox)) {
        // A box (or a file input hidden inside its button) is tapped through its label: the label must be large enough.
        const label = element.closest('label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
        check(label ?? element, `${element.type} label ${label ? name(label) : name(element)}`);
        continue;
      }
      if (element instanceof HTMLInputElement && element.type === 'hidden') continue;
      // A link inside a sentence is read, not tapped as a button (WCAG 2.5.8 exempts it): only links set as blocks count.
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline') continue;
      check(element, name(element));
    }
    return small;
  }, within);
}

/** What the window shows, not the whole page: where the author is looking. */
async function windowShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/** The message is wholly inside the window. */
async function inView(page: Page, text: string): Promise<boolean> {
  return page.getByText(text).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

describe("the authors' area on a phone", () => {
  let courseId = 0;
  let lessonId = 0;

  beforeAll(async () => {
    const access = await tokenOf(ANNA);
    const course = await call<MutaboCourse>(access, 'POST', '/api/v1/mutabo/courses/', {
      title: TITLE,
      disciplesAge: 'DISCIPLES_AGE_ADULTS',
      participantsLimit: 6,
      start: '2038-04-01',
      prices: [],
    });
    courseId = course.id;
    for (const title of ['Вступление', 'Практика']) {
      const lesson = await call<MutaboLesson>(access, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, { title, duration: 90, state: 'published' });
      lessonId ||= lesson.id;
    }
    // Open for enrollment, with one girl waiting for the author's decision on both lessons.
    const current = await call<MutaboCourse>(access, 'GET', `/api/v1/mutabo/courses/${course.id}/`);
    await call(access, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, { state: 'can_be_subscribed', version: current.version });
    await call(await person(GIRL), 'POST', `/api/v1/courses/${course.id}/create-participants/`);
  });

  it('closes the sections into one line that opens, and keeps every tap target at least 44 px (375 px)', async () => {
    const page = await newPage(browser(), PHONE);
    await logIn(page, ANNA, '/mutabo');
    await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Раздел авторов' });
    const menu = nav.getByRole('button', { name: 'Разделы: Сводка' });
    expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(60);
    expect(await nav.getByRole('link', { name: 'Курсы' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Курсы' }).waitFor();
    await windowShot(page, 'phone-menu-open-window');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByRole('link', { name: 'Курсы' }).isVisible()).toBe(false);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await smallTargets(page), 'summary').toEqual([]);
    await screenshot(page, 'phone-summary-phone');
    await windowShot(page, 'phone-summary-phone-window');

    await page.goto(`/mutabo/courses/${courseId}`);
    await page.getByRole('region', { name: 'Занятия' }).waitFor();
    expect((await nav.boundingBox())!.height).toBeLessThanOrEqual(60);
    expect((await page.getByRole('navigation', { name: 'Страницы курса' }).boundingBox())!.height).toBeLessThanOrEqual(60);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await smallTargets(page), 'course editor').toEqual([]);
    await screenshot(page, 'phone-course-editor-phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await windowShot(page, 'phone-course-editor-phone-window');
    await page.getByRole('checkbox', { name: 'Продавать за рубли' }).scrollIntoViewIfNeeded();
    await windowShot(page, 'phone-course-editor-prices-window');

    await page.goto(`/mutabo/courses/${courseId}/participants`);
    const girl = page.getByRole('region', { name: GIRL.row });
    await girl.getByText(/Ждёт подтверждения: 2 занятия/).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await smallTargets(page), 'participants').toEqual([]);
    await screenshot(page, 'phone-participants-phone');
    await girl.getByRole('button', { name: new RegExp(`^Подтвердить: ${GIRL.row}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Подтвердить участие?' });
    expect(await dialog.getByRole('checkbox', { checked: true }).count()).toBe(2);
    expect(await smallTargets(page, '[role="dialog"]'), 'approval dialog').toEqual([]);
    await windowShot(page, 'phone-participants-dialog-window');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('shows a saved lesson’s notice inside the window (%s)', async (name, viewport) => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, `/mutabo/courses/${courseId}/lessons/${lessonId}`);
    const save = page.getByRole('button', { name: 'Сохранить занятие' });
    await save.scrollIntoViewIfNeeded();
    await save.click();
    await page.getByRole('status').getByText('Занятие сохранено.').waitFor();
    await expect.poll(() => inView(page, 'Занятие сохранено.'), { timeout: 5_000 }).toBe(true);
    await screenshot(page, `phone-lesson-saved-${name}`);
    await windowShot(page, `phone-lesson-saved-${name}-window`);
    if (name === 'desktop') {
      await page.goto('/mutabo');
      await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
      await screenshot(page, 'phone-summary-desktop');
      await windowShot(page, 'phone-summary-desktop-window');
      await page.goto(`/mutabo/courses/${courseId}`);
      await page.getByRole('region', { name: 'Занятия' }).waitFor();
      await screenshot(page, 'phone-course-editor-desktop');
      await windowShot(page, 'phone-course-editor-desktop-window');
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
