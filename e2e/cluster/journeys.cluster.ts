// Three server processes on one PostgreSQL behind nginx (e2e/cluster/cluster.ts): the site works through the
// proxy as through one server. Accounts: sign-up, the letter from whichever process sent it, login, and a token
// every process accepts. A change made anywhere shows on every process at once. The last place sells once. A
// recording uploaded through one process plays from every process.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { inject } from 'vitest';
import type { CourseDetails, User } from '../../common/wireTypes.ts';
import { demoContent } from '../../server/src/db/demo/content.ts';
import { hashPassword } from '../../server/src/services/accounts/passwords.ts';
import { linkIn, readOutbox } from '../../server/tests/mailbox.ts';
import { DESKTOP, PHONE, baseUrl, newPage, pageErrors, screenshot, useBrowser } from '../support/browser.ts';
import { fillAndSendSignup } from '../support/signUp.ts';

const servers = () => inject('clusterServers');
const browser = useBrowser();
let database: pg.Pool;

beforeAll(() => {
  database = new pg.Pool({ connectionString: inject('clusterDatabaseUrl'), max: 4 });
});
afterAll(async () => {
  await database?.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check passes or `ms` are over; a change must reach every process about at once. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'ru' });

async function getJson<T>(url: string, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers: token ? bearer(token) : { 'Accept-Language': 'ru' } });
  return { status: response.status, body: (await response.json()) as T };
}

/** The letter to `to` with a link starting with `prefix`, from the outbox of whichever process sent it. */
async function letterLink(to: string, prefix: string): Promise<URL> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const letters = servers().flatMap((server) => readOutbox(path.join(server.dataDir, 'outbox'))).filter((letter) => letter.to === to);
    if (letters.length > 0) return linkIn(letters.at(-1)!, prefix);
    if (Date.now() > deadline) throw new Error(`no letter to ${to} in any outbox`);
    await sleep(100);
  }
}

async function logIn(page: Page, email: string, password: string, name: string) {
  await page.goto('/user/login');
  await page.getByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' }).waitFor();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('link', { name }).first().waitFor();
}

/** The course's page as a browser gets it: the HTML with the page's first API answers inside. */
const coursePage = async (url: string, id: number) => (await fetch(`${url}/courses/${id}`, { headers: { Accept: 'text/html' } })).text();

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken') ?? '');

it('migrated and loaded the demo once, though the three processes started together', async () => {
  const journal = JSON.parse(readFileSync('server/src/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
  const { rows: migrations } = await database.query('SELECT id FROM drizzle.__drizzle_migrations');
  expect(migrations).toHaveLength(journal.entries.length);
  const { rows: authors } = await database.query('SELECT email FROM authors ORDER BY id');
  expect(authors.map((row: { email: string }) => row.email)).toEqual(demoContent.authors.map((author) => author.email));
});

it('spreads the requests over the three processes', async () => {
  const answeredBy = new Set<string>();
  for (let request = 0; request < 9; request += 1) {
    const response = await fetch(`${baseUrl()}/healthz`);
    expect(response.status).toBe(200);
    answeredBy.add(response.headers.get('x-upstream') ?? '');
  }
  expect([...answeredBy].sort()).toEqual(servers().map((server) => new URL(server.url).host).sort());
});

it('signs up, confirms by letter and logs in through the proxy; the token works on every process', async () => {
  const page = await newPage(browser(), PHONE);
  const email = `cluster-${Date.now()}@example.org`;
  const password = 'Весенний ручей 2031';

  await page.goto('/user/signup');
  await page.getByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' }).waitFor();
  // «0» is the option for the years before the listed ones: an adult.
  await fillAndSendSignup(page, { email, password, firstName: 'Вера', lastName: 'Кластерова', birthYear: '0' });
  await page.waitForURL('**/user/signup-email-sent');

  // The link is on PUBLIC_URL, the proxy; any process may answer it.
  const confirmation = await letterLink(email, '/user/confirm-signup/');
  expect(confirmation.origin).toBe(baseUrl());
  // Opened in another browser: the one that signed up would be logged in by its confirmation at once.
  const other = await newPage(browser(), PHONE);
  await other.goto(confirmation.pathname);
  await other.getByText('Регистрация подтверждена. Теперь вы можете войти на сайт.').waitFor();
  await screenshot(other, 'cluster-confirmed-phone');
  await other.context().close();

  await logIn(page, email, password, 'Вера Кластерова');
  await page.goto('/account/profile');
  await page.getByRole('heading', { level: 1, name: 'Личный кабинет участника' }).waitFor();
  await page.getByText('Кластерова').first().waitFor();

  // The token one process signed is accepted by each of them, asked directly.
  const token = await accessToken(page);
  expect(token).not.toBe('');
  for (const server of servers()) {
    const me = await getJson<User>(`${server.url}/api/v1/users/me/`, token);
    expect({ server: server.url, status: me.status, email: me.body.email }).toEqual({ server: server.url, status: 200, email });
  }
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
});

it('shows a change made on one process on every process at once', async () => {
  const { rows } = await database.query<{ id: number; title: string }>("SELECT id, title FROM courses WHERE state <> 'draft' ORDER BY id LIMIT 1");
  const course = rows[0]!;
  // Every process has the course in its cache before the change.
  for (const server of servers()) {
    for (let twice = 0; twice < 2; twice += 1) expect((await getJson<CourseDetails>(`${server.url}/api/v1/courses/${course.id}/`)).body.title).toBe(course.title);
    expect(await coursePage(server.url, course.id)).toContain(course.title);
  }

  const newTitle = `${course.title} (изменено ${Date.now()})`;
  await database.query('UPDATE courses SET title = $1 WHERE id = $2', [newTitle, course.id]);
  for (const server of servers()) {
    const api = await within(5000, async () => (await getJson<CourseDetails>(`${server.url}/api/v1/courses/${course.id}/`)).body.title === newTitle);
    const html = await within(5000, async () => (await coursePage(server.url, course.id)).includes(newTitle));
    expect({ server: server.url, api, html }).toEqual({ server: server.url, api: true, html: true });
  }
  const page = await newPage(browser(), DESKTOP);
  await page.goto(`/courses/${course.id}`);
  await page.getByRole('heading', { level: 1, name: newTitle }).waitFor();
  await page.context().close();
  await database.query('UPDATE courses SET title = $1 WHERE id = $2', [course.title, course.id]);
});

it('sells the last place once when many buyers rush for it through the proxy', async () => {
  const buyers = 18;
  const password = 'Последнее место 2031';
  const stamp = Date.now();
  const hash = await hashPassword(password, { cost: 2 ** 10 });

  // A course with one place and one lesson, and the buyers, written straight into the database.
  const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { rows: courseRows } = await database.query<{ id: number }>(
    `INSERT INTO courses (title, disciples_age, state, participants_limit, start, "end")
     VALUES ($1, 'DISCIPLES_AGE_ADULTS', 'can_be_subscribed', 1, $2, $2) RETURNING id`,
    [`Одно место ${stamp}`, start],
  );
  const courseId = courseRows[0]!.id;
  const { rows: lessonRows } = await database.query<{ id: number }>(
    `INSERT INTO lessons (course_id, number, title, duration, state) VALUES ($1, 1, 'Единственное занятие', 60, 'published') RETURNING id`,
    [courseId],
  );
  const lessonId = lessonRows[0]!.id;
  await database.query(
    `INSERT INTO prices (course_id, currency, course_price, lesson_price, lesson_wholesale_price) VALUES ($1, 'CURRENCY_CHOICE_RUB', 900, 1000, 1000)`,
    [courseId],
  );
  const emails = Array.from({ length: buyers }, (_, index) => `rush-${stamp}-${index}@example.org`);
  const { rows: userRows } = await database.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, is_active)
     SELECT email, $2, 'Покупатель', 'Спешащий', true FROM unnest($1::text[]) AS email RETURNING id`,
    [emails, hash],
  );
  await database.query('INSERT INTO disciples (user_id) SELECT unnest($1::int[])', [userRows.map((row) => row.id)]);

  // Every process shows the free place (and keeps it in its cache) before the rush.
  const freeOn = async (url: string) => (await getJson<CourseDetails>(`${url}/api/v1/courses/${courseId}/`)).body.lessons[0]?.hasFreePlaces;
  for (const server of servers()) expect(await within(5000, async () => (await freeOn(server.url)) === true)).toBe(true);

  // Each buyer logs in on one process, in turn; their payments then go through the proxy in another order, so most
  // of them reach a process that did not sign their token.
  const tokens = await Promise.all(
    emails.map(async (username, index) => {
      const server = servers()[index % servers().length]!;
      const response = await fetch(`${server.url}/api/v1/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access: string }).access;
    }),
  );
  const answers = await Promise.all(
    [...tokens].reverse().map(async (token) => {
      const response = await fetch(`${baseUrl()}/api/v1/payments/`, {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ system: 'yookassa', currency: 'CURRENCY_CHOICE_RUB', lessons: [lessonId] }),
      });
      return { token, status: response.status, body: (await response.json()) as Record<string, unknown> };
    }),
  );
  const sold = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status !== 201);
  expect(sold).toHaveLength(1);
  expect(refused.map((answer) => ({ status: answer.status, keys: Object.keys(answer.body) }))).toEqual(
    Array.from({ length: buyers - 1 }, () => ({ status: 400, keys: ['lessons_are_fully_occupied'] })),
  );
  const { rows: holds } = await database.query('SELECT user_id FROM participants WHERE lesson_id = $1', [lessonId]);
  expect(holds).toHaveLength(1);
  const { rows: inProgress } = await database.query("SELECT id FROM payments WHERE user_id = ANY($1::int[]) AND state = 'STATE_IN_PROGRESS'", [userRows.map((row) => row.id)]);
  expect(inProgress).toHaveLength(1);

  // The place is taken on every process at once, whichever one sold it.
  for (const server of servers()) expect({ server: server.url, taken: await within(5000, async () => (await freeOn(server.url)) === false) }).toEqual({ server: server.url, taken: true });

  // The winner pays in the test checkout through the proxy and is a participant on every process.
  const winner = sold[0]!;
  const redirectTo = new URL((winner.body.details as { redirectTo: string }).redirectTo);
  expect(redirectTo.origin).toBe(baseUrl());
  const winnerEmail = emails[tokens.indexOf(winner.token)]!;
  const page = await newPage(browser(), DESKTOP);
  await logIn(page, winnerEmail, password, 'Покупатель Спешащий');
  await page.goto(redirectTo.pathname + redirectTo.search);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await page.waitForURL(/\/waiting-for-payment/);
  await page.getByText('Успешно оплачено').waitFor({ timeout: 20_000 });
  await screenshot(page, 'cluster-paid-desktop');
  for (const server of servers()) {
    const course = await getJson<CourseDetails>(`${server.url}/api/v1/courses/${courseId}/`, winner.token);
    expect({ server: server.url, state: course.body.lessons[0]?.participationState }).toEqual({ server: server.url, state: 'approved' });
  }
  expect(pageErrors(page)).toEqual([]);
  await page.context().close();
});

it('plays a recording uploaded through one process from every process (the store is shared, the upload stays on one)', async () => {
  const anna = demoContent.accounts.find((account) => account.key === 'anna')!;
  const login = await fetch(`${baseUrl()}/api/v1/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: anna.email, password: anna.password }) });
  const { access } = (await login.json()) as { access: string };
  const { rows } = await database.query<{ id: number }>(
    `SELECT l.id FROM lessons l JOIN course_authors ca ON ca.course_id = l.course_id JOIN authors a ON a.id = ca.author_id
     WHERE a.email = $1 ORDER BY l.id LIMIT 1`,
    [anna.email],
  );
  const lessonId = rows[0]!.id;
  const dir = mkdtempSync(path.join(tmpdir(), 'cluster-recording-'));
  try {
    const video = path.join(dir, 'lesson.mp4');
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video]);
    const bytes = readFileSync(video);
    const tus = { Authorization: `Bearer ${access}`, 'Tus-Resumable': '1.0.0' };
    const created = await fetch(`${baseUrl()}/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${Buffer.from('lesson.mp4').toString('base64')}` },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.headers.get('location')!, baseUrl()).toString();
    const receivedBy = new Set([created.headers.get('x-upstream')]);
    // Two PATCHes and a HEAD between them, as after a break: nginx sends each to the process that holds the bytes.
    const half = Math.floor(bytes.length / 2);
    const first = await fetch(uploadUrl, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes.subarray(0, half) });
    expect(first.status).toBe(204);
    const head = await fetch(uploadUrl, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const rest = await fetch(uploadUrl, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': String(half), 'Content-Type': 'application/offset+octet-stream' }, body: bytes.subarray(half) });
    expect(rest.status).toBe(204);
    for (const answer of [first, head, rest]) receivedBy.add(answer.headers.get('x-upstream'));
    expect(receivedBy.size).toBe(1);

    const ready = await within(45_000, async () => {
      const lesson = await getJson<{ recording: { state: string } }>(`${baseUrl()}/api/v1/mutabo/lessons/${lessonId}/`, access);
      return lesson.body.recording.state === 'ready';
    });
    expect(ready).toBe(true);
    // Each process gives an address of its own, and each address plays: a range of the video from the store.
    for (const server of servers()) {
      const playback = await getJson<{ url: string; duration: number }>(`${server.url}/api/v1/lessons/${lessonId}/recording/`, access);
      expect({ server: server.url, status: playback.status, duration: playback.body.duration }).toEqual({ server: server.url, status: 200, duration: 3 });
      const range = await fetch(new URL(playback.body.url, server.url), { headers: { Range: 'bytes=0-15' } });
      expect({ server: server.url, status: range.status }).toEqual({ server: server.url, status: 206 });
      expect(Buffer.from(await range.arrayBuffer()).subarray(4, 8).toString()).toBe('ftyp');
      // And through nginx, as deploy/nginx.conf serves it: the check refers an S3 address to the process, whose
      // answer is the redirect to the store.
      const proxied = await fetch(new URL(playback.body.url, baseUrl()), { headers: { Range: 'bytes=0-15' } });
      expect({ server: server.url, status: proxied.status }).toEqual({ server: server.url, status: 206 });
      expect(Buffer.from(await proxied.arrayBuffer()).subarray(4, 8).toString()).toBe('ftyp');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('binds Telegram through the proxy and sends each message once, though all three processes send', async () => {
  const telegram = inject('clusterTelegram');
  const record = async () => (await (await fetch(`${telegram.url}/stand-in/record`)).json()) as { sent: { chatId: number; text: string }[]; calls: { method: string; params: Record<string, unknown> }[] };
  // Each process set the webhook at its start, to the same address with the same secret (setWebhook is idempotent).
  const hooks = (await record()).calls.filter((call) => call.method === 'setWebhook');
  expect(hooks.length).toBeGreaterThanOrEqual(1);
  expect(new Set(hooks.map((call) => `${String(call.params.url)} ${String(call.params.secret_token)}`)).size).toBe(1);
  expect(hooks[0]!.params.url).toBe(`${baseUrl()}/api/v1/telegram/webhook/`);

  const stamp = Date.now();
  const people = 30;
  const password = 'Телеграм кластер 2031';
  const hash = await hashPassword(password, { cost: 2 ** 10 });
  const anna = demoContent.accounts.find((account) => account.key === 'anna')!;
  const annaLogin = await fetch(`${baseUrl()}/api/v1/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: anna.email, password: anna.password }) });
  const { access: annaToken } = (await annaLogin.json()) as { access: string };

  // A course of Anna's with a lesson in three days and the people approved in it, written straight into the database.
  const { rows: courseRows } = await database.query<{ id: number }>(
    `INSERT INTO courses (title, disciples_age, state, start, "end") VALUES ($1, 'DISCIPLES_AGE_ADULTS', 'can_be_subscribed', current_date, current_date + 30) RETURNING id`,
    [`Кластер и Telegram ${stamp}`],
  );
  const courseId = courseRows[0]!.id;
  await database.query('INSERT INTO course_authors (course_id, author_id, position) SELECT $1, id, 0 FROM authors WHERE email = $2', [courseId, anna.email]);
  const { rows: lessonRows } = await database.query<{ id: number }>(
    `INSERT INTO lessons (course_id, number, title, duration, state, starts_at) VALUES ($1, 1, 'Занятие в кластере', 60, 'published', now() + interval '3 days') RETURNING id`,
    [courseId],
  );
  const lessonId = lessonRows[0]!.id;
  const emails = Array.from({ length: people }, (_, index) => `telegram-${stamp}-${index}@example.org`);
  const { rows: userRows } = await database.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, is_active) SELECT email, $2, 'Читатель', 'Телеграмов', true FROM unnest($1::text[]) AS email RETURNING id`,
    [emails, hash],
  );
  const userIds = userRows.map((row) => row.id);
  await database.query('INSERT INTO disciples (user_id) SELECT unnest($1::int[])', [userIds]);
  await database.query(`INSERT INTO participants (user_id, lesson_id, state, participated_at) SELECT unnest($1::int[]), $2, 'approved', now()`, [userIds, lessonId]);

  // The first binds as a person does: a link from the profile, then /start in the chat, which Telegram posts to the webhook.
  const firstChat = 8_100_000 + (stamp % 100_000) * 100;
  const login = await fetch(`${baseUrl()}/api/v1/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: emails[0], password }) });
  const { access } = (await login.json()) as { access: string };
  const link = await fetch(`${baseUrl()}/api/v1/users/me/telegram/`, { method: 'POST', headers: bearer(access) });
  expect(link.status).toBe(201);
  const code = new URL(((await link.json()) as { url: string }).url).searchParams.get('start')!;
  const update = {
    update_id: stamp,
    message: { message_id: 1, date: Math.floor(stamp / 1000), from: { id: firstChat, is_bot: false, first_name: 'Читатель' }, chat: { id: firstChat, type: 'private', first_name: 'Читатель' }, text: `/start ${code}`, entities: [{ type: 'bot_command', offset: 0, length: 6 }] },
  };
  const post = (secret: string) =>
    fetch(`${baseUrl()}/api/v1/telegram/webhook/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': secret }, body: JSON.stringify(update) });
  expect((await post('wrong-secret-wrong-secret')).status).toBe(401);
  expect((await post(telegram.webhookSecret)).status).toBe(200);
  expect((await record()).sent.find((message) => message.chatId === firstChat)?.text).toMatch(/^Готово: этот чат связан с учётной записью/);
  const status = await getJson<{ bound: boolean }>(`${servers()[2]!.url}/api/v1/users/me/telegram/`, access);
  expect(status.body.bound).toBe(true);
  // The others are bound straight in the database.
  await database.query('INSERT INTO telegram_chats (user_id, chat_id, name) SELECT id, $2 + n, \'Чат\' FROM unnest($1::int[]) WITH ORDINALITY AS t(id, n)', [userIds.slice(1), firstChat]);

  // Anna moves the lesson through the proxy: one change message per person in Telegram, whichever processes send them.
  const { rows: versionRows } = await database.query<{ version: number }>('SELECT version FROM lessons WHERE id = $1', [lessonId]);
  const newStart = new Date(Date.now() + 4 * 86_400_000);
  newStart.setUTCMinutes(0, 0, 0);
  const moved = await fetch(`${baseUrl()}/api/v1/mutabo/lessons/${lessonId}/`, {
    method: 'PATCH',
    headers: { ...bearer(annaToken), 'Content-Type': 'application/json' },
    body: JSON.stringify({ startsAt: newStart.toISOString(), version: versionRows[0]!.version }),
  });
  expect(moved.status).toBe(200);
  const chats = new Set(Array.from({ length: people }, (_, index) => firstChat + index));
  const changes = async () => (await record()).sent.filter((message) => chats.has(message.chatId) && message.text.startsWith('Занятие курса'));
  expect(await within(30_000, async () => (await changes()).length >= people)).toBe(true);
  // A moment more, for any second copy to show.
  await sleep(2_000);
  const perChat = new Map<number, number>();
  for (const message of await changes()) perChat.set(message.chatId, (perChat.get(message.chatId) ?? 0) + 1);
  expect([...perChat.values()].filter((count) => count !== 1)).toEqual([]);
  expect(perChat.size).toBe(people);
  const { rows: states } = await database.query<{ state: string; count: string }>(
    "SELECT state, count(*) FROM outbox_telegram WHERE user_id = ANY($1::int[]) AND kind = 'lesson-change' GROUP BY state",
    [userIds],
  );
  expect(states.map((row) => `${row.state}:${row.count}`)).toEqual([`sent:${people}`]);
  // And no letter about the change: Telegram is where they get changes.
  const { rows: letters } = await database.query("SELECT id FROM outbox_letters WHERE user_id = ANY($1::int[]) AND kind = 'lesson-change'", [userIds]);
  expect(letters).toHaveLength(0);
});

// Last: it leaves two processes running.
it('keeps serving through the proxy while one process stops cleanly on SIGTERM', async () => {
  const [stopping, ...others] = servers();
  process.kill(-stopping!.pid, 'SIGTERM');
  // It closes within its 10 s limit with exit code 0, and answers no more.
  expect(await within(10_000, async () => existsSync(stopping!.exitFile))).toBe(true);
  expect(readFileSync(stopping!.exitFile, 'utf8')).toBe('0');
  expect(await fetch(`${stopping!.url}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused');
  const answeredBy = new Set<string>();
  for (let request = 0; request < 8; request += 1) {
    const response = await fetch(`${baseUrl()}/api/v1/courses/`);
    expect(response.status).toBe(200);
    // After a refused connection nginx names every address it tried; the last one answered.
    answeredBy.add(response.headers.get('x-upstream')?.split(', ').at(-1) ?? '');
  }
  expect([...answeredBy].sort()).toEqual(others.map((server) => new URL(server.url).host).sort());
});
