// GET /api/v1/payments/current/: the caller's latest payment, with a lapsed hold released on the spot.
import { desc, eq } from 'drizzle-orm';
import type { CurrentPayment } from '../../../../common/wireTypes.ts';
import { payments } from '../../db/schema.ts';
import { enrollmentErrors } from '../enrollmentErrors.ts';
import { expirePayment, refreshInBackground } from './completion.ts';
import type { PaymentsContext } from './context.ts';

export async function currentPayment(ctx: PaymentsContext, userId: number): Promise<CurrentPayment> {
  const latest = async () => {
    const [row] = await ctx.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
    return row;
  };
  let payment = await latest();
  if (!payment) throw enrollmentErrors.noPayment();
  if (payment.state === 'STATE_IN_PROGRESS') {
    if (payment.expiresAt.getTime() <= Date.now()) {
      await expirePayment(ctx, payment.id);
      payment = (await latest()) ?? payment;
    } else {
      refreshInBackground(ctx, payment);
    }
  }
  return { id: payment.id, details: { state: payment.state } };
}
