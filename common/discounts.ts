// Discounts (personal discounts and promo codes): the rules that turn what a payment costs into what a buyer pays,
// the wire types of the course details, the payment quote and the area, and the area's request schemas with their
// Russian field messages. The server decides every amount with these rules (through common/paymentAmount.ts); the
// site shows what they give.
//
// A discount is a percent (1–100) or an amount per currency, and applies to a payment. Which figure applies (the
// whole-course price, the lesson price, the wholesale price from 5 lessons) is decided by the course's own prices. A
// percent is taken off each of those figures and the result rounded down to the kopeck, in the buyer's favour, so the
// figures the course page shows add up to the payment. An amount is taken off the payment once, whatever the number
// of lessons, and never brings it below zero: a buyer never gets more than the amount. The area refuses an amount
// above the smallest payment the course can have in that currency (`smallestPayment`), for every course the discount
// applies to. A currency without an amount is not discounted. A personal discount and a promo code do not add up: the
// one that makes the payment cheaper applies. The request schemas (and zod with them) are common/discountSchemas.ts,
// so that the course page does not load them.
import { formatMoney, WHOLESALE_THRESHOLD } from './coursePrices.ts';
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
function amountOff(terms: DiscountTerms, currency: Currency): number | null {
  if (terms.percent !== undefined) return null;
  return terms.amounts?.find((item) => item.currency === currency)?.amount ?? null;
}

/** Whether the terms change prices in `currency`. */
export function appliesTo(terms: DiscountTerms, currency: Currency): boolean {
  return terms.percent !== undefined || amountOff(terms, currency) !== null;
}

/** One price figure with a percent off, rounded down to the kopeck; 0 stays 0. */
function percentOff(figure: number, percent: number): number {
  const cents = toCents(figure);
  if (cents <= 0) return 0;
  return Math.floor((cents * (100 - percent)) / 100) / 100;
}

/**
 * The price figures a buyer with the terms is charged by: a percent off each; an amount changes none of them, since it
 * comes off the payment (`amountAfterDiscount`).
 */
export function discountedPrice(price: Price, terms: DiscountTerms): Price {
  const { percent } = terms;
  if (percent === undefined) return price;
  return {
    ...price,
    coursePrice: percentOff(price.coursePrice, percent),
    lessonPrice: percentOff(price.lessonPrice, percent),
    lessonWholesalePrice: percentOff(price.lessonWholesalePrice, percent),
  };
}

/**
 * A payment's amount, reckoned with `discountedPrice`'s figures, after the terms' amount in `currency`: taken off once,
 * never below zero, so the buyer gets at most the amount. A percent (already in the figures) leaves it as it is.
 */
export function amountAfterDiscount(amount: number, terms: DiscountTerms, currency: Currency): number {
  const off = amountOff(terms, currency);
  if (off === null) return amount;
  return Math.max(0, toCents(amount) - toCents(off)) / 100;
}

/** What a payment in a price can be at least, and what it buys (`smallestPayment`). */
export interface SmallestPayment {
  amount: number;
  what: 'lesson' | 'wholesale' | 'course';
}

/**
 * The least one payment in `price` can come to: one lesson at the lesson price, WHOLESALE_THRESHOLD lessons at the
 * wholesale price, or the whole course at the course price (the whole course never costs more than its lessons one by
 * one, and those are at least one of the first two). The most an amount discount may take off on the course; null
 * for a price that sells nothing.
 */
export function smallestPayment(price: Price): SmallestPayment | null {
  const candidates: SmallestPayment[] = [];
  if (price.coursePrice > 0) candidates.push({ amount: price.coursePrice, what: 'course' });
  if (price.lessonPrice > 0) {
    candidates.push({ amount: price.lessonPrice, what: 'lesson' });
    if (price.lessonWholesalePrice > 0) candidates.push({ amount: toCents(price.lessonWholesalePrice * WHOLESALE_THRESHOLD) / 100, what: 'wholesale' });
  }
  return candidates.reduce<SmallestPayment | null>((least, candidate) => (least === null || candidate.amount < least.amount ? candidate : least), null);
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

/**
 * A promo code as the area lists it (`GET /api/v1/mutabo/promo-codes/`, newest first, revoked ones too): the caller's
 * own and every code that discounts a course they lead.
 */
export interface MutaboPromoCode extends DiscountTerms {
  id: number;
  code: string;
  /** Null: every course of the author who made it. */
  course: CourseRef | null;
  /**
   * «Имя Фамилия» of the author who made it, when that is not the caller: a co-author of a course it discounts (a code
   * for every course of one author discounts the courses they lead with others too). Null for the caller's own codes.
   */
  madeBy: string | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  /** Uses taken by payments completed or in progress (a cancelled or expired payment gives its use back). */
  uses: number;
  createdAt: string;
  /** When it was revoked (`DELETE /api/v1/mutabo/promo-codes/{id}/`); null while it works. */
  revokedAt: string | null;
}

/**
 * A course the caller leads as the discount forms show what a buyer will pay (`GET /api/v1/mutabo/discount-prices/`,
 * every course the caller leads, by title): its prices, its published lessons and their blocks.
 */
export interface DiscountPriceCourse {
  id: number;
  title: string;
  prices: Price[];
  /** Published lessons: what a payment for the whole course takes. */
  lessonsCount: number;
  lessonsBlockSize: number;
}

/** What discounts cost one course in one currency: completed payments with a discount, full price minus paid. */
export interface DiscountCost {
  courseId: number;
  courseTitle: string;
  currency: Currency;
  payments: number;
  cost: number;
}
