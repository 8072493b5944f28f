// The authors' area in a real browser on the real server: an author creates a course with three lessons and a
// price in rubles and opens enrollment; a visitor finds it in the catalogue and buys a lesson in the test checkout;
// a renamed lesson shows on the visitor page after a reload; a non-author is told the area is
// for authors. Screenshots at 1280 and 375 px; axe on every page of the area.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026', name: 'Анна' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026' };
const COURSE_TITLE = 'Чехов и короткая проза';
const LESSONS = ['«Дама с собачкой»', '«Ионыч»', '«Студент»'];
/** A 1×1 PNG, for the course image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const browser = useBrowser();

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), name).toEqual([]);
}

describe("the authors' area", () => {
  let courseId = 0;

  it('lets an author create a course with three lessons and a price in rubles, and open enrollment', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo');
    // The area opens on its start page; the courses are one section further.
    await page.getByRole('heading', { level: 1, name: 'Сводка' }).waitFor();
    await page.getByRole('navigation', { name: 'Раздел авторов' }).getByRole('link', { name: 'Курсы' }).click();
    await page.getByRole('heading', { level: 1, name: 'Курсы' }).waitFor();
    await page.waitForURL(/\/mutabo\/courses$/);
    await screenshot(page, 'mutabo-courses-desktop');
    await expectAccessible(page, 'course list');

    await page.getByRole('link', { name: 'Новый курс' }).click();
    await page.getByRole('heading', { level: 1, name: 'Новый курс' }).waitFor();
    await page.getByLabel('Название', { exact: true }).fill(COURSE_TITLE);
    await page.getByLabel('Подзаголовок').fill('Читаем медленно и вслух');
    // Rich text is typed into draft-js: a bold word, then plain text.
    const description = page.getByRole('textbox', { name: 'Описание' });
    await description.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Шесть встреч');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' о рассказах Чехова.');
    await page.getByLabel('Начало').fill('2038-02-01');
    await page.getByLabel('Окончание').fill('2038-03-15');
    await page.getByLabel('Количество мест').fill('12');
    await page.getByLabel('Продавать за рубли').check();
    await page.getByLabel('Цена курса').fill('6000');
    await page.getByLabel('Цена занятия', { exact: true }).fill('1200');
    await page.getByLabel('Цена занятия от 5 занятий').fill('1000');
    await page.getByLabel('Картинка курса: загрузить файл').setInputFiles({ name: 'chekhov.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByLabel('Картинка курса: адрес').inputValue()).toMatch(/^\/media\/[0-9a-f]{16}\/chekhov\.png$/);
    await page.getByRole('img', { name: 'Картинка курса: предпросмотр' }).waitFor();
    // Shown is not yet loaded: on a busy machine the picture's bytes may still be on their way.
    await expect.poll(() => page.getByRole('img', { name: 'Картинка курса: предпросмотр' }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await expectAccessible(page, 'new course form');
    await page.getByRole('button', { name: 'Создать курс' }).click();
    await page.getByText('Курс создан. Теперь добавьте занятия.').waitFor();
    courseId = Number(/\/mutabo\/courses\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(courseId).toBeGreaterThan(0);
    // The preview shows the draft to its author as visitors will see it once published.
    expect(await page.getByRole('link', { name: /Предпросмотр/ }).getAttribute('href')).toBe(`/courses/${courseId}`);
    const preview = await newPage(browser(), DESKTOP);
    await preview.goto('/');
    await preview.evaluate((tokens) => {
      for (const [key, value] of tokens) localStorage.setItem(key, value);
    }, await page.evaluate(() => Object.entries(localStorage)));
    await preview.goto(`/courses/${courseId}`);
    await preview.getByRole('heading', { level: 1, name: COURSE_TITLE }).waitFor();
    await preview.close();

    for (const title of LESSONS) {
      await page.getByRole('link', { name: 'Добавить занятие' }).click();
      await page.getByRole('heading', { level: 1, name: 'Новое занятие' }).waitFor();
      await page.getByLabel('Название занятия').fill(title);
      await page.getByRole('textbox', { name: 'Содержание' }).click();
      await page.keyboard.type(`Читаем рассказ ${title}.`);
      await page.getByLabel('Продолжительность, минут').fill('90');
      await page.getByLabel('Состояние занятия').selectOption('published');
      if (title === LESSONS[0]) await expectAccessible(page, 'lesson form');
      await page.getByRole('button', { name: 'Добавить занятие' }).click();
      await page.waitForURL(new RegExp(`/mutabo/courses/${courseId}$`));
      await page.getByRole('link', { name: new RegExp(title) }).waitFor();
    }
    const lessons = page.getByRole('region', { name: 'Занятия' }).getByRole('listitem');
    expect(await lessons.allTextContents()).toEqual(
      LESSONS.map((title, index) => expect.stringContaining(`${index + 1}. ${title}`) as unknown as string),
    );

    await page.getByRole('button', { name: 'Открыть запись' }).click();
    const dialog = page.getByRole('dialog', { name: 'Открыть запись?' });
    await dialog.getByText('можно записаться и оплатить').waitFor();
    await screenshot(page, 'mutabo-state-dialog-desktop');
    await dialog.getByRole('button', { name: 'Открыть запись' }).click();
    await page.getByText('Сейчас: Запись открыта').waitFor();
    // The history says who did it.
    await page.getByRole('region', { name: 'История изменений' }).getByText(/состояние: черновик → запись открыта/).waitFor();
    await screenshot(page, 'mutabo-course-editor-desktop');
    await expectAccessible(page, 'course editor');
    expect(pageErrors(page)).toEqual([]);
  });

  it('asks before leaving the editor with unsaved changes', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, `/mutabo/courses/${courseId}`);
    await page.getByLabel('Подзаголовок').fill('Изменено, но не сохранено');
    await page.getByRole('navigation', { name: 'Раздел авторов' }).getByRole('link', { name: 'Курсы' }).click();
    const dialog = page.getByRole('dialog', { name: 'Уйти без сохранения?' });
    await dialog.getByRole('button', { name: 'Остаться' }).click();
    expect(new URL(page.url()).pathname).toBe(`/mutabo/courses/${courseId}`);
    expect(await page.getByLabel('Подзаголовок').inputValue()).toBe('Изменено, но не сохранено');
  });

  it('shows the new course to a visitor in the catalogue and on its page', async () => {
    const page = await newPage(browser(), DESKTOP);
    await page.goto('/');
    await page.getByRole('list', { name: 'Каталог курсов' }).getByRole('link', { name: COURSE_TITLE }).click();
    await page.getByRole('heading', { level: 1, name: COURSE_TITLE }).waitFor();
    await page.getByText('о рассказах Чехова').waitFor();
    // The uploaded image is the course's picture.
    expect(await page.locator('img[src^="/media/"]').count()).toBeGreaterThan(0);
    for (const title of LESSONS) await page.getByText(title).first().waitFor();
  });

  it('sells a lesson of the new course in the test checkout, and a renamed lesson shows on the visitor page after a reload', async () => {
    const visitor = await newPage(browser(), DESKTOP);
    await visitor.goto('/user/login');
    await visitor.getByLabel('Электронная почта').fill(PARTICIPANT.email);
    await visitor.getByLabel('Пароль').fill(PARTICIPANT.password);
    await visitor.getByRole('button', { name: 'Войти' }).click();
    await visitor.waitForURL((url) => !url.pathname.startsWith('/user/login'));
    await visitor.goto(`/courses/${courseId}`);
    const panel = visitor.getByRole('complementary', { name: 'Запись на курс' });
    await panel.getByRole('checkbox', { name: /^1\. / }).check();
    await panel.getByRole('button', { name: /^Оплатить выбранные занятия — 1\s200 ₽$/ }).click();
    await visitor.waitForURL(/\/sandbox-checkout\//);
    await visitor.getByRole('button', { name: 'Оплатить' }).click();
    await visitor.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });

    const author = await newPage(browser(), DESKTOP);
    await logIn(author, ANNA, `/mutabo/courses/${courseId}`);
    await author.getByRole('region', { name: 'Занятия' }).getByRole('link', { name: new RegExp(LESSONS[1]!) }).click();
    await author.getByRole('heading', { level: 1 }).filter({ hasText: LESSONS[1]! }).waitFor();
    await author.getByLabel('Название занятия').fill('«Ионыч» (перенесён)');
    await author.getByRole('button', { name: 'Сохранить занятие' }).click();
    await author.getByText('Занятие сохранено.').waitFor();

    await visitor.goto(`/courses/${courseId}`);
    await visitor.getByText('«Ионыч» (перенесён)').first().waitFor();
    expect(await visitor.getByRole('complementary', { name: 'Запись на курс' }).getByRole('checkbox', { name: /^1\. .*\(оплачено\)$/ }).isChecked()).toBe(true);

    // The bought lesson goes back to draft only after a confirmation that names its people (cancelled here, at both
    // widths); a lesson nobody is in goes without asking, and the status line above the list says what happened.
    await author.goto(`/mutabo/courses/${courseId}`);
    const lessonList = author.getByRole('region', { name: 'Занятия' });
    for (const viewport of [DESKTOP, PHONE]) {
      await author.setViewportSize(viewport);
      await lessonList.getByRole('button', { name: `Занятие «${LESSONS[0]}»: скрыть в черновики` }).click();
      const confirmation = author.getByRole('dialog', { name: 'Вернуть занятие в черновики?' });
      await confirmation.getByText('Участники занятия: 1 человек с местом.').waitFor();
      const width = viewport === PHONE ? 'phone' : 'desktop';
      await screenshot(author, `mutabo-lesson-draft-dialog-${width}`);
      await expectAccessible(author, `lesson draft confirmation (${width})`);
      expect(await hasHorizontalScroll(author)).toBe(false);
      await confirmation.getByRole('button', { name: 'Отмена' }).click();
      await confirmation.waitFor({ state: 'detached' });
    }
    await author.setViewportSize(DESKTOP);
    expect(await lessonList.getByRole('listitem').first().textContent()).toContain('Опубликовано');
    const status = lessonList.getByRole('status');
    expect(await status.textContent()).toBe('');
    await lessonList.getByRole('button', { name: `Занятие «${LESSONS[2]}»: скрыть в черновики` }).click();
    await status.getByText('Занятие 3 снято с публикации.').waitFor();
    await lessonList.getByRole('button', { name: `Занятие «${LESSONS[2]}»: опубликовать` }).click();
    await status.getByText('Занятие 3 опубликовано.').waitFor();
    expect(pageErrors(visitor)).toEqual([]);
    expect(pageErrors(author)).toEqual([]);
    await visitor.context().close();
    await author.context().close();
  });

  it('works at 375 and 360 px without horizontal scrolling', async () => {
    const page = await newPage(browser(), PHONE);
    await logIn(page, ANNA, `/mutabo/courses/${courseId}`);
    await page.getByRole('heading', { level: 1, name: COURSE_TITLE }).waitFor();
    await page.getByRole('textbox', { name: 'Описание' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'mutabo-course-editor-phone');
    // The narrowest phone the site is made for.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.setViewportSize(PHONE);
    // On a phone the area's sections are behind its menu button.
    await page.getByRole('navigation', { name: 'Раздел авторов' }).getByRole('button', { name: 'Разделы: Курсы' }).click();
    await page.getByRole('navigation', { name: 'Раздел авторов' }).getByRole('link', { name: 'Курсы' }).click();
    await page.getByRole('list', { name: 'Ваши курсы' }).waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'mutabo-courses-phone');
    await expectAccessible(page, 'course list on a phone');
  });

  it('tells a logged-in non-author that the area is for authors', async () => {
    const page = await newPage(browser(), PHONE);
    await logIn(page, PARTICIPANT, '/mutabo');
    await page.getByRole('heading', { level: 1, name: 'Раздел только для авторов' }).waitFor();
    await screenshot(page, 'mutabo-not-author-phone');
    await expectAccessible(page, 'authors-only page');
  });
});
