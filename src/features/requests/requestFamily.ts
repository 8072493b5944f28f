// The regular async action family (request / success / failure / reset) with its status, made once.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestError } from '../../api/requestError.ts';

export type RequestStatus = 'idle' | 'loading' | 'success' | 'failure';

export interface RequestState {
  status: RequestStatus;
  error: RequestError | null;
}

const initialState: RequestState = { status: 'idle', error: null };

/**
 * A slice for one request flow. `request` carries the payload the saga sends; `success` may carry
 * the answer for whoever listens; `reset` returns to idle.
 */
export function createRequestFamily<Payload = void, Result = void>(name: string) {
  return createSlice({
    name,
    initialState,
    reducers: {
      request: {
        reducer: (state) => {
          state.status = 'loading';
          state.error = null;
        },
        prepare: (payload: Payload) => ({ payload }),
      },
      success: {
        reducer: (state) => {
          state.status = 'success';
          state.error = null;
        },
        prepare: (payload: Result) => ({ payload }),
      },
      failure: (state, action: PayloadAction<RequestError>) => {
        state.status = 'failure';
        state.error = action.payload;
      },
      reset: () => initialState,
    },
  });
}
