// The Telegram queue's worker (issue 36, docs/TELEGRAM.md, «Never lost, never doubled»), on the durable loop every
// queue shares (services/durableWorker.ts): messages are claimed with FOR UPDATE SKIP LOCKED and a lease, so several
// processes send each once; each is composed when sent (composeTelegram: null drops it) and sent to the chat bound
// then. Telegram's answers decide the rest:
// - 403 (the person blocked the bot): the chat is unbound and the message goes by e-mail instead (`rerouted`);
// - 429: it waits `retry_after` (the attempt is not counted), and so does the whole worker;
// - anything else: retried with backoff, `failed` after maxAttempts.
// The pace stays under Telegram's limits: at most `perSecond` messages a second from a process and one a second to a
// chat (a message to a chat written to a moment ago waits its turn).
import { GrammyError } from 'grammy';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queueReminderLetter, reminderFacts } from '../../repositories/schedule/lessonNoticesRepository.ts';
import { claimDueTelegrams, markTelegram, nextTelegramDueAt, retryTelegram, type TelegramRow } from '../../repositories/telegram/telegramOutboxRepository.ts';
import { chatOf, trySenderLock, unbindChat } from '../../repositories/telegram/telegramRepository.ts';
import { finishMailings } from '../../repositories/letters/outboxRepository.ts';
import { DurableQueue, DurableWorker } from '../durableWorker.ts';
import { queueLetters, type QueuedLetter } from '../letters/letterQueue.ts';
import { lessonChangeLetter, type LessonLetterConfig, type LessonTimeChange } from '../schedule/lessonLetters.ts';
import type { TelegramBot } from './bot.ts';
import { describeTelegramError } from './bot.ts';
import { composeTelegram } from './messages.ts';

export interface TelegramQueueOptions {
  leaseMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  maxDelayMs: number;
  idlePollMs: number;
  /** Messages claimed at once. */
  batch: number;
  /** Messages a second from this process (Telegram allows about 30 in all). */
  perSecond: number;
  /** The least time between two messages to one chat (Telegram allows about one a second). */
  perChatMs: number;
  /** How long a process waits before looking again while another one sends. */
  lockedOutMs: number;
  /** How long one process's turn at sending lasts when several share the database. */
  turnMs: number;
}

export const DEFAULT_TELEGRAM_QUEUE: TelegramQueueOptions = {
  leaseMs: 60_000,
  maxAttempts: 8,
  retryBaseMs: 15_000,
  maxDelayMs: 30 * 60_000,
  idlePollMs: 30_000,
  batch: 25,
  perSecond: 25,
  perChatMs: 1_050,
  lockedOutMs: 1_000,
  turnMs: 30_000,
};

export interface TelegramQueueDeps {
  db: Db;
  log: FastifyBaseLogger;
  config: LessonLetterConfig;
  bot: TelegramBot;
  /**
   * The database is PostgreSQL, which several processes may share: they then take turns sending. False for the
   * embedded database (one process, and a transaction held there would hold up every request).
   */
  shared: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class TelegramQueue extends DurableQueue {
  private readonly options: TelegramQueueOptions;
  protected readonly worker: DurableWorker;
  /** When each chat was last written to by this process. */
  private readonly lastToChat = new Map<number, number>();
  /** The moments of this process's last sends, for the per-second pace. */
  private readonly recent: number[] = [];
  /** Until when Telegram asked everyone to wait (a 429). */
  private pausedUntil = 0;

  constructor(
    private readonly deps: TelegramQueueDeps,
    options: Partial<TelegramQueueOptions> = {},
  ) {
    super();
    this.options = { ...DEFAULT_TELEGRAM_QUEUE, ...options };
    this.worker = new DurableWorker(
      {
        channel: 'outbox_telegram',
        name: 'the Telegram queue',
        idlePollMs: this.options.idlePollMs,
        step: (closed) => this.step(closed),
        nextDueAt: () => nextTelegramDueAt(deps.db),
      },
      deps.log,
    );
  }

  private async step(closed: () => boolean): Promise<boolean> {
    if (!this.deps.shared) return this.sendBatch(closed);
    // Several processes on one PostgreSQL: one sends at a time (a transaction-scoped advisory lock, let go at the end
    // of its turn or with a process that dies), so the pace of one is the pace of all, under Telegram's 30 a second. A
    // turn sends batch after batch for up to turnMs, then waits until its last second's sends have aged out before it
    // lets go: the next sender starts a fresh second, and no chat hears twice within one.
    return this.deps.db.transaction(async (tx) => {
      if (!(await trySenderLock(tx))) {
        // Another process is sending what is due: look again in a while rather than at once.
        await sleep(this.options.lockedOutMs);
        return false;
      }
      const turnEnds = Date.now() + this.options.turnMs;
      let sent = false;
      while (!closed() && Date.now() < turnEnds && (await this.sendBatch(closed))) sent = true;
      const last = this.recent.at(-1);
      if (last !== undefined) await sleep(Math.max(0, last + 1000 - Date.now()));
      return sent;
    });
  }

  private async sendBatch(closed: () => boolean): Promise<boolean> {
    const rows = await claimDueTelegrams(this.deps.db, this.options.batch, this.options.leaseMs);
    if (rows.length === 0) return false;
    for (const row of rows) {
      // Stopping: the rest go back unattempted, for the next process.
      if (closed()) await retryTelegram(this.deps.db, row.id, 0, null, false);
      else await this.deliver(row);
    }
    // A news mailing is finished when its last letter or message is done.
    const mailingIds = new Set(rows.flatMap((row) => (row.mailingId === null ? [] : [row.mailingId])));
    if (mailingIds.size > 0) await finishMailings(this.deps.db, [...mailingIds]);
    return true;
  }

  /** Waits for this process's turn to send: Telegram's pause, then at most `perSecond` in any second. */
  private async pace(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (now < this.pausedUntil) {
        await sleep(this.pausedUntil - now);
        continue;
      }
      while (this.recent.length > 0 && this.recent[0]! <= now - 1000) this.recent.shift();
      if (this.recent.length < this.options.perSecond) {
        this.recent.push(now);
        return;
      }
      await sleep(this.recent[0]! + 1000 - now);
    }
  }

  private async deliver(row: TelegramRow): Promise<void> {
    const { db, log } = this.deps;
    const message = await composeTelegram(db, this.deps.config, row);
    if (message === null) return markTelegram(db, row.id, 'dropped');
    const chat = await chatOf(db, row.userId);
    // Unbound since it was queued: the e-mail takes it.
    if (chat === null) return this.reroute(row, 'the chat was unbound');
    const since = Date.now() - (this.lastToChat.get(chat.chatId) ?? 0);
    if (since < this.options.perChatMs) return retryTelegram(db, row.id, this.options.perChatMs - since, null, false);
    await this.pace();
    this.lastToChat.set(chat.chatId, Date.now());
    try {
      await this.deps.bot.bot.api.sendMessage(chat.chatId, message.text, {
        link_preview_options: { is_disabled: true },
        ...(message.button ? { reply_markup: { inline_keyboard: [[{ text: message.button.text, url: message.button.url }]] } } : {}),
      });
      await markTelegram(db, row.id, 'sent');
    } catch (error) {
      const described = describeTelegramError(error);
      if (error instanceof GrammyError && error.error_code === 403) {
        await unbindChat(db, chat.chatId);
        log.info({ telegram: described, kind: row.kind }, 'the person blocked the bot: unbound, the message goes by e-mail');
        return this.reroute(row, described.description);
      }
      if (error instanceof GrammyError && error.error_code === 429) {
        const waitMs = Math.max(1, error.parameters.retry_after ?? 1) * 1000;
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
        return retryTelegram(db, row.id, waitMs, described.description, false);
      }
      if (row.attempts >= this.options.maxAttempts) {
        log.warn({ telegram: described, kind: row.kind }, 'a Telegram message failed for good');
        return markTelegram(db, row.id, 'failed', described.description);
      }
      const delay = Math.min(this.options.retryBaseMs * 2 ** (row.attempts - 1), this.options.maxDelayMs);
      return retryTelegram(db, row.id, delay, described.description);
    }
  }

  /** The message by e-mail instead, in one transaction with the row's new state. */
  private async reroute(row: TelegramRow, reason: string): Promise<void> {
    const { db, config } = this.deps;
    await db.transaction(async (tx) => {
      if (row.kind === 'reminder') await queueReminderLetter(tx, row.userId, row.payload, `${row.dedupeKey}:email`);
      if (row.kind === 'notice') {
        const letter = (row.payload as { letter?: QueuedLetter }).letter;
        if (letter) await queueLetters(tx, [{ ...letter, dedupeKey: `${row.dedupeKey}:email` }]);
      }
      if (row.kind === 'lesson-change') {
        const payload = row.payload as { lessonId: number; userId: number; change: Record<string, string> };
        const facts = await reminderFacts(tx, payload.lessonId, payload.userId);
        if (facts) {
          const change = Object.fromEntries(Object.entries(payload.change).map(([key, value]) => [key, key === 'kind' ? value : new Date(value)])) as unknown as LessonTimeChange;
          const lesson = { ...facts.lesson, courseTitle: facts.course.title, courseTimeZone: facts.course.timeZone };
          await queueLetters(tx, [{ kind: 'lesson-change', userId: facts.userId, dedupeKey: `${row.dedupeKey}:email`, ...lessonChangeLetter(config, facts, lesson, change, new Date()) }]);
        }
      }
      await markTelegram(tx, row.id, 'rerouted', reason);
    });
  }
}
