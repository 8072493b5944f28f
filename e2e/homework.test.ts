// Homework in a real browser (issue 35, «Homework»): the demo participant, whose first Dostoevsky lesson has an
// assignment, answers it from a phone with text and a photo; Anna finds it through the summary's count and returns it
// with a comment at 1280 px; the participant reads the comment (and the letter) and answers again; Anna accepts it on
// a phone, and the count goes back down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { MutaboDashboard } from '../common/mutabo/start.ts';
import type { CourseDetails, CourseShort } from '../common/wireTypes.ts';
import { waitForLetter } from '../server/tests/mailbox.ts';
import { call, tokenOf } from './support/api.ts';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, pageErrors, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logInDirectly } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026', name: 'Екатерина Соколова' };
const COURSE_TITLE = 'Достоевский: четыре романа — четыре вопроса';
const COMMENT = 'Хорошее начало! Добавьте, пожалуйста, цитату из разговора с Порфирием, где Раскольников сам сомневается в теории.';

const browser = useBrowser();
let dir: string;
let photo: string;
let courseId: number;
let lessonId: number;
let lessonTitle: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'journey-homework-'));
  photo = path.join(dir, 'stranitsy.jpg');
  // A phone's photo of the notes: a JPEG with the camera's metadata, which the site strips.
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 238, g: 232, b: 214 } } })
    .composite([{ input: Buffer.from('<svg width="1200" height="900"><text x="80" y="200" font-size="64" fill="#333">Раскольников, гл. 5</text></svg>'), top: 0, left: 0 }])
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' } })
    .toFile(photo);
  const courses = await call<CourseShort[]>(null, 'GET', '/api/v1/courses/');
  courseId = courses.find((course) => course.title === COURSE_TITLE)!.id;
  const details = await call<CourseDetails>(null, 'GET', `/api/v1/courses/${courseId}/`);
  const first = details.lessons.find((lesson) => lesson.number === 1)!;
  lessonId = first.id;
  lessonTitle = first.title;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const waitingCount = async () => (await call<MutaboDashboard>(await tokenOf(ANNA), 'GET', '/api/v1/mutabo/dashboard/')).homeworkWaiting;

async function checkPage(page: Page, name: string) {
  expect(await hasHorizontalScroll(page)).toBe(false);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The participant, on a phone, from the course page to the assignment's page. */
async function openAssignment(): Promise<Page> {
  const page = await newPage(browser(), PHONE);
  await logInDirectly(page, PARTICIPANT);
  await page.goto(`/courses/${courseId}`);
  await page.getByRole('link', { name: new RegExp(`^Задание к занятию .*${lessonTitle.slice(0, 20).replace(/[«»]/g, '.')}`) }).first().click();
  await page.waitForURL(`**/lessons/${lessonId}/homework`);
  await page.getByRole('heading', { name: 'Задание' }).waitFor();
  return page;
}

async function openAnswerAsAnna(viewport: typeof DESKTOP): Promise<Page> {
  const page = await newPage(browser(), viewport);
  await logInDirectly(page, ANNA);
  await page.goto('/mutabo');
  await page.getByRole('link', { name: /^Ответы на задания ждут проверки: \d+$/ }).click();
  await page.waitForURL('**/mutabo/homework');
  const queue = page.getByRole('table', { name: 'Ответы' });
  await queue.getByRole('link', { name: PARTICIPANT.name }).first().click();
  await page.getByRole('heading', { name: 'Решение' }).waitFor();
  return page;
}

describe('homework between the lessons', () => {
  let before = 0;

  it('the participant answers from a phone with text and a photo', async () => {
    before = await waitingCount();
    const page = await openAssignment();
    const errors = pageErrors(page);
    await page.getByLabel('Ваш ответ').fill('Слабое место теории — в том, что «право имеющий» сам решает, что он право имеет. Раскольников это чувствует уже в разговоре с Порфирием.');
    await page.getByLabel('Файлы').setInputFiles(photo);
    await page.getByRole('list', { name: 'Приложенные файлы' }).getByText('stranitsy.jpg').waitFor();
    await checkPage(page, 'homework-answer-phone');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText('Ответ отправлен. Авторы курса посмотрят его и напишут, что думают.').waitFor();
    const thread = page.getByRole('region', { name: 'Ваши ответы' });
    await thread.getByLabel('Ответ 1: Отправлено').waitFor();
    const image = thread.getByRole('img', { name: 'stranitsy.jpg' });
    await image.waitFor();
    // The photo is served to her through its signed address, re-encoded: the camera's metadata is gone.
    const served = await page.request.get((await image.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect((await sharp(await served.body()).metadata()).exif).toBeUndefined();
    await checkPage(page, 'homework-sent-phone');
    expect(errors).toEqual([]);
    expect(await waitingCount()).toBe(before + 1);
    await page.context().close();
  });

  it('the author finds it through the summary and returns it with a comment (1280 px)', async () => {
    const page = await openAnswerAsAnna(DESKTOP);
    const errors = pageErrors(page);
    await page.getByRole('img', { name: 'stranitsy.jpg' }).waitFor();
    await checkPage(page, 'homework-review-desktop');
    // Returning needs a comment: refused before anything is sent.
    await page.getByRole('button', { name: 'На доработку' }).click();
    await page.getByText('Напишите, что доработать.').waitFor();
    await page.getByLabel('Комментарий участнику').fill(COMMENT);
    await page.getByRole('button', { name: 'На доработку' }).click();
    await page.waitForURL('**/mutabo/homework');
    await page.getByText(`${PARTICIPANT.name}: На доработку.`).waitFor();
    expect(errors).toEqual([]);
    expect(await waitingCount()).toBe(before);
    await page.context().close();
  });

  it('the participant gets the letter, reads the comment and answers again', async () => {
    const outbox = path.join(inject('dataDir'), 'outbox');
    const letter = await waitForLetter(outbox, (item) => item.to === PARTICIPANT.email && item.subject.startsWith('Задание к занятию 1 ') && item.subject.endsWith('нужно доработать'), 15_000);
    expect(letter.text).toContain('> Хорошее начало!');
    expect(letter.text).toContain(`/lessons/${lessonId}/homework`);

    const page = await openAssignment();
    const errors = pageErrors(page);
    const thread = page.getByRole('region', { name: 'Ваши ответы' });
    await thread.getByLabel('Ответ 1: На доработку').getByText(COMMENT, { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Новый ответ' }).waitFor();
    await page.getByLabel('Ваш ответ').fill('Добавила цитату: «Я не человека убил, я принцип убил!» — здесь он сам проговаривается, что теория важнее людей.');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await thread.getByLabel('Ответ 2: Отправлено').waitFor();
    await checkPage(page, 'homework-second-answer-phone');
    expect(errors).toEqual([]);
    expect(await waitingCount()).toBe(before + 1);
    await page.context().close();
  });

  it('the author accepts it on a phone, and the count goes back down', async () => {
    const page = await openAnswerAsAnna(PHONE);
    const errors = pageErrors(page);
    await page.getByRole('region', { name: 'Предыдущие ответы' }).getByText(COMMENT, { exact: false }).waitFor();
    await checkPage(page, 'homework-review-phone');
    await page.getByRole('button', { name: 'Принято' }).click();
    await page.waitForURL('**/mutabo/homework');
    await page.getByText(`${PARTICIPANT.name}: Принято.`).waitFor();
    expect(await waitingCount()).toBe(before);
    await page.goto('/mutabo/homework?state=accepted');
    await page.getByRole('table', { name: 'Ответы' }).getByRole('link', { name: PARTICIPANT.name }).first().waitFor();
    await checkPage(page, 'homework-queue-accepted-phone');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
