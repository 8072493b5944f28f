// Settlement receipts («чек зачёта предоплаты», docs/PAYMENTS.md): with RECEIPT_PAYMENT_MODE=full_prepayment a
// payment's receipt is a prepayment one, and each lesson, once given (ended, or marked held by an author), gets its
// settlement receipt through YooKassa's POST /receipts. Every process sweeps once a minute: one statement queues the
// settlements that fell due (the unique key of table receipts makes each once, however many processes sweep), then the
// due rows are claimed with FOR UPDATE SKIP LOCKED and a lease and sent, each under the idempotence key kept on its
// row; YooKassa down (5xx, no answer) is retried with backoff, a refusal (4xx) is recorded as failed with YooKassa's
// description until an author resends it.
import type { FastifyBaseLogger } from 'fastify';
import type { ReceiptSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  claimDueReceipts,
  dropPendingReceipt,
  markReceiptFailed,
  markReceiptRetry,
  markReceiptSent,
  queueDueSettlements,
  releaseReceiptClaims,
  settlementFacts,
  type ReceiptRow,
} from '../../repositories/payments/receiptsRepository.ts';
import { ProviderError, type PaymentProvider } from './provider.ts';
import { lessonDescription } from './receipts.ts';
import { startPeriodicSweep } from '../backgroundTasks.ts';

interface SettlementDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The YooKassa adapter (createReceipt). */
  provider: PaymentProvider;
}

interface SettlementQueueOptions {
  /** How many receipts one claim takes. */
  batchSize: number;
  /** How long a claim is this process's: a process killed meanwhile leaves its receipts to the others after it. */
  leaseMs: number;
  /** The first retry's delay; each further one doubles it, up to maxDelayMs. */
  retryBaseMs: number;
  maxDelayMs: number;
}

const DEFAULT_SETTLEMENT_QUEUE: SettlementQueueOptions = { batchSize: 20, leaseMs: 120_000, retryBaseMs: 60_000, maxDelayMs: 3600_000 };

/**
 * Whether the sweep runs: YooKassa's receipts on. It settles only payments whose receipt was a prepayment one, so a
 * shop that moved to full_payment still settles the lessons it was prepaid for before.
 */
export const settlementsWanted = (receipts: ReceiptSettings | null | undefined): boolean => receipts !== null && receipts !== undefined;

function settlementRetryDelay(options: Pick<SettlementQueueOptions, 'retryBaseMs' | 'maxDelayMs'>, attempts: number): number {
  return Math.min(options.maxDelayMs, options.retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** A refusal for good: YooKassa answered 4xx (but 429, «too many requests», which passes). */
const isRefusal = (error: unknown): error is ProviderError =>
  error instanceof ProviderError && typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.status !== 429;

/** One line, bounded: what the area shows of a refusal. */
const reasonOf = (error: unknown) => {
  const text = error instanceof ProviderError && error.description ? error.description : error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
};

async function sendOne(deps: SettlementDeps, options: SettlementQueueOptions, row: ReceiptRow): Promise<void> {
  const { db, log, provider } = deps;
  const facts = await settlementFacts(db, row.id);
  // Refunded after it was queued: the lesson was not given, so nothing is settled.
  if (!facts || facts.refunded) return dropPendingReceipt(db, row.id);
  if (!facts.providerPaymentId || !provider.createReceipt) return markReceiptFailed(db, row.id, 'the payment is not a YooKassa payment');
  try {
    const made = await provider.createReceipt({
      providerPaymentId: facts.providerPaymentId,
      currency: row.currency,
      idempotencyKey: row.idempotenceKey,
      receipt: {
        email: facts.email,
        lines: [{ description: lessonDescription(facts.courseTitle, { number: facts.lessonNumber, title: facts.lessonTitle }), quantity: 1, amountCents: row.lessonCents[0] ?? 0 }],
      },
    });
    if (made.status === 'canceled') {
      log.error({ receipt: { id: row.id, paymentId: row.paymentId } }, 'YooKassa canceled a settlement receipt');
      return markReceiptFailed(db, row.id, 'YooKassa canceled the receipt');
    }
    await markReceiptSent(db, row.id, made.receiptId);
  } catch (error) {
    const refused = isRefusal(error);
    log[refused ? 'error' : 'warn']({ err: error, receipt: { id: row.id, paymentId: row.paymentId, attempts: row.attempts } }, refused ? 'YooKassa refused a settlement receipt' : 'a settlement receipt will be sent again');
    if (refused) await markReceiptFailed(db, row.id, reasonOf(error));
    else await markReceiptRetry(db, row.id, error instanceof Error ? error.message : String(error), settlementRetryDelay(options, row.attempts));
  }
}

/** Sends every receipt due now, batch after batch; how many were attempted. `stopped`: the process is stopping. */
async function sendDueReceipts(deps: SettlementDeps, options: Partial<SettlementQueueOptions> = {}, stopped: () => boolean = () => false): Promise<number> {
  const settings = { ...DEFAULT_SETTLEMENT_QUEUE, ...options };
  let attempted = 0;
  for (;;) {
    const batch = await claimDueReceipts(deps.db, settings.batchSize, settings.leaseMs);
    if (batch.length === 0) return attempted;
    for (const [index, row] of batch.entries()) {
      if (stopped()) {
        await releaseReceiptClaims(deps.db, batch.slice(index).map((left) => left.id));
        return attempted;
      }
      await sendOne(deps, settings, row);
      attempted += 1;
    }
  }
}

/** Queues the settlements due at `now` and sends what is due; how many were queued. */
export async function sweepSettlements(deps: SettlementDeps, options: Partial<SettlementQueueOptions> = {}, now: Date = new Date(), stopped?: () => boolean): Promise<number> {
  const queued = await queueDueSettlements(deps.db, now);
  await sendDueReceipts(deps, options, stopped);
  return queued;
}

/**
 * Sweeps now and every `intervalMs` (unref'd). Returns a stop, which resolves once a sweep under way has finished
 * (the receipt being sent is finished; the rest of its batch is given back).
 */
export function startSettlementSweep(deps: SettlementDeps, intervalMs = 60_000, options: Partial<SettlementQueueOptions> = {}): () => Promise<void> {
  return startPeriodicSweep((stopped) => sweepSettlements(deps, options, new Date(), stopped), intervalMs, (error) => deps.log.error({ err: error }, 'the sweep of settlement receipts failed'));
}
