// The charts of each part, built from the API's answers (pure, so the tests read them): money per currency, the
// funnel's steps with the share of each from the one before, attendance per lesson.
import { formatMoney } from '../../../common/coursePrices.ts';
import type { AttendanceRow, FunnelStats, MoneyRow, StatsGrouping } from '../../../common/stats.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { SERIES_COLORS, type ChartSpec } from './chartSpec.ts';
import { funnelSteps, lessonName, lessonTick, percentText, periodText, periodTick } from './statsText.ts';

/** Whole units on the axis and the bars (the table has the kopecks). */
const moneyFormat = (currency: Currency) => (value: number) => formatMoney(Math.round(value), currency);

/** The full chart: paid and refunded as bars (plain and striped), net as a dashed line. */
export function moneyChart(rows: MoneyRow[], currency: Currency, by: StatsGrouping): ChartSpec {
  const own = rows.filter((row) => row.currency === currency);
  return {
    labels: own.map((row) => periodTick(row.period, by)),
    titles: own.map((row) => periodText(row.period, by)),
    series: [
      { label: 'Оплачено', values: own.map((row) => Number(row.paid)), pattern: 'plain', color: SERIES_COLORS[0] },
      { label: 'Возвращено', values: own.map((row) => Number(row.refunded)), pattern: 'stripes', color: SERIES_COLORS[1] },
      { label: 'Итого', values: own.map((row) => Number(row.net)), pattern: 'plain', color: SERIES_COLORS[2], line: true },
    ],
    format: moneyFormat(currency),
  };
}

/** The summary's small chart: net by period, one series. */
export function netChart(rows: MoneyRow[], currency: Currency, by: StatsGrouping): ChartSpec {
  const own = rows.filter((row) => row.currency === currency);
  return {
    labels: own.map((row) => periodTick(row.period, by)),
    titles: own.map((row) => periodText(row.period, by)),
    series: [{ label: 'Итого', values: own.map((row) => Number(row.net)), pattern: 'plain', color: SERIES_COLORS[0] }],
    format: moneyFormat(currency),
  };
}

/** A step's name in lines of some 16 letters, so that it fits beside its bar on a phone. */
function inLines(text: string, width = 16): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The steps' names where the chart is small. */
const SHORT_STEPS = { views: 'Просмотры', checkouts: 'Начали оплату', paid: 'Оплатили', attended: 'Пришли' } as const;

/**
 * The funnel lying down: a bar per step with its people and the share of the step before; a step not recorded is left
 * out. `short` names the steps in a word (the summary's small chart).
 */
export function funnelChart(funnel: FunnelStats, short = false): ChartSpec {
  const steps = funnelSteps(funnel).filter((step) => step.people !== null);
  return {
    labels: steps.map((step) => (short ? SHORT_STEPS[step.key] : inLines(step.label))),
    titles: steps.map((step) => step.label),
    series: [{ label: 'Людей', values: steps.map((step) => step.people), pattern: 'stripes', color: SERIES_COLORS[0] }],
    horizontal: true,
    format: (value) => String(Math.round(value)),
    notes: steps.map((step) => (step.share === null ? null : percentText(step.share))),
  };
}

export const ATTENDANCE_SERIES = [
  { key: 'approved', label: 'Одобрено', pattern: 'plain' },
  { key: 'joined', label: 'Были в комнате', pattern: 'stripes' },
  { key: 'watched', label: 'Смотрели запись', pattern: 'dots' },
  { key: 'answered', label: 'Сдали задание', pattern: 'cross' },
] as const;

/** A group of bars per lesson; a number not recorded for a lesson (null) has no bar. */
export function attendanceChart(rows: AttendanceRow[], byNumber: boolean): ChartSpec {
  return {
    labels: rows.map((row) => lessonTick(row, byNumber)),
    titles: rows.map((row) => `${row.lesson.course.title}: ${lessonName(row)}`),
    series: ATTENDANCE_SERIES.map((series, index) => ({
      label: series.label,
      values: rows.map((row) => row[series.key]),
      pattern: series.pattern,
      color: SERIES_COLORS[index]!,
    })),
    format: (value) => String(Math.round(value)),
  };
}
