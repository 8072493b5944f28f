// The period of the statistics' page as its address keeps it (`?from=2026-09-01&to=2026-11-30&by=week&course=5`): read,
// checked by the period's rule the server checks too (common/stats.ts periodErrors), and the presets «Этот месяц», «12 недель», «Этот год».
import { dayValue, periodErrors, type StatsGrouping, type StatsQuery } from '../../../common/stats.ts';
import { idFromText } from '../../../common/ids.ts';

const DAY_MS = 86_400_000;

const dayText = (value: number) => new Date(value).toISOString().slice(0, 10);

export type Preset = 'month' | 'weeks' | 'year';

export const PRESETS: { value: Preset; label: string }[] = [
  { value: 'month', label: 'Этот месяц' },
  { value: 'weeks', label: '12 недель' },
  { value: 'year', label: 'Этот год' },
];

export interface Period {
  from: string;
  to: string;
  by: StatsGrouping;
}

/** A preset's period ending today: this month by week, the 12 weeks up to this one by week, this year by month. */
export function presetPeriod(preset: Preset, today: string): Period {
  const value = dayValue(today)!;
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today, by: 'week' };
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today, by: 'month' };
  // The Monday of this week, then 11 weeks before it: twelve weeks, this one included.
  const weekday = (new Date(value).getUTCDay() + 6) % 7;
  return { from: dayText(value - (weekday + 11 * 7) * DAY_MS), to: today, by: 'week' };
}

/** The preset a period is, if it is one. */
export function presetOf(period: Period, today: string): Preset | null {
  return PRESETS.find(({ value }) => {
    const preset = presetPeriod(value, today);
    return preset.from === period.from && preset.to === period.to && preset.by === period.by;
  })?.value ?? null;
}

export interface StatsView extends Period {
  course: number | undefined;
}

/** What the address asks for; what it lacks or what cannot be read is the «12 недель» preset, every course. */
export function statsViewOf(params: URLSearchParams, today: string): StatsView {
  const by: StatsGrouping = params.get('by') === 'month' ? 'month' : 'week';
  const course = idFromText(params.get('course'));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (from && to && Object.keys(periodErrors(from, to)).length === 0) return { from, to, by, course };
  const preset = presetPeriod('weeks', today);
  return { ...preset, by: params.has('by') ? by : preset.by, course };
}

/** The address's query of a view. */
export function statsParams(view: StatsView): Record<string, string> {
  const params: Record<string, string> = { from: view.from, to: view.to, by: view.by };
  if (view.course) params.course = String(view.course);
  return params;
}

export const queryOfView = (view: StatsView): StatsQuery => ({ from: view.from, to: view.to, by: view.by, course: view.course });
