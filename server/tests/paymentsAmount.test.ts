// The server's amount (common/paymentAmount.ts, shared with the site) against the site's own rules, for any course: every
// selection the site's checkboxes can make (toggleLesson) is accepted and costs what the site shows, and the
// whole-course button's lessons cost the course price, or less when the same lessons one by one cost less.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Price } from '../../common/wireTypes.ts';
import { allowsLessonSelection, selectionTotal, wholeCourseTotal } from '../../common/coursePrices.ts';
import { availableLessons, toggleLesson, wholeCourseLessons, wholeCourseOffered, type LessonForSale } from '../../common/lessonBlocks.ts';
import { formatAmount, paymentAmount } from '../../common/paymentAmount.ts';

const money = fc.integer({ min: 0, max: 2_000_000 }).map((cents) => cents / 100);

const priceArb: fc.Arbitrary<Price> = fc.record({
  coursePrice: money,
  lessonPrice: money,
  lessonWholesalePrice: money,
  currency: fc.constantFrom('CURRENCY_CHOICE_RUB', 'CURRENCY_CHOICE_EURO', 'CURRENCY_CHOICE_USD'),
});

const courseArb = fc.record({
  lessons: fc.array(fc.record({ hasFreePlaces: fc.constantFrom(true, true, true, false), participationState: fc.constantFrom<string | null>(null, null, null, 'approved') }), {
    minLength: 1,
    maxLength: 14,
  }),
  blockSize: fc.integer({ min: 1, max: 4 }),
  toggles: fc.array(fc.nat(), { maxLength: 20 }),
});

type Course = typeof courseArb extends fc.Arbitrary<infer T> ? T : never;

function build(course: Course): LessonForSale[] {
  return course.lessons.map((lesson, index) => ({ id: 100 + index, ...lesson }));
}

describe('payment amounts follow the site’s rules', () => {
  it('accepts every selection the site’s checkboxes can make, at the price the site shows', () => {
    fc.assert(
      fc.property(priceArb, courseArb, (price, course) => {
        const lessons = build(course);
        let selected: ReadonlySet<number> = new Set();
        for (const toggle of course.toggles) selected = toggleLesson(selected, lessons[toggle % lessons.length]!.id, lessons, course.blockSize);
        const ids = lessons.filter((lesson) => selected.has(lesson.id)).map((lesson) => lesson.id);
        if (ids.length === 0) return;
        const decision = paymentAmount(price, lessons, ids, course.blockSize);
        const whole = wholeCourseLessons(lessons).map((lesson) => lesson.id);
        const isWholeCourse = whole.length === ids.length && whole.every((id) => ids.includes(id)) && wholeCourseOffered(lessons, course.blockSize) && price.coursePrice > 0;
        if (isWholeCourse) {
          expect(decision).toEqual({ ok: true, kind: 'whole', amount: wholeCourseTotal(price, ids.length) });
        } else if (allowsLessonSelection(price)) {
          expect(decision).toEqual({ ok: true, kind: 'lessons', amount: selectionTotal(price, ids.length) });
        } else {
          expect(decision).toEqual({ ok: false, problem: 'wholeOnly' });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('charges the whole-course button the course price or, when less, the same lessons one by one', () => {
    fc.assert(
      fc.property(priceArb, courseArb, (price, course) => {
        const lessons = build(course);
        fc.pre(wholeCourseOffered(lessons, course.blockSize) && price.coursePrice > 0);
        const ids = wholeCourseLessons(lessons).map((lesson) => lesson.id);
        const decision = paymentAmount(price, lessons, ids, course.blockSize);
        const oneByOne = allowsLessonSelection(price) ? selectionTotal(price, ids.length) : Infinity;
        expect(decision).toEqual({ ok: true, kind: 'whole', amount: Math.min(price.coursePrice, oneByOne) });
      }),
      { numRuns: 500 },
    );
  });

  it('never charges a selection more than its lessons bought one by one', () => {
    fc.assert(
      fc.property(priceArb, courseArb, (price, course) => {
        fc.pre(allowsLessonSelection(price));
        const lessons = build(course);
        let selected: ReadonlySet<number> = new Set();
        for (const toggle of course.toggles) selected = toggleLesson(selected, lessons[toggle % lessons.length]!.id, lessons, course.blockSize);
        const ids = [...selected];
        fc.pre(ids.length > 0);
        const decision = paymentAmount(price, lessons, ids, course.blockSize);
        expect(decision.ok && decision.amount).toBeLessThanOrEqual(selectionTotal(price, ids.length));
      }),
      { numRuns: 1000 },
    );
  });

  it('sells the demo «Медленное чтение» in euros for 136 €, not 140 €: 8 lessons at the wholesale 17 €', () => {
    const euro: Price = { currency: 'CURRENCY_CHOICE_EURO', coursePrice: 140, lessonPrice: 20, lessonWholesalePrice: 17 };
    const lessons = Array.from({ length: 8 }, (_, index) => ({ id: index + 1, hasFreePlaces: true, participationState: null }));
    expect(paymentAmount(euro, lessons, [1, 2, 3, 4, 5, 6, 7, 8], 1)).toEqual({ ok: true, kind: 'whole', amount: 136 });
    expect(paymentAmount({ ...euro, coursePrice: 130 }, lessons, [1, 2, 3, 4, 5, 6, 7, 8], 1)).toEqual({ ok: true, kind: 'whole', amount: 130 });
    // Without a lesson price the course price stands.
    expect(paymentAmount({ ...euro, lessonPrice: 0, lessonWholesalePrice: 0 }, lessons, [1, 2, 3, 4, 5, 6, 7, 8], 1)).toEqual({ ok: true, kind: 'whole', amount: 140 });
  });

  it('refuses a selection that cuts a block or takes an unavailable one', () => {
    fc.assert(
      fc.property(priceArb, courseArb, fc.nat(), (price, course, pick) => {
        fc.pre(course.blockSize > 1 && allowsLessonSelection(price));
        const lessons = build(course);
        const offered = new Set(availableLessons(lessons, course.blockSize).map((lesson) => lesson.id));
        const lesson = lessons[pick % lessons.length]!;
        const blockStart = Math.floor((pick % lessons.length) / course.blockSize) * course.blockSize;
        const blockLength = Math.min(course.blockSize, lessons.length - blockStart);
        // One lesson alone is a cut block unless its block has one lesson; a lesson not offered is never accepted.
        if (blockLength > 1 || !offered.has(lesson.id)) {
          expect(paymentAmount(price, lessons, [lesson.id], course.blockSize)).toEqual({ ok: false, problem: 'blocks' });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('writes amounts with two decimals', () => {
    expect([formatAmount(4000.5), formatAmount(1200), formatAmount(0.1 + 0.2)]).toEqual(['4000.50', '1200.00', '0.30']);
  });
});
