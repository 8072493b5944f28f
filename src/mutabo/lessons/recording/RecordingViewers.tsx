// «Кто смотрел» under a ready recording: one row per person (not per visit), how far they got as a share of the
// recording, and when they last watched.
import { useId } from 'react';
import { Loader } from '../../../components/Loader.tsx';
import { FormErrorBlock } from '../../../components/form/fields.tsx';
import { useResource } from '../../../data/useResource.ts';
import { areaResources } from '../../areaResources.ts';
import { Muted, Panel } from '../../shell/areaParts.ts';
import { CellNote, DataTable, Td, Th, Tr } from '../../shell/DataTable.tsx';
import { formatDateTime } from '../../shell/timeText.ts';
import { formatDuration } from '../../../../common/recordings.ts';

export const sharePercent = (share: number) => `${Math.round(Math.min(1, Math.max(0, share)) * 100)}\u00a0%`;

export function RecordingViewers({ lessonId }: { lessonId: number }) {
  const viewers = useResource(areaResources.recordingViewers, lessonId);
  const headingId = useId();
  let body;
  if (viewers.error) body = <FormErrorBlock>Не удалось загрузить, кто смотрел запись: {viewers.error.message}</FormErrorBlock>;
  else if (!viewers.data) body = <Loader label="Загружаем, кто смотрел" />;
  else if (viewers.data.length === 0) body = <Muted>Пока никто не смотрел.</Muted>;
  else
    body = (
      <DataTable>
        <thead>
          <Tr>
            <Th>Участник</Th>
            <Th>Просмотрено</Th>
            <Th>Последний просмотр</Th>
          </Tr>
        </thead>
        <tbody>
          {viewers.data.map((viewer) => (
            <Tr key={viewer.userId}>
              <Td label="Участник">
                {viewer.name || viewer.email}
                {viewer.name && viewer.email ? <CellNote>{viewer.email}</CellNote> : null}
              </Td>
              <Td label="Просмотрено">
                {sharePercent(viewer.share)}
                <CellNote>до {formatDuration(viewer.furthest)}</CellNote>
              </Td>
              <Td label="Последний просмотр">{formatDateTime(viewer.lastWatchedAt)}</Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
    );
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>Кто смотрел</h2>
      {body}
    </Panel>
  );
}
