// The providers' notifications and PayPal's return address (routes/payments.ts): each provider reads its own
// (parseNotification, parseReturn in yookassa.ts, paypal.ts), and what they name goes to one settle path (followUps.ts
// settle): only a payment we created and have not decided is read back from the provider's API, at most once every few
// seconds, before anything changes, and a failure answers non-2xx so that the provider tries again.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentSystem } from '../../../../common/wireTypes.ts';
import { HttpError } from '../../http/errors.ts';
import type { SettleDeps } from './completion.ts';
import type { PaymentFollowUps } from './followUps.ts';
import { ProviderError } from './provider.ts';
import type { PaymentProviders } from './providers.ts';
import { refundFromNotification } from './refunds.ts';

export const SYSTEM_NAMES: Record<PaymentSystem, string> = { yookassa: 'ЮKassa', paypal: 'PayPal' };

const providerUnreachable = (system: PaymentSystem) => new HttpError(502, { detail: `Не удалось проверить платёж в ${SYSTEM_NAMES[system]}; повторите уведомление позже.` });

interface NotificationDeps extends SettleDeps {
  providers: SettleDeps['providers'] & Pick<PaymentProviders, 'bySystem'>;
  paymentFollowUps: Pick<PaymentFollowUps, 'settle'>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * A provider's notification: parsed by the provider, then a refund read back (refunds.ts) or a payment settled.
 * `unrecognised` when the provider cannot read it; a provider that cannot be reached is a 502, so it tries again.
 */
export async function handleNotification(deps: NotificationDeps, system: PaymentSystem, body: unknown, log: Log): Promise<'handled' | 'unrecognised'> {
  const notice = deps.providers.bySystem[system].parseNotification?.(body);
  if (!notice) return 'unrecognised';
  // Payout events and the like name nothing of ours.
  if (notice.kind === 'ignored') return 'handled';
  try {
    if (notice.kind === 'refund') {
      // A refund (ours, or made in the dashboard) is read back and applied once.
      const result = await refundFromNotification(deps, system, notice.refundId, notice.providerPaymentId);
      log.info({ refundId: notice.refundId, event: notice.event, result }, 'refund notification');
    } else {
      const result = await deps.paymentFollowUps.settle({ system, providerId: notice.providerId });
      log.info({ providerId: notice.providerId, event: notice.event, result }, `${system} notification`);
    }
    return 'handled';
  } catch (error) {
    if (error instanceof ProviderError) {
      log.warn({ err: error, event: notice.event }, `a ${system} notification could not be checked`);
      throw providerUnreachable(system);
    }
    throw error;
  }
}

/**
 * The payer back from PayPal (approved, or through the cancel address with cancel=1): the order is read back and
 * captured now (PayPal expects the capture on the return), through the same settle path and throttle as the webhook.
 * Never fails: the result page keeps polling, and the webhook or the sweep finishes the payment.
 */
export async function paypalReturn(deps: Pick<NotificationDeps, 'providers' | 'paymentFollowUps'>, query: unknown, log: Log): Promise<void> {
  const paypal = deps.providers.bySystem.paypal;
  // The token PayPal adds is the order, which must be that of the payment named.
  const back = paypal.kind === 'sandbox' ? null : (paypal.parseReturn?.(query) ?? null);
  if (!back) return;
  try {
    const result = await deps.paymentFollowUps.settle({ system: 'paypal', providerId: back.providerId, paymentId: back.paymentId, cancelIfUnpaid: back.canceled, wait: true });
    log.info({ paymentId: back.paymentId, result }, 'PayPal return');
  } catch (error) {
    log.error({ err: error, paymentId: back.paymentId }, 'PayPal return could not be completed');
  }
}
