// The 54-ФЗ receipt lines (services/payments/receipts.ts): one line per lesson whose amounts add up to the payment or
// refund to the kopeck, with the kopecks of the division on the last lines, and descriptions YooKassa takes (at most
// 128 characters, cut on a word boundary).
import { describe, expect, it } from 'vitest';
import { selectionTotal, wholeCourseTotal } from '../../common/coursePrices.ts';
import { lessonDescription, receiptLines, RECEIPT_DESCRIPTION_LIMIT, RECEIPT_ITEMS_LIMIT, splitCents } from '../src/services/payments/receipts.ts';

const lessons = (count: number) => Array.from({ length: count }, (_, index) => ({ number: index + 1, title: `Тема ${index + 1}` }));
const sum = (lines: { quantity: number; amountCents: number }[]) => lines.reduce((total, line) => total + line.quantity * line.amountCents, 0);
const length = (text: string) => Array.from(text).length;

describe('receipt lines', () => {
  it('splits an amount into equal kopecks, the rest going to the last lines', () => {
    expect(splitCents(1000, 3)).toEqual([333, 333, 334]);
    expect(splitCents(1001, 3)).toEqual([333, 334, 334]);
    expect(splitCents(120000, 2)).toEqual([60000, 60000]);
    expect(splitCents(7, 1)).toEqual([7]);
    expect(splitCents(2, 3)).toEqual([0, 1, 1]);
    expect(splitCents(500, 0)).toEqual([]);
  });

  it('adds up to the amount for the course price, the lesson price, the wholesale price and blocks', () => {
    const price = { coursePrice: 9900, lessonPrice: 1500.5, lessonWholesalePrice: 1250.25, currency: 'CURRENCY_CHOICE_RUB' as const };
    const amounts = [
      wholeCourseTotal(price, 7), // the course price or the lessons one by one: 8751.75
      selectionTotal(price, 2), // the lesson price
      selectionTotal(price, 6), // the wholesale price
      wholeCourseTotal({ ...price, coursePrice: 100 }, 3), // a course price that does not divide: 33.33 + 33.33 + 33.34
      selectionTotal({ ...price, lessonWholesalePrice: 333.33 }, 9), // three blocks of three
    ];
    const counts = [7, 2, 6, 3, 9];
    amounts.forEach((amount, index) => {
      const cents = Math.round(amount * 100);
      const lines = receiptLines('Акварель', lessons(counts[index]!), cents);
      expect(lines).toHaveLength(counts[index]!);
      expect(lines.every((line) => line.quantity === 1)).toBe(true);
      expect(sum(lines)).toBe(cents);
    });
    expect(receiptLines('Акварель', lessons(3), 10000).map((line) => line.amountCents)).toEqual([3333, 3333, 3334]);
  });

  it('describes each lesson as «Курс «…», занятие N. …»', () => {
    expect(lessonDescription('Акварель для начинающих', { number: 3, title: 'Цветовой круг' })).toBe('Курс «Акварель для начинающих», занятие 3. Цветовой круг');
    expect(receiptLines('Акварель', [{ number: 2, title: '  Свет\nи тень ' }], 1200_00)).toEqual([{ description: 'Курс «Акварель», занятие 2. Свет и тень', quantity: 1, amountCents: 1200_00 }]);
  });

  it('cuts a long description to 128 characters on a word boundary', () => {
    const long = lessonDescription('Очень длинное название курса о живописи маслом, акварелью и темперой', {
      number: 12,
      title: 'Построение сложной композиции с несколькими планами, воздушной перспективой и отражениями в воде',
    });
    expect(length(long)).toBeLessThanOrEqual(RECEIPT_DESCRIPTION_LIMIT);
    expect(long).toMatch(/^Курс «Очень длинное название курса о живописи маслом, акварелью и темперой», занятие 12\. Построение сложной композиции/);
    expect(long.endsWith('…')).toBe(true);
    // The word before the cut is whole: the text without the ellipsis is a prefix of the full text followed by a space.
    const full = 'Курс «Очень длинное название курса о живописи маслом, акварелью и темперой», занятие 12. Построение сложной композиции с несколькими планами, воздушной перспективой и отражениями в воде';
    expect(full.startsWith(`${long.slice(0, -1)} `)).toBe(true);
    // Characters, not UTF-16 units: emoji count once.
    const emoji = lessonDescription('🎨'.repeat(200), { number: 1, title: 'x' });
    expect(length(emoji)).toBeLessThanOrEqual(RECEIPT_DESCRIPTION_LIMIT);
    // Exactly 128 stays as it is.
    const exact = lessonDescription('к'.repeat(128 - length('Курс «», занятие 1. т')), { number: 1, title: 'т' });
    expect(length(exact)).toBe(128);
    expect(exact.endsWith('т')).toBe(true);
  });

  it('puts lessons of equal amounts on one line with a quantity when there are more lessons than a receipt takes', () => {
    const count = RECEIPT_ITEMS_LIMIT + 20;
    const lines = receiptLines('Марафон', lessons(count), 1_000_000);
    expect(lines.length).toBeLessThanOrEqual(RECEIPT_ITEMS_LIMIT);
    expect(sum(lines)).toBe(1_000_000);
    expect(lines.map((line) => line.quantity)).toEqual([count]);
    expect(lines[0]!.description).toMatch(/^Курс «Марафон», занятия № 1, 2, 3/);
    expect(length(lines[0]!.description)).toBeLessThanOrEqual(RECEIPT_DESCRIPTION_LIMIT);
    const uneven = receiptLines('Марафон', lessons(count), 1_000_003);
    expect(uneven.map((line) => [line.quantity, line.amountCents])).toEqual([
      [count - 3, 10_000],
      [3, 10_001],
    ]);
    expect(sum(uneven)).toBe(1_000_003);
    expect(receiptLines('Марафон', [], 100)).toEqual([]);
  });
});
