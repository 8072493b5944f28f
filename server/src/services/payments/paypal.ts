// PayPal Orders v2 for euros: an OAuth2 client-credentials token, an order with intent CAPTURE whose approval
// page the payer is sent to, the capture when they come back (or when a webhook says they approved), reading the
// order back, and refunds of its capture (Payments v2: POST /v2/payments/captures/{id}/refund). https://developer.paypal.com/docs/api/orders/v2/
import { hasControlCharacters } from '../../../../common/controlCharacters.ts';
import {
  CURRENCY_CODES,
  isObject,
  ProviderError,
  requestJson,
  stringAt,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderPaymentState,
  type ProviderReturn,
  type ProviderRefundState,
  type ProviderRefundStatus,
} from './provider.ts';

interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com unless PAYPAL_API_URL says otherwise. */
  apiUrl: string;
  /** Our return address; `?paymentId=` is added. The cancel address adds `&cancel=1`. */
  returnUrl: string;
  brandName: string;
  fetch?: typeof fetch;
}

/** PayPal limits a purchase unit's description to 127 characters. */
const DESCRIPTION_LIMIT = 127;

/**
 * A webhook event (https://developer.paypal.com/api/rest/webhooks/event-names/): {event_type, resource}. An order's
 * events name the order (resource.id); a capture's name it through supplementary_data.related_ids.order_id; a refund's
 * resource is the refund. A body without an event type is not an event.
 */
export function parsePaypalNotification(body: unknown): ProviderNotification | null {
  const event = stringAt(body, 'event_type');
  if (!event) return null;
  const resource = isObject(body) && isObject(body.resource) ? body.resource : {};
  if (event === 'PAYMENT.CAPTURE.REFUNDED' || event === 'PAYMENT.CAPTURE.REVERSED') {
    const refundId = stringAt(resource, 'id');
    return refundId ? { kind: 'refund', refundId, event } : { kind: 'ignored', event };
  }
  let orderId: string | undefined;
  if (event.startsWith('CHECKOUT.ORDER.')) orderId = stringAt(resource, 'id');
  else if (event.startsWith('PAYMENT.CAPTURE.')) {
    const supplementary = resource.supplementary_data;
    orderId = stringAt(isObject(supplementary) ? supplementary.related_ids : undefined, 'order_id');
  }
  return orderId ? { kind: 'payment', providerId: orderId, event } : { kind: 'ignored', event };
}

/** A value of a query string: one string without control characters, at most `max` characters long. */
const queryValue = (query: unknown, key: string, max: number): string | undefined => {
  const value = stringAt(query, key);
  return value !== undefined && value.length > 0 && value.length <= max && !hasControlCharacters(value, false) ? value : undefined;
};

/**
 * Our return address as PayPal sends the payer back to it: ?paymentId=<ours>&token=<order id>[&PayerID=…], and the
 * cancel address adds cancel=1. Without our id or the order's there is nothing to read back.
 */
export function parsePaypalReturn(query: unknown): ProviderReturn | null {
  const paymentId = queryValue(query, 'paymentId', 10);
  const token = queryValue(query, 'token', 100);
  if (!paymentId || !/^\d{1,10}$/.test(paymentId) || !token) return null;
  return { paymentId: Number(paymentId), providerId: token, canceled: queryValue(query, 'cancel', 100) === '1' };
}

export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;
  let token: { value: string; expiresAt: number } | null = null;

  const failure = (what: string, status: number, body: unknown) =>
    new ProviderError(
      `PayPal ${what}: HTTP ${status}${stringAt(body, 'name') ? ` ${stringAt(body, 'name')}` : ''}${stringAt(body, 'error') ? ` ${stringAt(body, 'error')}` : ''}`,
      status,
    );

  /** A token is kept until a minute before it expires; a 401 drops it. */
  const accessToken = async (): Promise<string> => {
    if (token && token.expiresAt > Date.now()) return token.value;
    const { status, body } = await requestJson(
      fetchImpl,
      `${options.apiUrl}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      'token',
    );
    const value = stringAt(body, 'access_token');
    if (status !== 200 || !value) throw failure('token', status, body);
    const expiresIn = isObject(body) && typeof body.expires_in === 'number' ? body.expires_in : 300;
    token = { value, expiresAt: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return value;
  };

  const call = async (what: string, path: string, method: 'GET' | 'POST', extraHeaders: Record<string, string> = {}, body?: unknown) => {
    const headers = { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json', accept: 'application/json', ...extraHeaders };
    const answer = await requestJson(fetchImpl, `${options.apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, what);
    if (answer.status === 401) token = null;
    return answer;
  };

  const toState = (order: unknown, what: string): ProviderPaymentState => {
    const id = stringAt(order, 'id');
    const orderStatus = stringAt(order, 'status');
    const units = isObject(order) && Array.isArray(order.purchase_units) ? order.purchase_units : [];
    const unit: unknown = units[0];
    if (!id || !orderStatus) throw new ProviderError(`PayPal ${what}: the answer is not an order`);
    const ours = stringAt(unit, 'custom_id') ?? stringAt(unit, 'reference_id');
    const payments = isObject(unit) ? unit.payments : undefined;
    const captures = isObject(payments) && Array.isArray(payments.captures) ? payments.captures : [];
    const captureStatuses = captures.map((capture) => stringAt(capture, 'status'));
    let status: ProviderPaymentState['status'] = 'pending';
    if (orderStatus === 'APPROVED') status = 'approved';
    else if (orderStatus === 'VOIDED') status = 'canceled';
    else if (orderStatus === 'COMPLETED') {
      if (captureStatuses.includes('COMPLETED')) status = 'succeeded';
      else if (captureStatuses.length > 0 && captureStatuses.every((value) => value === 'DECLINED' || value === 'FAILED')) status = 'canceled';
    }
    // A completed order reports the captured amount; before that, the amount of the purchase unit.
    const capturedAmount = captures.length > 0 && isObject(captures[0]) ? captures[0].amount : undefined;
    const amount = isObject(capturedAmount) ? capturedAmount : isObject(unit) ? unit.amount : undefined;
    return {
      providerId: id,
      status,
      paymentId: ours && /^\d{1,10}$/.test(ours) ? Number(ours) : null,
      amount: stringAt(amount, 'value') ?? '',
      currencyCode: stringAt(amount, 'currency_code') ?? '',
    };
  };

  const REFUND_STATUSES: Record<string, ProviderRefundStatus> = { PENDING: 'pending', COMPLETED: 'succeeded', CANCELLED: 'canceled', FAILED: 'canceled' };

  const toRefund = (body: unknown, what: string): ProviderRefundState => {
    const id = stringAt(body, 'id');
    const status = REFUND_STATUSES[stringAt(body, 'status') ?? ''];
    if (!id || !status) throw new ProviderError(`PayPal ${what}: the answer is not a refund`);
    const amount = isObject(body) ? body.amount : undefined;
    const details = isObject(body) ? body.status_details : undefined;
    return {
      refundId: id,
      providerPaymentId: null,
      status,
      amount: stringAt(amount, 'value') ?? '',
      currencyCode: stringAt(amount, 'currency_code') ?? '',
      reason: stringAt(details, 'reason'),
    };
  };

  /** The completed capture of an order: what a refund gives back from. */
  const captureIdOf = (order: unknown): string | undefined => {
    const units = isObject(order) && Array.isArray(order.purchase_units) ? order.purchase_units : [];
    const payments = isObject(units[0]) ? units[0].payments : undefined;
    const captures = isObject(payments) && Array.isArray(payments.captures) ? payments.captures : [];
    return stringAt(
      captures.find((capture) => ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(stringAt(capture, 'status') ?? '')),
      'id',
    );
  };

  const provider: PaymentProvider = {
    kind: 'paypal',
    parseNotification: parsePaypalNotification,
    parseReturn: parsePaypalReturn,

    async create(request) {
      const back = `${options.returnUrl}?paymentId=${request.paymentId}`;
      const { status, body } = await call('create order', '/v2/checkout/orders', 'POST', { 'paypal-request-id': request.idempotencyKey, prefer: 'return=representation' }, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: String(request.paymentId),
            custom_id: String(request.paymentId),
            description: request.description.slice(0, DESCRIPTION_LIMIT),
            amount: { currency_code: CURRENCY_CODES[request.currency], value: request.amount },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: options.brandName.slice(0, 127),
              locale: 'ru-RU',
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: back,
              cancel_url: `${back}&cancel=1`,
            },
          },
        },
      });
      if (status !== 200 && status !== 201) throw failure('create order', status, body);
      const state = toState(body, 'create order');
      const links = isObject(body) && Array.isArray(body.links) ? body.links : [];
      const approve = links.find((link) => ['payer-action', 'approve'].includes(stringAt(link, 'rel') ?? ''));
      const redirectTo = stringAt(approve, 'href');
      if (!redirectTo) throw new ProviderError('PayPal create order: no approve link in the answer');
      return { providerId: state.providerId, redirectTo };
    },

    async fetch(orderId) {
      const { status, body } = await call('read order', `/v2/checkout/orders/${encodeURIComponent(orderId)}`, 'GET');
      if (status !== 200) throw failure('read order', status, body);
      return toState(body, 'read order');
    },

    async capture(orderId, paymentId) {
      const { status, body } = await call('capture order', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, 'POST', { 'paypal-request-id': `capture-${paymentId}-${orderId}` }, {});
      if (status === 200 || status === 201) return toState(body, 'capture order');
      // Already captured, or declined (the order stays APPROVED): what the order says now is the answer.
      if (status === 422) return provider.fetch(orderId);
      throw failure('capture order', status, body);
    },

    async refund(request) {
      const { status: orderStatus, body: order } = await call('read order', `/v2/checkout/orders/${encodeURIComponent(request.providerPaymentId)}`, 'GET');
      if (orderStatus !== 200) throw failure('read order', orderStatus, order);
      const captureId = captureIdOf(order);
      if (!captureId) throw new ProviderError('PayPal refund: the order has no capture to refund', 422);
      const { status, body } = await call(
        'refund capture',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        'POST',
        { 'paypal-request-id': request.idempotencyKey, prefer: 'return=representation' },
        { amount: { value: request.amount, currency_code: CURRENCY_CODES[request.currency] }, note_to_payer: request.description.slice(0, 255), invoice_id: `refund-${request.paymentId}` },
      );
      if (status !== 200 && status !== 201) throw failure('refund capture', status, body);
      return { ...toRefund(body, 'refund capture'), providerPaymentId: request.providerPaymentId };
    },

    async fetchRefund(refundId) {
      const { status, body } = await call('read refund', `/v2/payments/refunds/${encodeURIComponent(refundId)}`, 'GET');
      if (status !== 200) throw failure('read refund', status, body);
      const refund = toRefund(body, 'read refund');
      // The refund names its capture (the link «up»); the capture names its order, which is our payment's id there.
      const links = isObject(body) && Array.isArray(body.links) ? body.links : [];
      const up = stringAt(links.find((link) => stringAt(link, 'rel') === 'up'), 'href');
      const captureId = up ? /\/captures\/([^/?]+)/.exec(up)?.[1] : undefined;
      if (!captureId) return refund;
      const capture = await call('read capture', `/v2/payments/captures/${encodeURIComponent(captureId)}`, 'GET');
      if (capture.status !== 200) throw failure('read capture', capture.status, capture.body);
      const supplementary = isObject(capture.body) ? capture.body.supplementary_data : undefined;
      const orderId = stringAt(isObject(supplementary) ? supplementary.related_ids : undefined, 'order_id');
      return { ...refund, providerPaymentId: orderId ?? null };
    },
  };
  return provider;
}
