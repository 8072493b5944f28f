// GET /api/v1/payments/current/: the caller's latest payment, with a lapsed hold released on the spot, and what
// the result page names: the course, the amount and how many lessons it paid for.
import type { Currency, CurrentPayment } from '../../../../common/wireTypes.ts';
import { latestPaymentOf, paidCourseOf } from '../../repositories/paymentsRepository.ts';
import { enrollmentErrors } from '../enrollmentErrors.ts';
import { expirePayment, type SettleDeps } from './completion.ts';
import type { PaymentFollowUps } from './followUps.ts';

export interface CurrentPaymentDeps extends SettleDeps {
  followUps: Pick<PaymentFollowUps, 'refreshInBackground'>;
}

export async function currentPayment(deps: CurrentPaymentDeps, userId: number): Promise<CurrentPayment> {
  const latest = () => latestPaymentOf(deps.db, userId);
  let payment = await latest();
  if (!payment) throw enrollmentErrors.noPayment();
  if (payment.state === 'STATE_IN_PROGRESS') {
    if (payment.expiresAt.getTime() <= Date.now()) {
      await expirePayment(deps, payment.id);
      payment = (await latest()) ?? payment;
    } else {
      deps.followUps.refreshInBackground(payment);
    }
  }
  const bought = await paidCourseOf(deps.db, payment.id);
  return {
    id: payment.id,
    details: { state: payment.state },
    course: bought ? { id: bought.id, title: bought.title } : null,
    amount: Number(payment.amount),
    currency: payment.currency as Currency,
    lessonCount: bought?.lessonCount ?? 0,
  };
}
