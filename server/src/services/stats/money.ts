// Money over time (issue 37, item 3; docs/STATS.md): the caller's courses' payments and refunds per period and
// currency, per course, and the discounts taken; and its CSV file.
import { MONEY_COLUMNS, type MoneyStats } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { moneyAggregate } from '../../repositories/stats/moneyRepository.ts';
import type { Caller } from '../caller.ts';
import { csvCurrency, csvFile, csvMoney } from './statsCsv.ts';
import { checkStatsCourse, statsRange, type StatsQueryInput } from './statsQuery.ts';

export async function moneyStats(db: Executor, caller: Caller, query: StatsQueryInput, now = new Date()): Promise<MoneyStats> {
  const range = statsRange(query, 'grouping', now);
  await checkStatsCourse(db, caller, range.course);
  const { rows, courses, discounts } = await moneyAggregate(db, { authorId: caller.authorId, ...range });
  return { from: range.from, to: range.to, by: range.by, rows, courses, discounts };
}

export const moneyCsv = (stats: MoneyStats) =>
  csvFile(
    MONEY_COLUMNS,
    stats.rows.map((row) => [row.period, csvCurrency(row.currency), csvMoney(row.paid), csvMoney(row.refunded), csvMoney(row.net), row.payments, csvMoney(row.averageCheck)]),
  );

export const moneyCsvName = (stats: MoneyStats) => `money-${stats.by}-${stats.from}-${stats.to}.csv`;
