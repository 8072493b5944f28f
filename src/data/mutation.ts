// Writes through the API. On success a write marks stale every cached entry showing what it changed (by tag, see
// resource.ts), so the public pages and the area read it again when they next show it. A form's write with a status
// to show (a sign-up, a payment) is a defined mutation whose status lives in the store under its name, so every part
// of a page shows the same one; the area's writes run with runMutation, their forms keeping their own status.
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { asRequestError } from '../api/requestError.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import type { RootState } from '../app/rootReducer.ts';
import { tagsInvalidated } from './cache.ts';
import { mutationFailed, mutationReset, mutationStarted, mutationSucceeded, selectMutation } from './mutationState.ts';
import type { Tag } from './resource.ts';

interface MutationOptions {
  /** What the write changed: the tags of the resources that show it. */
  invalidates: readonly Tag[];
}

type Dispatch = (action: { type: string }) => unknown;

/** Runs one write; on success invalidates what it changed and answers what the server answered. */
async function runMutation<T>(dispatch: Dispatch, call: () => Promise<T>, options: MutationOptions): Promise<T> {
  const result = await call();
  if (options.invalidates.length > 0) dispatch(tagsInvalidated(options.invalidates));
  return result;
}

/** `runMutation` bound to the store, for components. */
export function useRunMutation() {
  const dispatch = useAppDispatch();
  return useCallback(<T>(call: () => Promise<T>, options: MutationOptions) => runMutation(dispatch, call, options), [dispatch]);
}

interface StoreLike {
  dispatch: Dispatch;
  getState: () => RootState;
}

interface MutationDefinition<P, R> {
  name: string;
  call: (payload: P) => Promise<R>;
  /** What the write changed (may depend on what was sent). */
  invalidates: readonly Tag[] | ((payload: P) => readonly Tag[]);
  /** Not sent when this says so; by default a write is not sent again while one is under way. */
  skip?: (state: RootState) => boolean;
  keep?: (result: R) => unknown;
  /** What follows a success (a redirect, storing new tokens): run after the status says success. */
  after?: (context: { payload: P; result: R; dispatch: Dispatch; getState: () => RootState }) => void | Promise<void>;
  /** Back to idle right after `after` (the page it leads to shows the result). */
  resetAfter?: boolean;
  /** The action that returns it to idle (stable: a page resets it when left). */
  reset: () => ReturnType<typeof mutationReset>;
}

export function defineMutation<P, R>(
  name: string,
  call: (payload: P) => Promise<R>,
  options: Omit<MutationDefinition<P, R>, 'name' | 'call' | 'reset'>,
): MutationDefinition<P, R> {
  return { name, call, ...options, reset: () => mutationReset(name) };
}

/**
 * Sends a defined mutation with its status in the store; resolves with the answer, or undefined when it was not sent
 * or failed (the error is then in the status).
 */
export async function startMutation<P, R>(store: StoreLike, definition: MutationDefinition<P, R>, payload: P): Promise<R | undefined> {
  const state = store.getState();
  const skipped = definition.skip ? definition.skip(state) : selectMutation(state, definition).status === 'loading';
  if (skipped) return undefined;
  const { name } = definition;
  store.dispatch(mutationStarted(name));
  try {
    const invalidates = typeof definition.invalidates === 'function' ? definition.invalidates(payload) : definition.invalidates;
    const result = await runMutation(store.dispatch, () => definition.call(payload), { invalidates });
    store.dispatch(mutationSucceeded(definition.keep ? { name, kept: definition.keep(result) } : { name }));
    await definition.after?.({ payload, result, dispatch: store.dispatch, getState: store.getState });
    if (definition.resetAfter) store.dispatch(mutationReset(name));
    return result;
  } catch (error) {
    store.dispatch(mutationFailed({ name, error: asRequestError(error) }));
    return undefined;
  }
}

/** A defined mutation for a component: its status, `run` and `reset`. */
export function useMutation<P, R>(definition: MutationDefinition<P, R>) {
  const store = useStore<RootState>();
  const state = useAppSelector((root) => selectMutation(root, definition));
  const run = useCallback((payload: P) => startMutation(store, definition, payload), [store, definition]);
  const reset = useCallback(() => store.dispatch(mutationReset(definition.name)), [store, definition]);
  return { ...state, run, reset };
}
