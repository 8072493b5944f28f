// «Статистика» (issue 37): money, the funnel and attendance over the period and course kept in the address, each part
// a chart with its table under it and its CSV export.
import { useMemo } from 'react';
import { PageTitle } from '../../components/PageTitle.tsx';
import { TitleRow } from '../shell/areaParts.ts';
import { useAddressParams } from '../useAddressParams.ts';
import { AttendancePart } from './AttendancePart.tsx';
import { FunnelPart } from './FunnelPart.tsx';
import { MoneyPart } from './MoneyPart.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { dayInMoscow } from '../../../common/stats.ts';
import { queryOfView, statsParams, statsViewOf, type StatsView } from './statsPeriod.ts';

export function StatsPage() {
  const [params, setParams] = useAddressParams();
  const today = useMemo(() => dayInMoscow(), []);
  const view = statsViewOf(params, today);
  const key = JSON.stringify(view);
  // One query object per view, so the parts read again only when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => queryOfView(view), [key]);
  const change = (next: StatsView) => setParams(statsParams(next), { replace: true });
  return (
    <section>
      <TitleRow>
        <PageTitle>Статистика</PageTitle>
      </TitleRow>
      <PeriodPicker view={view} today={today} onChange={change} />
      <MoneyPart query={query} />
      <FunnelPart query={query} />
      <AttendancePart query={query} />
    </section>
  );
}
