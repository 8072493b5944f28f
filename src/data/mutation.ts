// A write through the API: on success every cached entry showing what it changed is marked stale (by tag), so the
// public pages and the area read it again when they next show it.
import { useCallback, useState } from 'react';
import { asRequestError, type RequestError } from '../api/requestError.ts';
import { useAppDispatch } from '../app/hooks.ts';
import { tagsInvalidated } from './cache.ts';
import type { Tag } from './resource.ts';

export interface MutationOptions {
  /** What the write changed: the tags of the resources that show it. */
  invalidates: readonly Tag[];
}

type Dispatch = (action: ReturnType<typeof tagsInvalidated>) => unknown;

export async function runMutation<T>(dispatch: Dispatch, call: () => Promise<T>, options: MutationOptions): Promise<T> {
  const result = await call();
  if (options.invalidates.length > 0) dispatch(tagsInvalidated(options.invalidates));
  return result;
}

/** `runMutation` bound to the store, for components. */
export function useRunMutation() {
  const dispatch = useAppDispatch();
  return useCallback(<T,>(call: () => Promise<T>, options: MutationOptions) => runMutation(dispatch, call, options), [dispatch]);
}

export type MutationStatus = 'idle' | 'loading' | 'success' | 'failure';

export interface MutationState {
  status: MutationStatus;
  error: RequestError | null;
}

const idle: MutationState = { status: 'idle', error: null };

/**
 * One write with its status for a form: `run` is ignored while a write is under way; its promise resolves with the
 * answer, or undefined after a failure (whose error is then in the state).
 */
export function useMutation<P, T>(call: (payload: P) => Promise<T>, options: MutationOptions) {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<MutationState>(idle);
  const [busy] = useState(() => ({ current: false }));
  const { invalidates } = options;
  const run = useCallback(
    async (payload: P): Promise<T | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setState({ status: 'loading', error: null });
      try {
        const result = await runMutation(dispatch, () => call(payload), { invalidates });
        setState({ status: 'success', error: null });
        return result;
      } catch (error) {
        setState({ status: 'failure', error: asRequestError(error) });
        return undefined;
      } finally {
        busy.current = false;
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dispatch, call, busy, invalidates.join()],
  );
  const reset = useCallback(() => setState(idle), []);
  return { ...state, run, reset };
}
