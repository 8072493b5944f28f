// What a first use of the site found, checked in a real browser at 1280, 375 and 320 px: the author's account menu,
// the sign-up form's errors, the withdrawal question, the payment panel's total and button in view, the panel of a
// participant who has bought everything, the payment result page, and no horizontal scroll at 320 px.
import type { Page, Route } from 'playwright-core';
import type { CourseDetails, CourseShort, CurrentPayment } from '../common/wireTypes.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';

const NARROW = { width: 320, height: 640 };
const THREE_WIDTHS: [string, typeof PHONE][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
  ['narrow', NARROW],
];

const AUTHOR = { email: 'anna@example.com', password: 'demo-anna-2026', name: 'Анна Мельникова' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026', name: 'Екатерина Соколова' };

const browser = useBrowser();
let catalogue: CourseShort[] = [];
beforeAll(async () => {
  catalogue = (await (await fetch(`${baseUrl()}/api/v1/courses/`)).json()) as CourseShort[];
});

/** A demo course by its id in the seed's order (server/src/db/demo/content.ts). */
function course(id: number): { id: number; title: string } {
  const found = catalogue.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no demo course ${id}`);
  return { id: found.id, title: found.title };
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Запись на курс' });

async function logIn(page: Page, who: { email: string; password: string; name: string }): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Электронная почта').fill(who.email);
  await page.getByLabel('Пароль').fill(who.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('navigation', { name: 'Учётная запись' }).getByRole('link', { name: who.name }).waitFor();
}

async function openCourse(page: Page, target: { id: number; title: string }): Promise<void> {
  await page.goto(`/courses/${target.id}`);
  await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
  await panelOf(page).getByRole('heading', { level: 2 }).waitFor();
}

/** Only the window, as the reader sees it. */
async function shootWindow(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

/** The logged-in page's course details answered with the lessons changed by the test; the rest is the real server. */
async function changeCourse(page: Page, change: (details: CourseDetails) => CourseDetails): Promise<void> {
  await page.route(/\/api\/v1\/courses\/\d+\/$/, async (route: Route) => {
    const response = await route.fetch();
    if (route.request().method() !== 'GET' || !response.ok()) return route.fulfill({ response });
    return route.fulfill({ response, json: change((await response.json()) as CourseDetails) });
  });
}

describe.each(THREE_WIDTHS)('at %s width', (widthName, viewport) => {
  it('an author reaches the admin area by the name and the account, courses and logout by the menu beside it', async () => {
    const page = await newPage(browser(), viewport);
    await logIn(page, AUTHOR);
    await page.goto('/library');
    const header = page.getByRole('navigation', { name: 'Учётная запись' });
    expect(await header.getByRole('link', { name: AUTHOR.name }).getAttribute('href')).toBe('/mutabo');
    const toggle = header.getByRole('button', { name: 'Меню учётной записи' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const courses = header.getByRole('link', { name: 'Мои курсы' });
    await courses.waitFor();
    // The open menu lies inside the window, whatever its width.
    const box = (await header.getByRole('list').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await shootWindow(page, `first-use-author-menu-${widthName}`);
    expect(await seriousViolations(page)).toEqual([]);

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await courses.isVisible()).toBe(false);

    // By keyboard: Enter opens, Tab reaches «Личный кабинет», Enter follows it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/account\/profile$/);
    await page.getByRole('heading', { level: 1, name: 'Личный кабинет участника' }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await header.getByRole('link', { name: 'Мои курсы' }).click();
    await page.waitForURL(/\/account\/courses$/);
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor();
    await toggle.click();
    await header.getByRole('button', { name: 'Выйти' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Войти' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('sign-up shows every missing field at the first submit', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/user/signup');
    await page.getByLabel('Электронная почта').fill('first.try@example.com');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const errors = page.locator('[aria-invalid="true"]');
    expect(await errors.count()).toBe(6);
    for (const text of ['Заполните это поле.', 'Введите пароль.', 'Повторите пароль.', 'Выберите год рождения.', 'Для регистрации нужно согласие на обработку персональных данных.']) {
      expect(await page.getByText(text).first().isVisible()).toBe(true);
    }
    expect(await page.getByLabel('Имя').evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `first-use-signup-errors-${widthName}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('«Отказаться от участия» asks first; «Нет, остаться» keeps the place', async () => {
    const poetry = course(4);
    const page = await newPage(browser(), viewport);
    await logIn(page, PARTICIPANT);
    await changeCourse(page, (details) => ({
      ...details,
      lessons: details.lessons.map((lesson) => ({ ...lesson, participationState: 'reserved' })),
    }));
    await openCourse(page, poetry);
    await panelOf(page).getByRole('button', { name: 'Отказаться от участия' }).click();
    const dialog = page.getByRole('dialog', { name: `Отказаться от участия в курсе «${poetry.title}»?` });
    await dialog.waitFor();
    await shootWindow(page, `first-use-withdraw-question-${widthName}`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Нет, остаться' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await panelOf(page).getByText('Место забронировано — ожидается оплата').isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the payment panel keeps its total and pay button in view while lessons are chosen', async () => {
    const long = course(1);
    const page = await newPage(browser(), viewport);
    await logIn(page, PARTICIPANT);
    // Every lesson ahead, a week apart: a lesson that has begun is not sold, and the demo's first ones have.
    const week = 7 * 24 * 3600_000;
    await changeCourse(page, (details) => ({
      ...details,
      lessons: details.lessons.map((lesson, index) => ({
        ...lesson,
        participationState: null,
        participant: null,
        hasFreePlaces: true,
        startsAt: new Date(Date.now() + (index + 1) * week).toISOString(),
      })),
    }));
    await openCourse(page, long);
    const panel = panelOf(page);
    if (widthName === 'desktop') {
      // Beside the description: the panel's lessons scroll, the total and the button do not leave the window.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
    } else {
      // On a phone the panel comes right after the course facts, not after the description.
      // Read in one go once the fonts are in: two reads apart can straddle a late layout of the page's top.
      await page.evaluate(() => document.fonts.ready);
      const gap = await panel.evaluate((element) => element.getBoundingClientRect().top - document.querySelector('main header')!.getBoundingClientRect().bottom);
      expect(gap).toBeLessThan(80);
    }
    // The first lesson, far above the button when the list is long: both the lesson and the button are in view.
    const first = panel.getByRole('checkbox').first();
    await first.scrollIntoViewIfNeeded();
    await first.check();
    if (widthName === 'desktop') expect(await panel.evaluate((element) => element.scrollTop)).toBe(0);
    const pay = panel.getByRole('button', { name: /^Оплатить выбранные занятия/ });
    const total = panel.getByText(/^Выбрано 1 занятие на сумму/);
    for (const element of [pay, total]) {
      const box = (await element.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    }
    const payBox = (await pay.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '',
      [payBox.x + payBox.width / 2, payBox.y + payBox.height / 2],
    );
    expect(onTop).toMatch(/^Оплатить выбранные занятия/);
    await shootWindow(page, `first-use-panel-first-lesson-${widthName}`);
    await screenshot(page, `first-use-course-whole-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a participant who has bought every lesson sees their status and lessons, no shop', async () => {
    const long = course(1);
    const page = await newPage(browser(), viewport);
    await logIn(page, PARTICIPANT);
    await changeCourse(page, (details) => ({
      ...details,
      lessons: details.lessons.map((lesson) => ({ ...lesson, participationState: 'approved' })),
    }));
    await openCourse(page, long);
    const panel = panelOf(page);
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Участник курса');
    await panel.getByRole('heading', { level: 3, name: 'Вы оплатили все занятия курса' }).waitFor();
    expect(await panel.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0);
    expect(await panel.getByRole('link', { name: 'Написать автору о скидке' }).count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/first-use-all-bought-${widthName}.png` });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the payment result page names the course and the amount, and leads back to the course after a cancel', async () => {
    const target = course(6);
    const page = await newPage(browser(), viewport);
    await logIn(page, PARTICIPANT);
    await page.route('**/api/v1/payments/current/', async (route: Route) => {
      const response = await route.fetch();
      const real = (await response.json()) as CurrentPayment;
      const cancelled: CurrentPayment = {
        ...real,
        details: { state: 'STATE_FAILURE' },
        course: target,
        amount: 7500,
        currency: 'CURRENCY_CHOICE_RUB',
        lessonCount: 5,
      };
      return route.fulfill({ status: 200, json: cancelled });
    });
    await page.goto('/waiting-for-payment');
    await page.getByText('Платеж отменен').waitFor();
    expect(await page.getByRole('link', { name: target.title }).getAttribute('href')).toBe(`/courses/${target.id}`);
    expect(await page.getByText(/^7\s500 ₽ за 5 занятий$/).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `first-use-payment-cancelled-${widthName}`);
    await page.getByRole('link', { name: 'Вернуться к курсу' }).click();
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the real checkout', () => {
  it('after a cancel the result page names the course and the amount and leads back to it', async () => {
    const target = course(6);
    const page = await newPage(browser(), PHONE);
    await logIn(page, PARTICIPANT);
    await openCourse(page, target);
    const panel = panelOf(page);
    await panel.getByRole('checkbox').first().check();
    const pay = panel.getByRole('button', { name: /^Оплатить выбранные занятия/ });
    const amount = ((await pay.textContent()) ?? '').replace(/^.*— /, '');
    await pay.click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByRole('button', { name: 'Отменить' }).click();
    await page.waitForURL(/\/waiting-for-payment/);
    await page.getByText('Платеж отменен').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: target.title }).isVisible()).toBe(true);
    expect(await page.getByText(`${amount} за 1 занятие`).isVisible()).toBe(true);
    await screenshot(page, 'first-use-real-cancel-phone');
    await page.getByRole('link', { name: 'Вернуться к курсу' }).click();
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('at 320 px', () => {
  const pages = [
    '/',
    '/about',
    '/policy',
    '/feedbacks',
    '/library',
    '/timetable',
    '/user/login',
    '/user/signup',
    '/user/reset-password',
    '/user/signup-email-sent',
    '/waiting-for-payment',
    '/no-such-page',
    '/courses/1',
    '/courses/2',
    '/courses/4',
  ];

  it.each(pages)('%s has no horizontal scroll', async (path) => {
    const page = await newPage(browser(), NARROW);
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `narrow${path === '/' ? '-home' : path.replace(/\//g, '-')}`);
    await page.context().close();
  });

  it.each(['/account/profile', '/account/courses', '/account/profile/editor', '/account/profile/password', '/courses/1'])(
    '%s has no horizontal scroll for a logged-in participant',
    async (path) => {
      const page = await newPage(browser(), NARROW);
      await logIn(page, PARTICIPANT);
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `narrow-participant${path.replace(/\//g, '-')}`);
      await page.context().close();
    },
  );
});

describe('the library', () => {
  it('a page change brings the top of the list into view', async () => {
    const page = await newPage(browser(), PHONE);
    await page.goto('/library');
    const pages = page.getByRole('navigation', { name: 'Страницы библиотеки' });
    await pages.waitFor();
    await pages.getByRole('link', { name: 'Страница 2' }).scrollIntoViewIfNeeded();
    await pages.getByRole('link', { name: 'Страница 2' }).click();
    await page.waitForURL(/page=2/);
    const list = page.getByRole('region', { name: 'Материалы' });
    await page.waitForFunction(() => {
      const region = document.querySelector('[aria-label="Материалы"]');
      const top = region?.getBoundingClientRect().top ?? -1;
      return top >= -1 && top < 100;
    });
    expect(await list.evaluate((element) => element === document.activeElement)).toBe(true);
    await shootWindow(page, 'first-use-library-page-2-phone');
    await page.context().close();
  });
});
