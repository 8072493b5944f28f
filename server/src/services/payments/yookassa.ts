// YooKassa API v3 for rubles (and every currency but the euro): create a payment with a redirect confirmation,
// read it back, capture it, refund it (POST /refunds) and read a refund back. https://yookassa.ru/developers/api
// With RECEIPTS=yookassa every payment and every partial refund carries its 54-ФЗ receipt (docs/PAYMENTS.md), and a
// prepaid lesson once given gets its settlement receipt through POST /receipts (services/payments/settlements.ts).
import type { ReceiptSettings } from '../../config.ts';
import type { Currency } from '../../../../common/wireTypes.ts';
import {
  CURRENCY_CODES,
  isObject,
  ProviderError,
  requestJson,
  stringAt,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderPaymentState,
  type ProviderRefundState,
  type ProviderRefundStatus,
  type ProviderStatus,
  type ReceiptFacts,
} from './provider.ts';

interface YookassaOptions {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3 unless YOOKASSA_API_URL says otherwise. */
  apiUrl: string;
  /** Where the payer comes back to after the payment page. */
  returnUrl: string;
  /** The receipts' codes with RECEIPTS=yookassa; null: no receipt is sent (RECEIPTS=off). */
  receipts: ReceiptSettings | null;
  fetch?: typeof fetch;
}

/** YooKassa limits the description to 128 characters. */
const DESCRIPTION_LIMIT = 128;

/** The codes of a settlement when RECEIPTS=off (it is never sent then: the sweep runs only with receipts). */
const DEFAULT_RECEIPT_CODES: ReceiptSettings = { taxSystemCode: null, vatCode: 1, paymentMode: 'full_payment' };

const STATUSES: Record<string, ProviderStatus> = {
  pending: 'pending',
  waiting_for_capture: 'approved',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

/**
 * The `receipt` object of a payment or a refund (https://yookassa.ru/developers/api#create_payment_receipt): the
 * payer's e-mail, one item per line with its price, quantity and codes; `tax_system_code` only when it is set.
 * Lessons are a service (`payment_subject`), counted in pieces (`measure`, required by «Чеки от ЮKassa» and FFD 1.2).
 */
function yookassaReceipt(settings: ReceiptSettings, facts: ReceiptFacts, currency: Currency) {
  return {
    customer: { email: facts.email },
    items: facts.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: { value: (line.amountCents / 100).toFixed(2), currency: CURRENCY_CODES[currency] },
      vat_code: settings.vatCode,
      payment_subject: 'service',
      payment_mode: settings.paymentMode,
      measure: 'piece',
    })),
    ...(settings.taxSystemCode === null ? {} : { tax_system_code: settings.taxSystemCode }),
  };
}

/**
 * The body of a settlement receipt (https://yookassa.ru/developers/api#create_receipt): `type` payment with the
 * prepaid payment's id, sent to the payer, its items with `payment_mode` full_payment, and one settlement of type
 * prepayment for their sum (the prepayment is counted against them).
 */
function yookassaSettlement(settings: ReceiptSettings, providerPaymentId: string, facts: ReceiptFacts, currency: Currency) {
  const receipt = yookassaReceipt({ ...settings, paymentMode: 'full_payment' }, facts, currency);
  const cents = facts.lines.reduce((sum, line) => sum + line.quantity * line.amountCents, 0);
  return {
    type: 'payment',
    payment_id: providerPaymentId,
    send: true,
    ...receipt,
    settlements: [{ type: 'prepayment', amount: { value: (cents / 100).toFixed(2), currency: CURRENCY_CODES[currency] } }],
  };
}

const RECEIPT_STATUSES = new Set(['pending', 'succeeded', 'canceled']);

/**
 * A notification (https://yookassa.ru/developers/using-api/webhooks): {type: "notification", event: "payment.succeeded",
 * object: {id, ...}}. Every event names its object's id; without one it is not a notification. A refund's object is the
 * refund and names its payment (payment_id); payout and other events name nothing of ours.
 */
export function parseYookassaNotification(body: unknown): ProviderNotification | null {
  const event = stringAt(body, 'event') ?? '';
  const object = isObject(body) ? body.object : undefined;
  const id = stringAt(object, 'id');
  if (!id) return null;
  if (event.startsWith('refund.')) return { kind: 'refund', refundId: id, providerPaymentId: stringAt(object, 'payment_id'), event };
  if (event.startsWith('payment.')) return { kind: 'payment', providerId: id, event };
  return { kind: 'ignored', event };
}

export function createYookassaProvider(options: YookassaOptions): PaymentProvider {
  const fetchImpl = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;

  const failure = (what: string, status: number, body: unknown) =>
    new ProviderError(`YooKassa ${what}: HTTP ${status}${stringAt(body, 'code') ? ` ${stringAt(body, 'code')}` : ''}${stringAt(body, 'description') ? ` (${stringAt(body, 'description')})` : ''}`, status, stringAt(body, 'description'));

  const toState = (body: unknown, what: string): ProviderPaymentState => {
    const id = stringAt(body, 'id');
    const status = STATUSES[stringAt(body, 'status') ?? ''];
    const amount = isObject(body) ? body.amount : undefined;
    if (!id || !status || !isObject(amount)) throw new ProviderError(`YooKassa ${what}: the answer is not a payment`);
    const metadata = isObject(body) ? body.metadata : undefined;
    const ours = stringAt(metadata, 'paymentId');
    return {
      providerId: id,
      status,
      paymentId: ours && /^\d{1,10}$/.test(ours) ? Number(ours) : null,
      amount: stringAt(amount, 'value') ?? '',
      currencyCode: stringAt(amount, 'currency') ?? '',
    };
  };

  const REFUND_STATUSES: Record<string, ProviderRefundStatus> = { pending: 'pending', succeeded: 'succeeded', canceled: 'canceled' };

  const toRefund = (body: unknown, what: string): ProviderRefundState => {
    const id = stringAt(body, 'id');
    const status = REFUND_STATUSES[stringAt(body, 'status') ?? ''];
    const amount = isObject(body) ? body.amount : undefined;
    if (!id || !status || !isObject(amount)) throw new ProviderError(`YooKassa ${what}: the answer is not a refund`);
    const details = isObject(body) ? body.cancellation_details : undefined;
    return {
      refundId: id,
      providerPaymentId: stringAt(body, 'payment_id') ?? null,
      status,
      amount: stringAt(amount, 'value') ?? '',
      currencyCode: stringAt(amount, 'currency') ?? '',
      reason: stringAt(details, 'reason'),
    };
  };

  return {
    kind: 'yookassa',
    parseNotification: parseYookassaNotification,

    async createReceipt(request) {
      const { status, body } = await requestJson(
        fetchImpl,
        `${options.apiUrl}/receipts`,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'idempotence-key': request.idempotencyKey },
          body: JSON.stringify(yookassaSettlement(options.receipts ?? DEFAULT_RECEIPT_CODES, request.providerPaymentId, request.receipt, request.currency)),
        },
        'create receipt',
      );
      if (status < 200 || status >= 300) throw failure('create receipt', status, body);
      const id = stringAt(body, 'id');
      const receiptStatus = stringAt(body, 'status') ?? '';
      if (!id || !RECEIPT_STATUSES.has(receiptStatus)) throw new ProviderError('YooKassa create receipt: the answer is not a receipt');
      return { receiptId: id, status: receiptStatus as 'pending' | 'succeeded' | 'canceled' };
    },

    async refund(request) {
      const { status, body } = await requestJson(
        fetchImpl,
        `${options.apiUrl}/refunds`,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'idempotence-key': request.idempotencyKey },
          body: JSON.stringify({
            payment_id: request.providerPaymentId,
            amount: { value: request.amount, currency: CURRENCY_CODES[request.currency] },
            description: request.description.slice(0, 250),
            // A full refund's receipt is made from the payment's; a partial one names the lessons given back.
            ...(options.receipts && !request.wholePayment ? { receipt: yookassaReceipt(options.receipts, request.receipt, request.currency) } : {}),
          }),
        },
        'refund payment',
      );
      if (status < 200 || status >= 300) throw failure('refund payment', status, body);
      return toRefund(body, 'refund payment');
    },

    async fetchRefund(refundId) {
      const { status, body } = await requestJson(fetchImpl, `${options.apiUrl}/refunds/${encodeURIComponent(refundId)}`, { method: 'GET', headers: { authorization } }, 'read refund');
      if (status < 200 || status >= 300) throw failure('read refund', status, body);
      return toRefund(body, 'read refund');
    },

    async create(request) {
      const { status, body } = await requestJson(
        fetchImpl,
        `${options.apiUrl}/payments`,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'idempotence-key': request.idempotencyKey },
          body: JSON.stringify({
            amount: { value: request.amount, currency: CURRENCY_CODES[request.currency] },
            capture: true,
            confirmation: { type: 'redirect', return_url: options.returnUrl },
            description: request.description.slice(0, DESCRIPTION_LIMIT),
            metadata: { paymentId: String(request.paymentId) },
            ...(options.receipts ? { receipt: yookassaReceipt(options.receipts, request.receipt, request.currency) } : {}),
          }),
        },
        'create payment',
      );
      if (status < 200 || status >= 300) throw failure('create payment', status, body);
      const state = toState(body, 'create payment');
      const confirmation = isObject(body) ? body.confirmation : undefined;
      const redirectTo = stringAt(confirmation, 'confirmation_url');
      if (!redirectTo) throw new ProviderError('YooKassa create payment: no confirmation_url in the answer');
      return { providerId: state.providerId, redirectTo };
    },

    async fetch(providerId) {
      const { status, body } = await requestJson(
        fetchImpl,
        `${options.apiUrl}/payments/${encodeURIComponent(providerId)}`,
        { method: 'GET', headers: { authorization } },
        'read payment',
      );
      if (status < 200 || status >= 300) throw failure('read payment', status, body);
      return toState(body, 'read payment');
    },

    async capture(providerId, paymentId) {
      const { status, body } = await requestJson(
        fetchImpl,
        `${options.apiUrl}/payments/${encodeURIComponent(providerId)}/capture`,
        { method: 'POST', headers: { authorization, 'content-type': 'application/json', 'idempotence-key': `capture-${paymentId}-${providerId}`.slice(0, 64) }, body: '{}' },
        'capture payment',
      );
      if (status < 200 || status >= 300) throw failure('capture payment', status, body);
      return toState(body, 'capture payment');
    },
  };
}
