// The course form's values (what the inputs hold, as text), read from a course and turned into the body of a save.
import type { Currency, DisciplesAge, Price } from '../../../common/wireTypes.ts';
import type { CourseWrite, MutaboCourse } from '../wire.ts';

/** The currencies the form edits, one row each; a price in another currency is kept as it is. */
export const FORM_CURRENCIES: readonly { currency: Currency; label: string }[] = [
  { currency: 'CURRENCY_CHOICE_RUB', label: 'Рубли (RUB)' },
  { currency: 'CURRENCY_CHOICE_EURO', label: 'Евро (EUR)' },
];

export const PRICE_FIELDS = [
  { field: 'coursePrice', label: 'Цена курса' },
  { field: 'lessonPrice', label: 'Цена урока' },
  { field: 'lessonWholesalePrice', label: 'Цена урока при оплате блоком' },
] as const;

export type PriceField = (typeof PRICE_FIELDS)[number]['field'];

export interface PriceRow extends Record<PriceField, string> {
  currency: Currency;
  enabled: boolean;
}

export interface CourseFormValues {
  title: string;
  subtitle: string;
  description: string;
  authors: number[];
  start: string;
  end: string;
  disciplesAge: DisciplesAge;
  image: string;
  thumbnail: string;
  participantsLimit: string;
  fullYear: boolean;
  lessonsBlockSize: string;
  prices: PriceRow[];
  /** Prices in currencies the form does not show, sent back unchanged. */
  otherPrices: Price[];
}

const dateInput = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');

function priceRows(prices: Price[]): PriceRow[] {
  return FORM_CURRENCIES.map(({ currency }) => {
    const price = prices.find((item) => item.currency === currency);
    return {
      currency,
      enabled: price !== undefined,
      coursePrice: price ? String(price.coursePrice) : '',
      lessonPrice: price ? String(price.lessonPrice) : '',
      lessonWholesalePrice: price ? String(price.lessonWholesalePrice) : '',
    };
  });
}

export function emptyCourseValues(authorId: number | null): CourseFormValues {
  return {
    title: '',
    subtitle: '',
    description: '',
    authors: authorId ? [authorId] : [],
    start: '',
    end: '',
    disciplesAge: 'DISCIPLES_AGE_ADULTS',
    image: '',
    thumbnail: '',
    participantsLimit: '10',
    fullYear: false,
    lessonsBlockSize: '1',
    prices: priceRows([]),
    otherPrices: [],
  };
}

export function courseValues(course: MutaboCourse): CourseFormValues {
  return {
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    authors: course.authors.map((author) => author.id),
    start: dateInput(course.start),
    end: dateInput(course.end),
    disciplesAge: course.disciplesAge,
    image: course.image,
    thumbnail: course.thumbnail,
    participantsLimit: String(course.participantsLimit),
    fullYear: course.fullYear,
    lessonsBlockSize: String(course.lessonsBlockSize),
    prices: priceRows(course.prices),
    otherPrices: course.prices.filter((price) => !FORM_CURRENCIES.some((item) => item.currency === price.currency)),
  };
}

export const sameValues = (a: CourseFormValues, b: CourseFormValues) => JSON.stringify(a) === JSON.stringify(b);

const NUMBER_MESSAGE = 'Введите число.';
const WHOLE_MESSAGE = 'Введите целое число.';

/** A typed amount: a comma works as the decimal point; NaN when it is not a number. */
function amount(text: string): number {
  const normalised = text.trim().replace(',', '.');
  return normalised === '' || !/^-?\d+(\.\d+)?$/.test(normalised) ? Number.NaN : Number(normalised);
}

function whole(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** Where a price row's messages are keyed: its place among the rows sent (the enabled ones), or null. */
export function sentPriceIndex(rows: PriceRow[], rowIndex: number): number | null {
  if (!rows[rowIndex]?.enabled) return null;
  return rows.slice(0, rowIndex).filter((row) => row.enabled).length;
}

/**
 * The body of a save, or the messages of the fields the form can check itself (a number that is not one,
 * a missing title); everything else is the server's to judge.
 */
export function courseWrite(values: CourseFormValues): { body: CourseWrite } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors.title = 'Введите название курса.';
  const participantsLimit = whole(values.participantsLimit);
  if (Number.isNaN(participantsLimit)) errors.participantsLimit = WHOLE_MESSAGE;
  const lessonsBlockSize = whole(values.lessonsBlockSize);
  if (Number.isNaN(lessonsBlockSize)) errors.lessonsBlockSize = WHOLE_MESSAGE;
  const prices: Price[] = [];
  values.prices.forEach((row) => {
    if (!row.enabled) return;
    // Messages are keyed by the row's place in the body sent, as the server's are.
    const index = prices.length;
    const price = { currency: row.currency } as Price;
    for (const { field } of PRICE_FIELDS) {
      const value = amount(row[field]);
      if (Number.isNaN(value)) errors[`prices.${index}.${field}`] = NUMBER_MESSAGE;
      price[field] = value;
    }
    prices.push(price);
  });
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      title: values.title.trim(),
      subtitle: values.subtitle.trim(),
      description: values.description,
      authors: values.authors,
      start: values.start || null,
      end: values.end || null,
      disciplesAge: values.disciplesAge,
      image: values.image.trim(),
      thumbnail: values.thumbnail.trim(),
      participantsLimit,
      fullYear: values.fullYear,
      lessonsBlockSize,
      prices: [...prices, ...values.otherPrices],
    },
  };
}
