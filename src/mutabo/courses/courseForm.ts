// The course form's values (what the inputs hold, as text), read from a course and turned into the body of a save.
import type { Currency, DisciplesAge, Price } from '../../../common/wireTypes.ts';
import { courseCreateSchema, type CourseCreatePayload, type MutaboCourse } from '../../../common/mutabo/courses.ts';
import { DEFAULT_COURSE_TIME_ZONE } from '../../../common/timeZones.ts';
import { WHOLESALE_THRESHOLD } from '../../../common/coursePrices.ts';
import { MAX_RECORDING_DAYS, type CourseFormat } from '../../../common/recordings.ts';

/** The course's format and its recordings' window (issue 34), as the area sends them. */
export interface RecordingCourseFields {
  format: CourseFormat;
  /** null: the recordings stay open always. */
  recordingDays: number | null;
}

export type CourseWriteBody = CourseCreatePayload & RecordingCourseFields;

export const recordingDaysMessage = `Укажите число дней от 1 до ${MAX_RECORDING_DAYS}.`;

/** The currencies the form edits, one row each; a price in another currency is kept as it is. */
export const FORM_CURRENCIES: readonly { currency: Currency; label: string }[] = [
  { currency: 'CURRENCY_CHOICE_RUB', label: 'Рубли (RUB)' },
  { currency: 'CURRENCY_CHOICE_EURO', label: 'Евро (EUR)' },
];

export const PRICE_FIELDS = [
  { field: 'coursePrice', label: 'Цена курса' },
  { field: 'lessonPrice', label: 'Цена занятия' },
  { field: 'lessonWholesalePrice', label: `Цена занятия от ${WHOLESALE_THRESHOLD} занятий` },
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
  /** The IANA zone lesson times are entered in. */
  timeZone: string;
  /** The webinar room of the lessons without a link of their own. */
  roomUrl: string;
  /** Prices in currencies the form does not show, sent back unchanged. */
  otherPrices: Price[];
  /** «Вебинары» or «В записи». */
  format: CourseFormat;
  /** «Запись доступна»: always, or `recordingDays` days after the lesson. */
  recordingAlways: boolean;
  recordingDays: string;
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
    timeZone: DEFAULT_COURSE_TIME_ZONE,
    roomUrl: '',
    otherPrices: [],
    format: 'live',
    recordingAlways: true,
    recordingDays: '30',
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
    timeZone: course.timeZone,
    roomUrl: course.roomUrl,
    otherPrices: course.prices.filter((price) => !FORM_CURRENCIES.some((item) => item.currency === price.currency)),
    format: course.format ?? 'live',
    recordingAlways: course.recordingDays === null || course.recordingDays === undefined,
    recordingDays: course.recordingDays === null || course.recordingDays === undefined ? '30' : String(course.recordingDays),
  };
}

export const sameValues = (a: CourseFormValues, b: CourseFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** A typed whole number, or NaN (which the schema refuses with its own message). */
export function wholeNumber(text: string): number {
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The schema's messages keyed as the server keys them (`prices.0.coursePrice`), the first per field. */
export function issueMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'nonFieldErrors';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Where a price row's messages are keyed: its place among the rows sent (the enabled ones), or null. */
export function sentPriceIndex(rows: PriceRow[], rowIndex: number): number | null {
  if (!rows[rowIndex]?.enabled) return null;
  return rows.slice(0, rowIndex).filter((row) => row.enabled).length;
}

/**
 * The body of a save, checked with the server's own schema first, so that most mistakes show under their fields
 * before anything is sent; the server checks again (and knows more: authors, the state rules).
 */
export function courseWrite(values: CourseFormValues): { body: CourseWriteBody } | { errors: Record<string, string> } {
  const days = values.recordingAlways ? null : wholeNumber(values.recordingDays);
  const body: CourseWriteBody = {
    format: values.format,
    recordingDays: days,
    title: values.title,
    subtitle: values.subtitle,
    description: values.description,
    authors: values.authors,
    start: values.start || null,
    end: values.end || null,
    disciplesAge: values.disciplesAge,
    image: values.image.trim(),
    thumbnail: values.thumbnail.trim(),
    participantsLimit: wholeNumber(values.participantsLimit),
    fullYear: values.fullYear,
    lessonsBlockSize: wholeNumber(values.lessonsBlockSize),
    timeZone: values.timeZone,
    roomUrl: values.roomUrl.trim(),
    prices: [
      ...values.prices
        .filter((row) => row.enabled)
        .map((row) => ({
          currency: row.currency,
          coursePrice: row.coursePrice,
          lessonPrice: row.lessonPrice,
          lessonWholesalePrice: row.lessonWholesalePrice,
        })),
      ...values.otherPrices,
    ],
  };
  const checked = courseCreateSchema.safeParse(body);
  const errors = checked.success ? {} : issueMessages(checked.error.issues);
  if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= MAX_RECORDING_DAYS)) errors.recordingDays = recordingDaysMessage;
  return Object.keys(errors).length === 0 ? { body } : { errors };
}
