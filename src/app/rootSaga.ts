// Every feature saga, listed in one place: the session (login, logout, the redirect after a 401) and the payment
// polling. Fetches go through the cache's middleware (src/data/middleware.ts), writes through mutations
// (src/data/mutation.ts).
import { all, fork } from 'redux-saga/effects';
import { enrollmentSaga } from '../features/enrollment/sagas.ts';
import { sessionSaga } from '../features/session/sagas.ts';

export function* rootSaga() {
  yield all([fork(sessionSaga), fork(enrollmentSaga)]);
}
