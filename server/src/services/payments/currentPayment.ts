// GET /api/v1/payments/current/: the caller's latest payment, with a lapsed hold released on the spot, and what
// the result page names: the course, the amount and how many lessons it paid for.
import { count, desc, eq } from 'drizzle-orm';
import type { Currency, CurrentPayment } from '../../../../common/wireTypes.ts';
import { courses, lessons, paymentLessons, payments } from '../../db/schema.ts';
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
  // Every lesson of one payment belongs to one course (checked at creation).
  const [bought] = await ctx.db
    .select({ id: courses.id, title: courses.title, lessonCount: count() })
    .from(paymentLessons)
    .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(paymentLessons.paymentId, payment.id))
    .groupBy(courses.id, courses.title)
    .limit(1);
  return {
    id: payment.id,
    details: { state: payment.state },
    course: bought ? { id: bought.id, title: bought.title } : null,
    amount: Number(payment.amount),
    currency: payment.currency as Currency,
    lessonCount: bought ? Number(bought.lessonCount) : 0,
  };
}
