// Enrollment flows: call, report, refresh what the answer changed; and the payment polling loop.
import type { Action, PayloadAction } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeLeading } from 'redux-saga/effects';
import * as api from '../../api/endpoints.ts';
import { asRequestError } from '../../api/requestError.ts';
import type { CourseDetails, PaymentCreated, PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { leaveSite } from '../../app/navigation.ts';
import type { RootState } from '../../app/rootReducer.ts';
import { resourceKey } from '../../data/resource.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource, fetchFailed, fetchSucceeded, resourceReplaced, resourcesInvalidated } from '../../data/cache.ts';
import {
  mailingRequest,
  participationCreateRequest,
  participationDeleteRequest,
  paymentCreateRequest,
  paymentPollingStarted,
  paymentPollingStopped,
} from './slices.ts';

export const PAYMENT_POLL_INTERVAL_MS = 5000;

/** After a change to a course's news or places: everything that shows them is stale; a course on screen reloads. */
function* refreshAfterChange(courseId: number) {
  const shown: boolean = yield select((state: RootState) => state.resources[resourceKey('course', courseId)] !== undefined);
  yield put(resourcesInvalidated(['course', 'courses', 'participants']));
  if (shown) yield put(ensureResource('course', courseId));
}

function* mailingFlow(action: PayloadAction<{ courseId: number; subscribe: boolean }>) {
  const { courseId, subscribe } = action.payload;
  try {
    yield call(subscribe ? api.subscribeForMailouts : api.unsubscribeFromMailouts, courseId);
    yield put(mailingRequest.actions.success());
    yield* refreshAfterChange(courseId);
  } catch (error) {
    yield put(mailingRequest.actions.failure(asRequestError(error)));
  }
}

function* participationCreateFlow(action: PayloadAction<{ courseId: number }>) {
  try {
    const course: CourseDetails = yield call(api.createParticipants, action.payload.courseId);
    yield put(participationCreateRequest.actions.success());
    yield put(resourcesInvalidated(['participants', 'courses']));
    // The answer is the updated course itself.
    yield put(resourceReplaced({ key: resourceKey('course', action.payload.courseId), data: course }));
  } catch (error) {
    yield put(participationCreateRequest.actions.failure(asRequestError(error)));
  }
}

function* participationDeleteFlow(action: PayloadAction<{ courseId: number }>) {
  try {
    yield call(api.deleteParticipants, action.payload.courseId);
    yield put(participationDeleteRequest.actions.success());
    yield* refreshAfterChange(action.payload.courseId);
  } catch (error) {
    yield put(participationDeleteRequest.actions.failure(asRequestError(error)));
  }
}

function* paymentCreateFlow(action: PayloadAction<PaymentCreatePayload>) {
  try {
    const created: PaymentCreated = yield call(api.createPayment, action.payload);
    yield put(paymentCreateRequest.actions.success(created));
    yield put(resourcesInvalidated(['currentPayment', 'course', 'participants']));
    yield call(leaveSite, created.details.redirectTo);
  } catch (error) {
    yield put(paymentCreateRequest.actions.failure(asRequestError(error)));
  }
}

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
  // takeLeading: each of these is blocked while its request is loading.
  yield takeLeading(mailingRequest.actions.request.type, mailingFlow);
  yield takeLeading(participationCreateRequest.actions.request.type, participationCreateFlow);
  yield takeLeading(participationDeleteRequest.actions.request.type, participationDeleteFlow);
  yield takeLeading(paymentCreateRequest.actions.request.type, paymentCreateFlow);
  yield takeLeading(paymentPollingStarted.type, function* () {
    yield race({ poll: call(pollCurrentPayment), stop: take(paymentPollingStopped.type) });
  });
}
