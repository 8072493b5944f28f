// The lines of a 54-ФЗ receipt (docs/PAYMENTS.md, «Receipts»): one line per lesson of a payment or a refund, whose
// amounts add up to it to the kopeck. The amount is split into equal kopecks and the kopecks of the division go to
// the last lines. YooKassa takes at most RECEIPT_ITEMS_LIMIT lines and descriptions of at most 128 characters
// (https://yookassa.ru/developers/api#create_payment_receipt_items); a longer description is cut on a word boundary.

/** The most characters of an item's `description` (tag 1030). */
export const RECEIPT_DESCRIPTION_LIMIT = 128;
/** The most items of one receipt: 80 with «Чеки от ЮKassa», 100 with another online register; the smaller one. */
export const RECEIPT_ITEMS_LIMIT = 80;

export interface ReceiptLesson {
  /** The lesson's id, when known: a prepayment receipt records each lesson's amount for its settlement receipt. */
  id?: number;
  number: number;
  title: string;
}

export interface ReceiptLine {
  description: string;
  /** How many lessons the line stands for: 1, unless there are more lessons than a receipt takes. */
  quantity: number;
  /** The price of one, in kopecks (cents): the line's sum is quantity × amountCents. */
  amountCents: number;
}

/** `totalCents` in `count` parts of equal kopecks; the kopecks left over by the division go to the last parts. */
export function splitCents(totalCents: number, count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(totalCents / count);
  const rest = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => base + (index >= count - rest ? 1 : 0));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** At most RECEIPT_DESCRIPTION_LIMIT characters (code points); a longer text ends with the last whole word and «…». */
function cutDescription(text: string): string {
  const chars = Array.from(oneLine(text));
  if (chars.length <= RECEIPT_DESCRIPTION_LIMIT) return chars.join('');
  const head = chars.slice(0, RECEIPT_DESCRIPTION_LIMIT - 1).join('');
  // The word at the cut is whole when the next character is a space; otherwise the cut goes back to the last space.
  const space = chars[RECEIPT_DESCRIPTION_LIMIT - 1] === ' ' ? head.length : head.lastIndexOf(' ');
  const kept = space > 0 ? head.slice(0, space) : head;
  return `${kept.replace(/[\s,.;:—–-]+$/u, '')}…`;
}

/** «Курс «Акварель», занятие 3. Цветовой круг», cut to 128 characters. */
export function lessonDescription(courseTitle: string, lesson: ReceiptLesson): string {
  return cutDescription(`Курс «${oneLine(courseTitle)}», занятие ${lesson.number}. ${oneLine(lesson.title)}`);
}

/**
 * The receipt lines of `lessons` (in their order in the course) for `totalCents`: one per lesson. When there are more
 * lessons than a receipt takes, the lessons of equal amounts share a line with their count as its quantity (the split
 * gives at most two amounts, so at most two lines).
 */
export function receiptLines(courseTitle: string, lessons: readonly ReceiptLesson[], totalCents: number): ReceiptLine[] {
  const amounts = splitCents(totalCents, lessons.length);
  if (lessons.length <= RECEIPT_ITEMS_LIMIT) {
    return lessons.map((lesson, index) => ({ description: lessonDescription(courseTitle, lesson), quantity: 1, amountCents: amounts[index]! }));
  }
  const groups: { amountCents: number; numbers: number[] }[] = [];
  lessons.forEach((lesson, index) => {
    const last = groups.at(-1);
    if (last && last.amountCents === amounts[index]) last.numbers.push(lesson.number);
    else groups.push({ amountCents: amounts[index]!, numbers: [lesson.number] });
  });
  return groups.map((group) => ({
    description: cutDescription(`Курс «${oneLine(courseTitle)}», занятия № ${group.numbers.join(', ')}`),
    quantity: group.numbers.length,
    amountCents: group.amountCents,
  }));
}
