// Payments, refunds and receipts in the authors' area: `GET /api/v1/mutabo/payments/`, a refund
// (`POST /api/v1/mutabo/payments/{id}/refund/`) and the 54-ФЗ receipts sent for them.
import { z } from 'zod';
import type { AppliedDiscount, DiscountCost } from '../discounts.ts';
import type { Currency, Paged, PaymentState, PaymentSystem } from '../wireTypes.ts';
import { idList, mutaboMessages as m } from './fields.ts';

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Возврат в обработке',
  succeeded: 'Деньги возвращены',
  failed: 'Возврат не выполнен',
};

/** A refund of a payment, whole or for some of its lessons. */
export interface MutaboRefund {
  id: number;
  state: RefundState;
  amount: number;
  currency: Currency;
  /** The lesson ids it gives back; empty for a refund made in the provider's dashboard for part of the amount. */
  lessons: number[];
  /** The provider's refund id, once known. */
  providerId: string | null;
  /** `area`: asked here; `provider`: made in the provider's dashboard and learnt from its notification. */
  source: 'area' | 'provider';
  createdAt: string;
  completedAt: string | null;
  /** Why a refund failed (the provider's refusal), for the author. */
  failure: string | null;
}

/** One payment of the caller's courses. */
export interface MutaboPayment {
  id: number;
  payer: { id: number; firstName: string; lastName: string; email: string };
  course: { id: number; title: string };
  lessons: { id: number; number: number; title: string; refunded: boolean }[];
  amount: number;
  currency: Currency;
  system: PaymentSystem;
  /** `sandbox` for a payment of the built-in test checkout (no money taken). */
  provider: PaymentSystem | 'sandbox';
  providerId: string | null;
  state: PaymentState;
  failureReason: string | null;
  /** Paid, but the places were not given (or only partly refunded since): money to give back. */
  refundRequired: boolean;
  createdAt: string;
  paidAt: string | null;
  /** The version of the public offer (договор-оферта) the payment was made under; null when there was none. */
  offerVersion: number | null;
  /** The sum of succeeded refunds. */
  refunded: number;
  /** What a refund of all its remaining lessons would give back now; 0 when nothing can be refunded. */
  refundable: number;
  /**
   * A paid payment of 0 ₽ (a 100 % discount) with lessons not given back yet: their places are released with the same
   * request as a refund (`POST …/refund/`), at once and without money.
   */
  releasable: boolean;
  refunds: MutaboRefund[];
  /** The receipts sent through YooKassa for it, oldest first (none for PayPal, the test checkout, RECEIPTS=off). */
  receipts?: MutaboReceipt[];
  /** The personal discount or promo code it was charged with, and the full price; null when none. */
  discount: AppliedDiscount | null;
}

/**
 * A 54-ФЗ receipt the server sent (or is sending) through YooKassa: the payment's, a refund's, or a lesson's
 * settlement receipt («чек зачёта предоплаты»), with its state. A refused one is resent with
 * `POST /api/v1/mutabo/receipts/{id}/resend/`.
 */
export interface MutaboReceipt {
  id: number;
  type: 'payment' | 'refund' | 'settlement';
  paymentId: number;
  refundId: number | null;
  lessonIds: number[];
  amount: number;
  currency: Currency;
  /** The items' payment_mode: full_prepayment or full_payment. */
  paymentMode: string;
  /** sent: YooKassa took it; pending: waiting to be sent (or sent again); failed: YooKassa refused it (reason). */
  state: 'sent' | 'pending' | 'failed';
  reason: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** «Чек предоплаты», «Чек прихода», «Чек возврата», «Чек зачёта предоплаты». */
export function receiptTypeLabel(receipt: Pick<MutaboReceipt, 'type' | 'paymentMode'>): string {
  if (receipt.type === 'settlement') return 'Чек зачёта предоплаты';
  if (receipt.type === 'refund') return 'Чек возврата';
  return receipt.paymentMode === 'full_prepayment' ? 'Чек предоплаты' : 'Чек прихода';
}

/** «отправлен», «ждёт отправки», «отклонён: …». */
export function receiptStateLabel(receipt: Pick<MutaboReceipt, 'state' | 'reason'>): string {
  if (receipt.state === 'sent') return 'отправлен';
  if (receipt.state === 'pending') return 'ждёт отправки';
  return receipt.reason ? `отклонён: ${receipt.reason}` : 'отклонён';
}

/** Money per currency: never summed across currencies. */
export interface Revenue {
  currency: Currency;
  /** Completed payments (and paid ones marked for refund). */
  payments: number;
  paid: number;
  refunded: number;
  /** paid − refunded. */
  net: number;
}

export const PAYMENTS_PAGE_SIZE = 50;

/**
 * `GET /api/v1/mutabo/payments/?course={id}&page=N`: the payments of the caller's courses (or of one), those with
 * `refundRequired` first, then newest first, PAYMENTS_PAGE_SIZE a page; `revenue` covers every page.
 */
export interface MutaboPaymentsPage extends Paged<MutaboPayment> {
  currentPage: number;
  pages: number;
  revenue: Revenue[];
  /** What discounts cost, per course and currency, over every page. */
  discountCosts: DiscountCost[];
}

/**
 * `POST /api/v1/mutabo/payments/{id}/refund/` with `{}` (every lesson not refunded yet) or `{"lessons": [ids]}`.
 * The amount of a part is the payment's amount shared equally between its lessons (the last lessons refunded get
 * what is left, so the parts add up to the payment). Asked through the provider with an idempotence key kept in the
 * refund row: the same request again (a double click) answers the same refund and never refunds twice; while a
 * refund is pending its lessons cannot be refunded again (409). The places are freed when the provider confirms.
 * Answers 200 (succeeded) or 202 (pending at the provider) with the refund and the payment; 502 `{"detail"}` when
 * the provider did not answer (the refund stays pending; asking again is safe).
 */
const refundLessonsMessage = 'Укажите занятия платежа, за которые вернуть деньги.';
export const refundSchema = z.object(
  { lessons: idList(refundLessonsMessage).refine((ids) => ids.length > 0, refundLessonsMessage).optional() },
  { error: m.invalidBody },
);
export type RefundPayload = z.input<typeof refundSchema>;

export interface MutaboRefundResult {
  refund: MutaboRefund;
  payment: MutaboPayment;
}
