// Payments (spec section 7): creation and the current payment for the payer; the providers' notifications,
// PayPal's return address and webhook. Each provider reads its own notifications and return (parseNotification,
// parseReturn in yookassa.ts, paypal.ts); this route hands them the request and what they name to one settle path
// (followUps.ts settle): only a payment we created and have not decided is read back from the provider's API, at most
// once every few seconds, before anything changes, and a failure answers non-2xx so that the provider tries again.
// Where a YooKassa notification comes from is about the HTTP request, not its body: its published addresses
// (YOOKASSA_NOTIFY_IPS) are checked here, before the body is read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressMatcher } from '../http/addressRanges.ts';
import { HttpError } from '../http/errors.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { paymentPayloadSchema, type PaymentPayload } from '../services/payments/checkout.ts';
import { takeOrRefuse } from '../http/limitReply.ts';
import { accountMessages } from '../../../common/accountMessages.ts';
import type { SettleDeps } from '../services/payments/completion.ts';
import { currentPayment } from '../services/payments/currentPayment.ts';
import { ProviderError } from '../services/payments/provider.ts';
import { PAYPAL_RETURN_PATH } from '../services/payments/providers.ts';
import { refundFromNotification } from '../services/payments/refunds.ts';
import type { PaymentSystem } from '../../../common/wireTypes.ts';
import { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';

const SYSTEM_NAMES: Record<PaymentSystem, string> = { yookassa: 'ЮKassa', paypal: 'PayPal' };

const providerUnreachable = (system: PaymentSystem) => new HttpError(502, { detail: `Не удалось проверить платёж в ${SYSTEM_NAMES[system]}; повторите уведомление позже.` });

export const paymentsRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const { checkout, paymentFollowUps: followUps, providers } = app.deps;
  // What reading a refund back from its provider needs (services/payments/refunds.ts).
  const deps: SettleDeps = app.deps;
  const fromYookassa = addressMatcher(app.deps.config.yookassa?.notifyIps ?? []);

  /** A provider's notification: parsed by the provider, then a refund read back (refunds.ts) or a payment settled. */
  const notification = async (request: FastifyRequest, reply: FastifyReply, system: PaymentSystem) => {
    const notice = providers.bySystem[system].parseNotification?.(request.body);
    if (!notice) return reply.code(400).send({ detail: 'Уведомление не распознано.' });
    // Payout events and the like name nothing of ours.
    if (notice.kind === 'ignored') return {};
    try {
      if (notice.kind === 'refund') {
        // A refund (ours, or made in the dashboard) is read back and applied once.
        const result = await refundFromNotification(deps, system, notice.refundId, notice.providerPaymentId);
        request.log.info({ refundId: notice.refundId, event: notice.event, result }, 'refund notification');
      } else {
        const result = await followUps.settle({ system, providerId: notice.providerId });
        request.log.info({ providerId: notice.providerId, event: notice.event, result }, `${system} notification`);
      }
      return {};
    } catch (error) {
      if (error instanceof ProviderError) {
        request.log.warn({ err: error, event: notice.event }, `a ${system} notification could not be checked`);
        throw providerUnreachable(system);
      }
      throw error;
    }
  };

  /** Notifications of a provider without keys: there is nothing to read back from. */
  const notConfigured = (reply: FastifyReply, system: PaymentSystem) => reply.code(404).send({ detail: `Приём платежей через ${SYSTEM_NAMES[system]} не настроен.` });

  /**
   * A request with a promo code takes a slot of the caller's refused codes (services/accounts/limits.ts `promo-code`),
   * given back unless the code is what was refused: codes cannot be guessed by the thousand.
   */
  const limitingCodeGuesses = async <T>(request: FastifyRequest<{ Body: PaymentPayload }>, reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    if (!request.body.promoCode) return run();
    const slot = await takeOrRefuse(app.deps.accounts, reply, [['promo-code', String(request.userId)]], accountMessages.promoCodesTooMany);
    try {
      const result = await run();
      await slot.release();
      return result;
    } catch (error) {
      if (!(error instanceof HttpError && 'promoCode' in error.body)) await slot.release();
      throw error;
    }
  };

  app.post(
    '/payments/',
    { preValidation: app.requireAuth, schema: { body: z.preprocess((body) => body ?? {}, paymentPayloadSchema) } },
    async (request, reply) => {
      const { redirectTo } = await limitingCodeGuesses(request, reply, () => checkout.createPayment(request.userId!, request.body));
      return reply.code(201).send({ details: { redirectTo } });
    },
  );

  // What the same body would be charged, with an optional promoCode; nothing is created (common/discounts.ts PaymentQuote).
  app.post('/payments/quote/', { preValidation: app.requireAuth, schema: { body: z.preprocess((body) => body ?? {}, paymentPayloadSchema) } }, async (request, reply) =>
    limitingCodeGuesses(request, reply, () => checkout.quotePayment(request.userId!, request.body)),
  );

  app.get('/payments/current/', { preValidation: app.requireAuth }, async (request) => currentPayment({ db: deps.db, followUps }, request.userId!));

  // https://yookassa.ru/developers/using-api/webhooks
  app.post('/payments/yookassa/notifications/', async (request, reply) => {
    if (providers.bySystem.yookassa.kind === 'sandbox') return notConfigured(reply, 'yookassa');
    if (!fromYookassa(request.ip)) {
      request.log.warn({ ip: request.ip }, 'a YooKassa notification from an address YooKassa does not use: refused');
      return reply.code(403).send({ detail: 'Уведомления ЮKassa принимаются только с адресов ЮKassa.' });
    }
    return notification(request, reply, 'yookassa');
  });

  // The payer comes back from PayPal (approved, or through the cancel address with cancel=1): the order is read back
  // and captured now (PayPal expects the capture on the return), through the same settle path and throttle as the
  // webhook, then the result page. The token PayPal adds is the order, which must be that of the payment named.
  app.get(PAYPAL_RETURN_PATH.replace('/api/v1', ''), async (request, reply) => {
    const paypal = providers.bySystem.paypal;
    const back = paypal.kind === 'sandbox' ? null : (paypal.parseReturn?.(request.query) ?? null);
    if (back) {
      try {
        const result = await followUps.settle({ system: 'paypal', providerId: back.providerId, paymentId: back.paymentId, cancelIfUnpaid: back.canceled, wait: true });
        request.log.info({ paymentId: back.paymentId, result }, 'PayPal return');
      } catch (error) {
        // The result page keeps polling; the webhook or the sweep finishes the payment.
        request.log.error({ err: error, paymentId: back.paymentId }, 'PayPal return could not be completed');
      }
    }
    return reply.redirect('/waiting-for-payment', 303);
  });

  // https://developer.paypal.com/api/rest/webhooks/event-names/
  app.post('/payments/paypal/webhook/', async (request, reply) => {
    if (providers.bySystem.paypal.kind === 'sandbox') return notConfigured(reply, 'paypal');
    return notification(request, reply, 'paypal');
  });
};
