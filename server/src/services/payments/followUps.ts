// Payments in progress, followed up with their providers in the background: read back when a notification names
// them (at most once per interval per payment, readThrottle.ts), now and then while the payer waits on the result
// page, and released by a sweep once their hold has lapsed (completion.ts decides each time).
import type { PaymentSystem } from '../../../../common/wireTypes.ts';
import { paymentByProviderId, type PaymentRow } from '../../repositories/paymentsRepository.ts';
import type { BackgroundTasks } from '../backgroundTasks.ts';
import { settleFromProvider, sweepExpiredPayments, type SettleDeps, type SettleResult } from './completion.ts';
import { ReadThrottle } from './readThrottle.ts';
import { isSandboxPayment } from './sandbox.ts';

/** How often a notification may make us read one payment back from its provider (readThrottle.ts). */
export const NOTIFICATION_READ_INTERVAL_MS = 3000;

/** How often one payment in progress may be read back from its provider while its payer polls. */
const REFRESH_INTERVAL_MS = 10_000;

/** What a notification led to; deferred: the payment is read back at the end of the interval (readThrottle.ts). */
export type NotificationResult = SettleResult | 'deferred';

export interface FollowUpDeps extends SettleDeps {
  /** The read-backs and sweeps nobody waits for: awaited when the app closes. */
  background: Pick<BackgroundTasks, 'run'>;
}

export interface PaymentFollowUps {
  /**
   * A provider's notification names a payment: it is read back only when it is one we created and have not decided
   * for good, and at most once per interval per payment, so forged notifications cannot spend the provider quota.
   */
  settleFromNotification(system: PaymentSystem, providerId: string): Promise<NotificationResult>;
  /**
   * While the payer waits on the result page, their payment is read back from the provider now and then, in the
   * background: a lost notification then costs seconds, not the place. Sandbox payments are skipped.
   */
  refreshInBackground(payment: Pick<PaymentRow, 'id' | 'system' | 'providerId'>): void;
  /** Releases lapsed holds now and every `intervalMs` (unref'd: it never keeps the process alive); returns a stop. */
  startExpirySweep(intervalMs?: number): () => void;
}

export function createPaymentFollowUps(deps: FollowUpDeps): PaymentFollowUps {
  const { background, log } = deps;
  const notificationReads = new ReadThrottle<SettleResult>(NOTIFICATION_READ_INTERVAL_MS, (key, task) =>
    background.run(task.catch((error: unknown) => log.warn({ err: error, payment: key }, 'a payment could not be read back after its notifications'))),
  );
  /** When each payment in progress was last read back for its waiting payer (a throttle, nothing that matters). */
  const refreshedAt = new Map<number, number>();

  return {
    async settleFromNotification(system, providerId) {
      const payment = await paymentByProviderId(deps.db, system, providerId);
      // Our provider id is stored before the payer is sent to pay: an id we do not have is not ours.
      if (!payment) return 'unknown';
      // Nothing a provider says changes a completed payment or one waiting for a refund (refunds are handled by hand).
      if (payment.state === 'STATE_COMPLETED' || payment.refundRequired) return 'unchanged';
      return notificationReads.run(`${system}:${providerId}`, () => settleFromProvider(deps, system, providerId));
    },

    refreshInBackground(payment) {
      if (!payment.providerId || isSandboxPayment(payment.providerId) || deps.providers.bySystem[payment.system].kind === 'sandbox') return;
      const now = Date.now();
      if ((refreshedAt.get(payment.id) ?? 0) > now - REFRESH_INTERVAL_MS) return;
      if (refreshedAt.size > 10_000) refreshedAt.clear();
      refreshedAt.set(payment.id, now);
      background.run(
        settleFromProvider(deps, payment.system, payment.providerId).catch((error: unknown) =>
          log.warn({ err: error, paymentId: payment.id }, 'a payment in progress could not be read back from its provider'),
        ),
      );
    },

    startExpirySweep(intervalMs = 60_000) {
      let running = false;
      const run = () => {
        if (running) return;
        running = true;
        background.run(
          sweepExpiredPayments(deps)
            .catch((error: unknown) => log.error({ err: error }, 'the sweep of expired payment holds failed'))
            .finally(() => {
              running = false;
            }),
        );
      };
      run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
