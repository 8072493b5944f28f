// Payments (spec section 7): creation and the current payment for the payer; the providers' notifications,
// PayPal's return address and webhook. A notification is only a hint: the payment is read back from the
// provider's API before anything changes, and a failure answers non-2xx so that the provider tries again. Only a
// payment we created is read back, at most once every few seconds (completion.ts settleFromNotification), and
// YooKassa's notifications are taken only from its published addresses (YOOKASSA_NOTIFY_IPS).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressMatcher } from '../http/addressRanges.ts';
import { HttpError } from '../http/errors.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { paymentById } from '../repositories/paymentsRepository.ts';
import { paymentPayloadSchema } from '../services/payments/checkout.ts';
import { settleFromProvider, type SettleDeps } from '../services/payments/completion.ts';
import { currentPayment } from '../services/payments/currentPayment.ts';
import { isObject, ProviderError, stringAt } from '../services/payments/provider.ts';
import { PAYPAL_RETURN_PATH } from '../services/payments/providers.ts';
import { isSandboxPayment } from '../services/payments/sandbox.ts';
import { refundFromNotification } from '../services/mutabo/refunds.ts';
import type { PaymentSystem } from '../../../common/wireTypes.ts';
import { acceptEmptyJsonBodies } from './emptyBodies.ts';
import { textField } from '../../../common/textFields.ts';

const returnQuery = z.object({
  paymentId: z.string().regex(/^\d{1,10}$/).transform(Number).optional().catch(undefined),
  token: textField().max(100).optional().catch(undefined),
  cancel: textField().optional().catch(undefined),
});

const providerUnreachable = (name: string) => new HttpError(502, { detail: `Не удалось проверить платёж в ${name}; повторите уведомление позже.` });

export const paymentsRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const { checkout, paymentFollowUps: followUps, paymentProviders: providers } = app;
  // What reading a payment or a refund back from its provider needs (refunds.ts takes the same).
  const deps: SettleDeps = { db: app.database.db, config: app.config, log: app.log, publicCache: app.publicCache, providers };
  const fromYookassa = addressMatcher(app.config.yookassa?.notifyIps ?? []);

  const refundNotice = async (request: FastifyRequest, system: PaymentSystem, refundId: string, event: string, namedPaymentId?: string) => {
    try {
      const result = await refundFromNotification(deps, system, refundId, namedPaymentId);
      request.log.info({ refundId, event, result }, 'refund notification');
      return {};
    } catch (error) {
      if (error instanceof ProviderError) {
        request.log.warn({ err: error, refundId }, 'a refund notification could not be checked');
        throw providerUnreachable(system === 'paypal' ? 'PayPal' : 'ЮKassa');
      }
      throw error;
    }
  };

  app.post(
    '/payments/',
    { preValidation: app.requireAuth, schema: { body: z.preprocess((body) => body ?? {}, paymentPayloadSchema) } },
    async (request, reply) => {
      const { redirectTo } = await checkout.createPayment(request.userId!, request.body);
      return reply.code(201).send({ details: { redirectTo } });
    },
  );

  // What the same body would be charged, with an optional promoCode; nothing is created (common/discounts.ts PaymentQuote).
  app.post('/payments/quote/', { preValidation: app.requireAuth, schema: { body: z.preprocess((body) => body ?? {}, paymentPayloadSchema) } }, async (request) =>
    checkout.quotePayment(request.userId!, request.body),
  );

  app.get('/payments/current/', { preValidation: app.requireAuth }, async (request) => currentPayment({ ...deps, followUps }, request.userId!));

  // https://yookassa.ru/developers/using-api/webhooks: {type: "notification", event: "payment.succeeded", object: {id, ...}}
  app.post('/payments/yookassa/notifications/', async (request, reply) => {
    if (providers.bySystem.yookassa.kind === 'sandbox') return reply.code(404).send({ detail: 'Приём платежей через ЮKassa не настроен.' });
    if (!fromYookassa(request.ip)) {
      request.log.warn({ ip: request.ip }, 'a YooKassa notification from an address YooKassa does not use: refused');
      return reply.code(403).send({ detail: 'Уведомления ЮKassa принимаются только с адресов ЮKassa.' });
    }
    const body: unknown = request.body;
    const event = stringAt(body, 'event') ?? '';
    const providerId = stringAt(isObject(body) ? body.object : undefined, 'id');
    if (!providerId) return reply.code(400).send({ detail: 'Уведомление не распознано.' });
    // A refund (ours, or made in the dashboard) names the refund: read back and applied once (services/mutabo/refunds.ts).
    if (event.startsWith('refund.')) return refundNotice(request, 'yookassa', providerId, event, stringAt(isObject(body) ? body.object : undefined, 'payment_id'));
    // Payout events name other objects: nothing of ours to do.
    if (!event.startsWith('payment.')) return {};
    try {
      const result = await followUps.settleFromNotification('yookassa', providerId);
      request.log.info({ providerId, event, result }, 'YooKassa notification');
      return {};
    } catch (error) {
      if (error instanceof ProviderError) {
        request.log.warn({ err: error, providerId }, 'YooKassa notification could not be checked');
        throw providerUnreachable('ЮKassa');
      }
      throw error;
    }
  });

  // The payer comes back from PayPal (approved, or through the cancel address with cancel=1): capture, then the
  // result page. PayPal adds token=<order id>, which must match the order of the payment.
  app.get(PAYPAL_RETURN_PATH.replace('/api/v1', ''), { schema: { querystring: returnQuery } }, async (request, reply) => {
    const { paymentId, token, cancel } = request.query;
    if (paymentId !== undefined && token) {
      const payment = await paymentById(deps.db, paymentId);
      if (payment && payment.system === 'paypal' && payment.providerId === token && !isSandboxPayment(payment.providerId)) {
        try {
          const result = await settleFromProvider(deps, 'paypal', token, { cancelIfUnpaid: cancel === '1' });
          request.log.info({ paymentId, result }, 'PayPal return');
        } catch (error) {
          // The result page keeps polling; the webhook or the sweep finishes the payment.
          request.log.error({ err: error, paymentId }, 'PayPal return could not be completed');
        }
      }
    }
    return reply.redirect('/waiting-for-payment', 303);
  });

  // https://developer.paypal.com/api/rest/webhooks/event-names/: the order is read back before anything changes.
  app.post('/payments/paypal/webhook/', async (request, reply) => {
    if (providers.bySystem.paypal.kind === 'sandbox') return reply.code(404).send({ detail: 'Приём платежей через PayPal не настроен.' });
    const body: unknown = request.body;
    const eventType = stringAt(body, 'event_type') ?? '';
    const resource = isObject(body) ? body.resource : undefined;
    // The resource of a refund event is the refund.
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED') {
      const refundId = stringAt(resource, 'id');
      return refundId ? refundNotice(request, 'paypal', refundId, eventType) : {};
    }
    let orderId: string | undefined;
    if (eventType.startsWith('CHECKOUT.ORDER.')) orderId = stringAt(resource, 'id');
    else if (eventType.startsWith('PAYMENT.CAPTURE.')) {
      const supplementary = isObject(resource) ? resource.supplementary_data : undefined;
      orderId = stringAt(isObject(supplementary) ? supplementary.related_ids : undefined, 'order_id');
    }
    if (!orderId) return {};
    try {
      const result = await followUps.settleFromNotification('paypal', orderId);
      request.log.info({ orderId, eventType, result }, 'PayPal webhook');
      return {};
    } catch (error) {
      if (error instanceof ProviderError) {
        request.log.warn({ err: error, orderId }, 'PayPal webhook could not be checked');
        throw providerUnreachable('PayPal');
      }
      throw error;
    }
  });
};
