// Every feature saga, listed in one place (the resource cache fetches through its middleware,
// features/resources/middleware.ts).
import { all, fork } from 'redux-saga/effects';
import { accountSaga } from '../features/account/sagas.ts';
import { enrollmentSaga } from '../features/enrollment/sagas.ts';
import { sessionSaga } from '../features/session/sagas.ts';

export function* rootSaga() {
  yield all([fork(sessionSaga), fork(accountSaga), fork(enrollmentSaga)]);
}
