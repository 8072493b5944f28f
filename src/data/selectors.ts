// Reading the cache: one entry, its data typed by the resource's definition.
import type { RootState } from '../app/rootReducer.ts';
import type { ResourceEntry } from './cache.ts';
import { resourceKey } from './resource.ts';
import type { ResourceArg, ResourceData, ResourceName } from './siteResources.ts';

interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  loaded: boolean;
  error: ResourceEntry['error'];
}

const missing: Resource<never> = { data: undefined, loading: false, loaded: false, error: null };

export function selectEntry<T>(state: RootState, key: string): Resource<T> {
  return (state.resources[key] as Resource<T> | undefined) ?? missing;
}

export function selectResource<N extends ResourceName>(
  state: RootState,
  name: N,
  arg?: ResourceArg<N>,
): Resource<ResourceData<N>> {
  return selectEntry(state, resourceKey(name, arg));
}
