// The session follows the token store: every change of the tokens is dispatched to the Redux store that shows them.
import type { Dispatch } from '@reduxjs/toolkit';
import { subscribeToTokens } from '../../api/tokens.ts';
import { tokensChanged } from './slice.ts';

let unfollow: (() => void) | null = null;

/** One Redux store follows the tokens at a time (the app makes one; a test makes one per case), as the client's hooks. */
export function followTokenStore(dispatch: Dispatch): () => void {
  unfollow?.();
  const stop = subscribeToTokens((tokens) => dispatch(tokensChanged(tokens)));
  unfollow = stop;
  return stop;
}
