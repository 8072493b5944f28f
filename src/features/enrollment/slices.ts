// Enrollment requests: mailing subscription, participation, payment creation (spec section 4).
import { createAction } from '@reduxjs/toolkit';
import type { PaymentCreated, PaymentCreatePayload } from '../../../common/wireTypes.ts';
import { createRequestFamily } from '../requests/index.ts';

export const mailingRequest = createRequestFamily<{ courseId: number; subscribe: boolean }>('mailing');
export const participationCreateRequest = createRequestFamily<{ courseId: number }>('participationCreate');
export const participationDeleteRequest = createRequestFamily<{ courseId: number }>('participationDelete');
export const paymentCreateRequest = createRequestFamily<PaymentCreatePayload, PaymentCreated>('paymentCreate');

/** The payment result page polls the current payment while it is open. */
export const paymentPollingStarted = createAction('payment/pollingStarted');
export const paymentPollingStopped = createAction('payment/pollingStopped');

export const enrollmentReducers = {
  mailing: mailingRequest.reducer,
  participationCreate: participationCreateRequest.reducer,
  participationDelete: participationDeleteRequest.reducer,
  paymentCreate: paymentCreateRequest.reducer,
};
