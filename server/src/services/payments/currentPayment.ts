// GET /api/v1/payments/current/: the caller's latest payment and what the result page names: the course, the amount
// and how many lessons it paid for. It only reads. A lapsed hold no longer counts for anyone (holds.ts) and the expiry
// sweep (followUps.ts) releases it; until then the payer is told what is known: a payment at a real provider may
// have been paid with its notification lost, so it reads as in progress while it is read back (the sweep, or the
// read this GET starts in the background, decides within a minute); the test checkout's reads as failed.
import type { Currency, CurrentPayment } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { latestPaymentOf, paidCourseOf } from '../../repositories/payments/paymentsRepository.ts';
import { enrollmentErrors } from '../places/enrollmentErrors.ts';
import type { PaymentFollowUps } from './followUps.ts';

interface CurrentPaymentDeps {
  db: Db;
  followUps: Pick<PaymentFollowUps, 'refreshInBackground'>;
}

export async function currentPayment(deps: CurrentPaymentDeps, userId: number): Promise<CurrentPayment> {
  const payment = await latestPaymentOf(deps.db, userId);
  if (!payment) throw enrollmentErrors.noPayment();
  let state = payment.state;
  if (state === 'STATE_IN_PROGRESS') {
    // Read back from its provider now and then while the payer waits, in the background and through the same throttle
    // as the notifications: a lost notification costs seconds, and a payment paid after all is found before the sweep.
    const followed = deps.followUps.refreshInBackground(payment);
    if (payment.expiresAt.getTime() <= Date.now() && !followed) state = 'STATE_FAILURE';
  }
  const bought = await paidCourseOf(deps.db, payment.id);
  return {
    id: payment.id,
    details: { state },
    course: bought ? { id: bought.id, title: bought.title } : null,
    amount: Number(payment.amount),
    currency: payment.currency as Currency,
    lessonCount: bought?.lessonCount ?? 0,
  };
}
