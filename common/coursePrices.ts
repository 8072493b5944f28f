// Course prices: currency choice, payment system and totals (spec sections 5 and 9), shared by site and server.
import type { Currency, PaymentSystem, Price } from './wireTypes.ts';

/** From this many lessons on, the wholesale lesson price applies. */
export const WHOLESALE_THRESHOLD = 5;

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  CURRENCY_CHOICE_RUB: '₽',
  CURRENCY_CHOICE_EURO: '€',
  CURRENCY_CHOICE_USD: '$',
};

/** The ruble price when there is one, else the first price. */
export function defaultPrice(prices: Price[]): Price | undefined {
  return prices.find((price) => price.currency === 'CURRENCY_CHOICE_RUB') ?? prices[0];
}

/** PayPal takes euros; YooKassa takes rubles and everything else. */
export function paymentSystemFor(currency: Currency): PaymentSystem {
  return currency === 'CURRENCY_CHOICE_EURO' ? 'paypal' : 'yookassa';
}

/** Lessons can be chosen one by one only when the currency has a lesson price. */
export function allowsLessonSelection(price: Price | undefined): boolean {
  return Boolean(price && price.lessonPrice > 0);
}

/**
 * Whether the wholesale lesson price can apply to a buyer who may choose `choosable` lessons now (with blocks, the
 * lessons of the blocks that can be bought): it is set, differs from the lesson price, and at least
 * WHOLESALE_THRESHOLD lessons can be bought at once. A course with fewer lessons (or fewer left to buy) never shows it.
 */
export function wholesaleCanApply(price: Price, choosable: number): boolean {
  return allowsLessonSelection(price) && price.lessonWholesalePrice > 0 && price.lessonWholesalePrice !== price.lessonPrice && choosable >= WHOLESALE_THRESHOLD;
}

// `charged` below is the price the buyer pays when a discount made it lower than `price` (common/discounts.ts): which
// figure applies is decided by the course's own price (a figure a discount brought to zero still applies), what it
// costs by the charged one.

/** The price of one lesson when `count` lessons are bought together. */
function lessonUnitPrice(price: Price, count: number, charged: Price = price): number {
  if (count >= WHOLESALE_THRESHOLD && price.lessonWholesalePrice > 0) return charged.lessonWholesalePrice;
  return charged.lessonPrice;
}

/** Total for a selection of lessons, in the price's currency units. */
export function selectionTotal(price: Price, count: number, charged: Price = price): number {
  if (count <= 0) return 0;
  return roundMoney(lessonUnitPrice(price, count, charged) * count);
}

/**
 * What one block of `blockSize` lessons costs bought on its own (issue 32): its lessons at the price that many lessons
 * get, so a block of WHOLESALE_THRESHOLD or more is at the wholesale price. The page says it before the first tick.
 */
export function blockTotal(price: Price, blockSize: number, charged: Price = price): number {
  return selectionTotal(price, blockSize, charged);
}

/**
 * What the whole course of `lessonCount` lessons costs: the course price, or the same lessons bought one by one (with
 * the wholesale price) when that is less, so buying the whole course is never a surcharge.
 */
export function wholeCourseTotal(price: Price, lessonCount: number, charged: Price = price): number {
  const coursePrice = roundMoney(charged.coursePrice);
  if (!allowsLessonSelection(price)) return coursePrice;
  return Math.min(coursePrice, selectionTotal(price, lessonCount, charged));
}

export function roundMoney(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function formatMoney(amount: number, currency: Currency): string {
  const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(amount);
  return `${number} ${CURRENCY_SYMBOLS[currency]}`;
}
