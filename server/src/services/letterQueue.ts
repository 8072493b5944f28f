// The worker of the durable letter queue (table outbox_letters, repositories/outboxRepository.ts): it claims due
// letters in small batches with a lease, sends each through the mailer, records the result right after each send,
// and retries failures with exponential backoff. Every process runs one; they share the work through the claims.
// It wakes on the table's NOTIFY (every process LISTENs: PostgreSQL's connection or PGlite's, as the public cache
// does), on a timer set to the next letter due, and polls while notices may be missed.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { Tx } from '../repositories/mutaboCoursesRepository.ts';
import {
  claimDueLetters,
  finishMailings,
  markDropped,
  markFailed,
  markRetry,
  markSent,
  nextDueAt,
  pruneDoneLetters,
  releaseClaims,
  releaseGathering,
  insertLetters,
  storeComposed,
  type OutboxRow,
  type QueuedLetter,
} from '../repositories/outboxRepository.ts';
import type { Mailer, MailMessage } from './mail.ts';

export const OUTBOX_CHANNEL = 'outbox_letters';

export type { QueuedLetter };

/**
 * Records letters to send: pass the transaction of the change that causes them, so that the change and its letters
 * are committed together or not at all. The workers send them after the commit.
 */
export function queueLetters(db: Db | Tx, letters: readonly QueuedLetter[]): Promise<void> {
  return insertLetters(db, letters);
}

export interface LetterQueueOptions {
  /** How many letters one claim takes. */
  batchSize: number;
  /** How many letters of a batch are sent at once. */
  concurrency: number;
  /** How long a claim is this process's: a process killed meanwhile leaves its letters to the others after it. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles it, up to maxDelayMs. */
  retryBaseMs: number;
  maxDelayMs: number;
  /** After this long since it was recorded a letter that still fails is given up (marked failed). */
  giveUpAfterMs: number;
  /** The longest sleep between looks at the table (notices may be missed while the LISTEN connection is down). */
  idlePollMs: number;
  /** Letters done this many days ago are deleted (those of a mailing stay with its history). */
  keepDays: number;
}

export const DEFAULT_LETTER_QUEUE: LetterQueueOptions = {
  batchSize: 20,
  concurrency: 5,
  leaseMs: 60_000,
  retryBaseMs: 10_000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 3 * 24 * 3600_000,
  idlePollMs: 30_000,
  keepDays: 30,
};

/** How often each process deletes the old letters. */
const PRUNE_EVERY_MS = 6 * 3600_000;

/**
 * Composes, at sending time, a letter recorded without its text (an approval, a reminder); null when nothing is left
 * to say. `everyAttempt`: composed again before each attempt, so a retry reflects what changed meanwhile (a reminder
 * of a lesson moved or of a place given up is not sent); otherwise a retry sends what the first attempt composed.
 */
export type LetterComposer = ((db: Db, row: OutboxRow) => Promise<MailMessage | null>) & { everyAttempt?: boolean };

/** The delay before the attempt after `attempts` failed ones. */
export function retryDelay(options: Pick<LetterQueueOptions, 'retryBaseMs' | 'maxDelayMs'>, attempts: number): number {
  return Math.min(options.maxDelayMs, options.retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/**
 * A refusal for good: the mail server answered 5xx to this letter (no such mailbox, too big...). A refused login
 * (530, 535) or anything on the way (no connection, a timeout, 4xx) is retried: it is the server's or ours to fix.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH' || code === 'ENOAUTH') return false;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 530 && responseCode !== 535;
}

/** What the history shows of a failure: the mail server's answer or the error's message, one line, bounded. */
function describe(error: unknown): string {
  const { response, message } = error as { response?: unknown; message?: unknown };
  const text = typeof response === 'string' && response ? response : typeof message === 'string' ? message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

export class LetterQueue {
  private readonly options: LetterQueueOptions;
  private running: Promise<unknown> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private listening = false;
  private pruning: NodeJS.Timeout | null = null;

  constructor(
    private readonly parts: { db: Db; mailer: Mailer; log: FastifyBaseLogger; composers?: Record<string, LetterComposer> },
    options: Partial<LetterQueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_LETTER_QUEUE, ...options };
  }

  /** Starts listening for new letters and sends what is due. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.stopListening = await database.listen(OUTBOX_CHANNEL, {
      onNotify: () => this.wake(),
      onListening: (listening) => {
        this.listening = listening;
        // Back after a gap: whatever was queued meanwhile is looked for now.
        if (listening) this.wake();
      },
    });
    this.wake();
    this.pruning = setInterval(() => void this.prune().catch((error: unknown) => this.parts.log.warn({ err: error }, 'old letters could not be deleted')), PRUNE_EVERY_MS);
    this.pruning.unref?.();
  }

  /** Deletes the letters done more than keepDays ago, except a mailing's; how many. */
  prune(): Promise<number> {
    return pruneDoneLetters(this.parts.db, this.options.keepDays);
  }

  /** Looks for due letters now (or right after the current round). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.rounds().finally(() => {
      this.running = null;
      if (this.again) this.wake();
    });
  }

  /**
   * Sends every letter due now, also those queued while it runs, and resolves when none is left (tests; also what
   * the benchmark waits for). `gathering`: the approvals waiting for their burst to end are made due first.
   */
  async drain(options: { gathering?: boolean } = {}): Promise<void> {
    if (options.gathering) await releaseGathering(this.parts.db);
    for (;;) {
      // A round that ends may start the next one (wake): wait until none runs, then run ours alone.
      while (this.running) await this.running;
      const round = this.rounds(false);
      this.running = round;
      const sent = await round;
      if (this.running === round) this.running = null;
      if (!sent) break;
    }
    // Back to the timer of the next letter due (a retry, a gathering letter).
    this.wake();
  }

  /** Stops claiming; the letters already claimed are sent (or given back) before it resolves. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pruning) clearInterval(this.pruning);
    await this.stopListening?.().catch(() => {});
    while (this.running) await this.running;
  }

  /** Claims and sends batches until none is due; then sleeps until the next letter falls due. Whether any was sent. */
  private async rounds(schedule = true): Promise<boolean> {
    let any = false;
    try {
      for (;;) {
        this.again = false;
        if (this.closed) return any;
        const batch = await claimDueLetters(this.parts.db, this.options.batchSize, this.options.leaseMs);
        if (batch.length === 0) break;
        any = true;
        await this.sendBatch(batch);
      }
      if (schedule && !this.again) await this.scheduleNext();
    } catch (error) {
      this.parts.log.warn({ err: error }, 'the letter queue could not be read; trying again shortly');
      if (schedule) this.sleep(Math.min(5_000, this.options.idlePollMs));
    }
    return any;
  }

  private async scheduleNext(): Promise<void> {
    const next = await nextDueAt(this.parts.db);
    const idle = this.listening ? this.options.idlePollMs : Math.min(5_000, this.options.idlePollMs);
    this.sleep(next ? Math.min(idle, Math.max(0, next.getTime() - Date.now()) + 20) : idle);
  }

  private sleep(ms: number) {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
    this.timer.unref?.();
  }

  /** Sends a batch with at most `concurrency` letters at once; on close, the letters not yet started are given back. */
  private async sendBatch(batch: OutboxRow[]): Promise<void> {
    const waiting = [...batch];
    const mailingIds = new Set<number>();
    const worker = async () => {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        if (this.closed) {
          waiting.unshift(row);
          return;
        }
        await this.sendOne(row);
        if (row.mailingId !== null) mailingIds.add(row.mailingId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, batch.length) }, worker));
    if (waiting.length > 0) await releaseClaims(this.parts.db, waiting.map((row) => row.id));
    await finishMailings(this.parts.db, [...mailingIds]);
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    const { db, mailer, log } = this.parts;
    let message: MailMessage | null;
    try {
      message = await this.messageOf(row);
    } catch (error) {
      log.error({ err: error, letter: { id: row.id, kind: row.kind } }, 'a letter could not be composed');
      await markRetry(db, row.id, describe(error), retryDelay(this.options, row.attempts));
      return;
    }
    if (!message) return markDropped(db, row.id);
    try {
      await mailer.send(message);
    } catch (error) {
      const reason = describe(error);
      const givenUp = isPermanentRefusal(error) || Date.now() - row.createdAt.getTime() > this.options.giveUpAfterMs;
      // The recipient and kind, never the letter: its links may carry live tokens.
      log[givenUp ? 'error' : 'warn']({ err: error, letter: { id: row.id, kind: row.kind, attempts: row.attempts } }, givenUp ? 'a letter could not be delivered' : 'a letter will be sent again');
      if (givenUp) await markFailed(db, row.id, reason);
      else await markRetry(db, row.id, reason, retryDelay(this.options, row.attempts));
      return;
    }
    await markSent(db, row.id);
  }

  private async messageOf(row: OutboxRow): Promise<MailMessage | null> {
    const compose = this.parts.composers?.[row.kind];
    if (row.subject !== null && row.text !== null && row.html !== null && row.recipient !== null && !compose?.everyAttempt) {
      return { to: row.recipient, subject: row.subject, text: row.text, html: row.html, headers: row.headers, attachments: row.attachments };
    }
    if (!compose) throw new Error(`no composer for letters of kind ${row.kind}`);
    const message = await compose(this.parts.db, row);
    if (message) await storeComposed(this.parts.db, row.id, message);
    return message;
  }
}
