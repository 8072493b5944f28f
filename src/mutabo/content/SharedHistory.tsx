// The history of one thing of the shared content (or of a whole kind), read again after every save.
import { useCallback } from 'react';
import type { SharedHistoryEntity } from '../../../common/mutabo/history.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { HistoryPanel } from '../shell/HistoryPanel.tsx';
import { getSharedHistory } from './contentApi.ts';
import { describeSharedEntry } from './sharedHistoryText.ts';

interface SharedHistoryProps {
  entity: SharedHistoryEntity;
  id?: number;
  /** Changes after each save, so the new entry shows at once. */
  version: number;
}

export function SharedHistory({ entity, id, version }: SharedHistoryProps) {
  const readPage = useCallback((page: number) => (void version, getSharedHistory({ entity, id, page })), [entity, id, version]);
  const first = useResource(areaResources.sharedHistory, id === undefined ? { entity, version } : { entity, id, version });
  return <HistoryPanel titleId={`history-${entity}`} first={first} readPage={readPage} describe={describeSharedEntry} />;
}
