// The authors' API (/api/v1/mutabo/...): the wire types of every request and answer, and the zod schemas of the
// request bodies with their Russian field messages. The server validates with these schemas; the area's forms may
// check with the same ones before sending. A refusal is 400 with messages under the fields (`{"title": [...]}`; a price's
// fields as `prices.<index>.<field>`), 404/409 with `{"detail": "..."}`, 401/403 for guests and non-authors.
import { z } from 'zod';
import { dateRangeMessage, writtenDateInRange } from './dateRange.ts';
import { AUTHOR_GENDERS, type AuthorGender } from './authorGender.ts';
import { isEmail } from './emailAddress.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, COURSE_STATES, CURRENCIES, DISCIPLES_AGES, LESSON_STATES } from './enums.ts';
import { isSitePath } from './sitePaths.ts';
import { textField, textMessages } from './textFields.ts';
import { DEFAULT_COURSE_TIME_ZONE, isKnownTimeZone } from './timeZones.ts';
import type {
  Author,
  CourseDetails,
  CourseRef,
  CourseState,
  Currency,
  DisciplesAge,
  Lesson,
  LessonState,
  LibraryCategory,
  LibraryItem,
  Paged,
  PaymentState,
  PaymentSystem,
  Price,
  Timetable,
} from './wireTypes.ts';
import type { SellerReadiness } from './seller.ts';
import type { AppliedDiscount, DiscountCost } from './discounts.ts';

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/**
 * Every editable object carries the `version` it was read at; a `PATCH` sends it back and is refused with 409
 * (`{"detail": "..."}`) when someone saved in between.
 */
export interface Versioned {
  version: number;
}

/** A lesson as its authors see it: drafts included, with its version and its links ('' when not set). */
export interface MutaboLesson extends Lesson, Versioned {
  roomUrl: string;
  recordingUrl: string;
  /** Who is in the lesson, counted on the server: what taking it back to draft would affect. */
  people: MutaboLessonPeople;
  /**
   * When an author marked the lesson held (`POST /api/v1/mutabo/lessons/{id}/held/`, for a lesson without a time):
   * its settlement receipts are sent then. Null (or absent) while it is not.
   */
  heldAt?: string | null;
}

/** The people of one lesson (a lapsed hold is nobody's). */
export interface MutaboLessonPeople {
  /** People with a place: approved, or reserved and not lapsed. */
  holding: number;
  /** People on the waiting list. */
  waiting: number;
  /**
   * People who would get a letter that the lesson is cancelled (with the calendar entry cancelled) if it were made a
   * draft now: its approved participants, when it is published with a time ahead in a course that is not a draft; else 0.
   */
  toldIfDrafted: number;
}

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

/** `POST /api/v1/mutabo/courses/{id}/lessons/order/` answers the course's lessons in their new order. */
export type MutaboLessonOrderResult = MutaboLesson[];

/** One recorded write. `before` is null for a creation, `after` null for a deletion. */
export interface HistoryEntry {
  id: number;
  /** ISO time of the write. */
  at: string;
  /** Who wrote: the author's name («Имя Фамилия»), else the user's name or e-mail; null when unknown. */
  user: { id: number; name: string } | null;
  entity: AuditEntity;
  /** The id of the course, lesson, or (for `prices`) the course. */
  entityId: number;
  action: AuditAction;
  before: unknown;
  after: unknown;
  /**
   * What the record's ids stand for, read with the history (course history only): the person of a participant's
   * record or the payer of a payment's or refund's, the payment of a refund, and the lessons the record names.
   */
  about?: HistoryAbout;
}

export interface HistoryAbout {
  person?: { firstName: string; lastName: string; email: string };
  paymentId?: number;
  lessons?: { id: number; number: number; title: string }[];
}

/** `GET /api/v1/mutabo/courses/{id}/history/?page=N`: newest first, `HISTORY_PAGE_SIZE` per page. */
export interface HistoryPage extends Paged<HistoryEntry> {
  currentPage: number;
  pages: number;
}

export const HISTORY_PAGE_SIZE = 50;

/**
 * `POST /api/v1/mutabo/uploads/` (multipart/form-data, one file): the file's address on this site,
 * `/media/<first 16 hex digits of its SHA-256>/<name>`, served with a year-long immutable cache. For an image,
 * `thumbnail` is the address of a smaller WebP copy (at most THUMBNAIL_WIDTH pixels wide) for course cards.
 */
export interface UploadResult {
  url: string;
  thumbnail?: string;
}

/** An image up to this size and MAX_IMAGE_PIXELS is taken; one over STORED_IMAGE_SIDE is stored smaller (server/README.md). */
export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longest side of an image as it is stored. */
export const STORED_IMAGE_SIDE = 2400;
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const THUMBNAIL_WIDTH = 640;
/** What the upload accepts, by content (the file name does not count): images for courses and author photos, documents for the library. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf', 'application/epub+zip', 'audio/mpeg', 'application/zip'] as const;
/** For a file input's `accept`. */
export const UPLOAD_ACCEPT = {
  image: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  document: '.pdf,.epub,.mp3,.zip,application/pdf,application/epub+zip,audio/mpeg,application/zip',
} as const;

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

export const LESSON_STATE_LABELS: Record<LessonState, string> = {
  draft: 'Черновик',
  published: 'Опубликовано',
};

// ---------------------------------------------------------------------------------------------------------------
// Limits and messages
// ---------------------------------------------------------------------------------------------------------------

export const MAX_TITLE_LENGTH = 200;
export const MAX_SUBTITLE_LENGTH = 500;
export const MAX_URL_LENGTH = 2000;
/** Rich text as serialised JSON. */
export const MAX_RICH_TEXT_LENGTH = 500_000;
export const MAX_LESSON_DURATION = 24 * 60;
export const MAX_PARTICIPANTS_LIMIT = 100_000;
export const MAX_LESSONS_BLOCK_SIZE = 100;
/** The largest value of a PostgreSQL integer: ids and versions beyond it cannot exist. */
export const MAX_INTEGER = 2_147_483_647;
/** numeric(12, 2) holds less than this. */
export const MAX_AMOUNT = 10_000_000_000;
/** The dearest price a course may have (course, lesson or wholesale), in any currency; a payment has its own cap (common/paymentAmount.ts). */
export const MAX_PRICE = 1_000_000;

export const mutaboMessages = {
  invalidBody: 'Ожидается объект JSON с полями формы.',
  required: 'Обязательное поле.',
  notText: 'Ожидается строка.',
  controlCharacters: textMessages.controlCharacters,
  titleRequired: 'Введите название.',
  titleTooLong: `Название не длиннее ${MAX_TITLE_LENGTH} символов.`,
  subtitleTooLong: `Подзаголовок не длиннее ${MAX_SUBTITLE_LENGTH} символов.`,
  richTextInvalid: 'Текст должен быть в формате редактора (draft-js: blocks и entityMap).',
  richTextTooLong: 'Слишком длинный текст.',
  authorsInvalid: 'Укажите список авторов (номера авторов).',
  authorUnknown: 'Такого автора нет.',
  dateInvalid: 'Дата в формате ГГГГ-ММ-ДД.',
  endBeforeStart: 'Дата окончания не может быть раньше даты начала.',
  disciplesAgeInvalid: 'Выберите возраст участников: дети или взрослые.',
  urlInvalid: 'Адрес файла: путь на сайте (/media/...) или ссылка http(s)://.',
  courseStateInvalid: 'Выберите состояние курса: черновик, анонс или запись открыта.',
  participantsLimitInvalid: `Число мест — целое число от 0 до ${MAX_PARTICIPANTS_LIMIT}.`,
  fullYearInvalid: 'Ожидается «да» или «нет».',
  lessonsBlockSizeInvalid: `Размер блока занятий — целое число от 1 до ${MAX_LESSONS_BLOCK_SIZE}.`,
  pricesInvalid: 'Ожидается список цен.',
  currencyInvalid: 'Выберите валюту: рубли, евро или доллары.',
  currencyRepeated: 'Для каждой валюты — не больше одной цены.',
  amountInvalid: 'Сумма — число не меньше 0, не больше двух знаков после запятой.',
  priceTooHigh: 'Цена не больше 1 000 000.',
  versionRequired: 'Не указана версия, которую вы редактировали: обновите страницу.',
  lessonNumberInvalid: 'Номер занятия — целое число от 1.',
  durationInvalid: `Продолжительность — целое число минут от 1 до ${MAX_LESSON_DURATION}.`,
  lessonStateInvalid: 'Выберите состояние занятия: черновик или опубликовано.',
  lessonOrderInvalid: 'Перечислите все занятия курса по одному разу в новом порядке.',
  timeZoneInvalid: 'Выберите часовой пояс из списка.',
  startsAtInvalid: 'Укажите дату и время начала (ISO 8601 с часовым поясом, например 2026-03-04T16:00:00Z) или оставьте пустым.',
  startsAtOutOfRange: dateRangeMessage,
  httpsUrlInvalid: 'Ссылка должна начинаться с https://.',
  /** Server-side rules, answered under the named fields or as `detail`. */
  openWithoutLessons: 'Чтобы открыть запись, опубликуйте хотя бы одно занятие.',
  lessonNumberTaken: 'Занятие с таким номером уже есть.',
  staleCourse: 'Пока вы редактировали курс, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleLesson: 'Пока вы редактировали занятие, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  courseHasParticipants: 'Курс нельзя удалить: на нём есть участники, очередь или платежи. Переведите его в черновик, чтобы скрыть.',
  lastPublishedLesson: 'Это последнее опубликованное занятие курса с открытой записью: сначала закройте запись на курс.',
  lessonHasParticipants: 'Занятие нельзя удалить: на него уже записаны или за него заплатили. Переведите его в черновик, чтобы скрыть.',
  notAuthor: 'Этот раздел доступен только авторам курсов.',
  uploadMissing: 'Выберите файл.',
  uploadOneFile: 'Загружайте по одному файлу.',
  uploadType: 'Этот тип файла не принимается: изображения JPEG, PNG или WebP, документы PDF, EPUB, MP3 или ZIP.',
  uploadImageTooLarge: 'Изображение больше 30 МБ: уменьшите его и загрузите снова.',
  uploadTooLarge: 'Файл больше 50 МБ.',
  uploadBrokenImage: 'Изображение повреждено или не читается.',
  uploadUnreadable: 'Файл не получен целиком: загрузите его снова.',
  uploadQuota: 'За сутки можно загрузить не больше 200 файлов и 1 ГБ: попробуйте снова позже.',
  courseNotFound: 'Курс не найден.',
  lessonNotFound: 'Занятие не найдено.',
  receiptNotFound: 'Чек не найден.',
  receiptNotResendable: 'Снова можно отправить только отклонённый чек зачёта предоплаты.',
  lessonHeldDraft: 'Проведённым можно отметить только опубликованное занятие.',
  lessonHeldTimed: 'У занятия есть время: оно будет считаться проведённым, когда закончится.',
} as const;

const m = mutaboMessages;

// ---------------------------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------------------------

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape draft-js's `convertFromRaw` needs: `{blocks: [{key, text, type, ...}], entityMap: {}}`. */
export function isDraftRaw(value: unknown): boolean {
  if (!isRecord(value) || !Array.isArray(value.blocks) || !isRecord(value.entityMap)) return false;
  for (const block of value.blocks) {
    if (!isRecord(block) || typeof block.key !== 'string' || typeof block.text !== 'string' || typeof block.type !== 'string') return false;
    if (block.depth !== undefined && typeof block.depth !== 'number') return false;
    for (const ranges of [block.inlineStyleRanges, block.entityRanges]) {
      if (ranges !== undefined && (!Array.isArray(ranges) || !ranges.every((range) => isRecord(range) && typeof range.offset === 'number' && typeof range.length === 'number'))) return false;
    }
  }
  return Object.values(value.entityMap).every((entity) => isRecord(entity) && typeof entity.type === 'string');
}

function parsesAsDraftRaw(text: string): boolean {
  try {
    return isDraftRaw(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * Rich text: draft-js raw JSON, sent as its serialised text (the form the public API gives) or as the object;
 * stored and answered as the text. An empty string means «no text».
 */
export const richTextField = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: m.richTextInvalid })
  .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  .refine((text) => text.length <= MAX_RICH_TEXT_LENGTH, m.richTextTooLong)
  .refine((text) => text === '' || parsesAsDraftRaw(text), m.richTextInvalid);

/**
 * A string field without control characters (common/textFields.ts): «Обязательное поле.» (or the given message) when
 * it is missing, another message when it is not a string.
 */
const text = (requiredMessage: string = m.required, multiline = false) => textField({ required: requiredMessage, notText: m.notText, multiline });

export const titleField = text(m.titleRequired).trim().min(1, m.titleRequired).max(MAX_TITLE_LENGTH, m.titleTooLong);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `YYYY-MM-DD` of a year in the API's range (common/dateRange.ts) or null (an empty string counts as null). */
export const dateField = z
  .union([z.string(), z.null()], { error: m.dateInvalid })
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || isRealDate(value), { error: m.dateInvalid, abort: true })
  .refine((value) => value === null || writtenDateInRange(value), dateRangeMessage);

/** A file address: '' (none), a path on this site, or an http(s) link. */
export const fileUrlField = text(m.urlInvalid)
  .trim()
  .max(MAX_URL_LENGTH, m.urlInvalid)
  .refine((value) => value === '' || isSitePath(value) || /^https?:\/\/[^\s/]+/i.test(value), m.urlInvalid);

/** An IANA zone the site offers (the dictionary's list). */
export const timeZoneField = text(m.timeZoneInvalid).trim().refine(isKnownTimeZone, m.timeZoneInvalid);

const isoDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A lesson's start: ISO 8601 with `Z` or an offset (any zone; answered as UTC), or null (an empty string counts as
 * null) while the lesson is not scheduled.
 */
export const startsAtField = z
  .union([z.string(), z.null()], { error: m.startsAtInvalid })
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => {
    if (value === null) return true;
    const match = isoDateTime.exec(value);
    if (!match) return false;
    const [month, day, hour, minute, second] = [match[2], match[3], match[4], match[5], match[6] ?? '0'].map(Number) as [number, number, number, number, number];
    const date = new Date(Date.UTC(Number(match[1]), month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60 && !Number.isNaN(Date.parse(value));
  }, { error: m.startsAtInvalid, abort: true })
  .refine((value) => value === null || writtenDateInRange(value), m.startsAtOutOfRange)
  .transform((value) => (value === null ? null : new Date(value).toISOString()));

/** A webinar room's or a recording's address: '' (none) or an https link. */
export const httpsUrlField = text(m.httpsUrlInvalid)
  .trim()
  .max(MAX_URL_LENGTH, m.httpsUrlInvalid)
  .refine((value) => {
    if (value === '') return true;
    if (!/^https:\/\/[^\s/?#]+/i.test(value) || /\s/.test(value)) return false;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, m.httpsUrlInvalid);

const isPositiveInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** A list of ids, every message under the list's own field (a form shows it there, not per item). */
const idList = (message: string, tooLargeMessage: string = message) =>
  z
    .array(z.unknown(), { error: message })
    .refine((ids) => ids.every(isPositiveInteger), message)
    .transform((ids) => ids as number[])
    .refine((ids) => ids.every((id) => id <= MAX_INTEGER), tooLargeMessage);

/** Integer ids of authors; duplicates are dropped. */
export const authorIdsField = idList(m.authorsInvalid, m.authorUnknown)
  .refine((ids) => ids.length <= 20, m.authorsInvalid)
  .transform((ids) => [...new Set(ids)]);

function hasAtMostTwoDecimals(amount: number): boolean {
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/** A price: a number (or its decimal text) from 0 to MAX_PRICE with at most two decimals. */
export const amountField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(',', '.')) : value),
  z
    .number({ error: m.amountInvalid })
    .min(0, m.amountInvalid)
    .max(MAX_PRICE, m.priceTooHigh)
    .refine(hasAtMostTwoDecimals, m.amountInvalid)
    .transform((amount) => Math.round(amount * 100) / 100),
);

export const priceSchema = z.object(
  {
    currency: z.enum(CURRENCIES, { error: m.currencyInvalid }),
    coursePrice: amountField,
    lessonPrice: amountField,
    lessonWholesalePrice: amountField,
  },
  { error: m.pricesInvalid },
);

/** At most one price per currency; the whole set replaces the course's prices. */
export const pricesField = z.array(priceSchema, { error: m.pricesInvalid }).superRefine((prices, ctx) => {
  const seen = new Set<Currency>();
  prices.forEach((price, index) => {
    if (seen.has(price.currency)) ctx.addIssue({ code: 'custom', message: m.currencyRepeated, path: [index, 'currency'] });
    seen.add(price.currency);
  });
});

const integerField = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const versionField = z.number({ error: m.versionRequired }).int(m.versionRequired).min(0, m.versionRequired).max(MAX_INTEGER, m.versionRequired);

// ---------------------------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------------------------

const courseFields = {
  title: titleField,
  subtitle: text().trim().max(MAX_SUBTITLE_LENGTH, m.subtitleTooLong),
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
};

function endNotBeforeStart(value: { start?: string | null; end?: string | null }, ctx: z.RefinementCtx) {
  if (value.start && value.end && value.end < value.start) ctx.addIssue({ code: 'custom', message: m.endBeforeStart, path: ['end'] });
}

/**
 * `POST /api/v1/mutabo/courses/`. Only `title` and `disciplesAge` are required; the rest default to an empty draft:
 * no dates, no images, state `draft`, 0 places, blocks of 1, no prices, the caller as the only author.
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
      version: versionField,
    },
    { error: m.invalidBody },
  )
  .superRefine(endNotBeforeStart);

const lessonFields = {
  number: integerField(m.lessonNumberInvalid, 1, 100_000),
  title: titleField,
  content: richTextField,
  duration: integerField(m.durationInvalid, 1, MAX_LESSON_DURATION),
  state: z.enum(LESSON_STATES, { error: m.lessonStateInvalid }),
  startsAt: startsAtField,
  roomUrl: httpsUrlField,
  recordingUrl: httpsUrlField,
};

/**
 * `POST /api/v1/mutabo/courses/{id}/lessons/`: `title` and `duration` are required; `number` defaults to after the
 * last lesson (a number already taken is refused under `number`), `content` to '', `state` to `published` (the
 * course itself stays a draft until it opens; issue 22), `startsAt`
 * to null (not scheduled), `roomUrl` and `recordingUrl` to '' (https links only).
 */
export const lessonCreateSchema = z.object(
  {
    number: lessonFields.number.optional(),
    title: lessonFields.title,
    content: lessonFields.content.default(''),
    duration: lessonFields.duration,
    state: lessonFields.state.default('published'),
    startsAt: lessonFields.startsAt.default(null),
    roomUrl: lessonFields.roomUrl.default(''),
    recordingUrl: lessonFields.recordingUrl.default(''),
  },
  { error: m.invalidBody },
);

/** `PATCH /api/v1/mutabo/lessons/{id}/`: any subset plus the `version` read. */
export const lessonPatchSchema = z.object(
  {
    number: lessonFields.number.optional(),
    title: lessonFields.title.optional(),
    content: lessonFields.content.optional(),
    duration: lessonFields.duration.optional(),
    state: lessonFields.state.optional(),
    startsAt: lessonFields.startsAt.optional(),
    roomUrl: lessonFields.roomUrl.optional(),
    recordingUrl: lessonFields.recordingUrl.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

/** `POST /api/v1/mutabo/courses/{id}/lessons/order/`: every lesson id of the course once, in the new order. */
export const lessonOrderSchema = z.object(
  {
    lessons: idList(m.lessonOrderInvalid)
      .refine((ids) => ids.length > 0, m.lessonOrderInvalid)
      .refine((ids) => new Set(ids).size === ids.length, m.lessonOrderInvalid),
  },
  { error: m.invalidBody },
);

/** What a client sends (before defaults and transforms) and what the server works with (after). */
export type CourseCreatePayload = z.input<typeof courseCreateSchema>;
export type CourseCreate = z.output<typeof courseCreateSchema>;
export type CoursePatchPayload = z.input<typeof coursePatchSchema>;
export type CoursePatch = z.output<typeof coursePatchSchema>;
export type LessonCreatePayload = z.input<typeof lessonCreateSchema>;
export type LessonCreate = z.output<typeof lessonCreateSchema>;
export type LessonPatchPayload = z.input<typeof lessonPatchSchema>;
export type LessonPatch = z.output<typeof lessonPatchSchema>;
export type { Price };

// ---------------------------------------------------------------------------------------------------------------
// The content both authors share (quotations, reviews, library, timetable) and each author's own page
// ---------------------------------------------------------------------------------------------------------------
// Same rules as the courses: every object carries `version`, a PATCH sends back the version it read (409 with a
// Russian `detail` when stale), 400 with messages under the fields, every write recorded in the history.

/** Rows per page of the authors' lists of quotations, reviews and library items. */
export const MUTABO_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 200;
export const MAX_SOURCE_LENGTH = 300;
export const MAX_QUOTATION_LENGTH = 5000;
export const MAX_NAME_LENGTH = 200;
export const MAX_FOOTER_LENGTH = 1000;
export const MAX_CATEGORY_NAME_LENGTH = 100;
export const MAX_AUTHOR_DESCRIPTION_LENGTH = 20_000;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_AUTHOR_AGE = 150;

/**
 * `GET /api/v1/mutabo/quotations/?search=&page=`, `.../feedback/?search=&course=&page=`,
 * `.../library-items/?search=&category=&course=&page=`: newest first, MUTABO_PAGE_SIZE a page; `search` looks
 * in the texts (case-insensitive), `next` is the next page's address or null.
 */
export interface MutaboPage<T> extends Paged<T> {
  currentPage: number;
  pages: number;
}

export interface MutaboListQuery {
  search?: string;
  page?: number;
}

/** `GET /api/v1/mutabo/feedback/`: also the reviews of one course. */
export interface MutaboFeedbackQuery extends MutaboListQuery {
  course?: number;
}

/** `GET /api/v1/mutabo/library-items/`: also the items of one category and/or one course. */
export interface MutaboLibraryItemsQuery extends MutaboListQuery {
  category?: number;
  course?: number;
}

/** `quotations/`, `quotations/{id}/`: `course` is the course the quotation comes from (drafts included here). */
export interface MutaboQuotation extends Versioned {
  id: number;
  source: string;
  /** Plain text; verse lines may be joined by « / ». */
  text: string;
  course: CourseRef | null;
}

/** `feedback/`, `feedback/{id}/`: a review of a course (drafts included here). */
export interface MutaboFeedback extends Versioned {
  id: number;
  /** The reviewer's name as shown. */
  author: string;
  authorAge: number | null;
  course: CourseRef;
  footer: string;
  /** Draft.js raw content serialised as JSON; older reviews may hold plain text. */
  text: string;
  /** ISO time; the public list shows the newest first. */
  createdAt: string;
}

/** `library-items/`, `library-items/{id}/`: `courses` includes draft courses here. */
export interface MutaboLibraryItem extends LibraryItem, Versioned {}

/** `library-categories/` (a plain array, by name), `library-categories/{id}/`. */
export interface MutaboLibraryCategory extends LibraryCategory, Versioned {
  /** Library items in the category: a category in use cannot be deleted. */
  itemsCount: number;
}

/**
 * `authors/{own id}/`: the caller's own author page as they edit it: the public `Author`, its `quote` (the saying under
 * their name on the about page) and `version`.
 */
export interface MutaboAuthor extends Author, Versioned {
  quote: string;
  /** What the letters that speak of the author agree with; '' while unsaid. */
  gender: AuthorGender;
}

/**
 * `pages-content/timetable/`: the timetable page. Before the first save it answers `version` 0 with the default
 * name and an empty text; a PATCH with version 0 creates it.
 */
export interface MutaboTimetable extends Timetable, Versioned {}

/** What `GET /api/v1/mutabo/history/?entity=...&id=...&page=` lists (course history: `courses/{id}/history/`). */
export const SHARED_HISTORY_ENTITIES = ['quotation', 'feedback', 'libraryItem', 'libraryCategory', 'author', 'timetable', 'seller', 'offer', 'policy', 'person'] as const;
export type SharedHistoryEntity = (typeof SHARED_HISTORY_ENTITIES)[number];

/**
 * `GET /api/v1/mutabo/history/`: `entity` is required; `id` narrows to one object (deleted ones included: their
 * record keeps them). `entity=author` lists only the caller's own page (another author's id is 403).
 * Answers `HistoryPage`, newest first.
 */
export interface SharedHistoryQuery {
  entity: SharedHistoryEntity;
  id?: number;
  page?: number;
}

export const SHARED_HISTORY_LABELS: Record<SharedHistoryEntity, string> = {
  quotation: 'Цитата',
  feedback: 'Отзыв',
  libraryItem: 'Материал библиотеки',
  libraryCategory: 'Категория библиотеки',
  author: 'Страница автора',
  timetable: 'Расписание',
  seller: 'Реквизиты продавца',
  offer: 'Договор-оферта',
  policy: 'Политика конфиденциальности',
  // A person's data exported or deleted on their request («Люди»; common/mutaboPeople.ts).
  person: 'Данные человека',
};

export const DEFAULT_TIMETABLE_NAME = 'Расписание текущих занятий';

export const sharedContentMessages = {
  sourceRequired: 'Укажите источник цитаты.',
  sourceTooLong: `Источник не длиннее ${MAX_SOURCE_LENGTH} символов.`,
  quotationRequired: 'Введите текст цитаты.',
  quotationTooLong: `Цитата не длиннее ${MAX_QUOTATION_LENGTH} символов.`,
  courseInvalid: 'Выберите курс.',
  courseUnknown: 'Такого курса нет.',
  reviewerRequired: 'Укажите, кто написал отзыв.',
  nameTooLong: `Не длиннее ${MAX_NAME_LENGTH} символов.`,
  authorAgeInvalid: `Возраст — целое число от 0 до ${MAX_AUTHOR_AGE} или пусто.`,
  footerTooLong: `Подпись не длиннее ${MAX_FOOTER_LENGTH} символов.`,
  reviewTextRequired: 'Введите текст отзыва.',
  categoriesInvalid: 'Укажите список категорий (номера категорий).',
  categoryUnknown: 'Такой категории нет.',
  coursesInvalid: 'Укажите список курсов (номера курсов).',
  externalLinkInvalid: 'Внешняя ссылка: адрес http(s)://...',
  fileInvalid: 'Файл: адрес загруженного файла на сайте (/media/...).',
  linkOrFileRequired: 'Загрузите файл или укажите внешнюю ссылку.',
  uploadNotFound: 'Такого файла на сайте нет: загрузите его снова.',
  uploadNotImage: 'Здесь нужно изображение: JPEG, PNG или WebP.',
  categoryNameRequired: 'Введите название категории.',
  categoryNameTooLong: `Название категории не длиннее ${MAX_CATEGORY_NAME_LENGTH} символов.`,
  categoryNameTaken: 'Категория с таким названием уже есть.',
  firstNameRequired: 'Введите имя.',
  lastNameRequired: 'Введите фамилию.',
  emailInvalid: 'Введите адрес электронной почты (или оставьте поле пустым).',
  genderInvalid: 'Выберите, в каком роде о вас писать: женском или мужском (или оставьте «не указан»).',
  descriptionTooLong: `Текст не длиннее ${MAX_AUTHOR_DESCRIPTION_LENGTH} символов.`,
  searchTooLong: `Строка поиска не длиннее ${MAX_SEARCH_LENGTH} символов.`,
  historyEntityInvalid: 'Выберите, чью историю показать: цитаты, отзывы, библиотека, категории, страница автора, расписание, реквизиты продавца, договор-оферта, политика конфиденциальности или данные человека.',
  historyIdInvalid: 'Номер записи — целое число от 1.',
  /** Refusals answered as `detail`. */
  quotationNotFound: 'Цитата не найдена.',
  feedbackNotFound: 'Отзыв не найден.',
  libraryItemNotFound: 'Материал библиотеки не найден.',
  libraryCategoryNotFound: 'Категория библиотеки не найдена.',
  authorNotFound: 'Автор не найден.',
  notOwnAuthorPage: 'Каждый автор редактирует только свою страницу.',
  staleQuotation: 'Пока вы редактировали цитату, её уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleFeedback: 'Пока вы редактировали отзыв, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleLibraryItem: 'Пока вы редактировали материал, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleLibraryCategory: 'Пока вы редактировали категорию, её уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  staleAuthor: 'Страница автора изменилась, пока вы её редактировали (например, в другой вкладке): обновите страницу и внесите изменения снова.',
  staleTimetable: 'Пока вы редактировали расписание, его уже изменили (другой автор или вы в другой вкладке): обновите страницу, чтобы увидеть новую версию, и внесите свои изменения снова.',
  categoryInUse: 'Категорию нельзя удалить: в ней есть материалы библиотеки. Сначала уберите её из материалов.',
} as const;

const s = sharedContentMessages;

/** A course id, or null for «no course» (an empty string counts as null). */
const optionalCourseField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.union([z.number({ error: s.courseInvalid }).int(s.courseInvalid).min(1, s.courseInvalid).max(MAX_INTEGER, s.courseUnknown), z.null()], { error: s.courseInvalid }),
);
const courseField = z.number({ error: s.courseInvalid }).int(s.courseInvalid).min(1, s.courseInvalid).max(MAX_INTEGER, s.courseUnknown);

function hasWords(raw: string): boolean {
  try {
    const parsed: unknown = JSON.parse(raw);
    return isDraftRaw(parsed) && (parsed as { blocks: { text: string }[] }).blocks.some((block) => block.text.trim() !== '');
  } catch {
    return false;
  }
}

/** Rich text that says something: at least one block with a letter in it (checked only once it is valid rich text). */
const nonEmptyRichText = (message: string) =>
  z.preprocess((value) => value ?? '', richTextField.refine((raw) => raw !== '' && (!parsesAsDraftRaw(raw) || hasWords(raw)), message));

/** '' or an address by the accounts' rule (common/emailAddress.ts): it becomes the Reply-To of the course's letters. */
const isEmailLike = (value: string) => value === '' || (value.length <= MAX_EMAIL_LENGTH && isEmail(value));

/** null (also for '') or an http(s) link. */
const externalLinkField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.union([text(s.externalLinkInvalid).trim().max(MAX_URL_LENGTH, s.externalLinkInvalid).regex(/^https?:\/\/[^\s/]+\S*$/i, s.externalLinkInvalid), z.null()], {
    error: s.externalLinkInvalid,
  }),
);

/** null (also for '') or a path on this site, as uploads answer it. */
const libraryFileField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.union(
    [
      text(s.fileInvalid)
        .trim()
        .max(MAX_URL_LENGTH, s.fileInvalid)
        .refine((value) => isSitePath(value) && !/\s/.test(value), s.fileInvalid),
      z.null(),
    ],
    { error: s.fileInvalid },
  ),
);

const quotationFields = {
  source: text(s.sourceRequired).trim().min(1, s.sourceRequired).max(MAX_SOURCE_LENGTH, s.sourceTooLong),
  text: text(s.quotationRequired, true).trim().min(1, s.quotationRequired).max(MAX_QUOTATION_LENGTH, s.quotationTooLong),
  course: optionalCourseField,
};

/** `POST /api/v1/mutabo/quotations/`: `source` and `text` required; `course` (id or null) defaults to null. */
export const quotationCreateSchema = z.object({ ...quotationFields, course: quotationFields.course.default(null) }, { error: m.invalidBody });

/** `PATCH /api/v1/mutabo/quotations/{id}/`: any subset plus the `version` read. */
export const quotationPatchSchema = z.object(
  { source: quotationFields.source.optional(), text: quotationFields.text.optional(), course: quotationFields.course.optional(), version: versionField },
  { error: m.invalidBody },
);

const feedbackFields = {
  author: text(s.reviewerRequired).trim().min(1, s.reviewerRequired).max(MAX_NAME_LENGTH, s.nameTooLong),
  authorAge: z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
    z.union([z.number({ error: s.authorAgeInvalid }).int(s.authorAgeInvalid).min(0, s.authorAgeInvalid).max(MAX_AUTHOR_AGE, s.authorAgeInvalid), z.null()], {
      error: s.authorAgeInvalid,
    }),
  ),
  course: courseField,
  footer: text(m.required, true).trim().max(MAX_FOOTER_LENGTH, s.footerTooLong),
  text: nonEmptyRichText(s.reviewTextRequired),
};

/** `POST /api/v1/mutabo/feedback/`: `author`, `course` and `text` (draft-js raw) required; `authorAge` null, `footer` '' by default. */
export const feedbackCreateSchema = z.object(
  { ...feedbackFields, authorAge: feedbackFields.authorAge.default(null), footer: feedbackFields.footer.default('') },
  { error: m.invalidBody },
);

/** `PATCH /api/v1/mutabo/feedback/{id}/`: any subset plus the `version` read. */
export const feedbackPatchSchema = z.object(
  {
    author: feedbackFields.author.optional(),
    authorAge: feedbackFields.authorAge.optional(),
    course: feedbackFields.course.optional(),
    footer: feedbackFields.footer.optional(),
    text: feedbackFields.text.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

const libraryItemFields = {
  title: titleField,
  author: text().trim().max(MAX_NAME_LENGTH, s.nameTooLong),
  categories: idList(s.categoriesInvalid, s.categoryUnknown)
    .refine((list) => list.length <= 50, s.categoriesInvalid)
    .transform((list) => [...new Set(list)]),
  courses: idList(s.coursesInvalid, s.courseUnknown)
    .refine((list) => list.length <= 100, s.coursesInvalid)
    .transform((list) => [...new Set(list)]),
  externalLink: externalLinkField,
  file: libraryFileField,
};

/**
 * `POST /api/v1/mutabo/library-items/`: `title` and a file (an address from uploads) or an external link required;
 * `author` '', `categories` and `courses` [] by default. Unknown ids are 400 under `categories` / `courses`.
 */
export const libraryItemCreateSchema = z
  .object(
    {
      ...libraryItemFields,
      author: libraryItemFields.author.default(''),
      categories: libraryItemFields.categories.default([]),
      courses: libraryItemFields.courses.default([]),
      externalLink: libraryItemFields.externalLink.default(null),
      file: libraryItemFields.file.default(null),
    },
    { error: m.invalidBody },
  )
  // Also when other fields fail, so that the form shows every message at once.
  .superRefine(
    (value, ctx) => {
      const body = value as unknown as Record<string, unknown>;
      const blank = (field: unknown) => field === undefined || field === null || (typeof field === 'string' && field.trim() === '');
      if (blank(body.externalLink) && blank(body.file)) ctx.addIssue({ code: 'custom', message: s.linkOrFileRequired, path: ['file'] });
    },
    { when: (payload) => isRecord(payload.value) },
  );

/** `PATCH /api/v1/mutabo/library-items/{id}/`: any subset plus the `version` read; the item must keep a file or a link. */
export const libraryItemPatchSchema = z.object(
  {
    title: libraryItemFields.title.optional(),
    author: libraryItemFields.author.optional(),
    categories: libraryItemFields.categories.optional(),
    courses: libraryItemFields.courses.optional(),
    externalLink: libraryItemFields.externalLink.optional(),
    file: libraryItemFields.file.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

const categoryNameField = text(s.categoryNameRequired).trim().min(1, s.categoryNameRequired).max(MAX_CATEGORY_NAME_LENGTH, s.categoryNameTooLong);

/** `POST /api/v1/mutabo/library-categories/`: `{name}`, unique (case-insensitive; 400 under `name`). */
export const libraryCategoryCreateSchema = z.object({ name: categoryNameField }, { error: m.invalidBody });
/** `PATCH /api/v1/mutabo/library-categories/{id}/`. */
export const libraryCategoryPatchSchema = z.object({ name: categoryNameField.optional(), version: versionField }, { error: m.invalidBody });

/**
 * `PATCH /api/v1/mutabo/authors/{own id}/`: any subset plus the `version` read. `description` is plain text
 * (paragraphs separated by line breaks); `photo` '' or an address from uploads; `email` '' or an address.
 */
export const authorPatchSchema = z.object(
  {
    firstName: text(s.firstNameRequired).trim().min(1, s.firstNameRequired).max(MAX_NAME_LENGTH, s.nameTooLong).optional(),
    lastName: text(s.lastNameRequired).trim().min(1, s.lastNameRequired).max(MAX_NAME_LENGTH, s.nameTooLong).optional(),
    genitive: text().trim().max(MAX_NAME_LENGTH, s.nameTooLong).optional(),
    gender: z.enum(['', ...AUTHOR_GENDERS], { error: s.genderInvalid }).optional(),
    email: text(s.emailInvalid).trim().refine(isEmailLike, s.emailInvalid).optional(),
    description: text(m.required, true).trim().max(MAX_AUTHOR_DESCRIPTION_LENGTH, s.descriptionTooLong).optional(),
    quote: text(m.required, true).trim().max(MAX_QUOTATION_LENGTH, s.quotationTooLong).optional(),
    photo: fileUrlField.optional(),
    version: versionField,
  },
  { error: m.invalidBody },
);

/** `PATCH /api/v1/mutabo/pages-content/timetable/`: `name` and `text` (draft-js raw, '' for none) plus the `version` read. */
export const timetablePatchSchema = z.object(
  { name: titleField.optional(), text: richTextField.optional(), version: versionField },
  { error: m.invalidBody },
);

/** The `search` of the authors' lists (a query parameter): any text without control characters. */
export const searchField = text().max(MAX_SEARCH_LENGTH, s.searchTooLong);

export type QuotationCreatePayload = z.input<typeof quotationCreateSchema>;
export type QuotationCreate = z.output<typeof quotationCreateSchema>;
export type QuotationPatchPayload = z.input<typeof quotationPatchSchema>;
export type QuotationPatch = z.output<typeof quotationPatchSchema>;
export type FeedbackCreatePayload = z.input<typeof feedbackCreateSchema>;
export type FeedbackCreate = z.output<typeof feedbackCreateSchema>;
export type FeedbackPatchPayload = z.input<typeof feedbackPatchSchema>;
export type FeedbackPatch = z.output<typeof feedbackPatchSchema>;
export type LibraryItemCreatePayload = z.input<typeof libraryItemCreateSchema>;
export type LibraryItemCreate = z.output<typeof libraryItemCreateSchema>;
export type LibraryItemPatchPayload = z.input<typeof libraryItemPatchSchema>;
export type LibraryItemPatch = z.output<typeof libraryItemPatchSchema>;
export type LibraryCategoryPatchPayload = z.input<typeof libraryCategoryPatchSchema>;
export type AuthorPatchPayload = z.input<typeof authorPatchSchema>;
export type AuthorPatch = z.output<typeof authorPatchSchema>;
export type TimetablePatchPayload = z.input<typeof timetablePatchSchema>;
export type TimetablePatch = z.output<typeof timetablePatchSchema>;
// Participants, approvals, payments, refunds and the area's start page
// ---------------------------------------------------------------------------------------------------------------

/** The states a row of the participants' table can have (a news subscription alone is not a row). */
export const MUTABO_PARTICIPANT_STATES = ['reserved', 'waiting_list', 'approved'] as const;
export type MutaboParticipantState = (typeof MUTABO_PARTICIPANT_STATES)[number];

export const MUTABO_PARTICIPANT_STATE_LABELS: Record<MutaboParticipantState, string> = {
  reserved: 'Бронь',
  waiting_list: 'В очереди',
  approved: 'Подтверждено',
};

/** The person behind a participant row, with the profile fields the author needs. */
export interface MutaboPerson {
  /** The user's id. */
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  yearOfBirth: number | null;
  /** Current year minus the year of birth; null when unknown. */
  age: number | null;
  /** common/yearOptions.ts isMinor. */
  minor: boolean;
  country: string;
  timezone: string;
  mainLanguage: string;
  /** For minors only (null for adults): the disciple profile's school and reading/writing notes. */
  school: { visitSchool: boolean | null; readWriteProblems: string; otherInfo: string } | null;
}

/** The payment that holds or bought a place. */
export interface MutaboPaymentRef {
  id: number;
  state: PaymentState;
  amount: number;
  currency: Currency;
}

/**
 * One person on one lesson. Lapsed holds (reserved, `expiresAt` past) hold nothing and are left out.
 * `reserved` with `expiresAt` null is a free course's place waiting for the author's approval.
 */
export interface MutaboParticipant {
  /** The participant row's id: what the actions take. */
  id: number;
  lessonId: number;
  state: MutaboParticipantState;
  /** ISO time the row was made (joined, queued or held). */
  createdAt: string;
  /** ISO time of the approval (or payment); null until approved. */
  approvedAt: string | null;
  /** For `reserved`: when the hold lapses unless paid (ISO); null for a hold that does not lapse. */
  expiresAt: string | null;
  /** For `waiting_list`: 1 for the first in the lesson's queue; null otherwise. */
  position: number | null;
  /** The place was bought: its payment is completed. */
  paid: boolean;
  payment: MutaboPaymentRef | null;
  person: MutaboPerson;
}

/** A lesson of the course with its places (every lesson that has rows, and every published one). */
export interface MutaboParticipantsLesson {
  id: number;
  number: number;
  title: string;
  state: LessonState;
  /** Places held: approved, or reserved and not lapsed. */
  taken: number;
  /** The course's places per lesson. */
  limit: number;
  waiting: number;
}

/**
 * `GET /api/v1/mutabo/courses/{id}/participants/?state=&lesson=`: the course's places per lesson (never filtered)
 * and its rows (filtered by `state`, one of MUTABO_PARTICIPANT_STATES, and `lesson`, a lesson id), ordered by lesson
 * number, then approved, reserved, the queue in its order, then by time. `…/participants.csv` gives the same rows as
 * CSV (UTF-8 with BOM, `;`-separated, `Content-Disposition: attachment`).
 */
export interface MutaboParticipants {
  course: {
    id: number;
    title: string;
    participantsLimit: number;
    disciplesAge: DisciplesAge;
    /** Has prices: places are bought. */
    paid: boolean;
  };
  lessons: MutaboParticipantsLesson[];
  participants: MutaboParticipant[];
}

/**
 * `POST /api/v1/mutabo/participants/approve/` `{participants: [row ids of one course]}` (or
 * `POST /api/v1/mutabo/participants/{id}/approve/` with `{}`): approves every row or none. A reserved row that
 * holds its place is approved (an unpaid payment holding it ends first); a waiting-list row or a lapsed hold needs a
 * free place (409 `{"detail"}` naming the lesson when there is none). Rows already approved are left as they are.
 * One letter per person. Answers the rows after the change: `MutaboParticipant[]`.
 */
const participantIdsMessage = 'Укажите записи участников (номера записей).';
export const approveParticipantsSchema = z.object(
  { participants: idList(participantIdsMessage).refine((ids) => ids.length > 0 && ids.length <= 1000, participantIdsMessage) },
  { error: m.invalidBody },
);

/**
 * `POST /api/v1/mutabo/participants/{id}/promote/` `{position}` (default 1): moves a waiting-list row to that place
 * in its lesson's queue (a position past the end means last). Answers the lesson's queue in its new order
 * (`MutaboParticipant[]`). 409 when the row is not on a waiting list.
 */
const positionMessage = 'Место в очереди — целое число от 1.';
export const promoteParticipantSchema = z.object(
  { position: z.number({ error: positionMessage }).int(positionMessage).min(1, positionMessage).max(MAX_INTEGER, positionMessage).default(1) },
  { error: m.invalidBody },
);

/**
 * `POST /api/v1/mutabo/participants/{id}/reject/` `{}`: deletes the row (its place goes to the queue, an unpaid
 * payment holding it ends). 204. A paid (approved by payment) place is given back with a refund instead (409).
 */

/**
 * `POST /api/v1/mutabo/participants/reject/` `{participants: [row ids of one course]}`: rejects every row or none
 * (a paid place among them is 409, nothing changes), each by the rule of one row's rejection; one letter per person
 * naming their lessons. 204.
 */
export const rejectParticipantsSchema = approveParticipantsSchema;

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Возврат в обработке',
  succeeded: 'Деньги возвращены',
  failed: 'Возврат не выполнен',
};

/** A refund of a payment, whole or for some of its lessons. */
export interface MutaboRefund {
  id: number;
  state: RefundState;
  amount: number;
  currency: Currency;
  /** The lesson ids it gives back; empty for a refund made in the provider's dashboard for part of the amount. */
  lessons: number[];
  /** The provider's refund id, once known. */
  providerId: string | null;
  /** `area`: asked here; `provider`: made in the provider's dashboard and learnt from its notification. */
  source: 'area' | 'provider';
  createdAt: string;
  completedAt: string | null;
  /** Why a refund failed (the provider's refusal), for the author. */
  failure: string | null;
}

/** One payment of the caller's courses. */
export interface MutaboPayment {
  id: number;
  payer: { id: number; firstName: string; lastName: string; email: string };
  course: { id: number; title: string };
  lessons: { id: number; number: number; title: string; refunded: boolean }[];
  amount: number;
  currency: Currency;
  system: PaymentSystem;
  /** `sandbox` for a payment of the built-in test checkout (no money taken). */
  provider: PaymentSystem | 'sandbox';
  providerId: string | null;
  state: PaymentState;
  failureReason: string | null;
  /** Paid, but the places were not given (or only partly refunded since): money to give back. */
  refundRequired: boolean;
  createdAt: string;
  paidAt: string | null;
  /** The version of the public offer (договор-оферта) the payment was made under; null when there was none. */
  offerVersion: number | null;
  /** The sum of succeeded refunds. */
  refunded: number;
  /** What a refund of all its remaining lessons would give back now; 0 when nothing can be refunded. */
  refundable: number;
  /**
   * A paid payment of 0 ₽ (a 100 % discount) with lessons not given back yet: their places are released with the same
   * request as a refund (`POST …/refund/`), at once and without money.
   */
  releasable: boolean;
  refunds: MutaboRefund[];
  /** The receipts sent through YooKassa for it, oldest first (none for PayPal, the test checkout, RECEIPTS=off). */
  receipts?: MutaboReceipt[];
  /** The personal discount or promo code it was charged with, and the full price; null when none. */
  discount: AppliedDiscount | null;
}

/**
 * A 54-ФЗ receipt the server sent (or is sending) through YooKassa: the payment's, a refund's, or a lesson's
 * settlement receipt («чек зачёта предоплаты»), with its state. A refused one is resent with
 * `POST /api/v1/mutabo/receipts/{id}/resend/`.
 */
export interface MutaboReceipt {
  id: number;
  type: 'payment' | 'refund' | 'settlement';
  paymentId: number;
  refundId: number | null;
  lessonIds: number[];
  amount: number;
  currency: Currency;
  /** The items' payment_mode: full_prepayment or full_payment. */
  paymentMode: string;
  /** sent: YooKassa took it; pending: waiting to be sent (or sent again); failed: YooKassa refused it (reason). */
  state: 'sent' | 'pending' | 'failed';
  reason: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** A refused receipt on the start page: with its payment's course and payer. */
export interface MutaboFailedReceipt extends MutaboReceipt {
  course: { id: number; title: string };
  payer: { firstName: string; lastName: string; email: string };
  lessons: { id: number; number: number; title: string }[];
}

/** «Чек предоплаты», «Чек прихода», «Чек возврата», «Чек зачёта предоплаты». */
export function receiptTypeLabel(receipt: Pick<MutaboReceipt, 'type' | 'paymentMode'>): string {
  if (receipt.type === 'settlement') return 'Чек зачёта предоплаты';
  if (receipt.type === 'refund') return 'Чек возврата';
  return receipt.paymentMode === 'full_prepayment' ? 'Чек предоплаты' : 'Чек прихода';
}

/** «отправлен», «ждёт отправки», «отклонён: …». */
export function receiptStateLabel(receipt: Pick<MutaboReceipt, 'state' | 'reason'>): string {
  if (receipt.state === 'sent') return 'отправлен';
  if (receipt.state === 'pending') return 'ждёт отправки';
  return receipt.reason ? `отклонён: ${receipt.reason}` : 'отклонён';
}

/** Money per currency: never summed across currencies. */
export interface Revenue {
  currency: Currency;
  /** Completed payments (and paid ones marked for refund). */
  payments: number;
  paid: number;
  refunded: number;
  /** paid − refunded. */
  net: number;
}

export const PAYMENTS_PAGE_SIZE = 50;

/**
 * `GET /api/v1/mutabo/payments/?course={id}&page=N`: the payments of the caller's courses (or of one), those with
 * `refundRequired` first, then newest first, PAYMENTS_PAGE_SIZE a page; `revenue` covers every page.
 */
export interface MutaboPaymentsPage extends Paged<MutaboPayment> {
  currentPage: number;
  pages: number;
  revenue: Revenue[];
  /** What discounts cost, per course and currency, over every page. */
  discountCosts: DiscountCost[];
}

/**
 * `POST /api/v1/mutabo/payments/{id}/refund/` with `{}` (every lesson not refunded yet) or `{"lessons": [ids]}`.
 * The amount of a part is the payment's amount shared equally between its lessons (the last lessons refunded get
 * what is left, so the parts add up to the payment). Asked through the provider with an idempotence key kept in the
 * refund row: the same request again (a double click) answers the same refund and never refunds twice; while a
 * refund is pending its lessons cannot be refunded again (409). The places are freed when the provider confirms.
 * Answers 200 (succeeded) or 202 (pending at the provider) with the refund and the payment; 502 `{"detail"}` when
 * the provider did not answer (the refund stays pending; asking again is safe).
 */
const refundLessonsMessage = 'Укажите занятия платежа, за которые вернуть деньги.';
export const refundSchema = z.object(
  { lessons: idList(refundLessonsMessage).refine((ids) => ids.length > 0, refundLessonsMessage).optional() },
  { error: m.invalidBody },
);
export type RefundPayload = z.input<typeof refundSchema>;

export interface MutaboRefundResult {
  refund: MutaboRefund;
  payment: MutaboPayment;
}

/** A person on the start page, with the lessons (of one course) the line is about. */
export interface MutaboDashboardPerson {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** A lesson a start-page line names, with the participant row that is about it (what the area's actions take). */
export interface MutaboDashboardLesson {
  participantId: number;
  id: number;
  number: number;
  title: string;
}

/** One person whose places on a free course wait for the author's approval. */
export interface MutaboAwaitingPerson {
  courseId: number;
  courseTitle: string;
  person: MutaboDashboardPerson;
  /** In lesson order. */
  lessons: MutaboDashboardLesson[];
  /** When the oldest of these requests was made (ISO). */
  since: string;
}

/** The holds of one checkout: one person, the lessons one payment in progress holds, and until when. */
export interface MutaboLapsingHold {
  courseId: number;
  courseTitle: string;
  /** The payment in progress that holds them; null for a hold without a payment. */
  paymentId: number | null;
  person: MutaboDashboardPerson;
  /** In lesson order. */
  lessons: MutaboDashboardLesson[];
  /** When the first of them lapses unless paid (ISO). */
  expiresAt: string;
}

/**
 * `GET /api/v1/mutabo/first-steps/`: what a new author has done of their first steps (each true once done). The
 * summary lists the steps while any is left; the site lists an author on `/about` and in the header once they have
 * their page's text and photo.
 */
export interface MutaboFirstSteps {
  /** «О себе» on their author's page. */
  pageText: boolean;
  photo: boolean;
  /** Every detail of the seller (shared by the authors) is filled in. */
  seller: boolean;
  /** They lead a course, a draft too. */
  course: boolean;
}

/** `GET /api/v1/mutabo/authors/`: every author, for the course form's choice of authors (a new one too). */
export interface MutaboAuthorChoice {
  id: number;
  firstName: string;
  lastName: string;
}

/** `GET /api/v1/mutabo/dashboard/`: what needs the author now, over the courses they lead. */
export interface MutaboDashboard {
  /** The seller's details still missing, and whether that stops payments through YooKassa or PayPal now. */
  seller?: SellerReadiness;
  /** Receipts YooKassa refused, until they are resent: oldest first. */
  failedReceipts?: MutaboFailedReceipt[];
  /** Published lessons with a start time in the future, soonest first (at most 20). */
  upcomingLessons: { id: number; courseId: number; courseTitle: string; number: number; title: string; startsAt: string; taken: number; limit: number }[];
  /** Every course the caller leads that is not a draft. */
  courses: {
    id: number;
    title: string;
    state: CourseState;
    participantsLimit: number;
    /** Free places in the course's fullest published lesson (limit − taken, at least 0). */
    placesLeft: number;
    /** Free places in its emptiest published lesson: 0 only when no lesson has a free place. */
    mostPlacesLeft: number;
    /** How many published lessons it has. */
    publishedLessons: number;
    /** The numbers of its published lessons without a free place. */
    fullLessons: number[];
    /** People on the waiting lists of its lessons (a person waiting for two lessons counts once). */
    waiting: number;
    /** People of a free course whose places wait for the author's approval (one person with four lessons is one). */
    awaitingApproval: number;
  }[];
  /** The people awaiting approval, each with their lessons: per course, oldest request first (at most 50 people). */
  awaitingPeople: MutaboAwaitingPerson[];
  /** Holds that lapse unless paid, one per checkout (the lessons one payment in progress holds), soonest first (at most 50). */
  lapsingHolds: MutaboLapsingHold[];
  /** Per lesson with a queue, longest first. */
  waitingLists: { courseId: number; courseTitle: string; lessonId: number; lessonNumber: number; lessonTitle: string; waiting: number }[];
  /** Payments marked `refundRequired`, newest first. */
  refundsRequired: MutaboPayment[];
  revenue: Revenue[];
  /** What discounts cost, per course and currency. */
  discountCosts: DiscountCost[];
}

export const participantsMessages = {
  stateInvalid: 'Состояние: reserved, waiting_list или approved.',
  lessonInvalid: 'Укажите номер занятия целым положительным числом.',
  participantNotFound: 'Запись об участии не найдена.',
  severalCourses: 'Подтверждайте за один раз записи одного курса.',
  /** `{lesson}` is «3. Название». */
  noFreePlace: 'Нет свободных мест на занятии {lesson}: сначала освободите место или увеличьте число мест.',
  notWaiting: 'Этот участник не в очереди: переместить в очереди можно только ожидающих.',
  paidPlace: 'Это место оплачено: чтобы освободить его, верните деньги за занятие в разделе «Платежи».',
  freePlace: 'Это место получено бесплатно, по скидке: освободить его можно у платежа в разделе «Платежи».',
  paymentNotFound: 'Платёж не найден.',
  notPaid: 'Вернуть деньги можно только за оплаченный платёж.',
  lessonsNotInPayment: 'Эти занятия не входят в платёж.',
  alreadyRefunded: 'За эти занятия деньги уже возвращены или возврат уже в обработке.',
  nothingToRefund: 'Деньги за все занятия этого платежа уже возвращены.',
  providerUnavailable: 'Платёжная система сейчас не отвечает. Возврат записан и не будет сделан дважды: повторите запрос через несколько минут.',
  providerRefused: 'Платёжная система отказала в возврате: {reason}.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// News mailings
// ---------------------------------------------------------------------------------------------------------------

/** Who a mailing goes to: the course's news subscribers, its participants (approved, reserved or paid), or the caller alone. */
export const MAILING_AUDIENCES = ['subscribers', 'participants', 'test'] as const;
export type MailingAudience = (typeof MAILING_AUDIENCES)[number];

export const MAILING_AUDIENCE_LABELS: Record<MailingAudience, string> = {
  subscribers: 'Подписчикам новостей курса',
  participants: 'Участникам курса',
  test: 'Только мне (проверка)',
};

/** A mailing is `sending` until every recipient is `sent` or `failed`; then `done`. */
export const MAILING_STATES = ['sending', 'done'] as const;
export type MailingState = (typeof MAILING_STATES)[number];

export const MAILING_RECIPIENT_STATES = ['pending', 'sent', 'failed'] as const;
export type MailingRecipientState = (typeof MAILING_RECIPIENT_STATES)[number];

export const MAILING_RECIPIENT_STATE_LABELS: Record<MailingRecipientState, string> = {
  pending: 'в очереди',
  sent: 'отправлено',
  failed: 'не доставлено',
};

/** Why a recipient has a mailing's letter: the first line of its footer (the server writes it, the area previews it). */
export const MAILING_REASONS: Record<MailingAudience, (courseTitle: string) => string> = {
  subscribers: (title) => `Вы получили это письмо, потому что подписаны на новости курса «${title}».`,
  participants: (title) => `Вы получили это письмо как участник курса «${title}».`,
  test: () => 'Это проверочное письмо: его получили только вы. Так его увидят получатели.',
};

export const MAX_MAILING_SUBJECT_LENGTH = 200;
export const MAX_MAILING_TEXT_LENGTH = 50_000;

export const mailingMessages = {
  subjectRequired: 'Напишите тему письма.',
  subjectTooLong: `Тема — не длиннее ${MAX_MAILING_SUBJECT_LENGTH} знаков.`,
  textRequired: 'Напишите текст письма.',
  textTooLong: `Текст — не длиннее ${MAX_MAILING_TEXT_LENGTH} знаков.`,
  toInvalid: 'Выберите, кому отправить: подписчикам, участникам или только себе.',
  noRecipients: 'Получателей нет: у курса пока нет ни одного адресата выбранного вида.',
  mailingNotFound: 'Рассылка не найдена.',
} as const;

/**
 * `POST /api/v1/mutabo/courses/{id}/mailings/`: answers 202 `{id}` and delivers in the background. `text` is plain
 * text (paragraphs split by empty lines); every letter adds the personal unsubscribe link. 409 `{detail}` with
 * `noRecipients` when the audience is empty.
 */
export const mailingCreateSchema = z.object(
  {
    subject: textField({ required: mailingMessages.subjectRequired })
      .trim()
      .min(1, mailingMessages.subjectRequired)
      .max(MAX_MAILING_SUBJECT_LENGTH, mailingMessages.subjectTooLong),
    text: textField({ multiline: true, required: mailingMessages.textRequired })
      .trim()
      .min(1, mailingMessages.textRequired)
      .max(MAX_MAILING_TEXT_LENGTH, mailingMessages.textTooLong),
    to: z.enum(MAILING_AUDIENCES, { error: mailingMessages.toInvalid }),
  },
  { error: m.invalidBody },
);
export type MailingCreatePayload = z.input<typeof mailingCreateSchema>;
export type MailingCreate = z.output<typeof mailingCreateSchema>;

export interface MailingCreated {
  id: number;
}

/** One mailing in the course's history (`GET /api/v1/mutabo/courses/{id}/mailings/`, newest first). */
export interface MutaboMailingSummary {
  id: number;
  courseId: number;
  subject: string;
  to: MailingAudience;
  state: MailingState;
  /** The author who sent it. */
  author: { id: number; firstName: string; lastName: string };
  createdAt: string;
  finishedAt: string | null;
  total: number;
  sent: number;
  failed: number;
}

export interface MutaboMailingRecipient {
  email: string;
  firstName: string;
  lastName: string;
  state: MailingRecipientState;
  /** Why the last attempt failed (the mail server's answer), while `failed` or retrying. */
  error: string | null;
  attempts: number;
  sentAt: string | null;
}

/** `GET /api/v1/mutabo/mailings/{id}/`: the mailing with its text and every recipient's result. */
export interface MutaboMailing extends MutaboMailingSummary {
  text: string;
  recipients: MutaboMailingRecipient[];
}

/** `GET /api/v1/mutabo/courses/{id}/mailings/audience/`: how many letters each audience would send now. */
export interface MailingAudienceCounts {
  subscribers: number;
  participants: number;
}
