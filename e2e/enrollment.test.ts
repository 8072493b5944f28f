// Enrollment in a real browser. First the journeys on the real server (log in, pay or cancel in the sandbox checkout,
// see the result and the account's courses; join and leave a course without prices). Then every state of the
// course panel, the payment page and the account's courses at phone and desktop widths, with the real site and
// the real course content, the caller's own data (user, participations, payment) answered by the test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Route } from 'playwright-core';
import type { CourseDetails, CurrentPayment, Lesson, Participation, PaymentState, User } from '../common/wireTypes.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, WIDTHS, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, useBrowser } from './support/browser.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations that axe-core finds on the page, as «rule: target» lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, which the site's Content-Security-Policy does not block.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}

/** Demo content (server/src/db/demo/content.ts) by the order of the seed. */
const SLOW_READING = { id: 1, title: 'Медленное чтение: русская проза XIX века' };
const WORKSHOP = { id: 2, title: 'Мастерская текста для подростков' };
const PHILOSOPHY = { id: 3, title: 'Философия для подростков: искусство задавать вопросы' };
const POETRY = { id: 4, title: 'Как читать стихи: открытый семинар' };
const LOGIC = { id: 10, title: 'Логика и искусство спора' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026', name: 'Екатерина Соколова' };

const browser = useBrowser();
beforeAll(async () => {
  // A fresh server answers its first course pages slowly; warm it up outside the tests' time limits.
  await Promise.all([1, 2, 4, 10].map((id) => fetch(`${baseUrl()}/api/v1/courses/${id}/`)));
});

const panelOf = (page: Page) => page.getByRole('complementary', { name: 'Запись на курс' });

async function logIn(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('Электронная почта').fill(PARTICIPANT.email);
  await page.getByLabel('Пароль').fill(PARTICIPANT.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('link', { name: PARTICIPANT.name }).waitFor();
}

async function openCourse(page: Page, course: { id: number; title: string }): Promise<void> {
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  await panelOf(page).getByRole('heading', { level: 2 }).waitFor();
}

/** The course as the API gives it to the logged-in browser (its own token). */
function courseAsUser(page: Page, id: number): Promise<CourseDetails> {
  return page.evaluate(async (courseId) => {
    const response = await fetch(`/api/v1/courses/${courseId}/`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`, 'Accept-Language': 'ru' },
    });
    return (await response.json()) as CourseDetails;
  }, id);
}

// Each journey changes the shared server's data, so each uses its own course.
describe('journeys on the real server', () => {
  it('pays for two lessons in the sandbox checkout and finds them under «Курсы»', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page);
    await openCourse(page, SLOW_READING);
    // The first two lessons still ahead: the demo's first ones have taken place, and a lesson that has begun is not sold.
    const [first, second] = (await courseAsUser(page, SLOW_READING.id)).lessons
      .filter((lesson) => lesson.startsAt !== null && Date.parse(lesson.startsAt) > Date.now() + 3600_000 && lesson.hasFreePlaces && !lesson.participationState)
      .map((lesson) => lesson.number);
    const panel = panelOf(page);
    await panel.getByRole('checkbox', { name: new RegExp(`^${first}\\. `) }).check();
    await panel.getByRole('checkbox', { name: new RegExp(`^${second}\\. `) }).check();
    const pay = panel.getByRole('button', { name: /^Оплатить выбранные занятия — 3\s600 ₽$/ });
    await screenshot(page, 'journey-pay-chosen-desktop');
    await pay.click();

    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByRole('button', { name: 'Оплатить' }).waitFor();
    await screenshot(page, 'journey-sandbox-checkout-desktop');
    await page.getByRole('button', { name: 'Оплатить' }).click();

    await page.waitForURL(/\/waiting-for-payment/);
    // The notification may come a moment later: the page asks again every 5 seconds.
    await page.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });
    await screenshot(page, 'journey-paid-desktop');
    await page.getByRole('link', { name: 'Перейти к моим курсам' }).click();

    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: SLOW_READING.title }) });
    await row.waitFor();
    const bought = await row.getByRole('list', { name: `Оплаченные занятия курса «${SLOW_READING.title}»` }).getByRole('listitem').allTextContents();
    expect(bought).toHaveLength(2);
    expect(bought[0]).toMatch(new RegExp(`^${first}\\. `));
    expect(bought[1]).toMatch(new RegExp(`^${second}\\. `));
    await screenshot(page, 'journey-my-courses-desktop');

    await openCourse(page, SLOW_READING);
    expect(await panelOf(page).getByRole('heading', { level: 2 }).textContent()).toBe('Участник курса');
    expect(await panelOf(page).getByRole('checkbox', { name: new RegExp(`^${first}\\. .*\\(оплачено\\)$`) }).isChecked()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('cancels in the sandbox checkout: «Платеж отменен», and the lessons are free again', async () => {
    const page = await newPage(browser(), PHONE);
    await logIn(page);
    await openCourse(page, PHILOSOPHY);
    const panel = panelOf(page);
    await panel.getByRole('checkbox', { name: /^3\. / }).check();
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия/ }).click();

    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByRole('button', { name: 'Отменить' }).click();
    await page.waitForURL(/\/waiting-for-payment/);
    await page.getByText('Платеж отменен').waitFor({ timeout: 20_000 });
    await screenshot(page, 'journey-cancelled-phone');
    expect(await hasHorizontalScroll(page)).toBe(false);

    await openCourse(page, PHILOSOPHY);
    const lesson = (await courseAsUser(page, PHILOSOPHY.id)).lessons.find((candidate) => candidate.number === 3)!;
    expect(lesson.participationState).toBeNull();
    expect(lesson.hasFreePlaces).toBe(true);
    const box = panelOf(page).getByRole('checkbox', { name: /^3\. / });
    expect(await box.isEnabled()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('joins a course without prices and withdraws', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page);
    await openCourse(page, POETRY);
    const panel = panelOf(page);
    await panel.getByText('Нет цены курса').waitFor();
    await panel.getByRole('button', { name: 'Участвовать в курсе' }).click();
    await panel.getByText(/^(Место забронировано — ожидается оплата|Вы в очереди на этот курс)$/).waitFor();
    await screenshot(page, 'journey-joined-desktop');
    await panel.getByRole('button', { name: 'Отказаться от участия' }).click();
    // It gives up a limited place: a dialog asks first.
    const dialog = page.getByRole('dialog', { name: `Отказаться от участия в курсе «${POETRY.title}»?` });
    await screenshot(page, 'journey-withdraw-question-desktop');
    await dialog.getByRole('button', { name: 'Да, отказаться' }).click();
    await panel.getByRole('button', { name: 'Участвовать в курсе' }).waitFor();
    const lessons = (await courseAsUser(page, POETRY.id)).lessons;
    expect(lessons.every((lesson) => lesson.participationState === null || lesson.participationState === 'subscribed')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

// ——— Panel states and pages, with the caller's data answered by the test ———

function fakeJwt(secondsFromNow: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + secondsFromNow })}.signature`;
}

const me: User = {
  id: 3,
  email: PARTICIPANT.email,
  firstName: 'Екатерина',
  lastName: 'Соколова',
  yearOfBirth: 1991,
  disciple: 3,
  author: null,
};

interface Scenario {
  /** Changes the real course details before the site sees them. */
  course?: (course: CourseDetails) => CourseDetails;
  participants?: Participation[];
  payment?: PaymentState;
  /** An answer to POST /api/v1/payments/: status and body. */
  paymentCreated?: { status: number; body: unknown };
}

const withLessons = (course: CourseDetails, change: (lesson: Lesson) => Partial<Lesson>, subscribed = course.subscribedForMailouts): CourseDetails => ({
  ...course,
  subscribedForMailouts: subscribed,
  lessons: course.lessons.map((lesson) => ({ ...lesson, ...change(lesson) })),
});

/**
 * The course with every lesson ahead, a week apart: the demo's first lessons have taken place by the time the journeys
 * run, and a lesson that has begun is not sold, so the panel's states are shown on a course that is all to come.
 */
const allAhead = (course: CourseDetails): CourseDetails => ({
  ...course,
  lessons: course.lessons.map((lesson, index) => ({ ...lesson, startsAt: new Date(Date.now() + (index + 1) * 7 * 24 * 3600_000).toISOString() })),
});

/** A page logged in with an unsigned token: the site reads only its expiry, so the test answers the caller's calls. */
async function pageAs(viewport: { width: number; height: number }, scenario: Scenario): Promise<Page> {
  const page = await newPage(browser(), viewport);
  await page.context().addInitScript(
    ([access, refresh]) => {
      localStorage.setItem('accessToken', access!);
      localStorage.setItem('refreshToken', refresh!);
    },
    [fakeJwt(3600), fakeJwt(86400)],
  );
  await page.route('**/api/**', (route) => answer(route, scenario));
  return page;
}

async function answer(route: Route, scenario: Scenario): Promise<void> {
  const request = route.request();
  const { pathname } = new URL(request.url());
  const json = (body: unknown, status = 200) => route.fulfill({ status, json: body });
  if (pathname === '/api/v1/users/me/') return json(me);
  if (pathname === '/api/v1/disciples/3/') {
    return json({
      id: 3,
      email: me.email,
      firstName: me.firstName,
      lastName: me.lastName,
      yearOfBirth: me.yearOfBirth,
      profile: { country: 'RU', mainLanguage: 'Russian', visitSchool: false, readWriteProblems: '', otherInfo: '', timezone: 'Europe/Moscow' },
    });
  }
  if (pathname === '/api/v1/participants/') return json(scenario.participants ?? []);
  if (pathname === '/api/v1/payments/current/') {
    const payment: CurrentPayment = {
      id: 1,
      details: { state: scenario.payment ?? 'STATE_IN_PROGRESS' },
      course: { id: SLOW_READING.id, title: SLOW_READING.title },
      amount: 12000,
      currency: 'CURRENCY_CHOICE_RUB',
      lessonCount: 8,
    };
    return json(payment);
  }
  if (pathname === '/api/v1/payments/' && request.method() === 'POST') {
    const created = scenario.paymentCreated ?? { status: 200, body: { details: { redirectTo: '/waiting-for-payment' } } };
    return json(created.body, created.status);
  }
  // Everything else from the real server, without the unsigned token (it would answer 401).
  const headers = { ...request.headers() };
  delete headers.authorization;
  const response = await route.fetch({ headers });
  if (request.method() === 'GET' && /^\/api\/v1\/courses\/\d+\/$/.test(pathname) && response.ok()) {
    const ahead = allAhead((await response.json()) as CourseDetails);
    return route.fulfill({ response, json: scenario.course ? scenario.course(ahead) : ahead });
  }
  return route.fulfill({ response });
}

/** What the window shows (a dialog over the page), not the whole page. */
async function shootWindow(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

async function shootPanel(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await panelOf(page).screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` });
}

describe.each(WIDTHS)('at %s width', (widthName, viewport) => {
  it('a priced course: currency, lessons, totals from 5 lessons, and the discount mail link', async () => {
    const page = await pageAs(viewport, {});
    await openCourse(page, SLOW_READING);
    const panel = panelOf(page);
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Идёт набор');
    expect(await panel.getByRole('radio', { name: 'Рубли' }).isChecked()).toBe(true);
    expect(await panel.getByRole('button', { name: /^Оплатить весь курс — 12\s000 ₽$/ }).isEnabled()).toBe(true);
    await shootPanel(page, `enrollment-panel-priced-${widthName}`);
    for (const number of [1, 2, 3, 4, 5]) await panel.getByRole('checkbox', { name: new RegExp(`^${number}\\. `) }).check();
    expect(await panel.getByRole('button', { name: /^Оплатить выбранные занятия — 7\s500 ₽$/ }).isEnabled()).toBe(true);
    await shootPanel(page, `enrollment-panel-five-lessons-${widthName}`);
    await panel.getByRole('radio', { name: 'Евро' }).check();
    expect(await panel.getByRole('button', { name: /^Оплатить выбранные занятия — 85 €$/ }).count()).toBe(1);
    expect(await panel.getByRole('link', { name: 'Написать автору о скидке' }).getAttribute('href')).toMatch(/^mailto:anna@example\.com\?subject=/);
    await screenshot(page, `enrollment-course-priced-${widthName}`);
    if (widthName === 'desktop') {
      // Beside the description the panel sticks in the window (scrolling inside itself when taller): its last
      // button can always be brought into view and clicked.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
      const pay = panel.getByRole('button', { name: /^Оплатить выбранные занятия/ });
      await pay.scrollIntoViewIfNeeded();
      const payBox = (await pay.boundingBox())!;
      expect(payBox.y).toBeGreaterThanOrEqual(0);
      expect(payBox.y + payBox.height).toBeLessThanOrEqual(viewport.height);
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '',
        [payBox.x + payBox.width / 2, payBox.y + payBox.height / 2],
      );
      expect(onTop).toMatch(/^Оплатить выбранные занятия/);
      await shootWindow(page, `enrollment-course-scrolled-${widthName}`);
    }
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a participant with bought and full lessons, subscribed to the news', async () => {
    const page = await pageAs(viewport, {
      course: (course) =>
        withLessons(
          course,
          (lesson) =>
            lesson.number <= 2 ? { participationState: 'approved', participant: null } : lesson.number === 5 ? { hasFreePlaces: false } : {},
          true,
        ),
    });
    await openCourse(page, SLOW_READING);
    const panel = panelOf(page);
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Участник курса');
    await panel.getByText('Вы получаете новости этого курса').waitFor();
    expect(await panel.getByRole('button', { name: 'Отписаться от новостей' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: /^Оплатить весь курс/ }).count()).toBe(0);
    expect(await panel.getByRole('checkbox', { name: /^5\. .*\(нет мест\)$/ }).isDisabled()).toBe(true);
    await shootPanel(page, `enrollment-panel-participant-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.context().close();
  });

  it('a course sold by blocks: a block ticks as a whole; a bought block is locked', async () => {
    const page = await pageAs(viewport, {
      course: (course) => withLessons(course, (lesson) => (lesson.number === 2 ? { participationState: 'approved' } : {})),
    });
    await openCourse(page, WORKSHOP);
    const panel = panelOf(page);
    await panel.getByRole('checkbox', { name: /^6\. / }).check();
    const checked = await panel.getByRole('group', { name: 'Блок 2' }).getByRole('checkbox').evaluateAll((boxes) =>
      boxes.map((box) => (box as HTMLInputElement).checked),
    );
    expect(checked).toEqual([true, true, true, true]);
    expect(await panel.getByRole('group', { name: 'Блок 1' }).getByRole('checkbox', { disabled: false }).count()).toBe(0);
    await shootPanel(page, `enrollment-panel-blocks-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.context().close();
  });

  it('a lesson error: the titles in the panel and in the dialog «Ошибка»', async () => {
    const page = await pageAs(viewport, {
      paymentCreated: { status: 400, body: { lessons: { lessons_are_fully_occupied: ['Нет свободных мест на занятия: {lessons:[1,2]}'] } } },
    });
    await openCourse(page, SLOW_READING);
    const panel = panelOf(page);
    await panel.getByRole('checkbox', { name: /^1\. / }).check();
    await panel.getByRole('checkbox', { name: /^2\. / }).check();
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ошибка' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Нет свободных мест на занятия: «Как читать медленно: Пушкин, «Станционный смотритель»», «Гоголь, «Шинель»: смешное и страшное»');
    await shootWindow(page, `enrollment-lesson-error-dialog-${widthName}`);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await shootPanel(page, `enrollment-panel-lesson-error-${widthName}`);
    await page.context().close();
  });

  it('unsubscribing asks first', async () => {
    const page = await pageAs(viewport, { course: (course) => ({ ...course, subscribedForMailouts: true }) });
    await openCourse(page, SLOW_READING);
    await panelOf(page).getByRole('button', { name: 'Отписаться от новостей' }).click();
    await page.getByRole('dialog', { name: `Вы действительно хотите отписаться от новостей курса «${SLOW_READING.title}»?` }).waitFor();
    await shootWindow(page, `enrollment-unsubscribe-dialog-${widthName}`);
    await page.context().close();
  });

  it.each([
    ['join', null, 'Участвовать в курсе'],
    ['waiting', 'waiting_list', 'Вы в очереди на этот курс'],
    ['reserved', 'reserved', 'Место забронировано — ожидается оплата'],
    ['approved', 'approved', 'Ваше участие подтверждено. Ждите новостей по почте'],
  ] as const)('a course without prices: %s', async (name, state, text) => {
    const page = await pageAs(viewport, {
      course: (course) => withLessons(course, () => ({ participationState: state }), state !== null),
    });
    await openCourse(page, POETRY);
    const panel = panelOf(page);
    await panel.getByText('Нет цены курса').waitFor();
    await panel.getByText(text, { exact: true }).waitFor();
    await shootPanel(page, `enrollment-panel-free-${name}-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.context().close();
  });

  it('a closed course offers the news only', async () => {
    const page = await pageAs(viewport, {});
    await openCourse(page, LOGIC);
    const panel = panelOf(page);
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Запись на курс закрыта');
    await panel.getByRole('button', { name: 'Подписаться на новости' }).waitFor();
    await shootPanel(page, `enrollment-panel-closed-${widthName}`);
    await page.context().close();
  });

  it('a guest sees the prices, the prompt and pay buttons that lead to the sign-up', async () => {
    const page = await newPage(browser(), viewport);
    await openCourse(page, SLOW_READING);
    const panel = panelOf(page);
    await panel.getByRole('link', { name: 'войдите' }).waitFor();
    // The first lesson still ahead (the guest's page comes with its data in the first HTML, as the server has it).
    await panel.getByRole('checkbox', { disabled: false }).first().check();
    const pay = panel.getByRole('button', { name: /^Оплатить выбранные занятия/ });
    expect(await pay.isEnabled()).toBe(true);
    await shootPanel(page, `enrollment-panel-guest-${widthName}`);
    await pay.click();
    await page.waitForURL((url) => url.pathname === '/user/signup');
    await page.context().close();
  });

  it.each([
    ['pending', 'STATE_IN_PROGRESS', 'Ожидается подтверждение оплаты'],
    ['paid', 'STATE_COMPLETED', 'Успешно оплачено'],
    ['cancelled', 'STATE_FAILURE', 'Платеж отменен'],
  ] as const)('the payment page: %s', async (name, state, text) => {
    const page = await pageAs(viewport, { payment: state });
    await page.goto('/waiting-for-payment');
    await page.getByText(text).waitFor();
    await screenshot(page, `payment-${name}-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('the payment page asks a guest to log in', async () => {
    const page = await newPage(browser(), viewport);
    await page.goto('/waiting-for-payment');
    await page.getByText('Требуется авторизация').waitFor();
    await screenshot(page, `payment-guest-${widthName}`);
    await page.context().close();
  });

  it('the account’s courses: table or cards, bought lessons, the news switch', async () => {
    const lesson = (id: number, number: number, title: string, participationState: Lesson['participationState']): Lesson => ({
      id,
      course: 1,
      number,
      title,
      content: '',
      duration: 90,
      state: 'published',
      hasFreePlaces: true,
      participationState,
      participant: null,
      startsAt: null,
      hasRecording: false,
      recordingDuration: null,
    });
    const anna = { id: 1, firstName: 'Анна', lastName: 'Мельникова', genitive: 'Анны Мельниковой' };
    const mikhail = { id: 2, firstName: 'Михаил', lastName: 'Орлов', genitive: 'Михаила Орлова' };
    const page = await pageAs(viewport, {
      participants: [
        {
          id: 1,
          course: SLOW_READING,
          authors: [anna],
          subscribed: true,
          lessons: [
            lesson(1, 1, 'Как читать медленно: Пушкин, «Станционный смотритель»', 'approved'),
            lesson(2, 2, 'Гоголь, «Шинель»: смешное и страшное', 'approved'),
          ],
        },
        { id: 2, course: PHILOSOPHY, authors: [mikhail], subscribed: false, lessons: [lesson(21, 1, 'Что такое философский вопрос', 'waiting_list')] },
        { id: 3, course: POETRY, authors: [anna, mikhail], subscribed: true, lessons: [] },
      ],
    });
    await page.goto('/account/courses');
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor();
    await page.getByRole('link', { name: SLOW_READING.title }).waitFor();
    expect(await page.getByRole('switch').count()).toBe(3);
    await screenshot(page, `my-courses-${widthName}`);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('switch', { name: `Получать новости курса «${SLOW_READING.title}»` }).click();
    await page.getByRole('dialog', { name: `Вы действительно хотите отписаться от новостей курса «${SLOW_READING.title}»?` }).waitFor();
    await shootWindow(page, `my-courses-unsubscribe-${widthName}`);
    await page.context().close();
  });

  it('the account’s courses when there are none', async () => {
    const page = await pageAs(viewport, { participants: [] });
    await page.goto('/account/courses');
    await page.getByText('Вы пока не записались ни на один курс').waitFor();
    await screenshot(page, `my-courses-empty-${widthName}`);
    await page.context().close();
  });
});
