// The area's shared content in a real browser on the real server, from the author's form to what a visitor gets:
// a quotation tied to a course on the home page, a photo uploaded on the author's own page on her course's page
// (the same bytes, cached for a year), a library material with an uploaded PDF in the visitor's library (it
// downloads), and a review typed in the rich-text editor on the reviews page. Screenshots of the reviews and the
// library at 1280 and 375 px; axe on each page of the area shown.
import { deflateSync, crc32 } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { isTestCourse } from '../common/catalogue.ts';
import type { Author, CourseShort } from '../common/wireTypes.ts';
import { DESKTOP, PHONE, baseUrl, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logIn } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026', name: 'Анна Мельникова' };
const YEAR_CACHE = 'public, max-age=31536000, immutable';

const QUOTATION = { text: 'Читать — это значит заново писать прочитанное.', source: 'Ю. М. Лотман' };
const CATEGORY = 'Конспекты семинаров';
const MATERIAL = { title: 'Семинар о «Медном всаднике»', author: 'Анна Мельникова' };
const REVIEW = { author: 'Вера Соколова', age: '15', text: 'Теперь я читаю стихи вслух и слышу их.', footer: 'Ученица 9 класса' };

const browser = useBrowser();

/** A real PNG of the given size (a colour gradient), so that the server's image check and thumbnail have work to do. */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set([Math.round((x / width) * 255), Math.round((y / height) * 255), 160], start + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A small PDF (the server knows a document by its first bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await seriousViolations(page), name).toEqual([]);
}

async function expectNoSideScroll(page: Page, name: string): Promise<void> {
  expect(await hasHorizontalScroll(page), name).toBe(false);
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A course Anna leads that the catalogue shows (not a test course). */
async function annasCourse(): Promise<CourseShort> {
  const authors = await getJson<Author[]>('/api/v1/authors/');
  const anna = authors.find((author) => author.email === ANNA.email);
  const courses = await getJson<CourseShort[]>('/api/v1/courses/');
  const course = courses.find((candidate) => anna && candidate.authors.includes(anna.id) && !isTestCourse(candidate.title));
  if (!course) throw new Error('the demo content has no public course of Anna');
  return course;
}

async function visitor(browserInstance: Browser, viewport = DESKTOP): Promise<Page> {
  return newPage(browserInstance, viewport);
}

describe("the area's shared content, from the author to the visitor", () => {
  let course: CourseShort;

  beforeAll(async () => {
    course = await annasCourse();
  });

  it('shows a quotation tied to a course on the home page, with a link to the course', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo/quotations/new');
    await page.getByLabel('Текст цитаты').fill(QUOTATION.text);
    await page.getByLabel('Источник').fill(QUOTATION.source);
    await page.getByLabel('Курс, к которому относится цитата').selectOption({ label: course.title });
    await page.getByRole('button', { name: 'Добавить цитату' }).click();
    await page.waitForURL(/\/mutabo\/quotations\/\d+$/);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    const home = await visitor(browser());
    // The banner draws one quotation at random; the public list is oldest first, so the last draw is the new one.
    await home.addInitScript(() => {
      Math.random = () => 0.999999;
    });
    await home.goto('/');
    const banner = home.getByRole('figure', { name: 'Цитата' });
    await banner.getByText(QUOTATION.text).waitFor();
    expect(await banner.locator('cite').textContent()).toBe(QUOTATION.source);
    await banner.getByRole('link', { name: `Из материалов курса «${course.title}»` }).click();
    await home.waitForURL(new RegExp(`/courses/${course.id}$`));
    await home.getByRole('heading', { level: 1, name: course.title }).waitFor();
    expect(pageErrors(home)).toEqual([]);
    await home.context().close();
  });

  it("shows a photo uploaded on the author's own page on her course's page: the same bytes, cached for a year", async () => {
    const png = makePng(48, 32);
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo/author');
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/v1/mutabo/uploads/') && response.request().method() === 'POST');
    await page.getByLabel('Фотография: загрузить файл').setInputFiles({ name: 'anna-portrait.png', mimeType: 'image/png', buffer: png });
    const answer = (await (await uploaded).json()) as { url: string; thumbnail?: string };
    expect(answer.url).toMatch(/^\/media\/[0-9a-f]{16}\/anna-portrait\.png$/);
    await expect.poll(() => page.getByLabel('Фотография: адрес').inputValue()).toBe(answer.url);
    await page.getByRole('button', { name: 'Сохранить страницу' }).click();
    await page.getByText('Страница автора сохранена. На сайте уже новая версия.').waitFor();
    await page.context().close();

    // The course page shows its authors with their photos as the authors' API gives them (so does the about page:
    // e2e/reviewsAndAbout.test.ts).
    const coursePage = await visitor(browser());
    await coursePage.goto(`/courses/${course.id}`);
    const photo = coursePage.getByRole('img', { name: `Фото: ${ANNA.name}` });
    await expect.poll(() => photo.getAttribute('src')).toBe(answer.url);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
    expect(pageErrors(coursePage)).toEqual([]);
    await coursePage.context().close();

    const served = await fetch(`${baseUrl()}${answer.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe(YEAR_CACHE);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // The smaller copy for cards is cached the same way.
    expect(answer.thumbnail).toMatch(/^\/media\/[0-9a-f]{16}\/.+\.webp$/);
    const thumbnail = await fetch(`${baseUrl()}${answer.thumbnail}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.headers.get('cache-control')).toBe(YEAR_CACHE);
  });

  it("lists a material with an uploaded PDF in the visitor's library, and the file downloads", async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo/library');
    const categories = page.getByRole('region', { name: 'Категории' });
    await categories.getByRole('textbox', { name: 'Новая категория' }).fill(CATEGORY);
    await categories.getByRole('button', { name: 'Добавить категорию' }).click();
    await categories.getByText('Категория добавлена.').waitFor();
    await categories.getByText(`${CATEGORY} · материалов: 0`).waitFor();
    await page.getByRole('list', { name: 'Материалы библиотеки' }).waitFor();
    await screenshot(page, 'mutabo-library-desktop');
    await expectAccessible(page, 'library');

    await page.getByRole('link', { name: 'Новый материал' }).click();
    await page.getByRole('heading', { level: 1, name: 'Новый материал' }).waitFor();
    await page.getByLabel('Название', { exact: true }).fill(MATERIAL.title);
    await page.getByLabel('Автор материала').fill(MATERIAL.author);
    await page.getByLabel('Файл: загрузить файл').setInputFiles({ name: 'mednyj-vsadnik.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => page.getByLabel('Файл: адрес').inputValue()).toMatch(/^\/media\/[0-9a-f]{16}\/mednyj-vsadnik\.pdf$/);
    await page.getByRole('link', { name: 'mednyj-vsadnik.pdf' }).waitFor();
    await page.getByRole('checkbox', { name: CATEGORY }).check();
    await page.getByRole('group', { name: 'Курсы' }).getByRole('checkbox', { name: course.title }).check();
    await screenshot(page, 'mutabo-library-item-editor-desktop');
    await expectAccessible(page, 'library item editor');
    await page.getByRole('button', { name: 'Добавить материал' }).click();
    await page.waitForURL(/\/mutabo\/library\/\d+$/);
    await page.getByRole('region', { name: 'История изменений' }).getByText('Материал библиотеки: создано').waitFor();

    // Back in the area's list, the new category narrows it to the new material.
    await page.goto('/mutabo/library');
    const choice = page.getByLabel('Категория', { exact: true });
    await choice.getByRole('option', { name: CATEGORY }).waitFor({ state: 'attached' });
    await choice.selectOption({ label: CATEGORY });
    await page.waitForURL(/\/mutabo\/library\?category=\d+$/);
    const narrowed = page.getByRole('list', { name: 'Материалы библиотеки' });
    await page.getByText('Найдено: 1').waitFor();
    expect(await narrowed.getByRole('link').allTextContents()).toEqual([MATERIAL.title]);
    await screenshot(page, 'mutabo-library-category-desktop');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    const library = await visitor(browser());
    await library.goto('/library');
    await library.getByRole('button', { name: /^Фильтры/ }).click();
    await library.getByRole('checkbox', { name: CATEGORY }).check();
    const material = library.getByRole('region', { name: 'Материалы' }).getByRole('listitem').filter({ hasText: MATERIAL.title });
    await material.waitFor();
    await library.getByText(/^Всего 1 материал/).waitFor();
    expect(await material.textContent()).toContain(`${MATERIAL.author}.`);
    const download = library.waitForEvent('download');
    await material.getByRole('link', { name: /^Скачать/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('mednyj-vsadnik.pdf');
    expect((await readFile((await file.path())!)).equals(PDF)).toBe(true);
    expect(pageErrors(library)).toEqual([]);
    await library.context().close();
  });

  it('publishes a review typed in the rich-text editor on the reviews page', async () => {
    const page = await newPage(browser(), DESKTOP);
    await logIn(page, ANNA, '/mutabo/feedback');
    await page.getByRole('list', { name: 'Отзывы' }).waitFor();
    await page.getByRole('link', { name: 'Новый отзыв' }).click();
    await page.getByRole('heading', { level: 1, name: 'Новый отзыв' }).waitFor();
    await page.getByLabel('Кто написал отзыв').fill(REVIEW.author);
    await page.getByLabel('Возраст (можно не указывать)').fill(REVIEW.age);
    await page.getByLabel('Курс', { exact: true }).selectOption({ label: course.title });
    const text = page.getByRole('textbox', { name: 'Текст отзыва' });
    await text.click();
    await page.keyboard.press('Control+i');
    await page.keyboard.type('Теперь');
    await page.keyboard.press('Control+i');
    await page.keyboard.type(REVIEW.text.slice('Теперь'.length));
    await page.getByLabel('Подпись под отзывом').fill(REVIEW.footer);
    await expectAccessible(page, 'new review');
    await page.getByRole('button', { name: 'Добавить отзыв' }).click();
    await page.waitForURL(/\/mutabo\/feedback\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `Отзыв: ${REVIEW.author}` }).waitFor();
    await page.getByRole('region', { name: 'История изменений' }).getByText('Отзыв: создано').waitFor();
    await screenshot(page, 'mutabo-review-editor-desktop');
    await expectAccessible(page, 'review editor');

    await page.getByRole('link', { name: '← К отзывам' }).click();
    await page.getByRole('list', { name: 'Отзывы' }).getByRole('link', { name: `${REVIEW.author}, ${REVIEW.age}` }).waitFor();
    await screenshot(page, 'mutabo-reviews-desktop');
    await expectAccessible(page, 'reviews');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    const reviews = await visitor(browser());
    await reviews.goto('/feedbacks');
    // The newest review comes first, its text with the italic word as typed.
    const first = reviews.getByRole('list', { name: 'Отзывы' }).getByRole('article').first();
    await first.getByText(REVIEW.author, { exact: false }).waitFor();
    expect(await first.textContent()).toContain(REVIEW.text);
    expect(await first.locator('em, [style*="italic"]').first().textContent()).toBe('Теперь');
    expect(pageErrors(reviews)).toEqual([]);
    await reviews.context().close();
  });

  it('shows the reviews and the library at 375 px without horizontal scrolling', async () => {
    const page = await newPage(browser(), PHONE);
    await logIn(page, ANNA, '/mutabo/feedback');
    await page.getByRole('list', { name: 'Отзывы' }).getByRole('link', { name: `${REVIEW.author}, ${REVIEW.age}` }).click();
    await page.getByRole('textbox', { name: 'Текст отзыва' }).waitFor();
    await page.getByRole('region', { name: 'История изменений' }).getByRole('listitem').first().waitFor();
    await expectNoSideScroll(page, 'review editor');
    await screenshot(page, 'mutabo-review-editor-phone');
    await page.getByRole('link', { name: '← К отзывам' }).click();
    await page.getByRole('list', { name: 'Отзывы' }).waitFor();
    await expectNoSideScroll(page, 'reviews');
    await screenshot(page, 'mutabo-reviews-phone');
    await expectAccessible(page, 'reviews on a phone');

    await page.goto('/mutabo/library');
    await page.getByRole('list', { name: 'Категории библиотеки' }).waitFor();
    await page.getByRole('list', { name: 'Материалы библиотеки' }).waitFor();
    await expectNoSideScroll(page, 'library');
    await screenshot(page, 'mutabo-library-phone');
    await expectAccessible(page, 'library on a phone');
    await page.getByRole('list', { name: 'Материалы библиотеки' }).getByRole('link', { name: MATERIAL.title }).click();
    await page.getByLabel('Файл: адрес').waitFor();
    expect(await page.getByRole('checkbox', { name: CATEGORY }).isChecked()).toBe(true);
    expect(await page.getByRole('group', { name: 'Курсы' }).getByRole('checkbox', { name: course.title }).isChecked()).toBe(true);
    await page.getByRole('region', { name: 'История изменений' }).getByRole('listitem').first().waitFor();
    await expectNoSideScroll(page, 'library item editor');
    await screenshot(page, 'mutabo-library-item-editor-phone');
    await expectAccessible(page, 'library item editor on a phone');
    expect(pageErrors(page)).toEqual([]);
  });
});
