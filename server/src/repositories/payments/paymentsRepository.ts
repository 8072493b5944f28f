// The SQL of payments: their rows and lessons, the row locks taken under the course's lock, the holds a batch of
// buyers gets in one statement, the provider's ids and pages, and the reads of the payer's result page and the test
// checkout. Each function runs in the transaction (or on the database) it is given; services/payments decides.
import type { PAYMENT_FAILURE_REASONS } from '../../../../common/enums.ts';
import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { courses, lessons, pagesContent, participants, paymentLessons, payments, prices, users, type PaymentDiscountRecord } from '../../db/schema.ts';
import { movePromoUse } from './discountsRepository.ts';
import { hasReadyRecording } from '../places/placesRepository.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Why a payment ended in STATE_FAILURE (`payments.failure_reason`). */
export type FailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

/** The payments in progress on lessons of the course. */
const onCourse = (courseId: number) =>
  inArray(
    payments.id,
    sql`(SELECT pl.payment_id FROM payment_lessons pl JOIN lessons lc ON lc.id = pl.lesson_id WHERE lc.course_id = ${courseId})`,
  );

export async function paymentById(db: Executor, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

/** Our payment that the provider knows by this id. */
export async function paymentByProviderId(db: Executor, system: PaymentSystem, providerId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.system, system), eq(payments.providerId, providerId)));
  return row ?? null;
}

/** The caller's latest payment. */
export async function latestPaymentOf(db: Executor, userId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(1);
  return row ?? null;
}

/** The payment's lessons, by id. */
export async function paymentLessonIds(db: Executor, paymentId: number): Promise<number[]> {
  const rows = await db.select({ lessonId: paymentLessons.lessonId }).from(paymentLessons).where(eq(paymentLessons.paymentId, paymentId)).orderBy(asc(paymentLessons.lessonId));
  return rows.map((row) => row.lessonId);
}

/** The payment's lessons, in their order in the course. */
export async function paymentLessonIdsByNumber(db: Executor, paymentId: number): Promise<number[]> {
  const rows = await db
    .select({ id: paymentLessons.lessonId })
    .from(paymentLessons)
    .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
    .where(eq(paymentLessons.paymentId, paymentId))
    .orderBy(asc(lessons.number));
  return rows.map((row) => row.id);
}

/** The course of a payment (the course of its lessons); null for a payment without lessons. */
export async function courseOfPayment(db: Executor, paymentId: number): Promise<number | null> {
  const [row] = await db
    .select({ courseId: lessons.courseId })
    .from(paymentLessons)
    .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
    .where(eq(paymentLessons.paymentId, paymentId))
    .limit(1);
  return row?.courseId ?? null;
}

/** The course a payment paid for and how many of its lessons (every lesson of a payment is of one course). */
export async function paidCourseOf(db: Executor, paymentId: number): Promise<{ id: number; title: string; lessonCount: number } | null> {
  const [row] = await db
    .select({ id: courses.id, title: courses.title, lessonCount: count() })
    .from(paymentLessons)
    .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(paymentLessons.paymentId, paymentId))
    .groupBy(courses.id, courses.title)
    .limit(1);
  return row ? { id: row.id, title: row.title, lessonCount: Number(row.lessonCount) } : null;
}

/** The payment's lessons in their order, with their course's title (the test checkout's page). */
export async function paymentLessonsWithCourse(db: Executor, paymentId: number): Promise<{ number: number; title: string; courseTitle: string }[]> {
  return db
    .select({ number: lessons.number, title: lessons.title, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(lessons.id, db.select({ id: paymentLessons.lessonId }).from(paymentLessons).where(eq(paymentLessons.paymentId, paymentId))))
    .orderBy(asc(lessons.number));
}

/** A requested lesson with its course, and the course's price in the currency (null when it has none). */
export interface LessonOnSale {
  id: number;
  courseId: number;
  lessonState: (typeof lessons.$inferSelect)['state'];
  courseState: (typeof courses.$inferSelect)['state'];
  limit: number;
  /** The lesson's start, null while it has none (a lesson that has begun is sold only as its recording). */
  startsAt: Date | null;
  /** The course's format and whether the lesson has a ready recording (common/lessonBlocks.ts lessonSale). */
  format: (typeof courses.$inferSelect)['format'];
  hasRecording: boolean;
  price: typeof prices.$inferSelect | null;
}

/** The requested lessons that exist, in their order, with what a payment for them needs. */
export async function lessonsOnSale(db: Executor, currency: Currency, lessonIds: number[]): Promise<LessonOnSale[]> {
  return db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      lessonState: lessons.state,
      courseState: courses.state,
      limit: courses.participantsLimit,
      startsAt: lessons.startsAt,
      format: courses.format,
      hasRecording: hasReadyRecording(),
      price: prices,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(prices, and(eq(prices.courseId, lessons.courseId), eq(prices.currency, currency)))
    .where(inArray(lessons.id, lessonIds))
    .orderBy(asc(lessons.number));
}

/** Payments that lapsed while in progress, the longest lapsed first. */
export async function lapsedPaymentIds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.state, 'STATE_IN_PROGRESS'), lte(payments.expiresAt, sql`now()`)))
    .orderBy(asc(payments.expiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

// ---- Row locks, taken after the course's lesson rows (services/places/places.ts)

export async function lockPayment(tx: Tx, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row ?? null;
}

/** Locks those of these payments that are in progress (ascending id); returns their ids. */
export async function lockPaymentsInProgress(tx: Tx, paymentIds: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.id, paymentIds), eq(payments.state, 'STATE_IN_PROGRESS')))
    .orderBy(asc(payments.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Locks the payment when it is in progress and has lapsed; false otherwise. */
export async function lockLapsedPayment(tx: Tx, paymentId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.state, 'STATE_IN_PROGRESS'), lte(payments.expiresAt, sql`now()`)))
    .for('update');
  return row !== undefined;
}

/** Locks one user's payments in progress that name one of these lessons (ascending id); returns their ids. */
export async function lockUserPaymentsOnLessons(tx: Tx, userId: number, lessonIds: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.state, 'STATE_IN_PROGRESS'),
        inArray(payments.id, tx.select({ id: paymentLessons.paymentId }).from(paymentLessons).where(inArray(paymentLessons.lessonId, lessonIds))),
      ),
    )
    .orderBy(asc(payments.id))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Locks the payments in progress on the course that concern a batch of buyers (ascending id): the buyers' own, and
 * anyone's whose hold has lapsed (`lapsed`).
 */
export async function lockPaymentsForHolds(tx: Tx, courseId: number, userIds: number[]): Promise<{ id: number; userId: number; lapsed: boolean }[]> {
  return tx
    .select({ id: payments.id, userId: payments.userId, lapsed: sql<boolean>`${payments.expiresAt} <= now()` })
    .from(payments)
    .where(and(eq(payments.state, 'STATE_IN_PROGRESS'), onCourse(courseId), or(inArray(payments.userId, userIds), sql`${payments.expiresAt} <= now()`)))
    .orderBy(asc(payments.id))
    .for('update');
}

/** One user's payments in progress on the course (their rows locked before, by lockPaymentsForHolds). */
export async function userPaymentsOnCourse(
  tx: Tx,
  courseId: number,
  userId: number,
): Promise<{ id: number; currency: Currency; redirectUrl: string | null; amount: string; promoCodeId: number | null }[]> {
  return tx
    .select({ id: payments.id, currency: payments.currency, redirectUrl: payments.redirectUrl, amount: payments.amount, promoCodeId: payments.promoCodeId })
    .from(payments)
    .where(and(eq(payments.state, 'STATE_IN_PROGRESS'), onCourse(courseId), eq(payments.userId, userId)))
    .orderBy(asc(payments.id));
}

// ---- Writes

/** One buyer's new payment: its amount (as numeric text) and the lessons whose places it holds. */
interface NewHold {
  userId: number;
  system: PaymentSystem;
  currency: Currency;
  amount: string;
  lessonIds: number[];
  /** With a discount: the amount without it, the discount as applied, and the personal discount or code it came from. */
  discount?: { fullAmount: string; record: PaymentDiscountRecord; discountId: number | null; promoCodeId: number | null };
}

/**
 * The payments, their lessons and the held places of several buyers (at most one payment per user) in one
 * statement, the places held for `holdMinutes`; returns the new payments.
 */
export async function insertHolds(tx: Tx, holds: NewHold[], holdMinutes: number): Promise<{ id: number; userId: number; createdAt: Date }[]> {
  const wanted = sql.join(
    holds.map(
      ({ userId, system, currency, amount, discount }) =>
        sql`(${userId}::integer, ${system}::payment_system, ${currency}::currency, ${amount}::numeric, ${discount?.fullAmount ?? null}::numeric, ${discount ? JSON.stringify(discount.record) : null}::jsonb, ${discount?.discountId ?? null}::integer, ${discount?.promoCodeId ?? null}::integer)`,
    ),
    sql`, `,
  );
  const chosen = sql.join(
    holds.flatMap(({ userId, lessonIds }) => lessonIds.map((lessonId) => sql`(${userId}::integer, ${lessonId}::integer)`)),
    sql`, `,
  );
  const result = await tx.execute(sql`
    WITH wanted (user_id, system, currency, amount, full_amount, discount, discount_id, promo_code_id) AS (VALUES ${wanted}),
    chosen (user_id, lesson_id) AS (VALUES ${chosen}),
    created AS (
      INSERT INTO ${payments} (user_id, system, currency, amount, full_amount, discount, discount_id, promo_code_id, expires_at, offer_version)
      SELECT user_id, system, currency, amount, full_amount, discount, discount_id, promo_code_id, now() + make_interval(secs => ${holdMinutes * 60}),
        -- The public offer the payer accepts by paying, as it is now (null while there is none).
        (SELECT ${pagesContent.version} FROM ${pagesContent} WHERE ${pagesContent.slug} = 'offer')
      FROM wanted
      RETURNING id, user_id, created_at, expires_at
    ), linked AS (
      INSERT INTO ${paymentLessons} (payment_id, lesson_id) SELECT created.id, chosen.lesson_id FROM created JOIN chosen USING (user_id)
    ), held AS (
      INSERT INTO ${participants} (user_id, lesson_id, state, expired_at, payment_id)
      SELECT created.user_id, chosen.lesson_id, 'reserved', created.expires_at, created.id FROM created JOIN chosen USING (user_id)
      ON CONFLICT (user_id, lesson_id) DO UPDATE SET state = 'reserved', expired_at = excluded.expired_at, payment_id = excluded.payment_id
    )
    SELECT id, user_id, created_at FROM created`);
  const rows = (result as unknown as { rows: { id: number; user_id: number; created_at: Date | string }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id), createdAt: new Date(row.created_at) }));
}

/** Where a payment is paid at its provider, recorded on our payment row. */
interface ProviderPage {
  paymentId: number;
  providerId: string;
  redirectTo: string;
}

export async function storeProviderPage(db: Executor, page: ProviderPage): Promise<void> {
  await db.update(payments).set({ providerId: page.providerId, redirectUrl: page.redirectTo }).where(eq(payments.id, page.paymentId));
}

/** Records the provider's id of a payment that has none yet (a notification came before our request stored it). */
export async function setProviderIdIfUnset(db: Executor, paymentId: number, providerId: string): Promise<void> {
  await db.update(payments).set({ providerId }).where(and(eq(payments.id, paymentId), sql`${payments.providerId} IS NULL`));
}

/** Ends a payment (its row locked by the caller); one that was in progress gives back the promo code use it took. */
export async function markFailed(tx: Tx, paymentId: number, reason: FailureReason): Promise<void> {
  const [before] = await tx.select({ state: payments.state, promoCodeId: payments.promoCodeId }).from(payments).where(eq(payments.id, paymentId));
  await tx.update(payments).set({ state: 'STATE_FAILURE', failureReason: reason, endedAt: sql`now()` }).where(eq(payments.id, paymentId));
  if (before?.state === 'STATE_IN_PROGRESS' && before.promoCodeId !== null) await movePromoUse(tx, before.promoCodeId, -1);
}

/**
 * Completes a payment (its row locked by the caller). One paid after it had ended must have taken its promo code's use
 * again first (retakePromoUse, services/payments/completion.ts).
 */
export async function markCompleted(tx: Tx, paymentId: number): Promise<PaymentRow> {
  const [updated] = await tx.update(payments).set({ state: 'STATE_COMPLETED', paidAt: sql`now()`, failureReason: null, endedAt: null }).where(eq(payments.id, paymentId)).returning();
  return updated!;
}

/**
 * Whether the payer's account is deleted, read with its row locked FOR SHARE (after the course's lessons and the
 * payment): a deletion under way is waited for, and one that starts later waits for this transaction.
 */
export async function lockPayerDeleted(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).for('share');
  return !row || row.deletedAt !== null;
}

/** Paid, but the places could not be given: ended, and marked for a refund. */
export async function markRefundRequired(tx: Tx, paymentId: number, reason: FailureReason): Promise<PaymentRow> {
  const [updated] = await tx
    .update(payments)
    .set({ state: 'STATE_FAILURE', failureReason: reason, paidAt: sql`now()`, endedAt: sql`now()`, refundRequired: true })
    .where(eq(payments.id, paymentId))
    .returning();
  return updated!;
}

export async function clearRefundRequired(tx: Tx, paymentId: number): Promise<void> {
  await tx.update(payments).set({ refundRequired: false }).where(eq(payments.id, paymentId));
}
