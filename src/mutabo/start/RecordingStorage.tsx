// «Записи» on the summary (issue 34): the storage the caller's uploaded recordings take against their quota, with a
// meter. Nothing is shown while the server cannot say (an older server, a failed reading).
import { useId } from 'react';
import styled from 'styled-components';
import { formatBytes } from '../../../common/recordings.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { Muted, Panel } from '../shell/areaParts.ts';

const Meter = styled.meter`
  display: block;
  width: 100%;
  max-width: 480px;
  height: 12px;
  margin: ${({ theme }) => theme.space(2)} 0;
`;

/** «Записи: 12,3 ГБ из 200 ГБ». */
export const storageText = (used: number, quota: number) => `Записи: ${formatBytes(used)} из ${formatBytes(quota)}`;

export function RecordingStorage() {
  const storage = useResource(areaResources.recordingStorage);
  const headingId = useId();
  const textId = useId();
  const data = storage.data;
  if (!data) return null;
  const full = data.quotaBytes > 0 && data.usedBytes >= data.quotaBytes;
  return (
    <Panel aria-labelledby={headingId}>
      <h2 id={headingId}>Место для записей</h2>
      <p id={textId}>{storageText(data.usedBytes, data.quotaBytes)}</p>
      <Meter
        min={0}
        max={Math.max(1, data.quotaBytes)}
        value={data.usedBytes}
        low={data.quotaBytes * 0.8}
        high={data.quotaBytes * 0.95}
        optimum={0}
        aria-labelledby={textId}
      />
      {full ? <Muted>Место закончилось: чтобы загрузить новую запись, удалите старую.</Muted> : null}
    </Panel>
  );
}
