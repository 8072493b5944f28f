// Local HTTP stand-ins of the YooKassa v3 and PayPal Orders v2 APIs (node:http), answering like the documented
// APIs and refusing what the real ones refuse: a wrong auth header, a missing idempotency header, an amount
// that is not a string with two decimals, a currency the test did not expect, and (YooKassa, a shop with 54-ФЗ
// receipts, unless a test turns `receipts` off) a payment or partial refund without a valid receipt.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface StandIn {
  url: string;
  requests: RecordedRequest[];
  /** The next request answers this status with an error body (then normal service resumes). */
  failNext(status: number): void;
  close(): Promise<void>;
}

type Handler = (request: RecordedRequest) => { status: number; body: unknown };

const TWO_DECIMALS = /^\d+\.\d{2}$/;

async function startServer(handler: Handler, errorBody: (status: number) => unknown): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  let failure: number | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      if ((req.headers['content-type'] ?? '').includes('application/json') && text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(recorded);
      let answer: { status: number; body: unknown };
      if (failure !== null) {
        answer = { status: failure, body: errorBody(failure) };
        failure = null;
      } else {
        answer = handler(recorded);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

// ---- YooKassa v3: https://yookassa.ru/developers/api#create_payment

/** https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney/parameters-values#payment-subject */
const PAYMENT_SUBJECTS = new Set([
  'commodity', 'excise', 'job', 'service', 'gambling_bet', 'gambling_prize', 'lottery', 'lottery_prize', 'intellectual_activity', 'payment',
  'agent_commission', 'property_right', 'non_operating_gain', 'insurance_premium', 'sales_tax', 'resort_fee', 'composite', 'another', 'fine', 'tax',
  'lien', 'cost', 'pension_insurance_without_payouts', 'pension_insurance_with_payouts', 'health_insurance_without_payouts',
  'health_insurance_with_payouts', 'health_insurance', 'casino', 'agent_withdrawals', 'non_marked_excise', 'marked_excise', 'marked', 'non_marked',
]);
/** https://yookassa.ru/developers/payment-acceptance/receipts/54fz/yoomoney/parameters-values#payment-mode */
const PAYMENT_MODES = new Set(['full_prepayment', 'partial_prepayment', 'advance', 'full_payment', 'partial_payment', 'credit', 'credit_payment']);
/** «Чеки от ЮKassa» take at most 80 items, another online register 100: the stand-in holds to the smaller. */
const MAX_RECEIPT_ITEMS = 80;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A number, or a string of one, as YooKassa reads `quantity` and the codes. */
const numeric = (value: unknown): number | null => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : null);
const integerIn = (value: unknown, low: number, high: number) => {
  const number = numeric(value);
  return number !== null && Number.isInteger(number) && number >= low && number <= high;
};

/**
 * What a live shop with 54-ФЗ receipts checks of `receipt` (https://yookassa.ru/developers/api#create_payment_receipt):
 * a customer with an e-mail or a phone; 1–80 items, each with a description of 1–128 characters, a positive quantity
 * (at most 3 decimals), an amount of two decimals in the payment's currency, vat_code 1–12, a known payment_subject
 * and payment_mode; items whose quantity × amount add up to the amount; tax_system_code 1–6 when given. The reason
 * the receipt is refused, or null.
 */
export function checkReceipt(receipt: unknown, amount: { value: string; currency: string }): string | null {
  if (!isRecord(receipt)) return 'receipt is missing';
  const customer = receipt.customer;
  if (!isRecord(customer)) return 'receipt.customer is missing';
  const email = typeof customer.email === 'string' ? customer.email : '';
  const phone = typeof customer.phone === 'string' ? customer.phone : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && !/^\d{11,15}$/.test(phone)) return 'receipt.customer needs an email or a phone';
  if (receipt.tax_system_code !== undefined && !integerIn(receipt.tax_system_code, 1, 6)) return 'receipt.tax_system_code must be from 1 to 6';
  const items = receipt.items;
  if (!Array.isArray(items) || items.length === 0) return 'receipt.items is missing';
  if (items.length > MAX_RECEIPT_ITEMS) return `receipt.items has more than ${MAX_RECEIPT_ITEMS} items`;
  let sum = 0;
  for (const [index, item] of items.entries()) {
    const at = `receipt.items[${index}]`;
    if (!isRecord(item)) return `${at} is not an object`;
    const description = typeof item.description === 'string' ? Array.from(item.description).length : 0;
    if (description < 1 || description > 128) return `${at}.description must have 1 to 128 characters`;
    const quantity = numeric(item.quantity);
    if (quantity === null || quantity <= 0 || Math.round(quantity * 1000) !== quantity * 1000) return `${at}.quantity must be positive, with at most 3 decimals`;
    const value = isRecord(item.amount) ? item.amount.value : undefined;
    if (typeof value !== 'string' || !TWO_DECIMALS.test(value)) return `${at}.amount.value must be a string with two decimals`;
    if (!isRecord(item.amount) || item.amount.currency !== amount.currency) return `${at}.amount.currency differs from the payment's`;
    if (!integerIn(item.vat_code, 1, 12)) return `${at}.vat_code must be from 1 to 12`;
    if (typeof item.payment_subject !== 'string' || !PAYMENT_SUBJECTS.has(item.payment_subject)) return `${at}.payment_subject is missing or unknown`;
    if (typeof item.payment_mode !== 'string' || !PAYMENT_MODES.has(item.payment_mode)) return `${at}.payment_mode is missing or unknown`;
    sum += Math.round(Number(value) * 100 * quantity);
  }
  const expected = Math.round(Number(amount.value) * 100);
  if (sum !== expected) return `the items add up to ${(sum / 100).toFixed(2)}, not ${amount.value}`;
  return null;
}

export interface YookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: string };
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  description?: string;
  metadata?: Record<string, string>;
  test: boolean;
}

export interface YookassaRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  created_at: string;
  description?: string;
  cancellation_details?: { party: string; reason: string };
}

/** A receipt made by POST /receipts (a settlement receipt), as the stand-in keeps it. */
export interface YookassaReceipt {
  id: string;
  type: 'payment' | 'refund';
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  /** The request's body as it came. */
  request: Record<string, unknown>;
}

export interface YookassaStandIn extends StandIn {
  /** The API root to configure: YOOKASSA_API_URL. */
  apiUrl: string;
  payments: Map<string, YookassaPayment>;
  refunds: Map<string, YookassaRefund>;
  /** The status a new refund gets (succeeded unless a test says otherwise). */
  refundStatus: YookassaRefund['status'];
  /** A refund made in YooKassa's dashboard (no request of ours): for the notification tests. */
  dashboardRefund(paymentId: string, value: string): YookassaRefund;
  /** What the payer does on YooKassa's page. */
  setStatus(id: string, status: YookassaPayment['status']): void;
  /** The currencies this test lets through. */
  currencies: Set<string>;
  /** The shop sends 54-ФЗ receipts (the default): payments and partial refunds without a valid one are refused. */
  receipts: boolean;
  /** Why each refused receipt was refused (checkReceipt), for a test that wants to know. */
  receiptRefusals: string[];
  /** The receipts made by POST /receipts, in their order. */
  receiptsMade: YookassaReceipt[];
}

export async function startYookassa(shopId: string, secretKey: string): Promise<YookassaStandIn> {
  const payments = new Map<string, YookassaPayment>();
  const refunds = new Map<string, YookassaRefund>();
  const refundsByKey = new Map<string, string>();
  const settings = { refundStatus: 'succeeded' as YookassaRefund['status'], receipts: true };
  const receiptRefusals: string[] = [];
  const receiptsMade: YookassaReceipt[] = [];
  const receiptsByKey = new Map<string, YookassaReceipt>();
  const byKey = new Map<string, string>();
  const cents = (value: string) => Math.round(Number(value) * 100);
  /** What is left to refund of a payment: its amount less its refunds that are not canceled. */
  const refundable = (payment: YookassaPayment) =>
    cents(payment.amount.value) - [...refunds.values()].filter((refund) => refund.payment_id === payment.id && refund.status !== 'canceled').reduce((sum, refund) => sum + cents(refund.amount.value), 0);
  const newRefund = (payment: YookassaPayment, value: string, status: YookassaRefund['status'], description?: string): YookassaRefund => {
    const refund: YookassaRefund = { id: randomUUID(), payment_id: payment.id, status, amount: { value, currency: payment.amount.currency }, created_at: new Date().toISOString(), description };
    refunds.set(refund.id, refund);
    return refund;
  };
  const currencies = new Set(['RUB']);
  const error = (status: number, code: string, description: string) => ({ status, body: { type: 'error', id: randomUUID(), code, description } });
  /** A live shop's answer to a missing or wrong receipt. */
  const refuseReceipt = (receipt: unknown, amount: { value: string; currency: string }) => {
    const reason = checkReceipt(receipt, amount);
    if (reason === null) return null;
    receiptRefusals.push(reason);
    return { status: 400, body: { type: 'error', id: randomUUID(), code: 'invalid_request', parameter: 'receipt', description: 'Receipt is missing or illegal' } };
  };

  const standIn = await startServer(
    (request) => {
      if (request.headers.authorization !== basic(shopId, secretKey)) return error(401, 'invalid_credentials', 'Basic authentication failed');
      const create = request.method === 'POST' && request.path === '/v3/payments';
      const read = /^\/v3\/payments\/([\w-]+)$/.exec(request.path);
      const capture = /^\/v3\/payments\/([\w-]+)\/capture$/.exec(request.path);
      if ((create || capture) && !request.headers['idempotence-key']) return error(400, 'invalid_request', 'Idempotence key is missing');
      if (create) {
        const key = String(request.headers['idempotence-key']);
        const previous = byKey.get(key);
        if (previous) return { status: 200, body: payments.get(previous) };
        const body = request.body as { amount?: { value?: unknown; currency?: unknown }; capture?: unknown; confirmation?: { type?: unknown; return_url?: unknown }; description?: unknown; metadata?: Record<string, string>; receipt?: unknown };
        if (typeof body.amount?.value !== 'string' || !TWO_DECIMALS.test(body.amount.value)) return error(400, 'invalid_request', 'amount.value must be a string with two decimals');
        if (typeof body.amount.currency !== 'string' || !currencies.has(body.amount.currency)) return error(400, 'invalid_request', 'unexpected amount.currency');
        if (body.confirmation?.type !== 'redirect' || typeof body.confirmation.return_url !== 'string') return error(400, 'invalid_request', 'confirmation.return_url is required');
        if (typeof body.description === 'string' && body.description.length > 128) return error(400, 'invalid_request', 'description is longer than 128');
        if (settings.receipts) {
          const refused = refuseReceipt(body.receipt, { value: body.amount.value, currency: body.amount.currency });
          if (refused) return refused;
        }
        const id = randomUUID();
        const payment: YookassaPayment = {
          id,
          status: body.capture === true ? 'pending' : 'pending',
          paid: false,
          amount: { value: body.amount.value, currency: body.amount.currency },
          confirmation: { type: 'redirect', confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${id}`, return_url: body.confirmation.return_url },
          created_at: new Date().toISOString(),
          description: typeof body.description === 'string' ? body.description : undefined,
          metadata: body.metadata,
          test: true,
        };
        payments.set(id, payment);
        byKey.set(key, id);
        return { status: 200, body: payment };
      }
      if (request.method === 'GET' && read) {
        const payment = payments.get(read[1]!);
        return payment ? { status: 200, body: payment } : error(404, 'not_found', 'Payment not found');
      }
      if (request.method === 'POST' && request.path === '/v3/refunds') {
        const key = request.headers['idempotence-key'];
        if (!key) return error(400, 'invalid_request', 'Idempotence key is missing');
        const previous = refundsByKey.get(String(key));
        if (previous) return { status: 200, body: refunds.get(previous) };
        const body = request.body as { payment_id?: unknown; amount?: { value?: unknown; currency?: unknown }; description?: unknown; receipt?: unknown };
        const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
        if (!payment) return error(404, 'not_found', 'Payment not found');
        if (payment.status !== 'succeeded') return error(400, 'invalid_request', 'Payment is not succeeded');
        if (typeof body.amount?.value !== 'string' || !TWO_DECIMALS.test(body.amount.value)) return error(400, 'invalid_request', 'amount.value must be a string with two decimals');
        if (body.amount.currency !== payment.amount.currency) return error(400, 'invalid_request', 'amount.currency differs from the payment');
        if (cents(body.amount.value) > refundable(payment)) return error(400, 'invalid_request', 'Refund amount exceeds the payment amount');
        // A full refund's receipt is made from the payment's; a partial one must name what is given back.
        if (settings.receipts && (body.receipt !== undefined || cents(body.amount.value) < cents(payment.amount.value))) {
          const refused = refuseReceipt(body.receipt, { value: body.amount.value, currency: payment.amount.currency });
          if (refused) return refused;
        }
        const refund = newRefund(payment, body.amount.value, settings.refundStatus, typeof body.description === 'string' ? body.description : undefined);
        refundsByKey.set(String(key), refund.id);
        return { status: 200, body: refund };
      }
      if (request.method === 'POST' && request.path === '/v3/receipts') {
        // https://yookassa.ru/developers/api#create_receipt: a settlement receipt of a succeeded payment, its
        // settlements adding up to its items, checked like a payment's receipt.
        const key = request.headers['idempotence-key'];
        if (!key) return error(400, 'invalid_request', 'Idempotence key is missing');
        const previous = receiptsByKey.get(String(key));
        if (previous) return { status: 200, body: { id: previous.id, type: previous.type, payment_id: previous.payment_id, status: previous.status } };
        const body = request.body as { type?: unknown; payment_id?: unknown; send?: unknown; settlements?: unknown };
        if (body.type !== 'payment') return error(400, 'invalid_request', 'type must be payment');
        if (body.send !== true) return error(400, 'invalid_request', 'send must be true');
        const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined;
        if (!payment) return error(404, 'not_found', 'Payment not found');
        if (payment.status !== 'succeeded') return error(400, 'invalid_request', 'Payment is not succeeded');
        const settlements = Array.isArray(body.settlements) ? body.settlements : [];
        if (settlements.length === 0) return error(400, 'invalid_request', 'settlements is missing');
        let settled = 0;
        for (const settlement of settlements) {
          const value = isRecord(settlement) && isRecord(settlement.amount) ? settlement.amount.value : undefined;
          if (!isRecord(settlement) || settlement.type !== 'prepayment') return error(400, 'invalid_request', 'settlements[].type must be prepayment');
          if (typeof value !== 'string' || !TWO_DECIMALS.test(value)) return error(400, 'invalid_request', 'settlements[].amount.value must be a string with two decimals');
          if (!isRecord(settlement.amount) || settlement.amount.currency !== payment.amount.currency) return error(400, 'invalid_request', 'settlements[].amount.currency differs from the payment');
          settled += cents(value);
        }
        if (settled > cents(payment.amount.value)) return error(400, 'invalid_request', 'settlements exceed the payment amount');
        const refused = refuseReceipt(body, { value: (settled / 100).toFixed(2), currency: payment.amount.currency });
        if (refused) return refused;
        const receipt: YookassaReceipt = { id: randomUUID(), type: 'payment', payment_id: payment.id, status: 'pending', request: body as Record<string, unknown> };
        receiptsMade.push(receipt);
        receiptsByKey.set(String(key), receipt);
        return { status: 200, body: { id: receipt.id, type: receipt.type, payment_id: receipt.payment_id, status: receipt.status } };
      }
      const readRefund = /^\/v3\/refunds\/([\w-]+)$/.exec(request.path);
      if (request.method === 'GET' && readRefund) {
        const refund = refunds.get(readRefund[1]!);
        return refund ? { status: 200, body: refund } : error(404, 'not_found', 'Refund not found');
      }
      if (request.method === 'POST' && capture) {
        const payment = payments.get(capture[1]!);
        if (!payment) return error(404, 'not_found', 'Payment not found');
        if (payment.status !== 'waiting_for_capture') return error(400, 'invalid_request', 'Payment is not waiting for capture');
        payment.status = 'succeeded';
        return { status: 200, body: payment };
      }
      return error(404, 'not_found', 'Unknown method');
    },
    (status) => ({ type: 'error', id: randomUUID(), code: status >= 500 ? 'internal_server_error' : 'invalid_request', description: 'stand-in failure' }),
  );
  return {
    ...standIn,
    apiUrl: `${standIn.url}/v3`,
    payments,
    refunds,
    get refundStatus() {
      return settings.refundStatus;
    },
    set refundStatus(status) {
      settings.refundStatus = status;
    },
    dashboardRefund(paymentId, value) {
      return newRefund(payments.get(paymentId)!, value, 'succeeded');
    },
    currencies,
    get receipts() {
      return settings.receipts;
    },
    set receipts(on) {
      settings.receipts = on;
    },
    receiptRefusals,
    receiptsMade,
    setStatus(id, status) {
      const payment = payments.get(id)!;
      payment.status = status;
      payment.paid = status === 'succeeded' || status === 'waiting_for_capture';
    },
  };
}

// ---- PayPal Orders v2: https://developer.paypal.com/docs/api/orders/v2/

export interface PaypalOrder {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: {
    reference_id: string;
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: { id: string; status: string; amount: { currency_code: string; value: string } }[] };
  }[];
  payment_source?: unknown;
  links: { href: string; rel: string; method: string }[];
}

export interface PaypalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'CANCELLED' | 'FAILED';
  amount: { value: string; currency_code: string };
  invoice_id?: string;
  note_to_payer?: string;
  links: { href: string; rel: string; method: string }[];
}

export interface PaypalStandIn extends StandIn {
  orders: Map<string, PaypalOrder>;
  refunds: Map<string, PaypalRefund>;
  /** A refund made in PayPal's dashboard of an order's capture: for the webhook tests. */
  dashboardRefund(orderId: string, value: string): PaypalRefund;
  /** The payer approves the order on PayPal's page. */
  approve(id: string): void;
  tokensIssued: number;
}

export async function startPaypal(clientId: string, clientSecret: string): Promise<PaypalStandIn> {
  const orders = new Map<string, PaypalOrder>();
  const refunds = new Map<string, PaypalRefund>();
  const refundsByRequestId = new Map<string, string>();
  /** Per capture: its order, and the refunds made of it. */
  const captures = new Map<string, { orderId: string; refundIds: string[] }>();
  const cents = (value: string) => Math.round(Number(value) * 100);
  const captureOf = (captureId: string) => {
    const entry = captures.get(captureId);
    const order = entry ? orders.get(entry.orderId) : undefined;
    const capture = order?.purchase_units[0]!.payments?.captures.find((item) => item.id === captureId);
    return entry && order && capture ? { entry, order, capture } : null;
  };
  const refundCapture = (captureId: string, value: string, extra: Partial<PaypalRefund> = {}): PaypalRefund => {
    const { entry, capture } = captureOf(captureId)!;
    const id = randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();
    const refund: PaypalRefund = {
      id,
      status: 'COMPLETED',
      amount: { value, currency_code: capture.amount.currency_code },
      ...extra,
      links: [
        { href: `${standIn.url}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${standIn.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    };
    refunds.set(id, refund);
    entry.refundIds.push(id);
    const refunded = entry.refundIds.reduce((sum, refundId) => sum + cents(refunds.get(refundId)!.amount.value), 0);
    capture.status = refunded >= cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return refund;
  };
  const byRequestId = new Map<string, string>();
  const tokens = new Set<string>();
  const state = { tokensIssued: 0 };
  const error = (status: number, name: string, issue?: string) => ({
    status,
    body: { name, message: name, debug_id: randomUUID().slice(0, 13), ...(issue ? { details: [{ issue, description: issue }] } : {}) },
  });

  const standIn = await startServer(
    (request) => {
      if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
        if (request.headers.authorization !== basic(clientId, clientSecret)) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
        if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded') || request.body !== 'grant_type=client_credentials') {
          return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
        }
        const token = `A21AA${randomUUID().replace(/-/g, '')}`;
        tokens.add(token);
        state.tokensIssued += 1;
        return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-80W284485P519543T', expires_in: 32400, nonce: 'stand-in' } };
      }
      const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''));
      if (!bearer || !tokens.has(bearer[1]!)) return error(401, 'AUTHENTICATION_FAILURE');
      if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
        const requestId = request.headers['paypal-request-id'];
        if (!requestId) return error(400, 'INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED');
        const previous = byRequestId.get(String(requestId));
        if (previous) return { status: 200, body: orders.get(previous) };
        const body = request.body as {
          intent?: string;
          purchase_units?: { reference_id?: string; custom_id?: string; description?: string; amount?: { currency_code?: unknown; value?: unknown } }[];
          payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
        };
        const unit = body.purchase_units?.[0];
        if (body.intent !== 'CAPTURE') return error(422, 'UNPROCESSABLE_ENTITY', 'INTENT_NOT_SUPPORTED');
        if (typeof unit?.amount?.value !== 'string' || !TWO_DECIMALS.test(unit.amount.value)) return error(400, 'INVALID_REQUEST', 'DECIMAL_PRECISION');
        if (unit.amount.currency_code !== 'EUR') return error(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_NOT_SUPPORTED');
        const context = body.payment_source?.paypal?.experience_context;
        if (!context?.return_url || !context.cancel_url) return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
        const id = randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();
        const order: PaypalOrder = {
          id,
          intent: 'CAPTURE',
          status: 'PAYER_ACTION_REQUIRED',
          purchase_units: [
            {
              reference_id: unit.reference_id ?? 'default',
              custom_id: unit.custom_id,
              description: unit.description,
              amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
            },
          ],
          payment_source: body.payment_source,
          links: [
            { href: `${standIn.url}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
            { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          ],
        };
        orders.set(id, order);
        byRequestId.set(String(requestId), id);
        return { status: 200, body: order };
      }
      const read = /^\/v2\/checkout\/orders\/(\w+)$/.exec(request.path);
      if (request.method === 'GET' && read) {
        const order = orders.get(read[1]!);
        return order ? { status: 200, body: order } : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      }
      const refundRequest = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(request.path);
      if (request.method === 'POST' && refundRequest) {
        const requestId = request.headers['paypal-request-id'];
        if (!requestId) return error(400, 'INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED');
        const previous = refundsByRequestId.get(String(requestId));
        if (previous) return { status: 200, body: refunds.get(previous) };
        const found = captureOf(refundRequest[1]!);
        if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        const body = request.body as { amount?: { value?: unknown; currency_code?: unknown }; invoice_id?: string; note_to_payer?: string };
        if (typeof body.amount?.value !== 'string' || !TWO_DECIMALS.test(body.amount.value)) return error(400, 'INVALID_REQUEST', 'DECIMAL_PRECISION');
        if (body.amount.currency_code !== found.capture.amount.currency_code) return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH');
        const refunded = found.entry.refundIds.reduce((sum, refundId) => sum + cents(refunds.get(refundId)!.amount.value), 0);
        if (refunded + cents(body.amount.value) > cents(found.capture.amount.value)) return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
        const refund = refundCapture(refundRequest[1]!, body.amount.value, { invoice_id: body.invoice_id, note_to_payer: body.note_to_payer });
        refundsByRequestId.set(String(requestId), refund.id);
        return { status: 201, body: refund };
      }
      const readRefund = /^\/v2\/payments\/refunds\/(\w+)$/.exec(request.path);
      if (request.method === 'GET' && readRefund) {
        const refund = refunds.get(readRefund[1]!);
        return refund ? { status: 200, body: refund } : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      }
      const readCapture = /^\/v2\/payments\/captures\/(\w+)$/.exec(request.path);
      if (request.method === 'GET' && readCapture) {
        const found = captureOf(readCapture[1]!);
        if (!found) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        return { status: 200, body: { ...found.capture, supplementary_data: { related_ids: { order_id: found.entry.orderId } } } };
      }
      const capture = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(request.path);
      if (request.method === 'POST' && capture) {
        if (!request.headers['paypal-request-id']) return error(400, 'INVALID_REQUEST', 'PAYPAL_REQUEST_ID_REQUIRED');
        const order = orders.get(capture[1]!);
        if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        const unit = order.purchase_units[0]!;
        order.status = 'COMPLETED';
        const captureId = randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();
        unit.payments = { captures: [{ id: captureId, status: 'COMPLETED', amount: { ...unit.amount } }] };
        captures.set(captureId, { orderId: order.id, refundIds: [] });
        return { status: 201, body: order };
      }
      return error(404, 'RESOURCE_NOT_FOUND');
    },
    (status) => ({ name: status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'INVALID_REQUEST', message: 'stand-in failure', debug_id: 'stand-in' }),
  );
  return {
    ...standIn,
    orders,
    refunds,
    dashboardRefund(orderId, value) {
      const captureId = orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!.id;
      return refundCapture(captureId, value);
    },
    approve(id) {
      orders.get(id)!.status = 'APPROVED';
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
  };
}

/** The test shop the YooKassa stand-in is started with (startYookassa(TEST_SHOP_ID, TEST_SECRET_KEY)). */
export const TEST_SHOP_ID = '506751';
export const TEST_SECRET_KEY = 'test_S3cr3tK3y-of-the-shop';

/** An app's settings for a shop with 54-ФЗ receipts at the stand-in, whose notifications come from loopback. */
export const yookassaEnv = (yookassa: YookassaStandIn, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  YOOKASSA_SHOP_ID: TEST_SHOP_ID,
  YOOKASSA_SECRET_KEY: TEST_SECRET_KEY,
  YOOKASSA_API_URL: yookassa.apiUrl,
  // The stand-in refuses, as a shop with 54-ФЗ receipts does, a payment or refund without a valid receipt.
  RECEIPTS: 'yookassa',
  YOOKASSA_NOTIFY_IPS: '127.0.0.1',
  ...extra,
});
