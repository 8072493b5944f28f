// Every feature saga, listed in one place.
import { all, fork } from 'redux-saga/effects';
import { accountSaga } from '../features/account/sagas.ts';
import { enrollmentSaga } from '../features/enrollment/sagas.ts';
import { resourcesSaga } from '../features/resources/sagas.ts';
import { sessionSaga } from '../features/session/sagas.ts';

export function* rootSaga() {
  yield all([fork(sessionSaga), fork(resourcesSaga), fork(accountSaga), fork(enrollmentSaga)]);
}
