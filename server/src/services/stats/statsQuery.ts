// The query of the statistics' reads (issue 37, common/stats.ts StatsQuery): its schema with the Russian field
// messages, the defaults, the range checks, and the course the caller must lead.
import { z } from 'zod';
import { dayValue, periodErrors, STATS_GROUPINGS, statsMessages, dayInMoscow, type StatsGrouping } from '../../../../common/stats.ts';
import { HttpError } from '../../http/errors.ts';
import { integerParam, MAX_ID } from '../../http/queryParams.ts';
import type { Executor } from '../../db/client.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import type { Caller } from '../caller.ts';

const DAY_MS = 86_400_000;

/** A day `YYYY-MM-DD` that exists in the calendar. */
export const isDay = (text: string): boolean => dayValue(text) !== null;

/** An empty value (`?course=`) is no value. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const day = z.string({ error: statsMessages.badDate }).trim().refine(isDay, { error: statsMessages.badDate });

export const statsQuerySchema = z.object({
  from: optional(day),
  to: optional(day),
  by: optional(z.enum(STATS_GROUPINGS, { error: statsMessages.badGrouping })),
  course: optional(integerParam(1, MAX_ID, statsMessages.badCourse)),
});
export type StatsQueryInput = z.infer<typeof statsQuerySchema>;

export interface StatsRange {
  from: string;
  to: string;
  by: StatsGrouping;
  course?: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (text: string) => Date.parse(`${text}T00:00:00Z`);

/** The same day `months` months earlier (the 31st of a shorter month becomes its last day). */
function monthsBefore(text: string, months: number): string {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, last)));
}

/**
 * The range the query names, with the defaults: `to` today (Moscow); `from` 12 weeks or 12 months before `to` (by the
 * grouping, weeks by default), or for the funnel the first of `to`'s month. 400 with field errors when `from` is after
 * `to` or the range is longer than MAX_STATS_DAYS days.
 */
export function statsRange(query: StatsQueryInput, defaultFrom: 'grouping' | 'monthStart', now = new Date()): StatsRange {
  const by = query.by ?? 'week';
  const to = query.to ?? dayInMoscow(now);
  const from = query.from ?? (defaultFrom === 'monthStart' ? `${to.slice(0, 8)}01` : by === 'week' ? dayOf(msOf(to) - 12 * 7 * DAY_MS) : monthsBefore(to, 12));
  const errors = Object.entries(periodErrors(from, to));
  if (errors.length > 0) throw new HttpError(400, Object.fromEntries(errors.map(([field, message]) => [field, [message]])));
  return { from, to, by, ...(query.course === undefined ? {} : { course: query.course }) };
}

/** 404 «Курс не найден.» for a course the caller does not lead (or that does not exist), as the area answers elsewhere. */
export async function checkStatsCourse(db: Executor, caller: Caller, course: number | undefined): Promise<void> {
  if (course !== undefined && !(await leadsCourse(db, caller.authorId, course))) throw new HttpError(404, { detail: statsMessages.badCourse });
}
