// Reading the resource cache: one entry, its data typed by the resource's fetcher.
import type { RootState } from '../../app/rootReducer.ts';
import { resourceKey, type ResourceArg, type ResourceData, type ResourceName } from './definitions.ts';
import type { ResourceEntry } from './slice.ts';

export interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  loaded: boolean;
  error: ResourceEntry['error'];
}

const missing: Resource<never> = { data: undefined, loading: false, loaded: false, error: null };

export function selectResource<N extends ResourceName>(
  state: RootState,
  name: N,
  arg?: ResourceArg<N>,
): Resource<ResourceData<N>> {
  const entry = state.resources[resourceKey(name, arg)];
  if (!entry) return missing;
  return entry as Resource<ResourceData<N>>;
}
