// Lesson blocks and the price rules, with examples and properties (fast-check).
import fc from 'fast-check';
import type { Price } from '../../common/wireTypes.ts';
import {
  availableLessons,
  lessonBlocks,
  lessonHasBegun,
  lessonSale,
  placeFree,
  withPast,
  toggleLesson,
  wholeCourseLessons,
  wholeCourseOffered,
  type LessonForSale,
} from '../../common/lessonBlocks.ts';
import { defaultPrice, paymentSystemFor, selectionTotal, wholeCourseTotal } from '../../common/coursePrices.ts';

const lesson = (id: number, hasFreePlaces = true, approved = false): LessonForSale => ({
  id,
  hasFreePlaces,
  participationState: approved ? 'approved' : null,
});

const lessonArb = fc.record({
  id: fc.nat(),
  hasFreePlaces: fc.boolean(),
  participationState: fc.constantFrom(null, 'approved', 'reserved', 'waiting_list'),
});
const lessonsArb = fc.uniqueArray(lessonArb, { selector: (l) => l.id, maxLength: 20 });

describe('lesson blocks', () => {
  it('fills each block up to the block size, in order', () => {
    const blocks = lessonBlocks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => lesson(id)), 4);
    expect(blocks.map((block) => block.lessons.map((l) => l.id))).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]);
  });

  it('marks a block with a bought lesson participated and one with a full lesson unavailable', () => {
    const blocks = lessonBlocks([lesson(1), lesson(2, true, true), lesson(3, false), lesson(4), lesson(5), lesson(6)], 2);
    expect(blocks.map(({ participated, available }) => ({ participated, available }))).toEqual([
      { participated: true, available: false },
      { participated: false, available: false },
      { participated: false, available: true },
    ]);
    expect(availableLessons([lesson(1), lesson(2, true, true), lesson(3, false), lesson(4), lesson(5), lesson(6)], 2).map((l) => l.id)).toEqual([5, 6]);
  });

  it('selects and deselects a whole block at once', () => {
    const lessons = [1, 2, 3, 4, 5, 6].map((id) => lesson(id));
    const selected = toggleLesson(new Set(), 5, lessons, 4);
    expect([...selected].sort()).toEqual([5, 6]);
    expect([...toggleLesson(selected, 6, lessons, 4)]).toEqual([]);
    expect([...toggleLesson(new Set(), 2, lessons, 1)]).toEqual([2]);
  });

  it('offers the whole course only when every lesson can be bought', () => {
    expect(wholeCourseOffered([lesson(1), lesson(2)], 1)).toBe(true);
    expect(wholeCourseOffered([lesson(1), lesson(2, false)], 1)).toBe(false);
    expect(wholeCourseOffered([lesson(1, true, true), lesson(2)], 1)).toBe(false);
    expect(wholeCourseOffered([], 1)).toBe(false);
  });

  it('offers no lesson that has begun, nor its block, nor the whole course while one has (issue 32)', () => {
    const now = Date.parse('2031-03-01T12:00:00Z');
    const at = (id: number, startsAt: string | null) => ({ ...lesson(id), startsAt });
    const lessons = withPast([at(1, '2031-02-22T12:00:00Z'), at(2, '2031-03-01T12:00:00Z'), at(3, '2031-03-08T12:00:00Z'), at(4, null)], now);
    expect(lessons.map((l) => l.past)).toEqual([true, true, false, false]);
    expect(availableLessons(lessons, 1).map((l) => l.id)).toEqual([3, 4]);
    expect(wholeCourseLessons(lessons).map((l) => l.id)).toEqual([3, 4]);
    expect(wholeCourseOffered(lessons, 1)).toBe(false);
    expect(lessonBlocks(lessons, 3).map(({ begun, available }) => ({ begun, available }))).toEqual([
      { begun: true, available: false },
      { begun: false, available: true },
    ]);
    expect([...toggleLesson(new Set(), 3, lessons, 3)]).toEqual([]);
    expect(lessonHasBegun({ startsAt: '2031-03-01T12:00:01Z' }, now)).toBe(false);
  });

  it('sells a begun lesson as its recording once it has one, without a place limit (issue 34)', () => {
    const now = Date.parse('2031-03-01T12:00:00Z');
    const at = (id: number, startsAt: string | null, hasRecording: boolean, hasFreePlaces = true) => ({ ...lesson(id, hasFreePlaces), startsAt, hasRecording });
    expect(lessonSale({ startsAt: '2031-02-22T12:00:00Z', hasRecording: true }, 'live', now)).toBe('recording');
    expect(lessonSale({ startsAt: '2031-02-22T12:00:00Z', hasRecording: false }, 'live', now)).toBe('none');
    expect(lessonSale({ startsAt: '2031-02-22T12:00:00Z' }, 'live', now)).toBe('none');
    expect(lessonSale({ startsAt: '2031-03-08T12:00:00Z', hasRecording: true }, 'live', now)).toBe('live');
    expect(lessonSale({ startsAt: null, hasRecording: false }, 'live', now)).toBe('live');
    // A recorded course sells only recordings, with or without a (held) time.
    expect(lessonSale({ startsAt: null, hasRecording: true }, 'recorded', now)).toBe('recording');
    expect(lessonSale({ startsAt: null, hasRecording: false }, 'recorded', now)).toBe('none');
    expect(lessonSale({ startsAt: '2031-02-22T12:00:00Z', hasRecording: true }, 'recorded', now)).toBe('recording');
    // The place rule: a recording is never full, a live lesson within the limit (0: no places).
    expect(placeFree(5, 5, 'recording')).toBe(true);
    expect(placeFree(0, 0, 'recording')).toBe(true);
    expect(placeFree(4, 5, 'live')).toBe(true);
    expect(placeFree(5, 5, 'live')).toBe(false);
    expect(placeFree(0, 0, 'none')).toBe(false);

    const lessons = withPast([at(1, '2031-02-22T12:00:00Z', true, false), at(2, '2031-02-23T12:00:00Z', false), at(3, '2031-03-08T12:00:00Z', false), at(4, null, false)], now);
    expect(lessons.map((l) => [l.past, l.asRecording, l.hasFreePlaces])).toEqual([
      [false, true, true],
      [true, false, true],
      [false, false, true],
      [false, false, true],
    ]);
    expect(availableLessons(lessons, 1).map((l) => l.id)).toEqual([1, 3, 4]);
    expect(lessonBlocks(lessons, 2).map(({ begun, available }) => ({ begun, available }))).toEqual([
      { begun: true, available: false },
      { begun: false, available: true },
    ]);
    expect(wholeCourseOffered(lessons, 1)).toBe(false);
    // Every begun lesson with a recording: the whole course is sold again.
    const recorded = withPast([at(1, '2031-02-22T12:00:00Z', true), at(2, '2031-02-23T12:00:00Z', true), at(3, '2031-03-08T12:00:00Z', false)], now);
    expect(wholeCourseOffered(recorded, 1)).toBe(true);
    expect(wholeCourseLessons(recorded).map((l) => l.id)).toEqual([1, 2, 3]);
  });

  it('sells a recorded course’s lessons only once their recordings are ready, in blocks and whole alike (issue 34)', () => {
    const now = Date.parse('2031-03-01T12:00:00Z');
    const item = (id: number, hasRecording: boolean) => ({ ...lesson(id, false), startsAt: null, hasRecording });
    const lessons = withPast([item(1, true), item(2, true), item(3, true), item(4, false)], now, 'recorded');
    expect(lessons.map((l) => [l.past, l.asRecording, l.hasFreePlaces])).toEqual([
      [false, true, true],
      [false, true, true],
      [false, true, true],
      [true, false, false],
    ]);
    expect(availableLessons(lessons, 1).map((l) => l.id)).toEqual([1, 2, 3]);
    expect(availableLessons(lessons, 2).map((l) => l.id)).toEqual([1, 2]);
    expect(wholeCourseOffered(lessons, 1)).toBe(false);
    expect([...toggleLesson(new Set(), 4, lessons, 1)]).toEqual([]);
    expect(wholeCourseOffered(withPast([item(1, true), item(2, true)], now, 'recorded'), 2)).toBe(true);
    // Without the format the site's old call treats lessons without a time as live ones still ahead.
    expect(withPast([item(4, false)], now).map((l) => l.past)).toEqual([false]);
  });

  it('never offers a bought or full lesson, and never splits a block (property)', () => {
    fc.assert(
      fc.property(lessonsArb, fc.integer({ min: 1, max: 5 }), (lessons, size) => {
        const offered = availableLessons(lessons, size);
        for (const l of offered) {
          expect(l.participationState).not.toBe('approved');
          expect(l.hasFreePlaces).toBe(true);
        }
        if (size > 1) {
          const offeredIds = new Set(offered.map((l) => l.id));
          for (const block of lessonBlocks(lessons, size)) {
            const inOffer = block.lessons.filter((l) => offeredIds.has(l.id)).length;
            expect(inOffer === 0 || inOffer === block.lessons.length).toBe(true);
          }
        }
        expect(wholeCourseLessons(lessons).every((l) => l.hasFreePlaces && l.participationState !== 'approved')).toBe(true);
      }),
    );
  });

  it('toggling twice gives the selection back, and only offered lessons are ever selected (property)', () => {
    fc.assert(
      fc.property(lessonsArb, fc.integer({ min: 1, max: 4 }), fc.nat(), (lessons, size, pick) => {
        fc.pre(lessons.length > 0);
        const target = lessons[pick % lessons.length]!;
        const once = toggleLesson(new Set(), target.id, lessons, size);
        const offered = new Set(availableLessons(lessons, size).map((l) => l.id));
        for (const id of once) expect(offered.has(id)).toBe(true);
        expect([...toggleLesson(once, target.id, lessons, size)]).toEqual([]);
      }),
    );
  });
});

describe('prices', () => {
  const rub: Price = { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 12000, lessonPrice: 1800, lessonWholesalePrice: 1500 };
  const euro: Price = { currency: 'CURRENCY_CHOICE_EURO', coursePrice: 140, lessonPrice: 20, lessonWholesalePrice: 0 };

  it('uses the lesson price below 5 lessons and the wholesale price from 5 on, falling back to the lesson price', () => {
    expect(selectionTotal(rub, 4)).toBe(7200);
    expect(selectionTotal(rub, 5)).toBe(7500);
    expect(selectionTotal(euro, 5)).toBe(100);
    expect(selectionTotal(rub, 0)).toBe(0);
  });

  it('sells the whole course for the lower of its price and its lessons one by one', () => {
    // «Медленное чтение» in euros: 8 lessons at the wholesale 17 € are 136 €, less than the course price of 140 €.
    expect(wholeCourseTotal({ ...euro, lessonWholesalePrice: 17 }, 8)).toBe(136);
    expect(wholeCourseTotal(rub, 8)).toBe(12000);
    expect(wholeCourseTotal(rub, 10)).toBe(12000);
    // Without a lesson price the course price stands.
    expect(wholeCourseTotal({ ...rub, lessonPrice: 0, lessonWholesalePrice: 0 }, 3)).toBe(12000);
  });

  it('defaults to rubles, else the first price, and sends euros to PayPal', () => {
    expect(defaultPrice([euro, rub])).toBe(rub);
    expect(defaultPrice([euro])).toBe(euro);
    expect(defaultPrice([])).toBeUndefined();
    expect(paymentSystemFor('CURRENCY_CHOICE_EURO')).toBe('paypal');
    expect(paymentSystemFor('CURRENCY_CHOICE_RUB')).toBe('yookassa');
    expect(paymentSystemFor('CURRENCY_CHOICE_USD')).toBe('yookassa');
  });

  it('a selection never costs more per lesson when more lessons are bought at the wholesale price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 40 }), (lessonPrice, discount, count) => {
        const price: Price = { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 0, lessonPrice, lessonWholesalePrice: Math.max(1, lessonPrice - discount) };
        const total = selectionTotal(price, count);
        expect(total).toBeGreaterThan(0);
        expect(total).toBeLessThanOrEqual(lessonPrice * count);
        expect(total).toBe(count >= 5 ? price.lessonWholesalePrice * count : lessonPrice * count);
      }),
    );
  });
});
