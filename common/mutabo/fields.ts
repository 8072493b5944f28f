// The authors' API (/api/v1/mutabo/...): what every topic's request bodies are made of. The `version` each editable
// object carries, the limits and the Russian messages of the fields, and the zod schemas of the fields the topics share.
// The server validates with the topics' schemas (common/mutabo/*.ts); the area's forms may check with the same ones
// before sending. A refusal is 400 with messages under the fields (`{"title": [...]}`; a price's fields as
// `prices.<index>.<field>`), 404/409 with `{"detail": "..."}`, 401/403 for guests and non-authors.
import { z } from 'zod';
import { dateRangeMessage, writtenDateInRange } from '../dateRange.ts';
import { isSitePath } from '../sitePaths.ts';
import { textField, textMessages } from '../textFields.ts';
import { isKnownTimeZone } from '../timeZones.ts';
import { MAX_RECORDING_DAYS } from '../recordings.ts';

/**
 * Every editable object carries the `version` it was read at; a `PATCH` sends it back and is refused with 409
 * (`{"detail": "..."}`) when someone saved in between.
 */
export interface Versioned {
  version: number;
}

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
  assignmentDueAtInvalid: 'Укажите срок сдачи: дату и время (ISO 8601 с часовым поясом) или оставьте пустым.',
  assignmentRequiredInvalid: 'Ожидается «да» или «нет».',
  httpsUrlInvalid: 'Ссылка должна начинаться с https://.',
  courseFormatInvalid: 'Выберите, как проходит курс: вебинары или в записи.',
  recordingDaysInvalid: `Срок доступа к записи — целое число дней от 1 до ${MAX_RECORDING_DAYS} или «всегда» (null).`,
  /** Issue 34: a recorded course's lessons have no times; a course with lessons still ahead does not become one. */
  recordedLessonTime: 'В курсе в записи у занятий нет времени.',
  recordedWithLessonsAhead: (numbers: readonly number[]) =>
    `Курс нельзя перевести в запись: ${numbers.length === 1 ? `занятие № ${numbers[0]} ещё впереди` : `занятия № ${numbers.join(', ')} ещё впереди`}. Сначала проведите ${numbers.length === 1 ? 'его' : 'их'}, уберите время или переведите в черновик.`,
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

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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

export function parsesAsDraftRaw(text: string): boolean {
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
export const stringField = (requiredMessage: string = m.required, multiline = false) => textField({ required: requiredMessage, notText: m.notText, multiline });

export const titleField = stringField(m.titleRequired).trim().min(1, m.titleRequired).max(MAX_TITLE_LENGTH, m.titleTooLong);

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
export const fileUrlField = stringField(m.urlInvalid)
  .trim()
  .max(MAX_URL_LENGTH, m.urlInvalid)
  .refine((value) => value === '' || isSitePath(value) || /^https?:\/\/[^\s/]+/i.test(value), m.urlInvalid);

/** An IANA zone the site offers (the dictionary's list). */
export const timeZoneField = stringField(m.timeZoneInvalid).trim().refine(isKnownTimeZone, m.timeZoneInvalid);

/** A webinar room's or a recording's address: '' (none) or an https link. */
export const httpsUrlField = stringField(m.httpsUrlInvalid)
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
export const idList = (message: string, tooLargeMessage: string = message) =>
  z
    .array(z.unknown(), { error: message })
    .refine((ids) => ids.every(isPositiveInteger), message)
    .transform((ids) => ids as number[])
    .refine((ids) => ids.every((id) => id <= MAX_INTEGER), tooLargeMessage);

export const integerField = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const versionField = z.number({ error: m.versionRequired }).int(m.versionRequired).min(0, m.versionRequired).max(MAX_INTEGER, m.versionRequired);
