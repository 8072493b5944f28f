// After a write in the area, the site's pages that show what changed read it again (they keep their own cache).
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import type { ResourceName } from '../../features/resources/definitions.ts';
import { resourcesInvalidated } from '../../features/resources/slice.ts';

export function useSiteRefresh(names: ResourceName[]): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(resourcesInvalidated(names));
  }, [dispatch, names]);
}
