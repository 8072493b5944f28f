// The statistics' reads of the authors' area (issue 37, common/stats.ts) and their CSV twins, sent with the token like
// every area export.
import { request, requestFile } from '../../api/client.ts';
import { STATS_API, type AttendanceStats, type FunnelStats, type MoneyStats, type StatsQuery } from '../../../common/stats.ts';

const queryOf = (query: StatsQuery) => ({ from: query.from, to: query.to, by: query.by, course: query.course });

export const getMoneyStats = (query: StatsQuery) => request<MoneyStats>(STATS_API.money, { query: queryOf(query) });
export const getFunnelStats = (query: StatsQuery) => request<FunnelStats>(STATS_API.funnel, { query: { from: query.from, to: query.to, course: query.course } });
export const getAttendanceStats = (query: StatsQuery) => request<AttendanceStats>(STATS_API.attendance, { query: { course: query.course } });

export type StatsPart = 'money' | 'funnel' | 'attendance';

/** The CSV of one part, with the query its chart was read with (attendance takes only the course). */
export function statsCsv(part: StatsPart, query: StatsQuery) {
  if (part === 'money') return requestFile(STATS_API.moneyCsv, { query: queryOf(query) });
  if (part === 'funnel') return requestFile(STATS_API.funnelCsv, { query: { from: query.from, to: query.to, course: query.course } });
  return requestFile(STATS_API.attendanceCsv, { query: { course: query.course } });
}
