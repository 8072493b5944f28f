// What the enrollment and payment services work with: the database, the providers, the mailer, the cache to
// drop and the log; decorated on the app as `app.payments`.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail.ts';
import type { PaymentProviders } from './providers.ts';

export interface PaymentsContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Dropped after every commit that changes places (hasFreePlaces is cached publicly). */
  publicCache: { invalidate(): void };
  providers: PaymentProviders;
  /** Work started without waiting for it (reading a payment back from its provider); awaited at close. */
  background(task: Promise<unknown>): void;
  /** Resolves when the background work started so far has finished. */
  settled(): Promise<void>;
  /** When each payment in progress was last read back from its provider (a throttle, nothing that matters). */
  providerReads: Map<number, number>;
  /**
   * Payment creations for one course in this process, one at a time: in a rush they queue here rather than in
   * PostgreSQL on the course's row lock, where each waiter would hold a pooled connection that other requests need.
   * Only an optimisation: the row lock is what decides, across processes.
   */
  courseQueue: KeyedQueue;
}

/** Runs tasks one after another per key. */
export class KeyedQueue {
  private readonly tails = new Map<number, Promise<void>>();

  async run<T>(key: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Enrollment and payments: services/enrollment.ts, services/payments/*.ts. */
    payments: PaymentsContext;
  }
}

export function createPaymentsContext(parts: Omit<PaymentsContext, 'background' | 'settled' | 'providerReads' | 'courseQueue'>): PaymentsContext {
  const running = new Set<Promise<unknown>>();
  return {
    ...parts,
    providerReads: new Map(),
    courseQueue: new KeyedQueue(),
    background(task) {
      const tracked = task.catch(() => {}).finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
