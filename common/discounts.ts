// Discounts (personal discounts and promo codes): the rules that turn a course's prices into a buyer's, the wire
// types of the course details, the payment quote and the area, and the area's request schemas with their Russian
// field messages. The server decides every amount with these rules; the site shows what they give.
//
// A discount is a percent (1–100) or an amount per currency. It applies to each of a course's prices (the whole-course
// price, the lesson price and the wholesale lesson price), so every total follows the usual rules (coursePrices.ts):
// a percent is taken off each price and the result rounded down to the kopeck, in the buyer's favour; an amount is
// taken off each price in its currency and the result is never below zero. A currency without an amount is not
// discounted. A personal discount and a promo code do not add up: the one that makes the payment cheaper applies.
// The request schemas (and zod with them) are common/discountSchemas.ts, so that the course page does not load them.
import { formatMoney } from './coursePrices.ts';
import type { CourseRef, Currency, DiscountTerms, Price } from './wireTypes.ts';

export type { CourseDiscount, DiscountAmount, DiscountTerms } from './wireTypes.ts';

/** The discount a payment (or a quote) got: the person's own, or a promo code's (`code`, upper-case). */
export interface AppliedDiscount extends DiscountTerms {
  kind: 'personal' | 'promoCode';
  code?: string;
  /** What the same lessons cost without it. */
  fullAmount: number;
}

/**
 * `POST /api/v1/payments/quote/`: a payment's body plus an optional `promoCode`; answers what `POST /api/v1/payments/`
 * with the same body would charge, without creating anything. A refused code is a 400 under `promoCode`.
 */
export interface PaymentQuote {
  amount: number;
  currency: Currency;
  discount: AppliedDiscount | null;
}

// ---- The rules

const toCents = (amount: number) => Math.round(amount * 100);

/** The amount `terms` take off in `currency`, or null when they do not apply to it. */
export function amountOff(terms: DiscountTerms, currency: Currency): number | null {
  if (terms.percent !== undefined) return null;
  return terms.amounts?.find((item) => item.currency === currency)?.amount ?? null;
}

/** Whether the terms change prices in `currency`. */
export function appliesTo(terms: DiscountTerms, currency: Currency): boolean {
  return terms.percent !== undefined || amountOff(terms, currency) !== null;
}

/** One price figure with the terms: a percent rounded down to the kopeck, an amount never below zero; 0 stays 0. */
function discountedFigure(figure: number, terms: DiscountTerms, currency: Currency): number {
  const cents = toCents(figure);
  if (cents <= 0) return 0;
  if (terms.percent !== undefined) return Math.floor((cents * (100 - terms.percent)) / 100) / 100;
  const off = amountOff(terms, currency);
  if (off === null) return cents / 100;
  return Math.max(0, cents - toCents(off)) / 100;
}

/** The price with the discount taken off each of its figures. */
export function discountedPrice(price: Price, terms: DiscountTerms): Price {
  return {
    ...price,
    coursePrice: discountedFigure(price.coursePrice, terms, price.currency),
    lessonPrice: discountedFigure(price.lessonPrice, terms, price.currency),
    lessonWholesalePrice: discountedFigure(price.lessonWholesalePrice, terms, price.currency),
  };
}

/** The terms as the wire carries them: only the field that is set (an amount discount only for its currencies). */
export function termsOf(terms: DiscountTerms): DiscountTerms {
  return terms.percent !== undefined ? { percent: terms.percent } : { amounts: terms.amounts ?? [] };
}

/** «20 %», «500 ₽», «500 ₽ или 6 €»: what a discount takes off, in words. */
export function discountText(terms: DiscountTerms): string {
  if (terms.percent !== undefined) return `${terms.percent} %`;
  return (terms.amounts ?? []).map((item) => formatMoney(item.amount, item.currency)).join(' или ');
}

// ---- Codes

/** The most characters of a promo code. */
export const PROMO_CODE_MAX_LENGTH = 32;

/** A code as it is stored and compared: trimmed, upper-case (codes are case-insensitive). */
export const normalizePromoCode = (code: string) => code.trim().toLocaleUpperCase('ru-RU');

// ---- The area's answers

/** A personal discount as the area lists it (`GET /api/v1/mutabo/courses/{id}/discounts/`, active ones, newest first). */
export interface MutaboDiscount extends DiscountTerms {
  id: number;
  course: CourseRef;
  email: string;
  /** The account with that address, when there is one. */
  person: { id: number; firstName: string; lastName: string } | null;
  expiresAt: string | null;
  /** Past its expiry: kept in the list until revoked, no longer applied. */
  expired: boolean;
  note: string;
  createdAt: string;
  /** Completed payments it was applied to. */
  used: number;
}

/** A promo code as the area lists it (`GET /api/v1/mutabo/promo-codes/`, newest first, revoked ones too). */
export interface MutaboPromoCode extends DiscountTerms {
  id: number;
  code: string;
  /** Null: every course of the author who made it. */
  course: CourseRef | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  /** Uses taken by payments completed or in progress (a cancelled or expired payment gives its use back). */
  uses: number;
  createdAt: string;
  /** When it was revoked (`DELETE /api/v1/mutabo/promo-codes/{id}/`); null while it works. */
  revokedAt: string | null;
}

/** What discounts cost one course in one currency: completed payments with a discount, full price minus paid. */
export interface DiscountCost {
  courseId: number;
  courseTitle: string;
  currency: Currency;
  payments: number;
  cost: number;
}
