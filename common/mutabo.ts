// The authors' API (/api/v1/mutabo/...): the wire types of every request and answer, and the zod schemas of the
// request bodies with their Russian field messages. The server validates with these schemas; the area's forms may
// check with the same ones before sending. A refusal is 400 with messages under the fields (`{"title": [...]}`; a price's
// fields as `prices.<index>.<field>`), 404/409 with `{"detail": "..."}`, 401/403 for guests and non-authors.
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './controlCharacters.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, COURSE_STATES, CURRENCIES, DISCIPLES_AGES, LESSON_STATES } from './enums.ts';
import type { CourseDetails, CourseState, Currency, DisciplesAge, Lesson, LessonState, Paged, Price } from './wireTypes.ts';

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

/** A lesson as its authors see it: drafts included, with its version. */
export interface MutaboLesson extends Lesson, Versioned {}

/**
 * `GET/PATCH /api/v1/mutabo/courses/{id}/`, `POST /api/v1/mutabo/courses/` (201): the full form of
 * `GET /api/v1/courses/{id}/`, drafts and draft lessons included, plus `version`.
 */
export interface MutaboCourse extends Omit<CourseDetails, 'lessons'>, Versioned {
  lessons: MutaboLesson[];
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

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
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

export const mutaboMessages = {
  invalidBody: 'Ожидается объект JSON с полями формы.',
  required: 'Обязательное поле.',
  notText: 'Ожидается строка.',
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
  versionRequired: 'Не указана версия, которую вы редактировали: обновите страницу.',
  lessonNumberInvalid: 'Номер занятия — целое число от 1.',
  durationInvalid: `Продолжительность — целое число минут от 1 до ${MAX_LESSON_DURATION}.`,
  lessonStateInvalid: 'Выберите состояние занятия: черновик или опубликовано.',
  lessonOrderInvalid: 'Перечислите все занятия курса по одному разу в новом порядке.',
  /** Server-side rules, answered under the named fields or as `detail`. */
  openWithoutLessons: 'Чтобы открыть запись, опубликуйте хотя бы одно занятие.',
  lessonNumberTaken: 'Занятие с таким номером уже есть.',
  staleCourse: 'Курс уже изменил другой автор, пока вы его редактировали: обновите страницу, чтобы увидеть его изменения, и внесите свои снова.',
  staleLesson: 'Занятие уже изменил другой автор, пока вы его редактировали: обновите страницу, чтобы увидеть его изменения, и внесите свои снова.',
  courseHasParticipants: 'Курс нельзя удалить: на нём есть участники, очередь или платежи. Переведите его в черновик, чтобы скрыть.',
  lastPublishedLesson: 'Это последнее опубликованное занятие курса с открытой записью: сначала закройте запись на курс.',
  lessonHasParticipants: 'Занятие нельзя удалить: на него уже записаны или за него заплатили. Переведите его в черновик, чтобы скрыть.',
  notAuthor: 'Этот раздел доступен только авторам курсов.',
  uploadMissing: 'Выберите файл.',
  uploadOneFile: 'Загружайте по одному файлу.',
  uploadType: 'Этот тип файла не принимается: изображения JPEG, PNG или WebP, документы PDF, EPUB, MP3 или ZIP.',
  uploadImageTooLarge: 'Изображение больше 5 МБ: уменьшите его и загрузите снова.',
  uploadTooLarge: 'Файл больше 50 МБ.',
  uploadBrokenImage: 'Изображение повреждено или не читается.',
  uploadUnreadable: 'Файл не получен целиком: загрузите его снова.',
  uploadQuota: 'За сутки можно загрузить не больше 200 файлов и 1 ГБ: попробуйте снова позже.',
  courseNotFound: 'Курс не найден.',
  lessonNotFound: 'Занятие не найдено.',
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

/** One-line text: control characters are refused (PostgreSQL cannot even store U+0000). */
const text = (requiredMessage: string = m.required) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : m.notText) })
    .refine((value) => !hasControlCharacters(value), { error: CONTROL_CHARACTERS_MESSAGE, abort: true });

export const titleField = text(m.titleRequired).trim().min(1, m.titleRequired).max(MAX_TITLE_LENGTH, m.titleTooLong);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** `YYYY-MM-DD` or null (an empty string counts as null). */
export const dateField = z
  .union([z.string(), z.null()], { error: m.dateInvalid })
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || isRealDate(value), m.dateInvalid);

/** A file address: '' (none), a path on this site, or an http(s) link. */
export const fileUrlField = text(m.urlInvalid)
  .trim()
  .max(MAX_URL_LENGTH, m.urlInvalid)
  .refine((value) => value === '' || (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/[^\s/]+/i.test(value), m.urlInvalid);

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

/** A sum of money: a number (or its decimal text) >= 0 with at most two decimals. */
export const amountField = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.trim().replace(',', '.')) : value),
  z
    .number({ error: m.amountInvalid })
    .min(0, m.amountInvalid)
    .lt(MAX_AMOUNT, m.amountInvalid)
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
};

/**
 * `POST /api/v1/mutabo/courses/{id}/lessons/`: `title` and `duration` are required; `number` defaults to after the
 * last lesson (a number already taken is refused under `number`), `content` to '', `state` to `draft`.
 */
export const lessonCreateSchema = z.object(
  {
    number: lessonFields.number.optional(),
    title: lessonFields.title,
    content: lessonFields.content.default(''),
    duration: lessonFields.duration,
    state: lessonFields.state.default('draft'),
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
export type LessonOrderPayload = z.input<typeof lessonOrderSchema>;
/** A price as sent; the answers carry `Price` (numbers). */
export type PricePayload = z.input<typeof priceSchema>;
export type { Price };
