// A season in one step (issue 22, items 1 and 2): a series of lessons made in one request, and a course copied for
// the next season. The body schemas with their Russian messages, and the one rule of the series' times that the
// server applies and the area's form previews: every lesson starts at the first one's wall time in the course's
// zone, everyDays calendar days apart, so a summer-time change does not move the lessons by an hour.
import { z } from 'zod';
import { LESSON_STATES } from '../enums.ts';
import { instantInRange, MAX_DATE_YEAR, MIN_DATE_YEAR } from '../dateRange.ts';
import { dateField, httpsUrlField, MAX_LESSON_DURATION, mutaboMessages, MAX_TITLE_LENGTH } from './fields.ts';
import { startsAtField } from './lessons.ts';
import { textField } from '../textFields.ts';
import { wallTimeAt, zonedToUtc, type WallTime } from '../zonedTime.ts';

/** At most this many lessons in one series. */
export const MAX_SERIES_COUNT = 60;
/** The longest step between two lessons of a series. */
export const MAX_SERIES_STEP_DAYS = 365;
/** A course has at most this many lessons, however they were added. */
export const MAX_COURSE_LESSONS = 200;
/** A copy takes at most this much of lesson titles and texts (UTF-8): what one request may move. */
const MAX_COPY_TEXT_MB = 20;
export const MAX_COPY_TEXT_BYTES = MAX_COPY_TEXT_MB * 2 ** 20;
/** The step a series has unless the author chooses another: weekly. */
export const DEFAULT_SERIES_STEP_DAYS = 7;

export const seasonMessages = {
  countInvalid: `Сколько занятий — целое число от 1 до ${MAX_SERIES_COUNT}.`,
  firstStartsAtRequired: 'Укажите дату и время первого занятия.',
  firstStartsAtInvalid: 'Дата и время первого занятия — в формате ISO 8601 с часовым поясом, например 2026-03-04T16:00:00Z.',
  everyDaysInvalid: `Шаг между занятиями — целое число дней от 1 до ${MAX_SERIES_STEP_DAYS}.`,
  titlesInvalid: 'Названия — список строк, по одному на занятие.',
  titleTooLong: `Название не длиннее ${MAX_TITLE_LENGTH} символов.`,
  titlesTooMany: 'Названий больше, чем занятий: уберите лишние или увеличьте число занятий.',
  seriesOutOfRange: `Последнее занятие серии выходит за ${MAX_DATE_YEAR} год: уменьшите число занятий или шаг.`,
  tooManyLessons: (left: number) =>
    left > 0
      ? `В курсе может быть не больше ${MAX_COURSE_LESSONS} занятий: можно добавить ещё ${left}.`
      : `В курсе уже ${MAX_COURSE_LESSONS} занятий — больше добавить нельзя.`,
  copyStartRequired: 'Укажите дату первого занятия нового курса (ГГГГ-ММ-ДД).',
  copyStartOutOfRange: `Занятия нового курса должны быть с ${MIN_DATE_YEAR} по ${MAX_DATE_YEAR} год.`,
  copyDatesOutOfRange: `С этой датой начало или окончание нового курса выходит за ${MIN_DATE_YEAR}–${MAX_DATE_YEAR} годы: выберите другую дату.`,
  publishLessonsInvalid: 'Ожидается «да» или «нет».',
  copyTooLarge: `Этот курс слишком большой, чтобы скопировать его целиком: в копии может быть не больше ${MAX_COURSE_LESSONS} занятий и ${MAX_COPY_TEXT_MB} МБ текста занятий.`,
  copyBusy: 'Сейчас копируется другой курс: попробуйте снова через несколько секунд.',
  copyAuthorBusy: 'Ваша предыдущая копия курса ещё создаётся: подождите несколько секунд и попробуйте снова.',
} as const;

const s = seasonMessages;
const m = mutaboMessages;

const integerField = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message);

/** One title of the list; a blank one means «Занятие N». */
const seriesTitle = textField({ required: s.titlesInvalid, notText: s.titlesInvalid }).trim().max(MAX_TITLE_LENGTH, s.titleTooLong);

/**
 * `POST /api/v1/mutabo/courses/{id}/lessons/series/`: `count` lessons, the first at `firstStartsAt` (ISO 8601 with an
 * offset), then every `everyDays` days (7 unless sent) at the same wall time in the course's zone; each `duration`
 * minutes long, `published` unless `state` says `draft`; `titles` name the first ones (a blank or missing one is
 * «Занятие N», N the lesson's number). `roomUrl`, when sent, becomes the course's room link (as the course form sets
 * it: the lessons that used the old one follow), and the new lessons use the course's link.
 */
export const lessonSeriesSchema = z
  .object(
    {
      count: integerField(s.countInvalid, 1, MAX_SERIES_COUNT),
      firstStartsAt: z.unknown().transform((value, ctx) => {
        if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
          ctx.addIssue({ code: 'custom', message: s.firstStartsAtRequired });
          return z.NEVER;
        }
        const parsed = startsAtField.safeParse(value);
        if (!parsed.success || parsed.data === null) {
          const message = parsed.success ? s.firstStartsAtRequired : parsed.error.issues[0]!.message;
          ctx.addIssue({ code: 'custom', message: message === m.startsAtInvalid ? s.firstStartsAtInvalid : message });
          return z.NEVER;
        }
        return parsed.data;
      }),
      everyDays: integerField(s.everyDaysInvalid, 1, MAX_SERIES_STEP_DAYS).default(DEFAULT_SERIES_STEP_DAYS),
      duration: integerField(m.durationInvalid, 1, MAX_LESSON_DURATION),
      titles: z.array(seriesTitle, { error: s.titlesInvalid }).max(MAX_SERIES_COUNT, s.titlesTooMany).default([]),
      state: z.enum(LESSON_STATES, { error: m.lessonStateInvalid }).default('published'),
      roomUrl: httpsUrlField.optional(),
    },
    { error: m.invalidBody },
  )
  .superRefine((value, ctx) => {
    if (value.titles.length > value.count) ctx.addIssue({ code: 'custom', message: s.titlesTooMany, path: ['titles'] });
  });

/**
 * `POST /api/v1/mutabo/courses/{id}/copy/`: `start` is the date (in the course's zone) of the new course's first
 * timed lesson; its lessons are drafts unless `publishLessons`.
 */
export const courseCopySchema = z.object(
  {
    start: z
      .preprocess((value) => (value === undefined ? null : value), dateField)
      .refine((value) => value !== null, s.copyStartRequired)
      .transform((value) => value!),
    publishLessons: z.boolean({ error: s.publishLessonsInvalid }).default(false),
  },
  { error: m.invalidBody },
);

export type LessonSeriesPayload = z.input<typeof lessonSeriesSchema>;
export type LessonSeries = z.output<typeof lessonSeriesSchema>;
export interface CourseCopyPayload {
  /** `YYYY-MM-DD` */
  start: string;
  publishLessons?: boolean;
}
export type CourseCopy = z.output<typeof courseCopySchema>;

/** The title a lesson of a series gets when none is typed for it. */
export const numberedLessonTitle = (number: number) => `Занятие ${number}`;

/** The wall time `days` calendar days later (or earlier), the clock reading kept. */
export function addDays(wall: WallTime, days: number): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { ...wall, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Calendar days from one `YYYY-MM-DD` to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The series' starts: the first instant's wall time in the zone, then every `everyDays` days at that wall time. */
export function seriesStarts(firstStartsAt: Date | string, count: number, everyDays: number, timeZone: string): Date[] {
  const first = wallTimeAt(new Date(firstStartsAt), timeZone);
  return Array.from({ length: count }, (_, index) => (index === 0 ? new Date(firstStartsAt) : zonedToUtc(addDays(first, index * everyDays), timeZone)));
}

/** Whether every start is within the years a date may have (common/dateRange.ts). */
export const startsInRange = (starts: Date[]) => starts.every(instantInRange);
