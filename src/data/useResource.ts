// A component's reading of one resource through the cache: the data, the error, whether it is loading, a reload and a
// way to put a saved answer in place of what was read.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import type { RequestError } from '../api/requestError.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import type { RootState } from '../app/rootReducer.ts';
import { resourceReplaced, resourceRequested, resourceSubscribed, resourceUnsubscribed } from './cache.ts';
import { resourceKey, type ResourceDefinition } from './resource.ts';
import { selectEntry } from './selectors.ts';

/** Passed instead of an argument: nothing is read (an editor of a new thing). */
export const skipToken: unique symbol = Symbol('skip');

export interface ReadResource<T> {
  data: T | undefined;
  error: RequestError | null;
  loading: boolean;
  /** Fetches again; resolves with what was read, or undefined when it failed (the error is then shown). */
  reload: () => Promise<T | undefined>;
  /** Puts a write's answer in the cache as what the resource holds now. */
  setData: (data: T) => void;
}

export function useResource<Arg, Data>(definition: ResourceDefinition<Arg, Data>, ...args: [Arg] extends [undefined | void] ? [arg?: Arg | typeof skipToken] : [arg: Arg | typeof skipToken]): ReadResource<Data> {
  const arg = args[0];
  const skipped = arg === skipToken;
  const key = skipped ? null : resourceKey(definition.name, arg);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const entry = useAppSelector((state) => (key === null ? null : selectEntry<Data>(state, key)));
  const [own, setOwn] = useState<Data | undefined>(undefined);

  useEffect(() => {
    if (key === null) return;
    dispatch(resourceSubscribed(key));
    return () => {
      dispatch(resourceUnsubscribed(key));
    };
  }, [dispatch, key]);

  useEffect(() => {
    if (key === null) return;
    dispatch(resourceRequested(arg === undefined ? { name: definition.name } : { name: definition.name, arg }));
    // `key` stands for the argument.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, definition.name, key]);

  const reload = useCallback(async (): Promise<Data | undefined> => {
    if (key === null) return undefined;
    dispatch(resourceRequested(arg === undefined ? { name: definition.name, force: true } : { name: definition.name, arg, force: true }));
    return new Promise((resolve) => {
      const settle = () => {
        const current = store.getState().resources[key];
        if (current?.loading) return false;
        unsubscribe();
        resolve(current && current.error === null ? (current.data as Data) : undefined);
        return true;
      };
      const unsubscribe = store.subscribe(() => void settle());
      settle();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, store, definition.name, key]);

  const setData = useCallback(
    (data: Data) => {
      if (key === null) setOwn(data);
      else dispatch(resourceReplaced({ key, data }));
    },
    [dispatch, key],
  );

  if (entry === null) return { data: own, error: null, loading: false, reload, setData };
  // A resource not yet asked for (the effect asks after the first render) is on its way all the same.
  const loading = entry.loading || (!entry.loaded && entry.error === null);
  return { data: entry.data, error: entry.error, loading, reload, setData };
}
