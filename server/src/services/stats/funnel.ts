// The funnel (issue 37, item 2; docs/STATS.md): views of the course pages → began a payment → paid → came to a lesson,
// with sign-ups and news subscriptions beside; and its CSV file.
import { conversion, FUNNEL_COLUMNS, FUNNEL_STEPS, type FunnelStats } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { funnelCounts } from '../../repositories/stats/funnelRepository.ts';
import type { Caller } from '../caller.ts';
import { csvFile } from './statsCsv.ts';
import { checkStatsCourse, statsRange, type StatsQueryInput } from './statsQuery.ts';

export async function funnelStats(db: Executor, caller: Caller, query: StatsQueryInput, now = new Date()): Promise<FunnelStats & { course?: number }> {
  const range = statsRange(query, 'monthStart', now);
  await checkStatsCourse(db, caller, range.course);
  const counts = await funnelCounts(db, { authorId: caller.authorId, course: range.course, from: range.from, to: range.to });
  return { from: range.from, to: range.to, ...counts, ...(range.course === undefined ? {} : { course: range.course }) };
}

/** The rows beside the steps: no share from a previous step. */
const BESIDE = { signups: 'Регистрации на сайте', subscriptions: 'Подписки на новости курса' } as const;

const share = (value: number | null) => (value === null ? '' : `${value} %`);

export function funnelCsv(stats: FunnelStats): string {
  const steps = (['views', 'checkouts', 'paid', 'attended'] as const).map((step, index, all) => {
    const previous = index === 0 ? null : stats[all[index - 1]!];
    return [FUNNEL_STEPS[step], stats[step], index === 0 ? '' : share(conversion(previous, stats[step]))];
  });
  return csvFile(FUNNEL_COLUMNS, [...steps, [BESIDE.signups, stats.signups, ''], [BESIDE.subscriptions, stats.subscriptions, '']]);
}

export const funnelCsvName = (stats: FunnelStats & { course?: number }) => `funnel-${stats.course ?? 'all'}-${stats.from}-${stats.to}.csv`;
