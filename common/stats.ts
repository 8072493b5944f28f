// The school's statistics (issue 37, docs/STATS.md): what both programs agree on. Which public pages are counted and
// under what key, the beacon's address, the statistics' query and the bodies of the three reads.
import { MOSCOW_TIME_ZONE } from './lessonTimeText.ts';
import type { Currency } from './wireTypes.ts';

/** The beacon: `POST` `{path}`, answered 204 whether or not the view was counted. */
export const STATS_VIEW_PATH = '/api/v1/stats/view/';
/** The longest path the beacon takes; a longer one is not a page of this site. */
export const MAX_VIEW_PATH_LENGTH = 300;

export interface CountedPage {
  /** The counter's key: the page's path in lower case, without query or trailing slash (`/`, `/courses/12`). */
  path: string;
  /** For a course page: the course's id as the path names it (the server still checks that the course is public). */
  courseId: number | null;
}

const FIXED_PAGES = new Set(['/', '/about', '/policy', '/offer', '/feedbacks', '/library', '/timetable']);
const COURSE_PAGE = /^\/courses\/([1-9][0-9]{0,8})$/;

/**
 * The public page a path shows, as counted, or null for anything else (the account, the area, the forms of sign-up and
 * login, a lesson's join link or homework, an unknown address): only the shop window's pages are counted.
 */
export function countedPage(pathname: string): CountedPage | null {
  if (typeof pathname !== 'string' || pathname.length === 0 || pathname.length > MAX_VIEW_PATH_LENGTH) return null;
  const bare = pathname.split(/[?#]/, 1)[0]!.toLowerCase();
  const path = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  if (FIXED_PAGES.has(path)) return { path, courseId: null };
  const course = COURSE_PAGE.exec(path);
  return course ? { path, courseId: Number(course[1]) } : null;
}

/** How the money is grouped. A week starts on Monday, a month on its 1st, each in the zone of the payment's course. */
export const STATS_GROUPINGS = ['week', 'month'] as const;
export type StatsGrouping = (typeof STATS_GROUPINGS)[number];

/**
 * The query of every statistics read: `from` and `to` are days (`YYYY-MM-DD`, both included), read in the zone of
 * each course; `course` narrows to one of the caller's courses. Defaults: `to` today (Moscow), `from` 12 weeks
 * (grouped by week) or 12 months (by month) before it, the funnel's `from` the first of `to`'s month. At most
 * MAX_STATS_DAYS days; `from` after `to` is a field error on `from`.
 */
export interface StatsQuery {
  from?: string;
  to?: string;
  by?: StatsGrouping;
  course?: number;
}
export const MAX_STATS_DAYS = 3700;

export const statsMessages = {
  badDate: 'Введите дату в виде ГГГГ-ММ-ДД.',
  fromAfterTo: 'Начало периода позже его конца.',
  tooLong: 'Период не может быть длиннее десяти лет.',
  badGrouping: 'Выберите группировку по неделям или по месяцам.',
  badCourse: 'Курс не найден.',
} as const;

const DAY_MS = 86_400_000;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day `YYYY-MM-DD` as milliseconds at its UTC midnight, or null when it is not a calendar day. */
export function dayValue(text: string): number | null {
  const match = DAY_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const value = Date.UTC(year, month - 1, day);
  const date = new Date(value);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

const moscowDays = new Intl.DateTimeFormat('en-CA', { timeZone: MOSCOW_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The day in Moscow of an instant, `YYYY-MM-DD`: today by default, the day the statistics' defaults end on; the day a
 * page view is counted under. One formatter, made once (the view counter asks it for every view).
 */
export function dayInMoscow(instant: Date = new Date()): string {
  return moscowDays.format(instant);
}

export interface PeriodErrors {
  from?: string;
  to?: string;
}

/** The one rule of a period (the site checks it as it is typed, the server refuses it with 400): none when it can be read. */
export function periodErrors(from: string, to: string): PeriodErrors {
  const errors: PeriodErrors = {};
  const start = dayValue(from);
  const end = dayValue(to);
  if (start === null) errors.from = statsMessages.badDate;
  if (end === null) errors.to = statsMessages.badDate;
  if (start !== null && end !== null) {
    if (start > end) errors.from = statsMessages.fromAfterTo;
    else if ((end - start) / DAY_MS + 1 > MAX_STATS_DAYS) errors.from = statsMessages.tooLong;
  }
  return errors;
}

/** An amount in a currency's units with two decimals, as a string (`"1234.50"`), as the rest of the API writes money. */
export type MoneyText = string;

export interface MoneyRow {
  /** The period's first day, `YYYY-MM-DD` (a Monday, or the 1st of a month). */
  period: string;
  currency: Currency;
  /** Paid in the period (by the moment the provider confirmed it). */
  paid: MoneyText;
  /** Refunded in the period (by the moment the provider confirmed the refund), whole or partial. */
  refunded: MoneyText;
  /** paid − refunded. */
  net: MoneyText;
  /** Payments paid in the period. */
  payments: number;
  /** paid ÷ payments, rounded to the kopeck/cent; "0.00" without payments. */
  averageCheck: MoneyText;
}

export interface CourseMoneyRow {
  course: { id: number; title: string };
  currency: Currency;
  paid: MoneyText;
  refunded: MoneyText;
  net: MoneyText;
  payments: number;
}

/** Discounts taken by the payments paid in the range: one row per promo code, one for all personal discounts. */
export interface DiscountUseRow {
  kind: 'promo' | 'personal';
  /** The promo code (upper case), or null for personal discounts. */
  code: string | null;
  currency: Currency;
  /** Payments paid with it. */
  uses: number;
  /** What it cost: the full amounts minus what was paid. */
  cost: MoneyText;
}

/**
 * `GET /api/v1/mutabo/stats/money/?from&to&by&course`: a row for every period of the range and every currency that
 * has money in the range (zeros where a period has none), oldest first; the courses and discounts over the whole range.
 */
export interface MoneyStats {
  from: string;
  to: string;
  by: StatsGrouping;
  rows: MoneyRow[];
  courses: CourseMoneyRow[];
  discounts: DiscountUseRow[];
}

/**
 * `GET /api/v1/mutabo/stats/funnel/?course&from&to`, people counted once per step:
 * - views: views of the course pages in the range (the counters);
 * - checkouts: people who began a payment for the course(s) in the range;
 * - paid: of those, people with a payment for the course(s) paid;
 * - attended: of those who paid, people who came to at least one lesson's room (null where no lesson of the
 *   course(s) records attendance: a course in recordings);
 * - signups: accounts created on the site in the range (the whole site: a sign-up names no course);
 * - subscriptions: subscriptions to the course(s)' news made in the range.
 */
export interface FunnelStats {
  from: string;
  to: string;
  views: number;
  checkouts: number;
  paid: number;
  attended: number | null;
  signups: number;
  subscriptions: number;
}

export interface AttendanceLesson {
  id: number;
  number: number;
  title: string;
  /** ISO instant; null for a lesson of a course in recordings. */
  start: string | null;
  course: { id: number; title: string };
}

/**
 * A lesson's engagement, people not rows; each null where the product does not record it for that lesson:
 * joined for a lesson without a room (a course in recordings), watched for a lesson without a ready recording,
 * answered for a lesson without an assignment.
 */
export interface AttendanceRow {
  lesson: AttendanceLesson;
  approved: number;
  joined: number | null;
  watched: number | null;
  answered: number | null;
}

/**
 * `GET /api/v1/mutabo/stats/attendance/?course`: with `course`, every lesson of it in order; without, the
 * ATTENDANCE_RECENT_LESSONS lessons of the caller's courses that began most recently, oldest first.
 */
export interface AttendanceStats {
  rows: AttendanceRow[];
}
export const ATTENDANCE_RECENT_LESSONS = 12;

/** The reads' addresses; each has a `.csv` twin (`money.csv`, `funnel.csv`, `attendance.csv`) taking the same query. */
export const STATS_API = {
  money: '/api/v1/mutabo/stats/money/',
  funnel: '/api/v1/mutabo/stats/funnel/',
  attendance: '/api/v1/mutabo/stats/attendance/',
  moneyCsv: '/api/v1/mutabo/stats/money.csv',
  funnelCsv: '/api/v1/mutabo/stats/funnel.csv',
  attendanceCsv: '/api/v1/mutabo/stats/attendance.csv',
} as const;

/** The column headings of the tables under the charts and of the CSV files, in that order. */
export const MONEY_COLUMNS = ['Период', 'Валюта', 'Оплачено', 'Возвращено', 'Итого', 'Оплат', 'Средний чек'] as const;
export const FUNNEL_COLUMNS = ['Шаг', 'Людей', 'Доля от предыдущего шага'] as const;
export const FUNNEL_STEPS = {
  views: 'Просмотры страницы курса',
  checkouts: 'Начали оплату',
  paid: 'Оплатили',
  attended: 'Пришли хотя бы на одно занятие',
} as const;
export const ATTENDANCE_COLUMNS = ['Курс', 'Занятие', 'Дата', 'Одобрено', 'Были в комнате', 'Смотрели запись', 'Сдали задание'] as const;

/** The share of a step from the previous one, in whole percent, or null when the previous step is 0 (or unknown). */
export function conversion(previous: number | null, step: number | null): number | null {
  if (previous === null || step === null || previous === 0) return null;
  return Math.round((step / previous) * 100);
}
