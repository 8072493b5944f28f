// The SQL of the authors' payments page: the payments of the caller's courses with their lessons, payers and refunds,
// and the money paid and refunded. Reads only; the writes run in the payment services' locked transactions
// (services/payments/refunds.ts) through repositories/payments/.
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Currency } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { courses, lessons, paymentLessons, payments, refunds, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';
import type { PaymentRow } from '../payments/paymentsRepository.ts';
import type { RefundRow } from '../payments/refundsRepository.ts';

export type { PaymentRow, RefundRow };

/** Payments that name a lesson of the given courses. */
const paymentsOfCourses = (courseIds: SQL) =>
  sql`payments.id IN (SELECT pl.payment_id FROM payment_lessons pl INNER JOIN lessons l ON l.id = pl.lesson_id WHERE l.course_id IN ${courseIds})`;

interface PaymentsFilter {
  authorId: number;
  courseId?: number;
}

const paymentsWhere = (filter: PaymentsFilter) =>
  and(paymentsOfCourses(ledCourseIds(filter.authorId)), filter.courseId === undefined ? undefined : paymentsOfCourses(sql`(${filter.courseId})`));

/** Every payment naming a lesson of the caller's courses (or of one of them). */
export async function countPayments(db: Executor, filter: PaymentsFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(payments).where(paymentsWhere(filter));
  return row?.count ?? 0;
}

/** A page of payments: refund_required first, then newest first. */
export async function pagePayments(db: Executor, filter: PaymentsFilter, limit: number, offset: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(paymentsWhere(filter)).orderBy(desc(payments.refundRequired), desc(payments.createdAt), desc(payments.id)).limit(limit).offset(offset);
}

export async function paymentsRefundRequired(db: Executor, authorId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(paymentsWhere({ authorId }), eq(payments.refundRequired, true)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

interface PaymentDetails {
  lessons: Map<number, { id: number; number: number; title: string; courseId: number; courseTitle: string }[]>;
  payers: Map<number, { id: number; firstName: string; lastName: string; email: string }>;
  refunds: Map<number, RefundRow[]>;
}

/** The lessons, payers and refunds of these payments. */
export async function paymentDetails(db: Executor, rows: PaymentRow[]): Promise<PaymentDetails> {
  const ids = rows.map((row) => row.id);
  const userIds = [...new Set(rows.map((row) => row.userId))];
  if (ids.length === 0) return { lessons: new Map(), payers: new Map(), refunds: new Map() };
  const [lessonRows, payerRows, refundRows] = await Promise.all([
    db
      .select({ paymentId: paymentLessons.paymentId, id: lessons.id, number: lessons.number, title: lessons.title, courseId: courses.id, courseTitle: courses.title })
      .from(paymentLessons)
      .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(inArray(paymentLessons.paymentId, ids))
      .orderBy(asc(lessons.number)),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, userIds)),
    db.select().from(refunds).where(inArray(refunds.paymentId, ids)).orderBy(asc(refunds.id)),
  ]);
  const group = <T>(list: T[], key: (item: T) => number) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  return {
    lessons: group(lessonRows, (row) => row.paymentId),
    payers: new Map(payerRows.map((row) => [row.id, row])),
    refunds: group(refundRows, (row) => row.paymentId),
  };
}

interface RevenueRow {
  currency: Currency;
  payments: number;
  paid: number;
  refunded: number;
}

/** Paid and refunded money per currency over the caller's courses (or one of them). */
export async function revenue(db: Executor, filter: PaymentsFilter): Promise<RevenueRow[]> {
  const paidRows = await db
    .select({
      currency: payments.currency,
      payments: sql<number>`count(*)`.mapWith(Number),
      paid: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      refunded: sql<string>`coalesce(sum((SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.payment_id = payments.id AND r.state = 'succeeded')), 0)`,
    })
    .from(payments)
    .where(and(paymentsWhere(filter), isNotNull(payments.paidAt)))
    .groupBy(payments.currency)
    .orderBy(asc(payments.currency));
  return paidRows.map((row) => ({ currency: row.currency as Currency, payments: row.payments, paid: Number(row.paid), refunded: Number(row.refunded) }));
}
