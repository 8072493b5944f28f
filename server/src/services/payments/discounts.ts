// Discounts at the checkout (issue 23; the rules are common/discounts.ts): which of a buyer's personal discount and
// promo code may apply to a payment, the refusals of a code under `promoCode`, and a caller's discount on the course
// details. The amounts are decided under the course's lock with the places (payments/holds.ts).
import { appliesTo, discountedPrice, termsOf, type CourseDiscount, type DiscountTerms } from '../../../../common/discounts.ts';
import { discountMessages } from '../../../../common/discountSchemas.ts';
import type { CourseDetails, Currency } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import type { PaymentDiscountRecord } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { discountOfUser, promoCodeForCourse, termsOfRow, type DiscountRow } from '../../repositories/payments/discountsRepository.ts';

/** A discount a payment may be charged with: the person's own (`personal`) or a promo code's. */
export type DiscountCandidate = { kind: 'personal'; id: number; terms: DiscountTerms } | { kind: 'promoCode'; id: number; code: string; terms: DiscountTerms };

/** A refusal of the code, as a field error of `promoCode`. */
export const promoCodeRefused = (reason: keyof typeof discountMessages) => new HttpError(400, { promoCode: [discountMessages[reason]] });

/** What a payment records of the discount it got. */
export const recordOf = (candidate: DiscountCandidate): PaymentDiscountRecord =>
  candidate.kind === 'promoCode' ? { kind: 'promoCode', code: candidate.code, ...termsOf(candidate.terms) } : { kind: 'personal', ...termsOf(candidate.terms) };

/**
 * The discounts a buyer may be charged with on the course in the currency, the personal one first; a code that does
 * not apply is refused (400 under `promoCode`). Uses are checked here for the message; the hold takes the use under
 * the lock, where a code used up meanwhile is refused the same way.
 */
export async function buyerDiscounts(db: Executor, userId: number, courseId: number, currency: Currency, promoCode: string | undefined | null, now: Date = new Date()): Promise<DiscountCandidate[]> {
  const candidates: DiscountCandidate[] = [];
  const personal = await discountOfUser(db, userId, courseId, now);
  if (personal) candidates.push({ kind: 'personal', id: personal.id, terms: termsOfRow(personal) });
  if (promoCode) {
    const found = await promoCodeForCourse(db, promoCode, courseId);
    if (!found) throw promoCodeRefused('promoUnknown');
    const { row, coversCourse } = found;
    if (!coversCourse) throw promoCodeRefused('promoOtherCourse');
    if (row.validFrom && row.validFrom.getTime() > now.getTime()) throw promoCodeRefused('promoNotYet');
    if (row.validUntil && row.validUntil.getTime() <= now.getTime()) throw promoCodeRefused('promoExpired');
    if (row.maxUses !== null && row.uses >= row.maxUses) throw promoCodeRefused('promoUsedUp');
    const terms = termsOfRow(row);
    if (!appliesTo(terms, currency)) throw promoCodeRefused('promoOtherCurrency');
    candidates.push({ kind: 'promoCode', id: row.id, code: row.code, terms });
  }
  return candidates;
}

/** The course details as a caller with a personal discount sees them: the prices discounted, and what applies. */
export function withDiscount(course: CourseDetails, discount: DiscountRow | null): CourseDetails {
  if (!discount) return course;
  const terms = termsOfRow(discount);
  if (!course.prices.some((price) => appliesTo(terms, price.currency))) return course;
  const info: CourseDiscount = { ...termsOf(terms), expiresAt: discount.expiresAt?.toISOString() ?? null, fullPrices: course.prices };
  return { ...course, prices: course.prices.map((price) => (appliesTo(terms, price.currency) ? discountedPrice(price, terms) : price)), discount: info };
}
