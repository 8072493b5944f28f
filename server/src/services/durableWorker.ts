// The loop every durable queue's worker runs (letters in services/letters/letterQueue.ts, recordings' processing in
// services/recordings/processing.ts): rows due in a table are claimed with FOR UPDATE SKIP LOCKED and a lease by
// whichever process looks first, so each process runs one worker and they share the work through the claims.
// The worker wakes on the table's NOTIFY (every process LISTENs: PostgreSQL's connection or PGlite's), on a timer set
// to the next row due, and polls while notices may be missed (faster while the LISTEN connection is down). What a
// claim does is the queue's own business: `step` claims and handles one batch.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

export interface DurableWork {
  /** The NOTIFY channel of the queue's table. */
  channel: string;
  /** What the log calls the queue when its table cannot be read («the letter queue»). */
  name: string;
  /** The longest sleep between looks at the table while listening. */
  idlePollMs: number;
  /** Claims one batch and handles it; false when nothing was due. `closed()` tells a long batch to give back the rest. */
  step(closed: () => boolean): Promise<boolean>;
  /** When the next row falls due (a retry, a lapsed lease), or null when none waits. */
  nextDueAt(): Promise<Date | null>;
}

/** While the LISTEN connection is down (notices may be missed), the table is looked at at least this often. */
const UNHEARD_POLL_MS = 5_000;

export class DurableWorker {
  private running: Promise<unknown> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private listening = false;

  constructor(
    private readonly work: DurableWork,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether close() was called: a batch under way stops starting new rows. */
  get closed(): boolean {
    return this.stopped;
  }

  /** Starts listening for new rows and handles what is due. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.stopped = false;
    this.stopListening = await database.listen(this.work.channel, {
      onNotify: () => this.wake(),
      onListening: (listening) => {
        this.listening = listening;
        // Back after a gap: whatever was queued meanwhile is looked for now.
        if (listening) this.wake();
      },
    });
    this.wake();
  }

  /** Looks for due rows now (or right after the current round). */
  wake(): void {
    if (this.stopped) return;
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

  /** Handles every row due now, also those queued while it runs, and resolves when none is left (tests, benchmarks). */
  async drain(): Promise<void> {
    for (;;) {
      // A round that ends may start the next one (wake): wait until none runs, then run ours alone.
      while (this.running) await this.running;
      const round = this.rounds(false);
      this.running = round;
      const any = await round;
      if (this.running === round) this.running = null;
      if (!any) break;
    }
    // Back to the timer of the next row due.
    this.wake();
  }

  /** Stops claiming; the batch under way ends (or gives its rows back) before it resolves. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.stopListening?.().catch(() => {});
    while (this.running) await this.running;
  }

  /** Claims and handles batches until none is due; then sleeps until the next row falls due. Whether any was handled. */
  private async rounds(schedule = true): Promise<boolean> {
    let any = false;
    try {
      for (;;) {
        this.again = false;
        if (this.stopped) return any;
        if (!(await this.work.step(() => this.stopped))) break;
        any = true;
      }
      if (schedule && !this.again) {
        const next = await this.work.nextDueAt();
        const idle = this.listening ? this.work.idlePollMs : Math.min(UNHEARD_POLL_MS, this.work.idlePollMs);
        this.sleep(next ? Math.min(idle, Math.max(0, next.getTime() - Date.now()) + 20) : idle);
      }
    } catch (error) {
      this.log.warn({ err: error }, `${this.work.name} could not be read; trying again shortly`);
      if (schedule) this.sleep(Math.min(UNHEARD_POLL_MS, this.work.idlePollMs));
    }
    return any;
  }

  private sleep(ms: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, ms);
    this.timer.unref?.();
  }
}

/**
 * A queue that one DurableWorker runs (the Telegram messages, the recordings' jobs): its start, wake, drain and close
 * are the worker's. The subclass makes the worker in its constructor, with its own step and due time.
 */
export abstract class DurableQueue {
  protected abstract readonly worker: DurableWorker;

  start(database: Pick<Database, 'listen'>): Promise<void> {
    return this.worker.start(database);
  }

  /** Looks for due rows now (or right after the current round). */
  wake(): void {
    this.worker.wake();
  }

  /** Runs everything due now and resolves when nothing is left (tests, benchmarks). */
  drain(): Promise<void> {
    return this.worker.drain();
  }

  /** Stops claiming; what is under way is finished (or left to its lease) before it resolves. */
  close(): Promise<void> {
    return this.worker.close();
  }
}
