// The one interface every payment provider implements (YooKassa, PayPal, the built-in sandbox checkout).
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import type { ReceiptLine } from './receipts.ts';

/**
 * What a 54-ФЗ receipt of a payment or a refund names (docs/PAYMENTS.md, «Receipts»): YooKassa sends it with
 * RECEIPTS=yookassa; PayPal and the test checkout ignore it.
 */
export interface ReceiptFacts {
  /** The payer's e-mail address: where the receipt is sent. */
  email: string;
  /** One line per lesson, adding up to the amount to the kopeck (receipts.ts). */
  lines: ReceiptLine[];
}

export interface ProviderPaymentRequest {
  /** Our payment id: the provider keeps it (metadata, custom_id) and it makes the idempotency key. */
  paymentId: number;
  /** Two decimals, as a string: «1234.00». */
  amount: string;
  currency: Currency;
  /** What the payer sees on the provider's page; short. */
  description: string;
  /** The same for every attempt to create this payment, and never reused for another one. */
  idempotencyKey: string;
  receipt: ReceiptFacts;
}

export interface ProviderPaymentCreated {
  providerId: string;
  /** The provider's page where the payer confirms the payment. */
  redirectTo: string;
}

/**
 * pending: not paid yet; approved: the payer agreed and we must capture (PayPal); succeeded: the money is taken;
 * canceled: it will never be paid.
 */
export type ProviderStatus = 'pending' | 'approved' | 'succeeded' | 'canceled';

/** A payment as read back from the provider's API: the only source a notification is trusted from. */
export interface ProviderPaymentState {
  providerId: string;
  status: ProviderStatus;
  /** Our payment id as the provider stored it, or null when the payment is not ours. */
  paymentId: number | null;
  /** As the provider reports them: «1234.00» and an ISO 4217 code. */
  amount: string;
  currencyCode: string;
}

export interface ProviderRefundRequest {
  /** Our payment id. */
  paymentId: number;
  /** The provider's id of the payment (YooKassa payment, PayPal order). */
  providerPaymentId: string;
  /** Two decimals, as a string: «1234.00». */
  amount: string;
  currency: Currency;
  /** Kept in our refund row: asking again with it never refunds twice. */
  idempotencyKey: string;
  description: string;
  /** The refunded lessons, adding up to the refund's amount. */
  receipt: ReceiptFacts;
  /** The refund gives the whole payment back at once (YooKassa then makes the refund's receipt from the payment's). */
  wholePayment: boolean;
}

/** pending: the provider is still working on it; succeeded: the money is on its way back; canceled: refused. */
export type ProviderRefundStatus = 'pending' | 'succeeded' | 'canceled';

/** A refund as the provider reports it (the answer to a refund request, or read back for a notification). */
export interface ProviderRefundState {
  refundId: string;
  /** The provider's id of the payment refunded (YooKassa payment, PayPal order); null when it cannot be told. */
  providerPaymentId: string | null;
  status: ProviderRefundStatus;
  /** As the provider reports them: «1234.00» and an ISO 4217 code. */
  amount: string;
  currencyCode: string;
  /** The provider's reason for a canceled refund, when it gives one. */
  reason?: string;
}

/**
 * A settlement receipt («чек зачёта предоплаты», docs/PAYMENTS.md): the lessons given of a prepaid payment, each with
 * its amount of the payment's receipt, settled against the prepayment.
 */
export interface ProviderReceiptRequest {
  /** The provider's id of the prepaid payment. */
  providerPaymentId: string;
  currency: Currency;
  /** Kept in our receipt row: every retry sends it again, so the receipt is made once. */
  idempotencyKey: string;
  receipt: ReceiptFacts;
}

/** pending: YooKassa is registering it; succeeded: registered; canceled: the register refused it. */
export interface ProviderReceiptState {
  receiptId: string;
  status: 'pending' | 'succeeded' | 'canceled';
}

/**
 * What a provider's notification (webhook) names, as its parser reads it: only a hint, checked by reading the payment
 * or the refund back from the provider's API. payment: read the payment back; refund: read the refund back (the
 * provider's id of its payment when the notification gives it); ignored: an event of nothing we act on. A body that
 * is not one of the provider's notifications is refused by the parser (null), and the route answers 400.
 */
export type ProviderNotification =
  | { kind: 'payment'; providerId: string; event: string }
  | { kind: 'refund'; refundId: string; providerPaymentId?: string; event: string }
  | { kind: 'ignored'; event: string };

/**
 * The payer coming back from the provider's page to our return address (PayPal): our payment id and the provider's,
 * both of which must be those of one stored payment, and whether they came back through the cancel address.
 */
export interface ProviderReturn {
  paymentId: number;
  providerId: string;
  canceled: boolean;
}

export interface PaymentProvider {
  /** `sandbox` for the built-in checkout page used when the provider has no keys. */
  readonly kind: PaymentSystem | 'sandbox';
  create(request: ProviderPaymentRequest): Promise<ProviderPaymentCreated>;
  /** Reads the payment back from the provider's API. */
  fetch(providerId: string): Promise<ProviderPaymentState>;
  /** Takes the money of an approved payment (PayPal orders); returns the new state. */
  capture?(providerId: string, paymentId: number): Promise<ProviderPaymentState>;
  /** Gives money of a paid payment back (all or part of it), idempotently by the request's key. */
  refund(request: ProviderRefundRequest): Promise<ProviderRefundState>;
  /** Reads a refund back from the provider's API (a refund notification is only a hint). */
  fetchRefund(refundId: string): Promise<ProviderRefundState>;
  /** Makes a settlement receipt of a prepaid payment (YooKassa's POST /receipts); only YooKassa has it. */
  createReceipt?(request: ProviderReceiptRequest): Promise<ProviderReceiptState>;
  /** Reads a notification's body (YooKassa, PayPal); null: it is not a notification of this provider. */
  parseNotification?(body: unknown): ProviderNotification | null;
  /** Reads the query of our return address (PayPal); null: it names no payment (nothing to read back). */
  parseReturn?(query: unknown): ProviderReturn | null;
}

/** The provider could not be reached, refused the request, or answered something we cannot read. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The provider's own words for a refusal (YooKassa's `description`), when it gave them. */
    readonly description?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** ISO 4217 codes of our currencies. */
export const CURRENCY_CODES: Record<Currency, string> = {
  CURRENCY_CHOICE_RUB: 'RUB',
  CURRENCY_CHOICE_EURO: 'EUR',
  CURRENCY_CHOICE_USD: 'USD',
};

const PROVIDER_TIMEOUT_MS = 15_000;

/** fetch with a timeout and JSON both ways; any network failure or unreadable answer is a ProviderError. */
export async function requestJson(
  fetchImpl: typeof fetch,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  what: string,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`${what}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError(`${what}: HTTP ${response.status} with a body that is not JSON`, response.status);
    }
  }
  return { status: response.status, body };
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const stringAt = (value: unknown, key: string): string | undefined => (isObject(value) && typeof value[key] === 'string' ? value[key] : undefined);
