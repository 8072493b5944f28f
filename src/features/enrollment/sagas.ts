// The payment polling loop: the result page reads the current payment again until it is no longer in progress.
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeLeading } from 'redux-saga/effects';
import type { RootState } from '../../app/rootReducer.ts';
import { ensureResource, fetchFailed, fetchSucceeded, resourcesInvalidated } from '../../data/cache.ts';
import { resourceKey } from '../../data/resource.ts';
import { selectResource } from '../../data/selectors.ts';
import { paymentPollingStarted, paymentPollingStopped } from './paymentPolling.ts';

const PAYMENT_POLL_INTERVAL_MS = 5000;

function* pollCurrentPayment() {
  for (;;) {
    yield put(resourcesInvalidated(['currentPayment']));
    yield put(ensureResource('currentPayment'));
    const key = resourceKey('currentPayment');
    yield take((action: Action) => (fetchSucceeded.match(action) || fetchFailed.match(action)) && action.payload.key === key);
    const payment: ReturnType<typeof selectResource<'currentPayment'>> = yield select((state: RootState) =>
      selectResource(state, 'currentPayment'),
    );
    if (payment.error || payment.data?.details.state !== 'STATE_IN_PROGRESS') return;
    yield delay(PAYMENT_POLL_INTERVAL_MS);
  }
}

export function* enrollmentSaga() {
  yield takeLeading(paymentPollingStarted.type, function* () {
    yield race({ poll: call(pollCurrentPayment), stop: take(paymentPollingStopped.type) });
  });
}
