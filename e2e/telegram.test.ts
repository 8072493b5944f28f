// Telegram in a real browser (issue 36), at 1280 and 375 px: the demo participant binds the bot from her profile (the
// journey plays the bot's side: it sends `/start <code>` to the site's webhook as Telegram would), keeps reminders in
// Telegram, and when Anna moves her lesson the change arrives in the stand-in of the Bot API with the new time in her
// zone and the «Войти в комнату» button; then she unbinds. The file starts a server of its own, pointed at the stand-in.
import type { Browser, Page } from 'playwright-core';
import { formatLessonTime } from '../common/lessonTimeText.ts';
import type { MutaboLesson } from '../common/mutabo/lessons.ts';
import type { CourseDetails, CourseShort } from '../common/wireTypes.ts';
import { messageUpdate, startBotApiStandIn, type BotApiStandIn } from '../server/tests/telegramStandIn.ts';
import { DESKTOP, PHONE, hasHorizontalScroll, screenshot, seriousViolations, useBrowser } from './support/browser.ts';
import { logInDirectly } from './support/logIn.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

const ANNA = { email: 'anna@example.com', password: 'demo-anna-2026' };
const PARTICIPANT = { email: 'participant@example.com', password: 'demo-participant-2026' };
const COURSE = 'Достоевский: четыре романа — четыре вопроса';
const SECRET = 'journey-webhook-secret-0123456789abcdef';

const browser = useBrowser();
let api: BotApiStandIn;
let server: TestServer;
let updateId = 1;

beforeAll(async () => {
  api = await startBotApiStandIn('mutabor_journey_bot');
  server = await startTestServer({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_BOT_USERNAME: api.username, TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_API_URL: api.url });
});

afterAll(async () => {
  await server?.stop();
  await api?.close();
});

async function openProfile(owner: Browser, viewport = DESKTOP): Promise<{ page: Page; errors: string[] }> {
  const context = await owner.newContext({ viewport, locale: 'ru-RU', baseURL: server.baseUrl });
  const page = await context.newPage();
  // The deep link opens t.me in a new tab: there is no internet here, and the journey plays the bot itself.
  context.on('page', (opened) => void opened.close());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await logInDirectly(page, PARTICIPANT);
  await page.goto('/account/profile');
  await page.getByRole('region', { name: 'Telegram' }).waitFor();
  return { page, errors };
}

/** What Telegram would send the webhook when the person writes `text` in the chat. */
async function sendToBot(chatId: number, text: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/v1/telegram/webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
    body: JSON.stringify(messageUpdate(++updateId, { id: chatId, firstName: 'Катя' }, text)),
  });
  expect(response.status).toBe(200);
}

/** Binds the profile's account to the chat: the profile's link, the bot's /start, the page noticing. */
async function bind(page: Page, chatId: number): Promise<void> {
  const block = page.getByRole('region', { name: 'Telegram' });
  await block.getByRole('button', { name: 'Подключить Telegram' }).click();
  const link = block.getByRole('link', { name: `Открыть бота @${api.username}` });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`^https://t\\.me/${api.username}\\?start=[A-Za-z0-9_-]{1,64}$`));
  await block.getByText('Ждём подтверждения в Telegram…').waitFor();
  await sendToBot(chatId, `/start ${new URL(href).searchParams.get('start')}`);
  expect(api.sent.filter((message) => message.chatId === chatId).at(-1)?.text).toMatch(/^Готово: этот чат связан с учётной записью Екатерина Соколова/);
  await block.getByText('Подключён: Катя').waitFor({ timeout: 15_000 });
}

async function anna(method: string, url: string, body?: unknown) {
  const token = ((await (await fetch(`${server.baseUrl}/api/v1/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ANNA.email, password: ANNA.password }) })).json()) as { access: string }).access;
  const response = await fetch(`${server.baseUrl}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json() as Promise<MutaboLesson>;
}

describe('Telegram from the profile', () => {
  it('binds, keeps reminders in Telegram, gets a moved lesson there with its button, and unbinds (1280 px)', async () => {
    const { page, errors } = await openProfile(browser());
    const chatId = 777_001;
    await bind(page, chatId);

    const choices = page.getByRole('region', { name: 'Куда присылать сообщения' });
    const reminders = choices.getByRole('group', { name: 'Напоминания о занятиях (за сутки и за час)' });
    expect(await reminders.getByRole('checkbox', { name: 'в Telegram' }).isChecked()).toBe(true);
    await reminders.getByRole('checkbox', { name: 'по почте' }).check();
    await choices.getByText('Изменения сохранены.').waitFor();
    await reminders.getByRole('checkbox', { name: 'по почте' }).uncheck();
    await choices.getByText('Изменения сохранены.').waitFor();
    expect(await reminders.getByRole('checkbox', { name: 'в Telegram' }).isChecked()).toBe(true);
    // The last channel cannot be taken away: the box stays checked and the row says why.
    await reminders.getByRole('checkbox', { name: 'в Telegram' }).click();
    expect(await reminders.getByRole('checkbox', { name: 'в Telegram' }).isChecked()).toBe(true);
    await reminders.getByText('Выберите хотя бы один способ: по почте или в Telegram.').waitFor();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'telegram-profile-bound-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Anna moves the participant's second lesson by two days: the change arrives in Telegram.
    const courses = (await (await fetch(`${server.baseUrl}/api/v1/courses/`)).json()) as CourseShort[];
    const courseId = courses.find((course) => course.title === COURSE)!.id;
    const details = (await (await fetch(`${server.baseUrl}/api/v1/courses/${courseId}/`)).json()) as CourseDetails;
    const lesson = details.lessons.find((entry) => entry.number === 2)!;
    const read = await anna('GET', `/api/v1/mutabo/lessons/${lesson.id}/`);
    const moved = new Date(Date.parse(read.startsAt!) + 2 * 24 * 3_600_000);
    await anna('PATCH', `/api/v1/mutabo/lessons/${lesson.id}/`, { startsAt: moved.toISOString(), version: read.version });
    const deadline = Date.now() + 15_000;
    let change = api.sent.find((message) => message.chatId === chatId && message.text.includes('перенесено'));
    while (!change && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      change = api.sent.find((message) => message.chatId === chatId && message.text.includes('перенесено'));
    }
    expect(change?.text).toContain(`Стало: ${formatLessonTime(moved, 'Europe/Moscow')}`);
    const button = (change!.replyMarkup as { inline_keyboard: { text: string; url: string }[][] }).inline_keyboard[0]![0]!;
    expect(button.text).toBe('Войти в комнату');
    expect(button.url).toMatch(new RegExp(`^${server.baseUrl}/lessons/${lesson.id}/join\\?t=`));

    // Unbinding asks first.
    const block = page.getByRole('region', { name: 'Telegram' });
    await block.getByRole('button', { name: 'Отключить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отключить Telegram?' });
    await dialog.getByRole('button', { name: 'Отключить' }).click();
    await block.getByRole('button', { name: 'Подключить Telegram' }).waitFor();
    await screenshot(page, 'telegram-profile-unbound-desktop');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('binds on a phone and unbinds by /stop in the chat (375 px)', async () => {
    const { page, errors } = await openProfile(browser(), PHONE);
    const chatId = 777_002;
    await bind(page, chatId);
    await page.getByRole('region', { name: 'Куда присылать сообщения' }).scrollIntoViewIfNeeded();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'telegram-profile-bound-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await sendToBot(chatId, '/stop');
    expect(api.sent.filter((message) => message.chatId === chatId).at(-1)?.text).toMatch(/^Готово: этот чат больше не связан с сайтом/);
    await page.reload();
    await page.getByRole('region', { name: 'Telegram' }).getByRole('button', { name: 'Подключить Telegram' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
