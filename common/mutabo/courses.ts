// A course in the authors' area: `GET/POST /api/v1/mutabo/courses/`, `GET/PATCH/DELETE /api/v1/mutabo/courses/{id}/`,
// its prices and its authors. The answers and the request bodies' schemas.
import { z } from 'zod';
import { COURSE_STATES, CURRENCIES, DISCIPLES_AGES } from '../enums.ts';
import { DEFAULT_COURSE_TIME_ZONE } from '../timeZones.ts';
import type { CourseDetails, CourseState, Currency, DisciplesAge } from '../wireTypes.ts';
import {
  dateField,
  fileUrlField,
  httpsUrlField,
  idList,
  integerField,
  MAX_LESSONS_BLOCK_SIZE,
  MAX_PARTICIPANTS_LIMIT,
  MAX_SUBTITLE_LENGTH,
  mutaboMessages as m,
  richTextField,
  stringField,
  timeZoneField,
  titleField,
  versionField,
  type Versioned,
} from './fields.ts';
import type { MutaboLesson } from './lessons.ts';
import { COURSE_FORMATS, MAX_RECORDING_DAYS } from '../recordings.ts';

/**
 * `GET/PATCH /api/v1/mutabo/courses/{id}/`, `POST /api/v1/mutabo/courses/` (201): the full form of
 * `GET /api/v1/courses/{id}/`, drafts and draft lessons included, plus `version`.
 */
export interface MutaboCourse extends Omit<CourseDetails, 'lessons'>, Versioned {
  lessons: MutaboLesson[];
  /**
   * The course's webinar room ('' for none): the link of every lesson without one of its own. Changing it changes
   * the lessons that used it (services/mutabo/courseRoom.ts); participants get each lesson's own `roomUrl`.
   */
  roomUrl: string;
  /** People who hold, wait for or have a place on any lesson (a draft course is hidden from them too). */
  peopleCount: number;
}

/** A row of `GET /api/v1/mutabo/courses/` (a plain array, every course the caller leads, drafts included). */
export interface MutaboCourseListItem extends Versioned {
  id: number;
  title: string;
  subtitle: string;
  state: CourseState;
  start: string | null;
  end: string | null;
  disciplesAge: DisciplesAge;
  thumbnail: string;
  /** Author ids, first author first. */
  authors: number[];
  /** Places held (approved, or reserved and not lapsed) in the course's fullest lesson. */
  placesTaken: number;
  /** Places per lesson. */
  participantsLimit: number;
  /** People on a waiting list of any of the course's lessons. */
  waiting: number;
  lessonsCount: number;
  publishedLessonsCount: number;
}

/** Labels of the course states and what visitors see in each, for the confirmation of a state change. */
export const COURSE_STATE_LABELS: Record<CourseState, string> = {
  draft: 'Черновик',
  announced: 'Анонс',
  can_be_subscribed: 'Запись открыта',
};

export const COURSE_STATE_VISIBILITY: Record<CourseState, string> = {
  draft: 'Курс скрыт: посетители его не видят.',
  announced: 'Курс виден посетителям, но записаться на него нельзя.',
  can_be_subscribed: 'Курс виден посетителям, и на него можно записаться и оплатить.',
};

/** `GET /api/v1/mutabo/authors/`: every author, for the course form's choice of authors (a new one too). */
export interface MutaboAuthorChoice {
  id: number;
  firstName: string;
  lastName: string;
}

/** The dearest price a course may have (course, lesson or wholesale), in any currency; a payment has its own cap (common/paymentAmount.ts). */
export const MAX_PRICE = 1_000_000;

/** Integer ids of authors; duplicates are dropped. */
const authorIdsField = idList(m.authorsInvalid, m.authorUnknown)
  .refine((ids) => ids.length <= 20, m.authorsInvalid)
  .transform((ids) => [...new Set(ids)]);

function hasAtMostTwoDecimals(amount: number): boolean {
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A price: a number (or its decimal text) from 0 to MAX_PRICE with at most two decimals. */
const amountField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(',', '.')) : value),
  z
    .number({ error: m.amountInvalid })
    .min(0, m.amountInvalid)
    .max(MAX_PRICE, m.priceTooHigh)
    .refine(hasAtMostTwoDecimals, m.amountInvalid)
    .transform((amount) => Math.round(amount * 100) / 100),
);

const priceSchema = z.object(
  {
    currency: z.enum(CURRENCIES, { error: m.currencyInvalid }),
    coursePrice: amountField,
    lessonPrice: amountField,
    lessonWholesalePrice: amountField,
  },
  { error: m.pricesInvalid },
);

/** At most one price per currency; the whole set replaces the course's prices. */
const pricesField = z.array(priceSchema, { error: m.pricesInvalid }).superRefine((prices, ctx) => {
  const seen = new Set<Currency>();
  prices.forEach((price, index) => {
    if (seen.has(price.currency)) ctx.addIssue({ code: 'custom', message: m.currencyRepeated, path: [index, 'currency'] });
    seen.add(price.currency);
  });
});

const courseFields = {
  title: titleField,
  subtitle: stringField().trim().max(MAX_SUBTITLE_LENGTH, m.subtitleTooLong),
  description: richTextField,
  /** The caller is added when missing. */
  authors: authorIdsField,
  start: dateField,
  end: dateField,
  disciplesAge: z.enum(DISCIPLES_AGES, { error: m.disciplesAgeInvalid }),
  image: fileUrlField,
  thumbnail: fileUrlField,
  state: z.enum(COURSE_STATES, { error: m.courseStateInvalid }),
  participantsLimit: integerField(m.participantsLimitInvalid, 0, MAX_PARTICIPANTS_LIMIT),
  fullYear: z.boolean({ error: m.fullYearInvalid }),
  lessonsBlockSize: integerField(m.lessonsBlockSizeInvalid, 1, MAX_LESSONS_BLOCK_SIZE),
  prices: pricesField,
  timeZone: timeZoneField,
  roomUrl: httpsUrlField,
  /** Issue 34: 'live' (webinars at set times) or 'recorded' (lessons without times, sold and watched as recordings). */
  format: z.enum(COURSE_FORMATS, { error: m.courseFormatInvalid }),
  /** How many days after its lesson a recording stays open to its participants; null: always. */
  recordingDays: z.union([integerField(m.recordingDaysInvalid, 1, MAX_RECORDING_DAYS), z.null()], { error: m.recordingDaysInvalid }),
};

function endNotBeforeStart(value: { start?: string | null; end?: string | null }, ctx: z.RefinementCtx) {
  if (value.start && value.end && value.end < value.start) ctx.addIssue({ code: 'custom', message: m.endBeforeStart, path: ['end'] });
}

/**
 * `POST /api/v1/mutabo/courses/`. Only `title` and `disciplesAge` are required; the rest default to an empty draft:
 * no dates, no images, state `draft`, 0 places, blocks of 1, no prices, the caller as the only author, webinars
 * (`format: 'live'`) whose recordings stay open always (`recordingDays: null`).
 */
export const courseCreateSchema = z
  .object(
    {
      ...courseFields,
      subtitle: courseFields.subtitle.default(''),
      description: richTextField.default(''),
      authors: authorIdsField.default([]),
      start: dateField.default(null),
      end: dateField.default(null),
      image: fileUrlField.default(''),
      thumbnail: fileUrlField.default(''),
      state: courseFields.state.default('draft'),
      participantsLimit: courseFields.participantsLimit.default(0),
      fullYear: courseFields.fullYear.default(false),
      lessonsBlockSize: courseFields.lessonsBlockSize.default(1),
      prices: pricesField.default([]),
      timeZone: timeZoneField.default(DEFAULT_COURSE_TIME_ZONE),
      roomUrl: httpsUrlField.default(''),
      format: courseFields.format.default('live'),
      recordingDays: courseFields.recordingDays.default(null),
    },
    { error: m.invalidBody },
  )
  .superRefine(endNotBeforeStart);

/**
 * `PATCH /api/v1/mutabo/courses/{id}/`: any subset of the fields plus the `version` read. `prices`, when given,
 * replaces the whole set. The server checks `end >= start` against the stored value of the field not sent.
 */
export const coursePatchSchema = z
  .object(
    {
      title: courseFields.title.optional(),
      subtitle: courseFields.subtitle.optional(),
      description: courseFields.description.optional(),
      authors: courseFields.authors.optional(),
      start: courseFields.start.optional(),
      end: courseFields.end.optional(),
      disciplesAge: courseFields.disciplesAge.optional(),
      image: courseFields.image.optional(),
      thumbnail: courseFields.thumbnail.optional(),
      state: courseFields.state.optional(),
      participantsLimit: courseFields.participantsLimit.optional(),
      fullYear: courseFields.fullYear.optional(),
      lessonsBlockSize: courseFields.lessonsBlockSize.optional(),
      prices: courseFields.prices.optional(),
      timeZone: courseFields.timeZone.optional(),
      roomUrl: courseFields.roomUrl.optional(),
      format: courseFields.format.optional(),
      recordingDays: courseFields.recordingDays.optional(),
      version: versionField,
    },
    { error: m.invalidBody },
  )
  .superRefine(endNotBeforeStart);

/** What a client sends (before defaults and transforms) and what the server works with (after). */
export type CourseCreatePayload = z.input<typeof courseCreateSchema>;
export type CourseCreate = z.output<typeof courseCreateSchema>;
export type CoursePatchPayload = z.input<typeof coursePatchSchema>;
export type CoursePatch = z.output<typeof coursePatchSchema>;
