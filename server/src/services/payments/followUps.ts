// Payments in progress, followed up with their providers: every read-back of a payment goes through `settle` here —
// a notification (YooKassa's, PayPal's webhook), the payer's return from PayPal, the result page's polling and the
// expiry sweep — so each is guarded the same way (only a payment we created and have not decided for good) and
// throttled by the same ReadThrottle (at most once per interval per payment); completion.ts decides each time.
import type { PaymentSystem } from '../../../../common/wireTypes.ts';
import { paymentByProviderId, type PaymentRow } from '../../repositories/payments/paymentsRepository.ts';
import { startPeriodicSweep, type BackgroundTasks } from '../backgroundTasks.ts';
import { settleFromProvider, sweepExpiredPayments, type SettleDeps, type SettleResult } from './completion.ts';
import { ReadThrottle } from './readThrottle.ts';
import { isSandboxPayment } from './sandbox.ts';

/** How often one payment may be read back from its provider, whoever asks (readThrottle.ts). */
export const NOTIFICATION_READ_INTERVAL_MS = 3000;

/** How often one payment in progress may be read back from its provider while its payer polls. */
const REFRESH_INTERVAL_MS = 10_000;

/** What a read-back led to; deferred: the payment is read back at the end of the interval (readThrottle.ts). */
export type NotificationResult = SettleResult | 'deferred';

interface FollowUpDeps extends SettleDeps {
  /** The read-backs and sweeps nobody waits for: awaited when the app closes. */
  background: Pick<BackgroundTasks, 'run'>;
}

/** A reason to read a payment back from its provider. */
export interface SettleRequest {
  system: PaymentSystem;
  /** The provider's id of the payment (YooKassa payment, PayPal order). */
  providerId: string;
  /** Our payment id, when the request names it too (PayPal's return address): the stored payment must be this one. */
  paymentId?: number;
  /** The payer came back through the cancel address: a payment not taken by then is cancelled. */
  cancelIfUnpaid?: boolean;
  /**
   * Wait for a read-back the throttle holds back, instead of 'deferred' (at most the interval): the payer's return
   * from PayPal, who then lands on the result page after the capture.
   */
  wait?: boolean;
}

export interface PaymentFollowUps {
  /**
   * Reads a payment back from its provider and applies what it says: only one we created and have not decided for
   * good (unknown, unchanged otherwise, without asking the provider), and at most once per interval per payment, so
   * forged notifications cannot spend the provider quota. Throws ProviderError when the provider cannot be asked.
   */
  settle(request: SettleRequest): Promise<NotificationResult>;
  /**
   * While the payer waits on the result page, their payment is read back from the provider now and then, in the
   * background: a lost notification then costs seconds, not the place. Sandbox payments are skipped: false for them
   * (nothing can be read back), true when the payment is followed.
   */
  refreshInBackground(payment: Pick<PaymentRow, 'id' | 'system' | 'providerId'>): boolean;
  /** Releases the lapsed holds, each read back (through `settle`) first; returns how many payments were looked at. */
  sweepExpired(): Promise<number>;
  /** Releases lapsed holds now and every `intervalMs` (unref'd: it never keeps the process alive); returns a stop. */
  startExpirySweep(intervalMs?: number): () => Promise<void>;
}

export function createPaymentFollowUps(deps: FollowUpDeps): PaymentFollowUps {
  const { background, log } = deps;
  const reads = new ReadThrottle<SettleResult>(NOTIFICATION_READ_INTERVAL_MS, (key, task) =>
    background.run(task.catch((error: unknown) => log.warn({ err: error, payment: key }, 'a payment could not be read back after its notifications'))),
  );
  /** When each payment in progress was last read back for its waiting payer (a throttle, nothing that matters). */
  const refreshedAt = new Map<number, number>();

  const settle = async ({ system, providerId, paymentId, cancelIfUnpaid = false, wait = false }: SettleRequest): Promise<NotificationResult> => {
    // The test checkout has no API to read back from: its own page decides (services/payments/sandboxPage.ts).
    if (isSandboxPayment(providerId) || deps.providers.bySystem[system].kind === 'sandbox') return 'unknown';
    const payment = await paymentByProviderId(deps.db, system, providerId);
    // Our provider id is stored before the payer is sent to pay: an id we do not have is not ours.
    if (!payment || (paymentId !== undefined && payment.id !== paymentId)) return 'unknown';
    // Nothing a provider says changes a payment it was paid for already: completed, waiting for its refund, or refunded.
    if (payment.state === 'STATE_COMPLETED' || payment.refundRequired || payment.paidAt !== null) return 'unchanged';
    // A cancel is a read-back of its own kind (it never captures): it does not share another's result, nor they its.
    const key = `${system}:${providerId}${cancelIfUnpaid ? ':cancel' : ''}`;
    return reads.run(key, () => settleFromProvider(deps, system, providerId, { cancelIfUnpaid }), { wait });
  };

  const sweepExpired = () => sweepExpiredPayments(deps, 100, (system, providerId) => settle({ system, providerId }));

  return {
    settle,

    refreshInBackground(payment) {
      if (!payment.providerId || isSandboxPayment(payment.providerId) || deps.providers.bySystem[payment.system].kind === 'sandbox') return false;
      const now = Date.now();
      if ((refreshedAt.get(payment.id) ?? 0) > now - REFRESH_INTERVAL_MS) return true;
      if (refreshedAt.size > 10_000) refreshedAt.clear();
      refreshedAt.set(payment.id, now);
      background.run(
        settle({ system: payment.system, providerId: payment.providerId }).catch((error: unknown) =>
          log.warn({ err: error, paymentId: payment.id }, 'a payment in progress could not be read back from its provider'),
        ),
      );
      return true;
    },

    sweepExpired,

    startExpirySweep(intervalMs = 60_000) {
      return startPeriodicSweep(sweepExpired, intervalMs, (error) => log.error({ err: error }, 'the sweep of expired payment holds failed'));
    },
  };
}
