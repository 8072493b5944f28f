// The payment result page polls the current payment while it is open (the saga in sagas.ts).
import { createAction } from '@reduxjs/toolkit';

export const paymentPollingStarted = createAction('payment/pollingStarted');
export const paymentPollingStopped = createAction('payment/pollingStopped');
