// «Деньги» of the statistics: per currency a chart of what was paid, refunded and the net by period, with its table
// (never summed across currencies); then the courses and the discounts over the whole period, with what they cost.
import { useMemo } from 'react';
import { MONEY_COLUMNS, type MoneyStats, type StatsQuery } from '../../../common/stats.ts';
import type { Currency } from '../../../common/wireTypes.ts';
import { Loader } from '../../components/Loader.tsx';
import { areaResources } from '../areaResources.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import { Td, Th, Tr } from '../shell/DataTable.tsx';
import { CHART_HEIGHT } from './chartSpec.ts';
import { StatsChart } from './StatsChart.tsx';
import { moneyChart } from './statsCharts.ts';
import { CsvButton, StatsError, StatsTable, useStatsRead } from './statsParts.tsx';
import { currenciesOf, currencyName, dayText, discountName, hasMoney, money, moneySummary, periodText } from './statsText.ts';

export const NO_MONEY = 'Пока нет оплат за этот период.';

export function MoneyPart({ query }: { query: StatsQuery }) {
  const read = useStatsRead(areaResources.statsMoney, query);
  let body;
  if (read.error) body = <StatsError what="деньги" error={read.error} retry={read.retry} />;
  else if (!read.data) body = <Loader label="Загружаем деньги" />;
  else if (!hasMoney(read.data.rows)) body = <Muted>{NO_MONEY}</Muted>;
  else body = <MoneyData data={read.data} query={query} />;
  return (
    <Panel id="stats-money" aria-labelledby="stats-money-title" aria-busy={read.stale || (!read.data && !read.error) || undefined}>
      <h2 id="stats-money-title">Деньги</h2>
      {body}
    </Panel>
  );
}

function MoneyData({ data, query }: { data: MoneyStats; query: StatsQuery }) {
  const currencies = currenciesOf(data.rows);
  const unit = data.by === 'week' ? 'по неделям' : 'по месяцам';
  return (
    <>
      <Muted>
        С {dayText(data.from)} по {dayText(data.to)}, {unit}. «Итого» — оплачено минус возвращено; суммы в разных валютах не складываются.
      </Muted>
      <CsvButton part="money" query={query} name="деньги" />
      {currencies.map((currency) => (
        <CurrencyMoney key={currency} data={data} currency={currency} />
      ))}
      <h3>По курсам</h3>
      {data.courses.length === 0 ? (
        <Muted>{NO_MONEY}</Muted>
      ) : (
        <StatsTable caption={`По курсам с ${dayText(data.from)} по ${dayText(data.to)}`}>
          <thead>
            <Tr>
              {['Курс', 'Валюта', 'Оплачено', 'Возвращено', 'Итого', 'Оплат'].map((column) => (
                <Th key={column}>{column}</Th>
              ))}
            </Tr>
          </thead>
          <tbody>
            {data.courses.map((row) => (
              <Tr key={`${row.course.id}-${row.currency}`}>
                <Td>{row.course.title || 'Курс без названия'}</Td>
                <Td>{currencyName(row.currency)}</Td>
                <Td>{money(row.paid, row.currency)}</Td>
                <Td>{money(row.refunded, row.currency)}</Td>
                <Td>
                  <strong>{money(row.net, row.currency)}</strong>
                </Td>
                <Td>{row.payments}</Td>
              </Tr>
            ))}
          </tbody>
        </StatsTable>
      )}
      <h3>Скидки и промокоды</h3>
      {data.discounts.length === 0 ? (
        <Muted>За этот период оплат со скидкой не было.</Muted>
      ) : (
        <StatsTable caption="Скидки и промокоды: сколько раз ими оплатили и во сколько они обошлись">
          <thead>
            <Tr>
              {['Скидка', 'Валюта', 'Оплат', 'Обошлась'].map((column) => (
                <Th key={column}>{column}</Th>
              ))}
            </Tr>
          </thead>
          <tbody>
            {data.discounts.map((row) => (
              <Tr key={`${row.kind}-${row.code ?? ''}-${row.currency}`}>
                <Td>{discountName(row)}</Td>
                <Td>{currencyName(row.currency)}</Td>
                <Td>{row.uses}</Td>
                <Td>{money(row.cost, row.currency)}</Td>
              </Tr>
            ))}
          </tbody>
        </StatsTable>
      )}
    </>
  );
}

function CurrencyMoney({ data, currency }: { data: MoneyStats; currency: Currency }) {
  const spec = useMemo(() => moneyChart(data.rows, currency, data.by), [data, currency]);
  const rows = data.rows.filter((row) => row.currency === currency);
  const unit = data.by === 'week' ? 'по неделям' : 'по месяцам';
  return (
    <>
      <h3>{currencyName(currency)}</h3>
      <StatsChart spec={spec} label={moneySummary(data.rows, currency, data.by)} height={CHART_HEIGHT} />
      <StatsTable caption={`Деньги ${unit}, ${currencyName(currency).toLowerCase()}`}>
        <thead>
          <Tr>
            {MONEY_COLUMNS.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
          </Tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Tr key={row.period}>
              <Td>{periodText(row.period, data.by)}</Td>
              <Td>{currencyName(row.currency)}</Td>
              <Td>{money(row.paid, currency)}</Td>
              <Td>{money(row.refunded, currency)}</Td>
              <Td>
                <strong>{money(row.net, currency)}</strong>
              </Td>
              <Td>{row.payments}</Td>
              <Td>{money(row.averageCheck, currency)}</Td>
            </Tr>
          ))}
        </tbody>
      </StatsTable>
    </>
  );
}
