// Fetches a resource when a reader asks for it and the cache rules say it is needed. A middleware, not a saga: the
// entry is marked loading before the dispatch that asked for it returns, even while the sagas' chunk is still on its
// way (src/app/lazySagas.ts), so a page never shows a missing resource as neither loading nor loaded. The fetcher is
// the registered definition's (resource.ts), so the area's resources, defined in its chunks, are fetched here too.
import type { Middleware } from '@reduxjs/toolkit';
import { asRequestError } from '../api/requestError.ts';
import type { RootState } from '../app/rootReducer.ts';
import {
  fetchFailed,
  fetchStarted,
  fetchSucceeded,
  resourceRemoved,
  resourceRequested,
  resourceSubscribed,
  resourceUnsubscribed,
} from './cache.ts';
import { definitionOf, resourceKey, resourceNameOf } from './resource.ts';
import './siteResources.ts';

function needsFetch(entry: RootState['resources'][string] | undefined): boolean {
  if (!entry) return true;
  if (entry.loading) return false;
  return entry.invalid || (!entry.loaded && entry.error === null);
}

export const resourcesMiddleware: Middleware<object, RootState> = (api) => {
  /** The fetch whose answer an entry waits for: an answer to an older one (the entry was dropped meanwhile) is not. */
  const current = new Map<string, object>();
  const readers = new Map<string, number>();

  const drop = (key: string) => {
    if ((readers.get(key) ?? 0) > 0 || definitionOf(resourceNameOf(key))?.keepUnused !== false) return;
    current.delete(key);
    if (api.getState().resources[key]) api.dispatch(resourceRemoved(key));
  };

  return (next) => (action) => {
    const result = next(action);
    if (resourceSubscribed.match(action)) readers.set(action.payload, (readers.get(action.payload) ?? 0) + 1);
    if (resourceUnsubscribed.match(action)) {
      const left = (readers.get(action.payload) ?? 1) - 1;
      if (left > 0) readers.set(action.payload, left);
      else readers.delete(action.payload);
      // Not at once: a reader that comes straight back (a remount) keeps the entry.
      if (left <= 0) setTimeout(() => drop(action.payload), 0);
    }
    if (resourceRequested.match(action)) {
      const { name, arg, force } = action.payload;
      const definition = definitionOf(name);
      if (!definition) throw new Error(`No resource is named ${name}`);
      const key = resourceKey(name, arg);
      const entry = api.getState().resources[key];
      if (needsFetch(entry) || (force && !entry?.loading)) {
        const token = {};
        current.set(key, token);
        api.dispatch(fetchStarted(key));
        void (async () => {
          try {
            const data = await definition.fetch(arg);
            if (current.get(key) === token) api.dispatch(fetchSucceeded({ key, data }));
          } catch (error) {
            if (current.get(key) === token) api.dispatch(fetchFailed({ key, error: asRequestError(error) }));
          }
        })();
      }
    }
    return result;
  };
};
