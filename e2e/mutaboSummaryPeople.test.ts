// People, not rows, and words instead of codes, in a real browser (issue 22, items 3 and 4): a girl who asked for the
// four lessons of a free course is one person on the summary with her lessons under her, and an abandoned checkout of
// seven lessons is one hold line; the author approves the girl's four lessons with one confirmation, the course's
// history says so in words, the course form explains the wholesale price and the age group, and the course page shows
// the wholesale price only for the course where it can apply. At 1280 and 375 px, with screenshots.
import type { Page } from 'playwright-core';
import { DESKTOP, hasHorizontalScroll, newPage, pageErrors, PHONE, SCREENSHOT_DIR, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logIn } from './support/logIn.ts';
import { call, confirmedAccount, openCourse, tokenOf } from './support/api.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PASSWORD = 'Тихий-рассвет-42';
const browser = useBrowser();
const stamp = Date.now();

const FREE = { title: `Медленное чтение: весна ${stamp}`, lessons: ['Пушкин', 'Гоголь', 'Толстой', 'Чехов'] };
const PAID = { title: `Мастерская текста ${stamp}`, lessons: ['Абзац', 'Ритм', 'Диалог', 'Сцена', 'Портрет', 'Пейзаж', 'Финал'] };
const SHORT = { title: `Четыре встречи ${stamp}`, lessons: ['Первая', 'Вторая', 'Третья', 'Четвёртая'] };
const RUB = { currency: 'CURRENCY_CHOICE_RUB' as const, coursePrice: 9000, lessonPrice: 1500, lessonWholesalePrice: 1200 };
const GIRL = { email: `masha-${stamp}@example.org`, firstName: 'Мария', lastName: 'Иванова', row: 'Иванова Мария' };
const BUYER = { email: `oleg-${stamp}@example.org`, firstName: 'Олег', lastName: 'Смирнов', row: 'Смирнов Олег' };

async function checked(page: Page, name: string): Promise<void> {
  expect(await hasHorizontalScroll(page), `${name}: horizontal scroll`).toBe(false);
  expect(await seriousViolations(page), name).toEqual([]);
}

describe('people, not rows, and words instead of codes', () => {
  let free = { id: 0, lessonIds: [] as number[] };
  let paid = { id: 0, lessonIds: [] as number[] };
  let short = { id: 0, lessonIds: [] as number[] };

  beforeAll(async () => {
    const anna = await tokenOf(ANNA);
    free = await openCourse(anna, FREE.title, FREE.lessons);
    paid = await openCourse(anna, PAID.title, PAID.lessons, [RUB]);
    short = await openCourse(anna, SHORT.title, SHORT.lessons, [RUB]);
    // The girl asks for the free course's four lessons; the buyer starts paying for all seven and walks away.
    await call(await confirmedAccount(GIRL, PASSWORD), 'POST', `/api/v1/courses/${free.id}/create-participants/`);
    await call(await confirmedAccount(BUYER, PASSWORD), 'POST', '/api/v1/payments/', { system: 'yookassa', currency: RUB.currency, lessons: paid.lessonIds });
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('the summary counts people and shows one line per checkout (%s)', async (name, viewport) => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, '/mutabo');
    await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    const approval = page.getByRole('region', { name: 'Ждут подтверждения' });
    const course = approval.getByRole('listitem').filter({ has: page.getByRole('link', { name: FREE.title }) });
    await course.getByText('Записались и ждут вашего подтверждения: 1 человек').waitFor();
    const girl = course.getByRole('list', { name: `Ждут подтверждения на курсе «${FREE.title}»` }).getByRole('listitem');
    expect(await girl.count()).toBe(1);
    await girl.getByText('4 занятия: 1–4').waitFor();
    const holds = page.getByRole('region', { name: 'Брони скоро истекут' }).getByRole('listitem').filter({ hasText: PAID.title });
    expect(await holds.count()).toBe(1);
    await holds.getByRole('link', { name: new RegExp(`^${BUYER.row}: 7 занятий, до `) }).waitFor();
    await holds.getByText(/занятия 1–7 · платёж № \d+ не завершён/).waitFor();
    await page.getByRole('region', { name: 'Места на курсах' }).getByText(/свободно 5 мест из 6/).first().waitFor();
    await checked(page, `summary ${name}`);
    await screenshot(page, `summary-people-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('approves the girl’s four lessons with one confirmation, and the history says so in words (desktop)', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, `/mutabo/courses/${free.id}/participants`);
    const girl = page.getByRole('region', { name: GIRL.row });
    await girl.getByText('Ждёт подтверждения: 4 занятия: 1–4').waitFor();
    await page.getByText('1 человек, записей на занятия: 4').waitFor();
    await checked(page, 'participants');
    await screenshot(page, 'participants-person-desktop');
    await girl.getByRole('button', { name: `Подтвердить: ${GIRL.row}, 4 занятия` }).click();
    const dialog = page.getByRole('dialog', { name: 'Подтвердить участие?' });
    expect(await dialog.getByRole('checkbox', { checked: true }).count()).toBe(4);
    await checked(page, 'approval dialog');
    await screenshot(page, 'participants-person-dialog-desktop');
    await dialog.getByRole('button', { name: 'Подтвердить: 4 занятия' }).click();
    await page.getByText(`Участие подтверждено: ${GIRL.row}, 4 занятия: 1–4.`).waitFor();
    // The table is read again after the notice: wait for it.
    await expect.poll(() => girl.getByText('Подтверждено', { exact: true }).count(), { timeout: 10_000 }).toBe(4);

    await page.goto(`/mutabo/courses/${free.id}`);
    const history = page.getByRole('region', { name: 'История изменений' });
    await history.getByText(`Подтверждено участие: ${GIRL.row}, занятие 4. Чехов`).waitFor();
    await history.getByText('Изменено: состояние: черновик → запись открыта').waitFor();
    expect(await history.textContent()).not.toMatch(/can_be_subscribed|reserved|approved/);
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'course-history-words-desktop');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('the checkout’s holds are one decision on the participants page; the form explains its fields (%s)', async (name, viewport) => {
    const page = await newPage(browser(), viewport);
    await logIn(page, ANNA, `/mutabo/courses/${paid.id}/participants`);
    const buyer = page.getByRole('region', { name: BUYER.row });
    await buyer.getByText('Бронь, пока идёт оплата: 7 занятий: 1–7').waitFor();
    await checked(page, `participants holds ${name}`);
    await screenshot(page, `participants-holds-${name}`);
    await buyer.getByRole('button', { name: `Отклонить: ${BUYER.row}, 7 занятий` }).click();
    const dialog = page.getByRole('dialog', { name: 'Отклонить запись?' });
    await dialog.getByText(/^Незавершённый платёж № \d+ будет отменён\.$/).waitFor();
    await screenshot(page, `participants-holds-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Отмена' }).click();

    if (name === 'phone') {
      const girlPage = `/mutabo/courses/${free.id}/participants`;
      await page.goto(girlPage);
      await page.getByRole('region', { name: GIRL.row }).waitFor();
      await checked(page, 'participants after approval phone');
      await screenshot(page, 'participants-person-phone');
      await page.goto(`/mutabo/courses/${free.id}`);
      await page.getByRole('region', { name: 'История изменений' }).getByText(`Подтверждено участие: ${GIRL.row}, занятие 1. Пушкин`).waitFor();
      await screenshot(page, 'course-history-words-phone');
    }

    await page.goto(`/mutabo/courses/${paid.id}`);
    await page.getByText('На сайте: «Для взрослых» в каталоге, «взрослые» на странице курса.').waitFor();
    await page.getByText(/действует за каждое, когда за раз покупают столько/).first().waitFor();
    await checked(page, `course form ${name}`);
    await screenshot(page, `course-form-hints-${name}`);

    // The course page: seven lessons can apply the wholesale price, four cannot.
    await page.goto(`/courses/${paid.id}`);
    const panel = page.getByRole('complementary', { name: 'Запись на курс' });
    await panel.getByText('От 5 занятий, за каждое').waitFor();
    await screenshot(page, `course-page-wholesale-${name}`);
    // The panel alone as well: on a phone its pay bar sticks to the screen, which a full-page picture misplaces.
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/course-page-wholesale-panel-${name}.png` });
    await page.goto(`/courses/${short.id}`);
    await page.getByRole('complementary', { name: 'Запись на курс' }).getByText('Одно занятие').waitFor();
    expect(await page.getByText('От 5 занятий, за каждое').count()).toBe(0);
    await screenshot(page, `course-page-no-wholesale-${name}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
