// Issue 36, «What goes there» (course news) and «The authors' side»: a course's news reach Telegram for a subscriber
// (the news consent recorded) who bound it and chose it for news; everyone else gets the letter; the composer counts
// how many get it where; the mailing's history shows the messages beside the letters and finishes when both are done;
// a chat that blocked the bot gets the news by e-mail instead, counted once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailingAudienceCounts, MutaboMailing } from '../../common/mutabo/mailings.ts';
import { mailingSubscriptions, outboxLetters, outboxTelegram, participants } from '../src/db/schema.ts';
import { createBindingLink, startCommand } from '../src/services/telegram/binding.ts';
import { createUser, type TestUser } from './enrollmentKit.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { startBotApiStandIn, type BotApiStandIn } from './telegramStandIn.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const PUBLIC_URL = 'https://school.example.org';
const FAST = { retryBaseMs: 50, maxDelayMs: 200, idlePollMs: 200, perChatMs: 20, lockedOutMs: 50, perSecond: 10, turnMs: 1_500 };

describe.each(dbModes())('course news in Telegram (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let api: BotApiStandIn;
  let dataDir: string;
  let author: Record<string, string>;
  let chatCounter = 70_000;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    api = await startBotApiStandIn();
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'telegram-news-'));
    const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL, TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_BOT_USERNAME: api.username, TELEGRAM_API_URL: api.url });
    app = await buildTestApp({ database: testDb.database, config, telegramQueue: FAST });
    author = bearer(await app.deps.tokens.sign(ids.users.anna, 'access'));
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const course = ids.courses.open;

  async function person(options: { subscribed: boolean; participant?: boolean; news?: ('email' | 'telegram')[] }): Promise<TestUser & { chatId: number }> {
    const user = await createUser({ app, db: db() }, 'tgnews');
    const chatId = ++chatCounter;
    const code = new URL((await createBindingLink(app.deps, user.id)).url).searchParams.get('start')!;
    expect(await startCommand(app.deps, { id: chatId, type: 'private', name: 'Чат' }, code)).toMatch(/^Готово/);
    if (options.news) {
      const chosen = await app.inject({ method: 'PATCH', url: '/api/v1/users/me/notifications/', headers: user.headers, payload: { news: options.news } });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    if (options.subscribed) await db().insert(mailingSubscriptions).values({ userId: user.id, courseId: course });
    if (options.participant) await db().insert(participants).values({ userId: user.id, lessonId: ids.lessons.free, state: 'approved', participatedAt: new Date() });
    return { ...user, chatId };
  }

  const counts = async () => (await app.inject({ method: 'GET', url: `/api/v1/mutabo/courses/${course}/mailings/audience/`, headers: author })).json<MailingAudienceCounts>();
  /** The author sends a mailing (202), and every letter and message it makes is sent: its id. */
  async function sendMailing(payload: { subject: string; text: string; to: 'subscribers' | 'participants' }): Promise<number> {
    const created = await app.inject({ method: 'POST', url: `/api/v1/mutabo/courses/${course}/mailings/`, headers: author, payload });
    expect(created.statusCode, created.body).toBe(202);
    // Letters first, then Telegram, then the letters of chats Telegram refused (sent by e-mail instead).
    await app.deps.letters.drain();
    await app.deps.telegramQueue!.drain();
    await app.deps.letters.drain();
    return created.json<{ id: number }>().id;
  }
  const newsLetters = (userIds: number[]) => db().select().from(outboxLetters).where(and(eq(outboxLetters.kind, 'news'), inArray(outboxLetters.userId, userIds)));

  it('sends the news to Telegram only to subscribers who chose it, counts both channels, and keeps one history', async () => {
    const before = await counts();
    const inTelegram = await person({ subscribed: true, participant: true, news: ['telegram'] });
    const byDefault = await person({ subscribed: true });
    const noConsent = await person({ subscribed: false, participant: true, news: ['telegram'] });
    const both = await person({ subscribed: true, news: ['email', 'telegram'] });
    const blocked = await person({ subscribed: true, news: ['telegram'] });

    // The composer's counts: Telegram only for subscribers who chose it; the participant without the news consent by e-mail.
    const now = await counts();
    expect(now.channels.subscribers.telegram - before.channels.subscribers.telegram).toBe(3);
    expect(now.channels.subscribers.email - before.channels.subscribers.email).toBe(2);
    expect(now.channels.participants.telegram - before.channels.participants.telegram).toBe(1);
    expect(now.channels.participants.email - before.channels.participants.email).toBe(1);

    api.blocked.add(blocked.chatId);
    const mailingId = await sendMailing({ subject: 'Новый поток', text: 'Запись открыта до 25 марта.', to: 'subscribers' });

    const toChat = (chatId: number) => api.sent.filter((message) => message.chatId === chatId);
    expect(toChat(inTelegram.chatId)).toHaveLength(1);
    const message = toChat(inTelegram.chatId)[0]!;
    expect(message.text).toMatch(/^Новый поток\n\nЗапись открыта до 25 марта\./);
    expect(message.text).toContain('Отписаться от новостей курса: ');
    const button = (message.replyMarkup as { inline_keyboard: { text: string; url: string }[][] }).inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: 'Открыть страницу курса', url: `${PUBLIC_URL}/courses/${course}` });
    expect(toChat(both.chatId)).toHaveLength(1);
    expect(toChat(byDefault.chatId)).toHaveLength(0);
    expect(toChat(noConsent.chatId)).toHaveLength(0);

    const letters = await newsLetters([inTelegram.id, byDefault.id, noConsent.id, both.id, blocked.id]);
    // The blocked chat was unbound and its news went by e-mail, with the mailing.
    expect(letters.map((letter) => letter.userId).sort()).toEqual([byDefault.id, both.id, blocked.id].sort());
    expect(letters.every((letter) => letter.mailingId === mailingId && letter.state === 'sent')).toBe(true);
    expect((await db().select().from(outboxTelegram).where(eq(outboxTelegram.userId, blocked.id))).map((row) => row.state)).toEqual(['rerouted']);

    const history = (await app.inject({ method: 'GET', url: `/api/v1/mutabo/mailings/${mailingId}/`, headers: author })).json<MutaboMailing>();
    const ours = history.recipients.filter((recipient) => [inTelegram, byDefault, both, blocked].some((user) => user.email === recipient.email));
    expect(ours.map((recipient) => `${recipient.email}:${recipient.channel}:${recipient.state}`).sort()).toEqual(
      [`${inTelegram.email}:telegram:sent`, `${byDefault.email}:email:sent`, `${both.email}:email:sent`, `${both.email}:telegram:sent`, `${blocked.email}:email:sent`].sort(),
    );
    expect(history.total).toBe(history.recipients.length);
    expect(history.sent).toBe(history.total);
    expect(history.state).toBe('done');
    expect(history.finishedAt).not.toBeNull();
  });

  it('sends a letter to participants by e-mail to those without the news consent, whatever they chose', async () => {
    const noConsent = await person({ subscribed: false, participant: true, news: ['telegram'] });
    await sendMailing({ subject: 'Перенос', text: 'Занятие переносится.', to: 'participants' });
    expect(api.sent.filter((message) => message.chatId === noConsent.chatId)).toHaveLength(0);
    expect(await newsLetters([noConsent.id])).toHaveLength(1);
  });
});
