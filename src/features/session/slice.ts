// The session: the tokens as the token store holds them (src/api/tokens.ts), and the login request (spec section 4).
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestError } from '../../api/requestError.ts';
import { readTokens, type StoredTokens } from '../../api/tokens.ts';
import type { LoginPayload, TokenPair } from '../../../common/wireTypes.ts';
import type { MutationStatus } from '../../data/mutationState.ts';

interface SessionState {
  /** A copy of the token store's tokens, changed only by `tokensChanged` (see followTokenStore.ts). */
  accessToken: string | null;
  refreshToken: string | null;
  login: { status: MutationStatus; error: RequestError | null };
  /** A login succeeded in this tab (a sign-up's confirmation then counts as done). */
  loggedInHere: boolean;
}

function initialSessionState(): SessionState {
  const tokens = readTokens();
  return { accessToken: tokens.access, refreshToken: tokens.refresh, login: { status: 'idle', error: null }, loggedInHere: false };
}

/** Logout by the user, or an unauthorized answer: the tokens go from the store, and every cached resource goes. */
export const loggedOut = createAction('session/loggedOut');
export const unauthorized = createAction('session/unauthorized');

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** The token store changed (login, renewal, password change, logout, 401): the session shows what it holds. */
    tokensChanged: (state, action: PayloadAction<StoredTokens>) => {
      state.accessToken = action.payload.access;
      state.refreshToken = action.payload.refresh;
    },
    loginRequested: (state, _action: PayloadAction<LoginPayload>) => {
      state.login = { status: 'loading', error: null };
    },
    /** Said after the tokens were stored; they reach the session through the store. */
    loginSucceeded: (state, _action: PayloadAction<TokenPair>) => {
      state.login = { status: 'success', error: null };
      state.loggedInHere = true;
    },
    loginFailed: (state, action: PayloadAction<RequestError>) => {
      state.login = { status: 'failure', error: action.payload };
    },
    loginReset: (state) => {
      state.login = { status: 'idle', error: null };
    },
  },
  extraReducers: (builder) => {
    const forgetLogin = (state: SessionState) => {
      state.login = { status: 'idle', error: null };
    };
    builder.addCase(loggedOut, forgetLogin).addCase(unauthorized, forgetLogin);
  },
});

export const { tokensChanged, loginRequested, loginSucceeded, loginFailed, loginReset } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
