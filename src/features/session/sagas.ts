// Login and logout store or clear the tokens (the session follows the token store); after a 401, which the client
// handled, the redirect to the login page.
import { call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { login } from '../../api/endpoints.ts';
import { asRequestError } from '../../api/requestError.ts';
import { clearTokens, saveTokens } from '../../api/tokens.ts';
import type { TokenPair } from '../../../common/wireTypes.ts';
import { navigateTo } from '../../app/navigation.ts';
import type { RootState } from '../../app/rootReducer.ts';
import { loggedOut, loginFailed, loginRequested, loginSucceeded, unauthorized } from './slice.ts';

const LOGIN_ROUTE = '/user/login';

function* loginFlow(action: ReturnType<typeof loginRequested>) {
  try {
    const tokens: TokenPair = yield call(login, {
      username: action.payload.username.trim().toLowerCase(),
      password: action.payload.password,
    });
    yield call(saveTokens, tokens);
    yield put(loginSucceeded(tokens));
  } catch (error) {
    yield put(loginFailed(asRequestError(error)));
  }
}

function* logoutFlow() {
  yield call(clearTokens);
}

function* unauthorizedFlow() {
  const path: string = yield select((_state: RootState) => window.location.pathname);
  if (path !== LOGIN_ROUTE) yield call(navigateTo, LOGIN_ROUTE);
}

export function* sessionSaga() {
  // takeLeading: a new login is ignored while one is loading.
  yield takeLeading(loginRequested.type, loginFlow);
  yield takeEvery(loggedOut.type, logoutFlow);
  yield takeEvery(unauthorized.type, unauthorizedFlow);
}
