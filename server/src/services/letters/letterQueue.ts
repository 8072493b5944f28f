// The worker of the durable letter queue (table outbox_letters, repositories/letters/outboxRepository.ts): it claims due
// letters in small batches with a lease, sends each through the mailer, records the result right after each send,
// and retries failures with exponential backoff. Every process runs one; they share the work through the claims, and
// the loop that wakes, claims and sleeps is the one of every durable queue (services/durableWorker.ts).
// When it records letters it makes their answerer the Reply-To (letterReplyTo.ts); when it sends them it names the
// recipient in To from the account of the address, and counts the mail server's permanent refusals of an address in a
// row (table mail_delivery_failures): from UNDELIVERABLE_AFTER on the address gets no more news, until a letter to it
// is delivered or the person's address changes.
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../../db/client.ts';
import { clearDeliveryFailures, letterAccounts, recordDeliveryFailure, storeComposedHeaders, type LetterAccount } from '../../repositories/letters/letterDeliveryRepository.ts';
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
  type QueuedLetter as RecordedLetter,
} from '../../repositories/letters/outboxRepository.ts';
import { DurableWorker } from '../durableWorker.ts';
import type { Mailer, MailMessage } from './mail.ts';
import { recordedHeaders, storedHeaders, withReplyTo } from './replyTo.ts';
import type { Answerer } from './mailMessage.ts';

const OUTBOX_CHANNEL = 'outbox_letters';

/** A letter to record, with who answers it (made its Reply-To when it is recorded). */
export type QueuedLetter = RecordedLetter & { answeredBy?: Answerer };

/**
 * Records letters to send: pass the transaction of the change that causes them, so that the change and its letters
 * are committed together or not at all. The workers send them after the commit. Their answerers become Reply-To
 * headers here, as they are in `db` now.
 */
export async function queueLetters(db: Db | Tx, letters: readonly QueuedLetter[]): Promise<void> {
  const answered = await withReplyTo(db, letters);
  return insertLetters(
    db,
    answered.map((letter) => ({ ...letter, headers: storedHeaders(letter) })),
  );
}

/** Permanent refusals in a row (SMTP 5xx to RCPT or DATA, no delivery between) after which an address gets no news. */
export const UNDELIVERABLE_AFTER = 3;

/** What a news letter to such an address is marked with, as the mailing's list of recipients shows it. */
const undeliverableText = (failures: number) =>
  `Адрес не принимает письма: почтовый сервер отказал в доставке ${failures} раза подряд. Новости на этот адрес не отправляются, пока на него не дойдёт другое письмо или адрес не сменят.`;

/** A letter of a course's news (a mailing's): what an address that does not take letters no longer gets. */
const isNews = (row: Pick<OutboxRow, 'kind' | 'mailingId'>) => row.kind === 'news' || row.mailingId !== null;

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
function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (code === 'EAUTH' || code === 'ENOAUTH') return false;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 530 && responseCode !== 535;
}

/** The recipient refused for good: a 5xx answer to RCPT TO (no such mailbox) or to the message (DATA). */
function isRecipientRefusal(error: unknown): boolean {
  const { command } = error as { command?: unknown };
  return isPermanentRefusal(error) && (command === 'RCPT TO' || command === 'DATA');
}

/** What the history shows of a failure: the mail server's answer or the error's message, one line, bounded. */
function describe(error: unknown): string {
  const { response, message } = error as { response?: unknown; message?: unknown };
  const text = typeof response === 'string' && response ? response : typeof message === 'string' ? message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/** The accounts behind a batch's letters (LetterQueue.recipientsOf). */
interface Recipients {
  /** The account whose address this is. */
  owner(address: string): LetterAccount | undefined;
  byId(id: number): LetterAccount | undefined;
}

export class LetterQueue {
  private readonly options: LetterQueueOptions;
  private readonly worker: DurableWorker;
  private pruning: NodeJS.Timeout | null = null;

  constructor(
    private readonly parts: { db: Db; mailer: Mailer; log: FastifyBaseLogger; composers?: Record<string, LetterComposer> },
    options: Partial<LetterQueueOptions> = {},
  ) {
    this.options = { ...DEFAULT_LETTER_QUEUE, ...options };
    this.worker = new DurableWorker(
      {
        channel: OUTBOX_CHANNEL,
        name: 'the letter queue',
        idlePollMs: this.options.idlePollMs,
        step: async () => {
          const batch = await claimDueLetters(this.parts.db, this.options.batchSize, this.options.leaseMs);
          if (batch.length === 0) return false;
          await this.sendBatch(batch);
          return true;
        },
        nextDueAt: () => nextDueAt(this.parts.db),
      },
      parts.log,
    );
  }

  /** Starts listening for new letters and sends what is due. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    await this.worker.start(database);
    this.pruning = setInterval(() => void this.prune().catch((error: unknown) => this.parts.log.warn({ err: error }, 'old letters could not be deleted')), PRUNE_EVERY_MS);
    this.pruning.unref?.();
  }

  /** Deletes the letters done more than keepDays ago, except a mailing's; how many. */
  prune(): Promise<number> {
    return pruneDoneLetters(this.parts.db, this.options.keepDays);
  }

  /** Looks for due letters now (or right after the current round). */
  wake(): void {
    this.worker.wake();
  }

  /**
   * Sends every letter due now, also those queued while it runs, and resolves when none is left (tests; also what
   * the benchmark waits for). `gathering`: the approvals waiting for their burst to end are made due first.
   */
  async drain(options: { gathering?: boolean } = {}): Promise<void> {
    if (options.gathering) await releaseGathering(this.parts.db);
    await this.worker.drain();
  }

  /** Stops claiming; the letters already claimed are sent (or given back) before it resolves. */
  async close(): Promise<void> {
    if (this.pruning) clearInterval(this.pruning);
    await this.worker.close();
  }

  /** Sends a batch with at most `concurrency` letters at once; on close, the letters not yet started are given back. */
  private async sendBatch(batch: OutboxRow[]): Promise<void> {
    const waiting = [...batch];
    const mailingIds = new Set<number>();
    const recipients = await this.recipientsOf(batch);
    const worker = async () => {
      for (let row = waiting.shift(); row; row = waiting.shift()) {
        if (this.worker.closed) {
          waiting.unshift(row);
          return;
        }
        await this.sendOne(row, recipients);
        if (row.mailingId !== null) mailingIds.add(row.mailingId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, batch.length) }, worker));
    if (waiting.length > 0) await releaseClaims(this.parts.db, waiting.map((row) => row.id));
    await finishMailings(this.parts.db, [...mailingIds]);
  }

  /**
   * The accounts the batch's letters go to, in one query: by the address (its owner's name and refusals), else by the
   * letter's user (a new address not yet the account's, in the letter that confirms it).
   */
  private async recipientsOf(batch: OutboxRow[]): Promise<Recipients> {
    const accounts = await letterAccounts(
      this.parts.db,
      batch.flatMap((row) => (row.recipient ? [row.recipient] : [])),
      batch.flatMap((row) => (row.userId !== null ? [row.userId] : [])),
    );
    return {
      owner: (address) => accounts.find((account) => account.email.trim().toLowerCase() === address.trim().toLowerCase()),
      byId: (id) => accounts.find((account) => account.id === id),
    };
  }

  private async sendOne(row: OutboxRow, recipients: Recipients): Promise<void> {
    const { db, mailer, log } = this.parts;
    // Composed letters have no recipient before they are composed; the rest are known here.
    const knownOwner = row.recipient ? recipients.owner(row.recipient) : undefined;
    if (isNews(row) && knownOwner && knownOwner.failures >= UNDELIVERABLE_AFTER) {
      log.info({ letter: { id: row.id, kind: row.kind, failures: knownOwner.failures } }, 'a news letter is not sent: its address does not take letters');
      return markFailed(db, row.id, undeliverableText(knownOwner.failures));
    }
    let message: MailMessage | null;
    try {
      message = await this.messageOf(row);
    } catch (error) {
      log.error({ err: error, letter: { id: row.id, kind: row.kind } }, 'a letter could not be composed');
      await markRetry(db, row.id, describe(error), retryDelay(this.options, row.attempts));
      return;
    }
    if (!message) return markDropped(db, row.id);
    const owner = knownOwner ?? recipients.owner(message.to);
    const named = owner ?? (row.userId !== null ? recipients.byId(row.userId) : undefined);
    try {
      await mailer.send(named?.name ? { ...message, toName: named.name } : message);
    } catch (error) {
      const reason = describe(error);
      const givenUp = isPermanentRefusal(error) || Date.now() - row.createdAt.getTime() > this.options.giveUpAfterMs;
      // The recipient and kind, never the letter: its links may carry live tokens.
      log[givenUp ? 'error' : 'warn']({ err: error, letter: { id: row.id, kind: row.kind, attempts: row.attempts } }, givenUp ? 'a letter could not be delivered' : 'a letter will be sent again');
      if (givenUp) await markFailed(db, row.id, reason);
      else await markRetry(db, row.id, reason, retryDelay(this.options, row.attempts));
      if (owner && isRecipientRefusal(error)) await this.countRefusal(owner, message.to);
      return;
    }
    await markSent(db, row.id);
    // Delivered: the refusals counted for the address no longer count (a row counted meanwhile by another process
    // is cleared by the next delivery).
    if (owner && owner.failures > 0) await clearDeliveryFailures(db, owner.id, message.to).catch((error: unknown) => log.warn({ err: error }, 'a delivered letter could not clear its address’s refusals'));
  }

  private async countRefusal(owner: LetterAccount, address: string): Promise<void> {
    try {
      const failures = await recordDeliveryFailure(this.parts.db, owner.id, address);
      if (failures === UNDELIVERABLE_AFTER) this.parts.log.warn({ user: owner.id, failures }, 'an address refused letters for good several times in a row: it gets no more news');
    } catch (error) {
      this.parts.log.warn({ err: error }, 'a refused letter could not be counted');
    }
  }

  private async messageOf(row: OutboxRow): Promise<MailMessage | null> {
    const compose = this.parts.composers?.[row.kind];
    if (row.subject !== null && row.text !== null && row.html !== null && row.recipient !== null && !compose?.everyAttempt) {
      return { to: row.recipient, subject: row.subject, text: row.text, html: row.html, ...recordedHeaders(row.headers), attachments: row.attachments };
    }
    if (!compose) throw new Error(`no composer for letters of kind ${row.kind}`);
    const composed = await compose(this.parts.db, row);
    const [message] = composed ? await withReplyTo(this.parts.db, [composed]) : [null];
    if (message) {
      await storeComposed(this.parts.db, row.id, message);
      if (message.replyTo) await storeComposedHeaders(this.parts.db, row.id, storedHeaders(message));
    }
    return message ?? null;
  }
}
