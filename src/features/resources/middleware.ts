// Fetches a resource when a page asks for it and the cache rules say it is needed. A middleware, not a saga: the
// entry is marked loading before the dispatch that asked for it returns, even while the sagas' chunk is still on its
// way (src/app/lazySagas.ts), so a page never shows a missing resource as neither loading nor loaded.
import type { Middleware } from '@reduxjs/toolkit';
import { asRequestError } from '../../api/requestError.ts';
import type { RootState } from '../../app/rootReducer.ts';
import { resourceFetchers, resourceKey } from './definitions.ts';
import { fetchFailed, fetchStarted, fetchSucceeded, resourceRequested } from './slice.ts';

export function needsFetch(entry: RootState['resources'][string] | undefined): boolean {
  if (!entry) return true;
  if (entry.loading) return false;
  return entry.invalid || (!entry.loaded && entry.error === null);
}

export const resourcesMiddleware: Middleware<object, RootState> = (api) => (next) => (action) => {
  const result = next(action);
  if (resourceRequested.match(action)) {
    const { name, arg } = action.payload;
    const key = resourceKey(name, arg);
    if (needsFetch(api.getState().resources[key])) {
      api.dispatch(fetchStarted(key));
      void (async () => {
        try {
          const fetcher = resourceFetchers[name] as (arg: unknown) => Promise<unknown>;
          api.dispatch(fetchSucceeded({ key, data: await fetcher(arg) }));
        } catch (error) {
          api.dispatch(fetchFailed({ key, error: asRequestError(error) }));
        }
      })();
    }
  }
  return result;
};
