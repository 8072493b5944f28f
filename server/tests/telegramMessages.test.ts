// Issue 36, «What goes there» and «Never lost, never doubled» (docs/TELEGRAM.md): reminders and lesson changes go to
// Telegram for those who get them there (a bound chat; the defaults or their choice), by e-mail for the others, both
// when both are chosen; each message is composed when sent (a reminder of a lesson moved meanwhile is dropped); a 403
// unbinds the chat and sends the message by e-mail; a 429 waits `retry_after` and loses nothing; two processes send
// each message once. The bot talks to a stand-in of the Bot API.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { joinPath } from '../../common/attendance.ts';
import { lessons, outboxLetters, outboxTelegram, participants, telegramChats } from '../src/db/schema.ts';
import { sweepReminders } from '../src/services/schedule/lessonReminders.ts';
import { createBindingLink, startCommand } from '../src/services/telegram/binding.ts';
import { queueNotices } from '../src/services/telegram/notices.ts';
import { createCourse, createUser, type TestUser } from './enrollmentKit.ts';
import { buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { startBotApiStandIn, type BotApiStandIn } from './telegramStandIn.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const PUBLIC_URL = 'https://school.example.org';
const MINUTE = 60_000;
const FAST = { retryBaseMs: 50, maxDelayMs: 200, idlePollMs: 200, perChatMs: 20, lockedOutMs: 50, perSecond: 10, turnMs: 1_500 };

describe.each(dbModes())('Telegram messages (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let second: FastifyInstance;
  let api: BotApiStandIn;
  let dataDir: string;
  let chatCounter = 50_000;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    api = await startBotApiStandIn();
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'telegram-messages-'));
    const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL, TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_BOT_USERNAME: api.username, TELEGRAM_API_URL: api.url });
    // Two app instances on one database, as two processes are: both send.
    app = await buildTestApp({ database: testDb.database, config, telegramQueue: FAST });
    second = await buildTestApp({ database: testDb.database, config, telegramQueue: FAST });
  });

  afterAll(async () => {
    await app?.close();
    await second?.close();
    await testDb?.destroy();
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    api.sent.length = 0;
    api.blocked.clear();
    api.limits.enforce = false;
  });

  const drain = () => Promise.all([app.deps.telegramQueue!.drain(), second.deps.telegramQueue!.drain()]);

  /** A person bound to a fresh chat (through the bot, as in life). */
  async function boundPerson(): Promise<TestUser & { chatId: number }> {
    const user = await createUser({ app, db: db() }, 'tgm');
    const chatId = ++chatCounter;
    const code = new URL((await createBindingLink(app.deps, user.id)).url).searchParams.get('start')!;
    expect(await startCommand(app.deps, { id: chatId, type: 'private', name: 'Чат' }, code)).toMatch(/^Готово/);
    return { ...user, chatId };
  }

  /** A lesson starting in `minutes`, with a room, and these people approved in it. */
  async function lessonWith(minutes: number, people: TestUser[]): Promise<number> {
    const course = await createCourse(db(), { lessons: 1 });
    const lessonId = course.lessonIds[0]!;
    await db()
      .update(lessons)
      .set({ startsAt: new Date(Date.now() + minutes * MINUTE), roomUrl: 'https://meet.example.org/secret-room' })
      .where(eq(lessons.id, lessonId));
    if (people.length > 0) await db().insert(participants).values(people.map((person) => ({ userId: person.id, lessonId, state: 'approved' as const, participatedAt: new Date(Date.now() - 3 * 24 * 60 * MINUTE) })));
    return lessonId;
  }

  const reminderLetters = (userId: number) => db().select().from(outboxLetters).where(and(eq(outboxLetters.userId, userId), like(outboxLetters.dedupeKey, 'reminder:%')));
  const telegramRows = (userId: number) => db().select().from(outboxTelegram).where(eq(outboxTelegram.userId, userId));

  it('sends the hour-before reminder to Telegram for a bound person, by e-mail for the others, both when both are chosen', async () => {
    const bound = await boundPerson();
    const unbound = await createUser({ app, db: db() }, 'tgm-mail');
    const both = await boundPerson();
    await app.inject({ method: 'PATCH', url: '/api/v1/users/me/notifications/', headers: both.headers, payload: { reminders: ['email', 'telegram'] } });
    const lessonId = await lessonWith(50, [bound, unbound, both]);
    await sweepReminders(app.deps, new Date());
    await drain();

    const toBound = api.sent.filter((message) => message.chatId === bound.chatId);
    expect(toBound).toHaveLength(1);
    expect(toBound[0]!.text).toMatch(/^Скоро начало занятия курса «Тестовый курс \d+»:\n1\. Занятие 1\n\nНачало: /);
    expect(toBound[0]!.text).not.toContain('secret-room');
    const button = (toBound[0]!.replyMarkup as { inline_keyboard: { text: string; url: string }[][] }).inline_keyboard[0]![0]!;
    expect(button.text).toBe('Войти в комнату');
    expect(button.url.startsWith(`${PUBLIC_URL}${joinPath(lessonId)}?t=`)).toBe(true);
    expect(await reminderLetters(bound.id)).toHaveLength(0);

    expect(await reminderLetters(unbound.id)).toHaveLength(1);
    expect(await telegramRows(unbound.id)).toHaveLength(0);

    expect(api.sent.filter((message) => message.chatId === both.chatId)).toHaveLength(1);
    expect(await reminderLetters(both.id)).toHaveLength(1);
    expect((await telegramRows(bound.id)).map((row) => row.state)).toEqual(['sent']);
  });

  it('drops a reminder of a lesson moved since it was queued', async () => {
    const person = await boundPerson();
    const lessonId = await lessonWith(50, [person]);
    // Queued at the old time and moved in one commit: no worker can send it in between.
    await db().transaction(async (tx) => {
      expect(await sweepReminders({ db: tx as unknown as typeof app.deps.db, log: app.log, config: app.deps.config }, new Date())).toBeGreaterThan(0);
      await tx.update(lessons).set({ startsAt: new Date(Date.now() + 5 * 24 * 60 * MINUTE) }).where(eq(lessons.id, lessonId));
    });
    await drain();
    expect(api.sent.filter((message) => message.chatId === person.chatId)).toHaveLength(0);
    expect((await telegramRows(person.id)).map((row) => row.state)).toEqual(['dropped']);
  });

  it('tells a lesson moved by its author in Telegram, with the old and the new time, and by e-mail to the unbound', async () => {
    const person = await boundPerson();
    const unbound = await createUser({ app, db: db() }, 'tgm-move');
    const lessonId = await lessonWith(3 * 24 * 60, [person, unbound]);
    const token = await app.deps.tokens.sign(ids.users.anna, 'access');
    const read = await app.inject({ method: 'GET', url: `/api/v1/mutabo/lessons/${lessonId}/`, headers: { authorization: `Bearer ${token}` } });
    expect(read.statusCode, read.body).toBe(200);
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/v1/mutabo/lessons/${lessonId}/`,
      headers: { authorization: `Bearer ${token}` },
      payload: { startsAt: new Date(Date.now() + 4 * 24 * 60 * MINUTE).toISOString(), version: read.json<{ version: number }>().version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    const told = api.sent.filter((message) => message.chatId === person.chatId);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/^Занятие курса «Тестовый курс \d+» перенесено:\n1\. Занятие 1\n\nБыло: .+\nСтало: .+$/);
    const letters = await db().select().from(outboxLetters).where(and(eq(outboxLetters.kind, 'lesson-change')));
    expect(letters.filter((letter) => letter.userId === unbound.id)).toHaveLength(1);
    expect(letters.filter((letter) => letter.userId === person.id)).toHaveLength(0);
  });

  it('unbinds a chat that blocked the bot (403) and sends that reminder by e-mail instead', async () => {
    const person = await boundPerson();
    api.blocked.add(person.chatId);
    await lessonWith(50, [person]);
    await sweepReminders(app.deps, new Date());
    await drain();
    expect(api.sent.filter((message) => message.chatId === person.chatId)).toHaveLength(0);
    expect((await telegramRows(person.id)).map((row) => row.state)).toEqual(['rerouted']);
    expect(await db().select().from(telegramChats).where(eq(telegramChats.userId, person.id))).toEqual([]);
    const letters = await reminderLetters(person.id);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.dedupeKey).toMatch(/:email$/);
  });

  it('sends a notice (a homework decision, a refund) as the person chose, and by e-mail instead when the chat blocked the bot', async () => {
    const inTelegram = await boundPerson();
    const both = await boundPerson();
    await app.inject({ method: 'PATCH', url: '/api/v1/users/me/notifications/', headers: both.headers, payload: { payments: ['email', 'telegram'] } });
    const byMail = await createUser({ app, db: db() }, 'tgm-notice');
    const letter = (userId: number, kind: string, key: string) => ({
      kind,
      userId,
      dedupeKey: key,
      to: `${userId}@example.org`,
      subject: `Тема ${key}`,
      text: `Текст ${key}: https://school.example.org/lessons/1/homework`,
      html: `<p>Текст ${key}</p>`,
    });
    // The homework decision to a bound person with the defaults: e-mail (homework is e-mail until chosen otherwise).
    await app.deps.db.transaction((tx) =>
      queueNotices(tx, app.deps.config, [
        letter(inTelegram.id, 'homework-decision', 'n1'),
        letter(both.id, 'refund', 'n2'),
        letter(byMail.id, 'refund', 'n3'),
        letter(inTelegram.id, 'confirmation', 'n4'),
      ]),
    );
    await app.inject({ method: 'PATCH', url: '/api/v1/users/me/notifications/', headers: inTelegram.headers, payload: { homework: ['telegram'] } });
    api.blocked.add(inTelegram.chatId);
    await app.deps.db.transaction((tx) => queueNotices(tx, app.deps.config, [letter(inTelegram.id, 'homework-decision', 'n5')]));
    await drain();

    const letterKeys = async (userId: number) => (await db().select().from(outboxLetters).where(eq(outboxLetters.userId, userId))).map((row) => row.dedupeKey).sort();
    expect(await letterKeys(inTelegram.id)).toEqual(['n1', 'n4', 'n5:telegram:email']);
    expect(await letterKeys(both.id)).toEqual(['n2']);
    expect(await letterKeys(byMail.id)).toEqual(['n3']);
    const toBoth = api.sent.filter((message) => message.chatId === both.chatId);
    expect(toBoth.map((message) => message.text)).toEqual(['Тема n2\n\nТекст n2: https://school.example.org/lessons/1/homework']);
    expect((await telegramRows(inTelegram.id)).map((row) => row.state)).toEqual(['rerouted']);
    const [rerouted] = await db().select().from(outboxLetters).where(eq(outboxLetters.dedupeKey, 'n5:telegram:email'));
    expect(rerouted).toMatchObject({ kind: 'homework-decision', subject: 'Тема n5' });
  });

  // Two processes share PostgreSQL only (the embedded database has one process): they take turns sending.
  it.runIf(mode === 'postgres')('keeps the pace of one process when two send: about 10 messages in any second (the tests’ pace), not 20', async () => {
    const people = await Promise.all(Array.from({ length: 30 }, () => boundPerson()));
    await lessonWith(50, people);
    await sweepReminders(app.deps, new Date());
    for (let round = 0; round < 40 && api.sent.filter((message) => people.some((person) => person.chatId === message.chatId)).length < people.length; round++) {
      await drain();
    }
    const times = api.sent.filter((message) => people.some((person) => person.chatId === message.chatId)).map((message) => message.at);
    expect(times).toHaveLength(30);
    // The most messages the stand-in received within any 1,000 ms: the pace counts when a send starts, the stand-in
    // when it arrives, so one or two more may fall into a window; two processes each at its own pace would give 20.
    const busiest = Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 1000).length));
    expect(busiest).toBeLessThanOrEqual(12);
  });

  it('waits as a 429 asks and loses nothing; two processes send each message once', async () => {
    api.limits.enforce = true;
    api.limits.perSecond = 2;
    api.limits.retryAfter = 1;
    const people = await Promise.all(Array.from({ length: 6 }, () => boundPerson()));
    await lessonWith(50, people);
    await sweepReminders(app.deps, new Date());
    const started = Date.now();
    for (let round = 0; round < 20 && api.sent.length < people.length; round++) {
      await drain();
      if (api.sent.length < people.length) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(api.sent.map((message) => message.chatId).sort()).toEqual(people.map((person) => person.chatId).sort());
    expect(api.tooMany).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    for (const person of people) expect((await telegramRows(person.id)).map((row) => row.state)).toEqual(['sent']);
  });
});
