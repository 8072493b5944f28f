// The session: tokens mirrored from browser storage, and the login request (spec section 4).
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestError } from '../../api/requestError.ts';
import { readTokens } from '../../api/tokens.ts';
import type { LoginPayload, TokenPair } from '../../../common/wireTypes.ts';
import type { RequestStatus } from '../requests/requestFamily.ts';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  login: { status: RequestStatus; error: RequestError | null };
}

export function initialSessionState(): SessionState {
  const tokens = readTokens();
  return { accessToken: tokens.access, refreshToken: tokens.refresh, login: { status: 'idle', error: null } };
}

/** Logout by the user, or an unauthorized answer: tokens and every cached resource go. */
export const loggedOut = createAction('session/loggedOut');
export const unauthorized = createAction('session/unauthorized');

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginRequested: (state, _action: PayloadAction<LoginPayload>) => {
      state.login = { status: 'loading', error: null };
    },
    loginSucceeded: (state, action: PayloadAction<TokenPair>) => {
      state.accessToken = action.payload.access;
      state.refreshToken = action.payload.refresh;
      state.login = { status: 'success', error: null };
    },
    loginFailed: (state, action: PayloadAction<RequestError>) => {
      state.login = { status: 'failure', error: action.payload };
    },
    loginReset: (state) => {
      state.login = { status: 'idle', error: null };
    },
    accessTokenRenewed: (state, action: PayloadAction<string>) => {
      state.accessToken = action.payload;
    },
    /** New tokens for the same session (after a password change). */
    tokensReplaced: (state, action: PayloadAction<TokenPair>) => {
      state.accessToken = action.payload.access;
      state.refreshToken = action.payload.refresh;
    },
  },
  extraReducers: (builder) => {
    const clear = () => ({ accessToken: null, refreshToken: null, login: { status: 'idle' as const, error: null } });
    builder.addCase(loggedOut, clear).addCase(unauthorized, clear);
  },
});

export const { loginRequested, loginSucceeded, loginFailed, loginReset, accessTokenRenewed, tokensReplaced } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
