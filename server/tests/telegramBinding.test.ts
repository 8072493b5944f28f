// Issue 36, «Binding» (docs/TELEGRAM.md): the profile's deep link with a single-use code valid 15 minutes, the bot's
// `/start <code>` through the webhook (401 without Telegram's secret header), one chat per account and one account per
// chat, `/stop` and «Отключить», the refusals the bot says (a code used, expired, unknown, for a deleted account, from
// a group), and the chat in the data export and gone with the account. The bot talks to a stand-in of the Bot API.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MutaboDashboard } from '../../common/mutabo/start.ts';
import { botReplies, DEFAULT_CHOICES, telegramMessages, type NotificationChoices, type TelegramLink, type TelegramStatus } from '../../common/telegram.ts';
import { participants, telegramChats, telegramCodes } from '../src/db/schema.ts';
import { exportPersonalData } from '../src/services/accounts/personalData.ts';
import { deleteAccount } from '../src/services/accounts/deletion.ts';
import { startCommand } from '../src/services/telegram/binding.ts';
import { createUser, type TestUser } from './enrollmentKit.ts';
import { buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { messageUpdate, startBotApiStandIn, type BotApiStandIn } from './telegramStandIn.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const SECRET = 'webhook-secret-for-the-tests-0123456789';
const PUBLIC_URL = 'https://school.example.org';

describe('without a bot token', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  it('offers no Telegram: the status names no bot, a link is 404, the webhook is 404', async () => {
    const user = await createUser({ app, db: testDb.database.db }, 'tg-none');
    const status = await app.inject({ method: 'GET', url: '/api/v1/users/me/telegram/', headers: user.headers });
    expect(status.json()).toEqual({ bound: false, name: '', bot: null });
    const link = await app.inject({ method: 'POST', url: '/api/v1/users/me/telegram/', headers: user.headers });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ detail: telegramMessages.notConfigured });
    expect((await app.inject({ method: 'POST', url: '/api/v1/telegram/webhook/', payload: { update_id: 1 } })).statusCode).toBe(404);
  });
});

describe.each(dbModes())('binding a Telegram chat (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let api: BotApiStandIn;
  let dataDir: string;
  let updateId = 1000;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    api = await startBotApiStandIn();
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'telegram-binding-'));
    const config = testConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL,
      TELEGRAM_BOT_TOKEN: api.token,
      TELEGRAM_BOT_USERNAME: api.username,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_URL: api.url,
    });
    app = await buildTestApp({ database: testDb.database, config });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    api.sent.length = 0;
  });

  const person = (prefix = 'tg') => createUser({ app, db: db() }, prefix);
  const linkFor = async (user: TestUser) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/users/me/telegram/', headers: user.headers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TelegramLink>();
  };
  const codeOf = (link: TelegramLink) => new URL(link.url).searchParams.get('start')!;
  const status = async (user: TestUser) => (await app.inject({ method: 'GET', url: '/api/v1/users/me/telegram/', headers: user.headers })).json<TelegramStatus>();
  const webhook = (body: unknown, secret: string | null = SECRET) =>
    app.inject({ method: 'POST', url: '/api/v1/telegram/webhook/', payload: body as object, headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret } });
  /** A message from the chat through the webhook; what the bot answered the chat. */
  async function say(chatId: number, text: string, options: { firstName?: string; type?: 'private' | 'group' } = {}): Promise<string> {
    const response = await webhook(messageUpdate(++updateId, { id: chatId, ...options }, text));
    expect(response.statusCode, response.body).toBe(200);
    const replies = api.sent.filter((message) => message.chatId === chatId);
    expect(replies.length).toBeGreaterThan(0);
    return replies.at(-1)!.text;
  }
  const chatRow = async (userId: number) => (await db().select().from(telegramChats).where(eq(telegramChats.userId, userId)))[0];

  it('gives a deep link to the bot with a single-use code of at most 64 characters, valid 15 minutes', async () => {
    const user = await person();
    const before = Date.now();
    const link = await linkFor(user);
    expect(link.url).toMatch(new RegExp(`^https://t\\.me/${api.username}\\?start=[A-Za-z0-9_-]{1,64}$`));
    const expires = Date.parse(link.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    // Kept only as its hash.
    const rows = await db().select().from(telegramCodes).where(eq(telegramCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(codeOf(link));
    expect(await status(user)).toEqual({ bound: false, name: '', bot: api.username });
    expect((await app.inject({ method: 'POST', url: '/api/v1/users/me/telegram/' })).statusCode).toBe(401);
  });

  it('refuses a webhook call without Telegram’s secret, with another secret, or without an update', async () => {
    const user = await person();
    const code = codeOf(await linkFor(user));
    expect((await webhook(messageUpdate(++updateId, { id: 501 }, `/start ${code}`), null)).statusCode).toBe(401);
    expect((await webhook(messageUpdate(++updateId, { id: 501 }, `/start ${code}`), `${SECRET}x`)).statusCode).toBe(401);
    expect((await webhook({ hello: 'world' })).statusCode).toBe(400);
    expect((await webhook([1, 2])).statusCode).toBe(400);
    expect(await chatRow(user.id)).toBeUndefined();
  });

  it('binds the chat that sends /start with the code, says to whom, and shows it in the profile', async () => {
    const user = await person();
    const code = codeOf(await linkFor(user));
    const reply = await say(7001, `/start ${code}`, { firstName: 'Катя' });
    expect(reply).toContain(`${user.firstName}`);
    expect(reply).toContain('school.example.org');
    expect(await chatRow(user.id)).toMatchObject({ chatId: 7001, name: 'Катя' });
    expect(await status(user)).toEqual({ bound: true, name: 'Катя', bot: api.username });
  });

  it('binds nothing with a code used twice, unknown, expired, of a deleted account, or sent from a group', async () => {
    const user = await person();
    const code = codeOf(await linkFor(user));
    expect(await say(7002, `/start ${code}`)).toContain('Готово');
    expect(await say(7003, `/start ${code}`)).toBe(botReplies.codeUsed);
    expect(await say(7003, '/start AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(botReplies.codeUnknown);
    expect(await say(7003, '/start not a code!')).toBe(botReplies.codeUnknown);
    expect(await say(-7004, `/start ${codeOf(await linkFor(await person()))}`, { type: 'group' })).toBe(botReplies.codeUnknown);
    expect(await chatRow(user.id)).toMatchObject({ chatId: 7002 });
    expect((await db().select().from(telegramChats).where(eq(telegramChats.chatId, 7003))).length).toBe(0);

    const late = await person();
    const lateCode = codeOf(await linkFor(late));
    const sixteenMinutes = new Date(Date.now() + 16 * 60_000);
    expect(await startCommand(app.deps, { id: 7005, type: 'private', name: '' }, lateCode, sixteenMinutes)).toBe(botReplies.codeExpired);
    expect(await chatRow(late.id)).toBeUndefined();

    const gone = await person();
    const goneCode = codeOf(await linkFor(gone));
    await deleteAccount(app.deps, gone.id, { by: { kind: 'self' } });
    expect(await say(7006, `/start ${goneCode}`)).toBe(botReplies.accountGone);
    expect(await chatRow(gone.id)).toBeUndefined();
  });

  it('binds one code once when it is sent twice at once', async () => {
    const user = await person();
    const code = codeOf(await linkFor(user));
    const answers = await Promise.all([8001, 8002, 8003].map((chatId) => startCommand(app.deps, { id: chatId, type: 'private', name: `Чат ${chatId}` }, code)));
    expect(answers.filter((text) => text.startsWith('Готово'))).toHaveLength(1);
    expect(answers.filter((text) => text === botReplies.codeUsed)).toHaveLength(2);
    expect((await db().select().from(telegramChats).where(eq(telegramChats.userId, user.id))).length).toBe(1);
  });

  it('keeps one chat per account and one account per chat: a new binding replaces the old', async () => {
    const user = await person();
    await say(9001, `/start ${codeOf(await linkFor(user))}`, { firstName: 'Старый' });
    await say(9002, `/start ${codeOf(await linkFor(user))}`, { firstName: 'Новый' });
    expect(await status(user)).toMatchObject({ bound: true, name: 'Новый' });
    expect(await say(9001, '/stop')).toBe(botReplies.notBoundStop);

    // The same chat bound by another account now serves that one only.
    const other = await person();
    await say(9002, `/start ${codeOf(await linkFor(other))}`, { firstName: 'Новый' });
    expect(await status(other)).toMatchObject({ bound: true });
    expect(await status(user)).toMatchObject({ bound: false });
  });

  it('unbinds by /stop from the chat and by «Отключить» in the profile', async () => {
    const user = await person();
    await say(9101, `/start ${codeOf(await linkFor(user))}`);
    expect(await say(9101, '/stop')).toBe(botReplies.stopped);
    expect(await status(user)).toMatchObject({ bound: false });

    await say(9102, `/start ${codeOf(await linkFor(user))}`);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/users/me/telegram/', headers: user.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await status(user)).toMatchObject({ bound: false });
  });

  it('names nobody to a chat that is not bound', async () => {
    const reply = await say(9201, 'Привет! Кто здесь записан?');
    expect(reply).toContain('school.example.org');
    expect(reply).not.toMatch(/@example\.org|Имя\d/);
    expect(await say(9201, '/start')).toBe(reply);
  });

  it('puts the chat in the data export and erases it with the account', async () => {
    const user = await person();
    await say(9301, `/start ${codeOf(await linkFor(user))}`, { firstName: 'Экспорт' });
    const exported = await exportPersonalData(db(), user.id);
    expect(exported!.telegram).toMatchObject({ chatId: 9301, name: 'Экспорт' });
    await deleteAccount(app.deps, user.id, { by: { kind: 'self' } });
    expect(await chatRow(user.id)).toBeUndefined();
  });

  it('keeps each kind’s channels: the defaults first, any subset changed, a bad or empty choice refused under its kind', async () => {
    const user = await person();
    const url = '/api/v1/users/me/notifications/';
    const get = async () => (await app.inject({ method: 'GET', url, headers: user.headers })).json<NotificationChoices>();
    const patch = (payload: unknown) => app.inject({ method: 'PATCH', url, headers: user.headers, payload: payload as object });
    expect(await get()).toEqual(DEFAULT_CHOICES);
    const changed = await patch({ payments: ['telegram', 'email'], reminders: ['email'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ...DEFAULT_CHOICES, payments: ['email', 'telegram'], reminders: ['email'] });
    expect(await get()).toEqual({ ...DEFAULT_CHOICES, payments: ['email', 'telegram'], reminders: ['email'] });
    const empty = await patch({ news: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ news: [telegramMessages.choiceEmpty] });
    const unknown = await patch({ homework: ['pigeon'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<Record<string, unknown>>())).toEqual(['homework']);
    expect((await patch({ sms: ['email'] })).statusCode).toBe(400);
    // Course news may go to Telegram too (where the news consent is recorded: telegramNews.test.ts).
    const news = await patch({ news: ['email', 'telegram'] });
    expect(news.statusCode, news.body).toBe(200);
    expect((await patch({ changes: ['email', 'email'] })).statusCode).toBe(400);
    expect(await get()).toEqual({ ...DEFAULT_CHOICES, payments: ['email', 'telegram'], reminders: ['email'], news: ['email', 'telegram'] });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('counts on the authors’ summary how many of a course’s participants are reachable in Telegram', async () => {
    const token = await app.deps.tokens.sign(ids.users.anna, 'access');
    const course = async () =>
      (await app.inject({ method: 'GET', url: '/api/v1/mutabo/dashboard/', headers: { authorization: `Bearer ${token}` } })).json<MutaboDashboard>().courses.find((row) => row.id === ids.courses.open)!;
    const user = await person();
    await db().insert(participants).values({ userId: user.id, lessonId: ids.lessons.free, state: 'approved', participatedAt: new Date() });
    const before = await course();
    await say(9401, `/start ${codeOf(await linkFor(user))}`);
    const after = await course();
    expect(after.participants).toBe(before.participants);
    expect(after.inTelegram).toBe(before.inTelegram + 1);
    expect(after.inTelegram).toBeLessThanOrEqual(after.participants);
  });

  it('sets the webhook at the server process’s start, with the secret', async () => {
    api.calls.length = 0;
    await app.deps.telegram!.start();
    const set = api.calls.find((call) => call.method === 'setWebhook');
    expect(set?.params).toMatchObject({ url: `${PUBLIC_URL}/api/v1/telegram/webhook/`, secret_token: SECRET, allowed_updates: ['message'] });
    await app.deps.telegram!.stop();
  });
});
