// Who is asking: the session as the site reads it.
import type { RootState } from '../../app/rootReducer.ts';
import { isTokenExpired } from '../../api/tokens.ts';

export const selectLoginState = (state: RootState) => state.session.login;

/** Logged in means the access token is not expired, or it can still be renewed with the refresh token. */
export function selectIsLoggedIn(state: RootState, now: number = Date.now()): boolean {
  const { accessToken, refreshToken } = state.session;
  return !isTokenExpired(accessToken, now) || (accessToken !== null && !isTokenExpired(refreshToken, now));
}
