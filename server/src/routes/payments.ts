// Payments (spec section 7): creation and the current payment for the payer; the providers' notifications,
// PayPal's return address and webhook (services/payments/notifications.ts).
// Where a YooKassa notification comes from is about the HTTP request, not its body: its published addresses
// (YOOKASSA_NOTIFY_IPS) are checked here, before the body is read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressMatcher } from '../http/addressRanges.ts';
import type { ZodRoutes } from '../http/zodTypeProvider.ts';
import { paymentPayloadSchema } from '../services/payments/checkout.ts';
import { requestPayment, requestQuote } from '../services/payments/codeGuesses.ts';
import { currentPayment } from '../services/payments/currentPayment.ts';
import { handleNotification, paypalReturn, SYSTEM_NAMES } from '../services/payments/notifications.ts';
import { PAYPAL_RETURN_PATH } from '../services/payments/providers.ts';
import type { PaymentSystem } from '../../../common/wireTypes.ts';
import { acceptEmptyJsonBodies } from '../http/emptyBodies.ts';

export const paymentsRoutes: ZodRoutes = async (app) => {
  acceptEmptyJsonBodies(app);
  const { paymentFollowUps: followUps, providers } = app.deps;
  const fromYookassa = addressMatcher(app.deps.config.yookassa?.notifyIps ?? []);

  const notification = async (request: FastifyRequest, reply: FastifyReply, system: PaymentSystem) =>
    (await handleNotification(app.deps, system, request.body, request.log)) === 'unrecognised' ? reply.code(400).send({ detail: 'Уведомление не распознано.' }) : {};

  /** Notifications of a provider without keys: there is nothing to read back from. */
  const notConfigured = (reply: FastifyReply, system: PaymentSystem) => reply.code(404).send({ detail: `Приём платежей через ${SYSTEM_NAMES[system]} не настроен.` });

  app.post(
    '/payments/',
    { preValidation: app.requireAuth, schema: { body: z.preprocess((body) => body ?? {}, paymentPayloadSchema) } },
    async (request, reply) => {
      const { redirectTo } = await requestPayment(app.deps, request.userId!, request.body);
      return reply.code(201).send({ details: { redirectTo } });
    },
  );

  // What the same body would be charged, with an optional promoCode; nothing is created (common/discounts.ts PaymentQuote).
  app.post('/payments/quote/', { preValidation: app.requireAuth, schema: { body: z.preprocess((body) => body ?? {}, paymentPayloadSchema) } }, async (request) =>
    requestQuote(app.deps, request.userId!, request.body),
  );

  app.get('/payments/current/', { preValidation: app.requireAuth }, async (request) => currentPayment({ db: app.deps.db, followUps }, request.userId!));

  // https://yookassa.ru/developers/using-api/webhooks
  app.post('/payments/yookassa/notifications/', async (request, reply) => {
    if (providers.bySystem.yookassa.kind === 'sandbox') return notConfigured(reply, 'yookassa');
    if (!fromYookassa(request.ip)) {
      request.log.warn({ ip: request.ip }, 'a YooKassa notification from an address YooKassa does not use: refused');
      return reply.code(403).send({ detail: 'Уведомления ЮKassa принимаются только с адресов ЮKassa.' });
    }
    return notification(request, reply, 'yookassa');
  });

  // The payer comes back from PayPal: the order is read back and captured, then the result page.
  app.get(PAYPAL_RETURN_PATH.replace('/api/v1', ''), async (request, reply) => {
    await paypalReturn(app.deps, request.query, request.log);
    return reply.redirect('/waiting-for-payment', 303);
  });

  // https://developer.paypal.com/api/rest/webhooks/event-names/
  app.post('/payments/paypal/webhook/', async (request, reply) => {
    if (providers.bySystem.paypal.kind === 'sandbox') return notConfigured(reply, 'paypal');
    return notification(request, reply, 'paypal');
  });
};
