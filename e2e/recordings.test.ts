// A lesson's recording in a real browser (issue 34), at 1280 and 375 px: an author uploads a short video (made here by
// ffmpeg) in the lesson editor and sees it become ready; the demo participant, who paid for that lesson of
// «Достоевский», watches it on the course page, seeks, and finds the same second when coming back; a person who did
// not pay is refused; after the course's window the page says until when the recording was available.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { CourseDetails } from '../common/wireTypes.ts';
import { linkIn, waitForLetter } from '../server/tests/mailbox.ts';
import { call, tokenOf } from './support/api.ts';
import { baseUrl, DESKTOP, hasHorizontalScroll, newPage, pageErrors, PHONE, screenshot, SCREENSHOT_DIR, seriousViolations, useBrowser } from './support/browser.ts';
import { logInDirectly } from './support/logIn.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026' };
const COURSE_TITLE = 'Достоевский: четыре романа — четыре вопроса';
const VIDEO_SECONDS = 12;

const browser = useBrowser();
let dir: string;
let video: string;
let courseId: number;
let lessonId: number;
let lessonTitle: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'journey-recording-'));
  video = path.join(dir, 'lesson-1.mp4');
  execFileSync('ffmpeg', [
    '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${VIDEO_SECONDS}:size=640x360:rate=25`, '-f', 'lavfi', '-i', `sine=duration=${VIDEO_SECONDS}`,
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video,
  ]);
  const courses = await call<{ id: number; title: string }[]>(null, 'GET', '/api/v1/courses/');
  courseId = courses.find((course) => course.title === COURSE_TITLE)!.id;
  const details = await call<CourseDetails>(null, 'GET', `/api/v1/courses/${courseId}/`);
  const first = details.lessons.find((lesson) => lesson.number === 1)!;
  lessonId = first.id;
  lessonTitle = first.title;
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  // The course as the other journeys know it: recordings open always.
  const token = await tokenOf(ANNA);
  const course = await call<{ version: number }>(token, 'GET', `/api/v1/mutabo/courses/${courseId}/`);
  await call(token, 'PATCH', `/api/v1/mutabo/courses/${courseId}/`, { recordingDays: null, version: course.version });
});

/** «Смотреть запись» of the lesson in the course's programme (its name ends with the lesson's). */
const watchButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^Смотреть запись.*${lessonTitle.slice(1, 20)}`) });

/** The lesson in the programme, with its button and the player under it. */
const lessonItem = (page: Page) =>
  page.locator('li').filter({ has: page.getByRole('button', { name: new RegExp(`^(Смотреть|Скрыть) запись.*${lessonTitle.slice(1, 20)}`) }) }).last();

async function openPlayer(page: Page): Promise<void> {
  await page.goto(`/courses/${courseId}`);
  await watchButton(page).click();
}

const playerTime = (page: Page) => page.locator('video').first().evaluate((element) => (element as HTMLVideoElement).currentTime);

it('an author uploads a recording in the lesson editor and sees it processed and ready (1280 px)', async () => {
  const page = await newPage(browser(), DESKTOP);
  await logInDirectly(page, ANNA);
  await page.goto(`/mutabo/courses/${courseId}/lessons/${lessonId}`);
  const panel = page.getByRole('region', { name: 'Запись занятия' });
  await panel.waitFor();
  await panel.getByLabel('Загрузить запись').setInputFiles(video);
  await panel.getByText(/^Запись готова: 0:12/).first().waitFor({ timeout: 60_000 });
  expect(await hasHorizontalScroll(page)).toBe(false);
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, 'recording-author-ready-desktop');
  expect(await seriousViolations(page)).toEqual([]);
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the participant watches (%s)', (name, viewport) => {
  it('plays the recording, seeks, and comes back to the same second', async () => {
    const page = await newPage(browser(), viewport);
    await logInDirectly(page, PARTICIPANT);
    await openPlayer(page);
    const player = page.locator('video').first();
    await player.waitFor();
    await expect.poll(() => player.evaluate((element) => (element as HTMLVideoElement).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // Seek as the controls would, into the middle (a range request, not the whole file), then pause: the place is kept.
    const second = name === 'desktop' ? 7 : 5;
    await player.evaluate(async (element, to) => {
      const videoElement = element as HTMLVideoElement;
      await videoElement.play().catch(() => {});
      videoElement.currentTime = to;
      await new Promise((resolve) => videoElement.addEventListener('seeked', resolve, { once: true }));
      videoElement.pause();
    }, second);
    expect(Math.round(await playerTime(page))).toBe(second);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `recording-player-${name}`);
    await lessonItem(page).screenshot({ path: `${SCREENSHOT_DIR}/recording-player-lesson-${name}.png` });
    await expect
      .poll(async () => (await call<{ position: number }>(await tokenOf(PARTICIPANT), 'GET', `/api/v1/lessons/${lessonId}/recording/`)).position, { timeout: 10_000 })
      .toBe(second);

    // Back on the page later: the player starts where the person stopped.
    await openPlayer(page);
    await page.getByText(/^Продолжаем с 0:0\d/).waitFor();
    await expect.poll(() => playerTime(page).then(Math.round), { timeout: 10_000 }).toBe(second);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

it('refuses a person who did not pay, and after the window says until when the recording was available (375 px)', async () => {
  // A person who has not bought the lesson: the API refuses, and so does the participant's own address for them.
  const email = `zapis-${Date.now()}@example.org`;
  const password = 'Тихий-вечер-2031';
  const signUp = await fetch(`${baseUrl()}/api/v1/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Глафира', lastName: 'Непокупавшая', password1: password, password2: password, agreement: true }),
  });
  expect(signUp.status).toBe(201);
  const letter = await waitForLetter(path.join(inject('dataDir'), 'outbox'), (item) => item.to === email && item.text.includes('/user/confirm-signup/'), 15_000);
  const page = await newPage(browser(), PHONE);
  await page.goto(linkIn(letter, '/user/confirm-signup/').pathname);
  await page.getByText('Регистрация подтверждена. Теперь вы можете войти на сайт.').waitFor();
  await page.context().close();
  const stranger = await fetch(`${baseUrl()}/api/v1/lessons/${lessonId}/recording/`, { headers: { Authorization: `Bearer ${await tokenOf({ email, password })}` } });
  expect(stranger.status).toBe(403);
  expect(((await stranger.json()) as { detail: string }).detail).toMatch(/только его участникам/);

  // The course's recordings now stay open one day after each lesson, and the participant bought this one long ago.
  const anna = await tokenOf(ANNA);
  const course = await call<{ version: number }>(anna, 'GET', `/api/v1/mutabo/courses/${courseId}/`);
  await call(anna, 'PATCH', `/api/v1/mutabo/courses/${courseId}/`, { recordingDays: 1, version: course.version });
  await call(null, 'POST', '/api/v1/test/participations/backdate/', { email: PARTICIPANT.email, lesson: lessonId, days: 30 });

  const participant = await newPage(browser(), PHONE);
  await logInDirectly(participant, PARTICIPANT);
  await openPlayer(participant);
  await participant.getByRole('alert').filter({ hasText: /^Запись была доступна до \d+ [а-я]+ \d{4} г\.$/ }).waitFor();
  expect(await participant.locator('video').count()).toBe(0);
  await screenshot(participant, 'recording-window-over-phone');
  await lessonItem(participant).screenshot({ path: `${SCREENSHOT_DIR}/recording-window-over-lesson-phone.png` });
  expect(pageErrors(participant)).toEqual([]);
  await participant.context().close();
});
