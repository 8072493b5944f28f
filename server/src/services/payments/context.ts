// What the enrollment and payment services work with: the database, the providers, the mailer, the cache to
// drop and the log; decorated on the app as `app.payments`.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApprovalLetters } from '../enrollmentLetters.ts';
import type { Mailer } from '../mail.ts';
import { SharedReads } from '../sharedReads.ts';
import { storeProviderPages, type ProviderPage, type SaleFact } from './checkout.ts';
import { holdBatch, type Held, type HoldRequest } from './holds.ts';
import type { PaymentProviders } from './providers.ts';
import { NOTIFICATION_READ_INTERVAL_MS, type SettleResult } from './completion.ts';
import { ReadThrottle } from './readThrottle.ts';

export interface PaymentsContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /**
   * Dropped after every commit that changes places (hasFreePlaces is cached publicly); its generation moves on
   * with every such change, here or (through the database's change notices) in another process.
   */
  publicCache: { invalidate(): void; readonly generation: number };
  providers: PaymentProviders;
  /** Work started without waiting for it (reading a payment back from its provider); awaited at close. */
  background(task: Promise<unknown>): void;
  /** Resolves when the background work started so far has finished (and the waiting approval letters are sent). */
  settled(): Promise<void>;
  /** When each payment in progress was last read back from its provider (a throttle, nothing that matters). */
  providerReads: Map<number, number>;
  /** The read-backs notifications ask for, per payment (completion.ts settleFromNotification). */
  notificationReads: ReadThrottle<SettleResult>;
  /**
   * Payment creations for one course in this process, in batches (holds.ts): in a rush they queue here rather than
   * in PostgreSQL on the course's row lock, where each waiter would hold a pooled connection that other requests
   * need, and whoever queued during a transaction shares the next one. Only an optimisation: the row lock is what
   * decides, across processes.
   */
  holdQueue: BatchQueue<HoldRequest, Held>;
  /** The provider pages of new payments, recorded together when they come at once (checkout.ts). */
  providerPages: BatchQueue<ProviderPage, void>;
  /** What a payment creation checks before queueing (checkout.ts), read once for all who ask alike at once. */
  saleFacts: SharedReads<string, SaleFact[]>;
  /** An author's approvals, told in one letter per person and course when they come in a burst (enrollmentLetters.ts). */
  approvalLetters: ApprovalLetters;
}

/** How long one read of the lessons on sale may answer buyers: a place freed meanwhile is a race lost anyway. */
const SALE_FACTS_MAX_AGE_MS = 500;

/** The most creations one transaction takes on; the rest wait for the next. */
const MAX_HOLD_BATCH = 100;

/**
 * Runs work per key in batches, one batch at a time per key: what is submitted while a batch runs goes together
 * into the next one, in order of arrival. Items with the same distinctKey never share a batch (the later waits).
 */
export class BatchQueue<Item, Result> {
  private readonly queues = new Map<number, { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[]>();

  constructor(
    private readonly run: (key: number, items: Item[]) => Promise<PromiseSettledResult<Result>[]>,
    private readonly options: { maxBatch: number; distinctKey: (item: Item) => unknown },
  ) {}

  submit(key: number, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const waiting = this.queues.get(key);
      if (waiting) return void waiting.push({ item, resolve, reject });
      this.queues.set(key, [{ item, resolve, reject }]);
      // Not at once: whoever is answered by the same read as this item submits in this same turn of the event loop.
      setImmediate(() => void this.drain(key));
    });
  }

  /** Runs batches for the key until nobody waits; the key's entry exists exactly while this runs. */
  private async drain(key: number) {
    const waiting = this.queues.get(key)!;
    while (waiting.length > 0) {
      const batch: typeof waiting = [];
      const keys = new Set<unknown>();
      for (let index = 0; index < waiting.length && batch.length < this.options.maxBatch; ) {
        const distinct = this.options.distinctKey(waiting[index]!.item);
        if (keys.has(distinct)) {
          index += 1;
          continue;
        }
        keys.add(distinct);
        batch.push(...waiting.splice(index, 1));
      }
      try {
        const outcomes = await this.run(
          key,
          batch.map((entry) => entry.item),
        );
        batch.forEach((entry, index) => {
          const outcome = outcomes[index]!;
          if (outcome.status === 'fulfilled') entry.resolve(outcome.value);
          else entry.reject(outcome.reason);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.queues.delete(key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Enrollment and payments: services/enrollment.ts, services/payments/*.ts. */
    payments: PaymentsContext;
  }
}

export function createPaymentsContext(
  parts: Omit<PaymentsContext, 'background' | 'settled' | 'providerReads' | 'notificationReads' | 'holdQueue' | 'providerPages' | 'saleFacts' | 'approvalLetters'>,
): PaymentsContext {
  const running = new Set<Promise<unknown>>();
  const context: PaymentsContext = {
    ...parts,
    providerReads: new Map(),
    notificationReads: new ReadThrottle(NOTIFICATION_READ_INTERVAL_MS, (key, task) =>
      context.background(task.catch((error: unknown) => parts.log.warn({ err: error, payment: key }, 'a payment could not be read back after its notifications'))),
    ),
    saleFacts: new SharedReads(() => parts.publicCache.generation, SALE_FACTS_MAX_AGE_MS),
    holdQueue: new BatchQueue((courseId, batch) => holdBatch(context, courseId, batch), { maxBatch: MAX_HOLD_BATCH, distinctKey: (request) => request.userId }),
    providerPages: new BatchQueue((_key, pages) => storeProviderPages(context, pages), { maxBatch: MAX_HOLD_BATCH, distinctKey: (page) => page.paymentId }),
    approvalLetters: new ApprovalLetters({ db: parts.db, mailer: parts.mailer, config: parts.config, log: parts.log }),
    background(task) {
      const tracked = task.catch(() => {}).finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settled() {
      // The approval letters waiting for a burst to end go now: nobody else will send them.
      await context.approvalLetters.flush();
      while (running.size > 0) await Promise.all([...running]);
    },
  };
  return context;
}
