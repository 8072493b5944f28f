// The status of the defined mutations (mutation.ts), by name: in the store, so that every part of a page shows the
// same one. Apart from mutation.ts, whose code only the pages that write need.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestError } from '../api/requestError.ts';

export type MutationStatus = 'idle' | 'loading' | 'success' | 'failure';

interface MutationState {
  status: MutationStatus;
  error: RequestError | null;
  /** What `keep` took of the answer (the confirmed address of a sign-up). */
  kept?: unknown;
}

const idle: MutationState = { status: 'idle', error: null };

const mutationsSlice = createSlice({
  name: 'mutations',
  initialState: {} as Record<string, MutationState>,
  reducers: {
    mutationStarted: (state, action: PayloadAction<string>) => {
      state[action.payload] = { status: 'loading', error: null };
    },
    mutationSucceeded: (state, action: PayloadAction<{ name: string; kept?: unknown }>) => {
      state[action.payload.name] = { status: 'success', error: null, ...(action.payload.kept === undefined ? {} : { kept: action.payload.kept }) };
    },
    mutationFailed: (state, action: PayloadAction<{ name: string; error: RequestError }>) => {
      state[action.payload.name] = { status: 'failure', error: action.payload.error };
    },
    /** Back to idle: a form's page was left, or its result was shown elsewhere. */
    mutationReset: (state, action: PayloadAction<string>) => {
      delete state[action.payload];
    },
  },
});

export const { mutationStarted, mutationSucceeded, mutationFailed, mutationReset } = mutationsSlice.actions;
export const mutationsReducer = mutationsSlice.reducer;

/** Typed by the slice alone (not RootState), so that the root reducer importing this slice makes no import circle. */
export function selectMutation(state: { mutations: Record<string, MutationState> }, definition: { name: string }): MutationState {
  return state.mutations[definition.name] ?? idle;
}
