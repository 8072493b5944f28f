// What a selection of lessons costs, decided by the rules the site shows (common/coursePrices.ts and
// common/lessonBlocks.ts, spec sections 5 and 9): the whole-course price or the per-lesson total, and what a buyer
// with a discount pays of it (common/discounts.ts). The server's quote and hold and the site's totals all use it.
import type { Price } from './wireTypes.ts';
import { amountAfterDiscount, discountedPrice, type DiscountTerms } from './discounts.ts';
import { allowsLessonSelection, selectionTotal, wholeCourseTotal } from './coursePrices.ts';
import { lessonBlocks, usesBlocks, wholeCourseLessons, wholeCourseOffered, type LessonForSale } from './lessonBlocks.ts';

/**
 * The most one payment may be, in any currency: far above any real course (prices are at most MAX_PRICE each,
 * common/mutabo/courses.ts), far below what the database and the providers take.
 */
export const MAX_PAYMENT_AMOUNT = 10_000_000;

type AmountDecision =
  | { ok: true; kind: 'whole' | 'lessons'; amount: number }
  /** blocks: the selection cuts through a block or takes one that cannot be bought; wholeOnly: no per-lesson price. */
  | { ok: false; problem: 'blocks' | 'wholeOnly' };

/**
 * The amount of a payment for `requestedIds` among the course's published `lessons` (in order, with the caller's
 * approved lessons and the free places as the site sees them). The whole-course price applies when the request is
 * exactly the lessons the site sends for a whole-course payment and the whole course is offered, unless the same
 * lessons one by one cost less; otherwise each lesson costs the lesson price, or the wholesale price from 5 lessons. Approved and full lessons must have been
 * refused before (they have their own errors). With `terms` (the buyer's discount, in the price's currency) the amount is
 * what the buyer pays: the figures that apply are still decided by `price`, a percent is taken off each of them and
 * an amount off the total, once (common/discounts.ts).
 */
export function paymentAmount(price: Price, lessons: LessonForSale[], requestedIds: readonly number[], blockSize: number, terms?: DiscountTerms | null): AmountDecision {
  const decision = amountByFigures(price, lessons, requestedIds, blockSize, terms ? discountedPrice(price, terms) : price);
  if (!decision.ok || !terms) return decision;
  return { ...decision, amount: amountAfterDiscount(decision.amount, terms, price.currency) };
}

/** The amount by the figures of `charged` (the price with a percent off, or the price itself). */
function amountByFigures(price: Price, lessons: LessonForSale[], requestedIds: readonly number[], blockSize: number, charged: Price): AmountDecision {
  const requested = new Set(requestedIds);
  if (usesBlocks(blockSize)) {
    for (const block of lessonBlocks(lessons, blockSize)) {
      const chosen = block.lessons.filter((lesson) => requested.has(lesson.id)).length;
      if (chosen > 0 && (chosen < block.lessons.length || !block.available)) return { ok: false, problem: 'blocks' };
    }
  }
  const whole = wholeCourseLessons(lessons);
  const isWholeCourse = whole.length === requested.size && whole.every((lesson) => requested.has(lesson.id));
  if (isWholeCourse && wholeCourseOffered(lessons, blockSize) && price.coursePrice > 0) {
    return { ok: true, kind: 'whole', amount: wholeCourseTotal(price, requested.size, charged) };
  }
  if (!allowsLessonSelection(price)) return { ok: false, problem: 'wholeOnly' };
  return { ok: true, kind: 'lessons', amount: selectionTotal(price, requested.size, charged) };
}

/** «1234.00»: the amount as the providers take it, a string with two decimals. */
export const formatAmount = (amount: number) => amount.toFixed(2);

/**
 * What a refund of `chosen` of a payment's `lessonCount` lessons gives back (the rule of POST
 * /api/v1/mutabo/payments/{id}/refund/): an equal share per lesson, in kopecks rounded down, and the refund that
 * completes the payment (`completes`: every other lesson is refunded or on its way) gets all that is left (`rest`),
 * so the parts add up to the payment.
 */
export function refundAmount(amount: number, lessonCount: number, chosen: number, rest: number, completes: boolean): number {
  const restCents = Math.round(rest * 100);
  if (completes) return restCents / 100;
  if (lessonCount <= 0 || chosen <= 0) return 0;
  return Math.min(restCents, Math.floor(Math.round(amount * 100) / lessonCount) * chosen) / 100;
}
