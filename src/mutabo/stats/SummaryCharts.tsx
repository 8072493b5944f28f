// The summary opens with three small charts (issue 37): net revenue by week over 12 weeks, this month's funnel and
// attendance of the last lessons, each linking to its part of «Статистика». The three are read in parallel, each in a
// box of fixed height whatever it shows (loading, the chart, nothing yet, an error), so the summary under them never jumps.
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dayInMoscow, type StatsQuery } from '../../../common/stats.ts';
import { Button } from '../../components/Button.ts';
import { Loader } from '../../components/Loader.tsx';
import { areaPaths } from '../areaPaths.ts';
import { areaResources } from '../areaResources.ts';
import { SMALL_CHART_HEIGHT } from './chartSpec.ts';
import { NO_LESSONS } from './AttendancePart.tsx';
import { NO_FUNNEL } from './FunnelPart.tsx';
import { NO_MONEY } from './MoneyPart.tsx';
import { StatsChart } from './StatsChart.tsx';
import { attendanceChart, funnelChart, netChart } from './statsCharts.ts';
import { useStatsRead, type StatsRead } from './statsParts.tsx';
import { presetPeriod } from './statsPeriod.ts';
import { attendanceSummary, currenciesOf, funnelSummary, hasFunnel, hasMoney, moneySummary } from './statsText.ts';
import { formatMoney } from '../../../common/coursePrices.ts';

const Cards = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(8)};

  ${({ theme }) => theme.media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fonts.sizes.lead};
  }

  /* The link to «Статистика» stands on its own line: as tall as a button to tap. */
  & > a {
    display: inline-flex;
    align-items: center;
    align-self: flex-start;
    min-height: 44px;
  }
`;

/** The chart's place: as tall whatever is in it. */
const Frame = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  height: ${SMALL_CHART_HEIGHT}px;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.muted};

  p {
    margin: 0;
  }

  & > div[data-chart] {
    margin: 0;
  }
`;

/** Up to two lines under the chart, their room kept even when empty. */
const Note = styled.p`
  min-height: 3em;
  margin: ${({ theme }) => theme.space(2)} 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

interface SmallChartProps<T> {
  id: string;
  title: string;
  read: StatsRead<T>;
  empty: (data: T) => string | null;
  chart: (data: T) => ReactNode;
  note?: (data: T) => string;
  link: { to: string; text: string };
}

function SmallChart<T>({ id, title, read, empty, chart, note, link }: SmallChartProps<T>) {
  let body;
  if (read.error)
    body = (
      <>
        <p role="alert">Не удалось загрузить: {read.error.message || 'ошибка сервера.'}</p>
        <div>
          <Button type="button" $variant="secondary" onClick={read.retry}>
            Повторить
          </Button>
        </div>
      </>
    );
  else if (!read.data) body = <Loader label={`Загружаем: ${title.toLowerCase()}`} />;
  else body = empty(read.data) !== null ? <p>{empty(read.data)}</p> : chart(read.data);
  return (
    <Card aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <Frame>{body}</Frame>
      <Note>{read.data && note ? note(read.data) : ''}</Note>
      <Link to={link.to}>{link.text}</Link>
    </Card>
  );
}

const SUMMARY_MONEY: StatsQuery = { by: 'week' };
const SUMMARY_FUNNEL: StatsQuery = {};
const SUMMARY_ATTENDANCE: StatsQuery = {};

export function SummaryCharts() {
  const today = useMemo(() => dayInMoscow(), []);
  const money = useStatsRead(areaResources.statsMoney, SUMMARY_MONEY);
  const funnel = useStatsRead(areaResources.statsFunnel, SUMMARY_FUNNEL);
  const attendance = useStatsRead(areaResources.statsAttendance, SUMMARY_ATTENDANCE);
  const weeks = presetPeriod('weeks', today);
  const month = presetPeriod('month', today);
  return (
    <Cards>
      <SmallChart
        id="summary-money"
        title="Выручка по неделям"
        read={money}
        empty={(data) => (hasMoney(data.rows) ? null : NO_MONEY)}
        chart={(data) => {
          const main = currenciesOf(data.rows)[0]!;
          return <NetChart rows={data.rows} currency={main} />;
        }}
        note={(data) => {
          const [, ...others] = currenciesOf(data.rows);
          if (others.length === 0) return hasMoney(data.rows) ? 'Итого: оплачено минус возвращено, за 12 недель.' : '';
          const totals = others.map((currency) =>
            formatMoney(Math.round(data.rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + Number(row.net), 0) * 100) / 100, currency),
          );
          return `Ещё в других валютах: ${totals.join(', ')}.`;
        }}
        link={{ to: areaPaths.statsView({ ...weeks }, 'money'), text: 'Деньги в статистике' }}
      />
      <SmallChart
        id="summary-funnel"
        title="Воронка этого месяца"
        read={funnel}
        empty={(data) => (hasFunnel(data) ? null : NO_FUNNEL)}
        chart={(data) => <FunnelChart funnel={data} />}
        note={(data) => `Регистрации: ${data.signups} · подписки на новости: ${data.subscriptions}`}
        link={{ to: areaPaths.statsView({ ...month }, 'funnel'), text: 'Воронка в статистике' }}
      />
      <SmallChart
        id="summary-attendance"
        title="Посещаемость последних занятий"
        read={attendance}
        empty={(data) => (data.rows.length > 0 ? null : NO_LESSONS)}
        chart={(data) => <AttendanceChart rows={data.rows} />}
        link={{ to: areaPaths.statsView({}, 'attendance'), text: 'Посещаемость в статистике' }}
      />
    </Cards>
  );
}

function NetChart({ rows, currency }: { rows: Parameters<typeof netChart>[0]; currency: Parameters<typeof netChart>[1] }) {
  const spec = useMemo(() => netChart(rows, currency, 'week'), [rows, currency]);
  return <StatsChart spec={spec} label={moneySummary(rows, currency, 'week')} height={SMALL_CHART_HEIGHT} />;
}

function FunnelChart({ funnel }: { funnel: Parameters<typeof funnelChart>[0] }) {
  const spec = useMemo(() => funnelChart(funnel, true), [funnel]);
  return <StatsChart spec={spec} label={funnelSummary(funnel)} height={SMALL_CHART_HEIGHT} />;
}

function AttendanceChart({ rows }: { rows: Parameters<typeof attendanceChart>[0] }) {
  const spec = useMemo(() => attendanceChart(rows, false), [rows]);
  return <StatsChart spec={spec} label={attendanceSummary(rows)} height={SMALL_CHART_HEIGHT} />;
}
