// «Воронка» of the statistics: views of the course pages → began checkout → paid → came to a lesson, with the share of
// each step from the one before (conversion() of the contract), and beside it the sign-ups and news subscriptions.
import { useMemo } from 'react';
import styled from 'styled-components';
import { FUNNEL_COLUMNS, type FunnelStats, type StatsQuery } from '../../../common/stats.ts';
import { Loader } from '../../components/Loader.tsx';
import { areaResources } from '../areaResources.ts';
import { Muted, Panel } from '../shell/areaParts.ts';
import { Td, Th, Tr } from '../shell/DataTable.tsx';
import { CHART_HEIGHT } from './chartSpec.ts';
import { StatsChart } from './StatsChart.tsx';
import { funnelChart } from './statsCharts.ts';
import { CsvButton, StatsError, StatsTable, useStatsRead } from './statsParts.tsx';
import { countText, dayText, funnelSteps, funnelSummary, hasFunnel, percentText } from './statsText.ts';

export const NO_FUNNEL = 'Пока нет просмотров и оплат за этот период.';

const Beside = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};

  dt {
    color: ${({ theme }) => theme.colors.muted};
  }

  dd {
    margin: 0;
    font-weight: 600;
  }
`;

export function FunnelPart({ query }: { query: StatsQuery }) {
  const read = useStatsRead(areaResources.statsFunnel, query);
  let body;
  if (read.error) body = <StatsError what="воронку" error={read.error} retry={read.retry} />;
  else if (!read.data) body = <Loader label="Загружаем воронку" />;
  else if (!hasFunnel(read.data)) body = <Muted>{NO_FUNNEL}</Muted>;
  else body = <FunnelData funnel={read.data} query={query} />;
  return (
    <Panel id="stats-funnel" aria-labelledby="stats-funnel-title" aria-busy={read.stale || (!read.data && !read.error) || undefined}>
      <h2 id="stats-funnel-title">Воронка</h2>
      {body}
    </Panel>
  );
}

function FunnelData({ funnel, query }: { funnel: FunnelStats; query: StatsQuery }) {
  const spec = useMemo(() => funnelChart(funnel), [funnel]);
  return (
    <>
      <Muted>
        С {dayText(funnel.from)} по {dayText(funnel.to)}. Каждый человек считается на шаге один раз; доля — от предыдущего шага.
      </Muted>
      <CsvButton part="funnel" query={query} name="воронка" />
      <StatsChart spec={spec} label={funnelSummary(funnel)} height={CHART_HEIGHT} />
      <StatsTable caption={`Воронка с ${dayText(funnel.from)} по ${dayText(funnel.to)}`}>
        <thead>
          <Tr>
            {FUNNEL_COLUMNS.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
          </Tr>
        </thead>
        <tbody>
          {funnelSteps(funnel).map((step) => (
            <Tr key={step.key}>
              <Td>{step.label}</Td>
              <Td>{countText(step.people)}</Td>
              <Td>{percentText(step.share)}</Td>
            </Tr>
          ))}
        </tbody>
      </StatsTable>
      {funnel.attended === null ? <Muted>«—»: у курсов в записи посещение занятий не отмечается.</Muted> : null}
      <h3 id="stats-funnel-beside">Рядом с воронкой</h3>
      <Beside aria-labelledby="stats-funnel-beside">
        <dt>Регистрации на сайте</dt>
        <dd>{funnel.signups}</dd>
        <dt>Подписки на новости курса</dt>
        <dd>{funnel.subscriptions}</dd>
      </Beside>
    </>
  );
}
