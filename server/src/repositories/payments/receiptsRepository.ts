// The SQL of the 54-ФЗ receipts (table receipts, migration 0016): recording a payment's and a refund's receipt as
// sent, the settlement sweep (one INSERT … SELECT whose unique key makes each settlement once, whichever process
// sweeps), the queue's claims with FOR UPDATE SKIP LOCKED and a lease, each attempt's result, and the area's reads.
// services/payments/settlements.ts decides.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Currency } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { receipts, type ReceiptType } from '../../db/schema.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

/** A receipt that went with its request (a payment's, a partial refund's): recorded as sent. */
interface SentReceipt {
  type: Exclude<ReceiptType, 'settlement'>;
  paymentId: number;
  refundId?: number | null;
  lessonIds: number[];
  lessonCents: number[];
  currency: Currency;
  paymentMode: string;
  /** The request's idempotence key: recording the same request again records nothing. */
  idempotenceKey: string;
}

export async function recordSentReceipt(db: Executor, receipt: SentReceipt): Promise<void> {
  const cents = receipt.lessonCents.reduce((sum, value) => sum + value, 0);
  await db
    .insert(receipts)
    .values({
      type: receipt.type,
      paymentId: receipt.paymentId,
      refundId: receipt.refundId ?? null,
      lessonIds: receipt.lessonIds,
      lessonCents: receipt.lessonCents,
      amount: (cents / 100).toFixed(2),
      currency: receipt.currency,
      paymentMode: receipt.paymentMode,
      state: 'sent',
      idempotenceKey: receipt.idempotenceKey,
      sentAt: sql`now()`,
    })
    .onConflictDoNothing({ target: receipts.idempotenceKey });
}

/**
 * Queues the settlement receipts due at `now`: one per lesson of each prepaid YooKassa payment (a payment whose
 * receipt was sent with payment_mode full_prepayment) that is paid, whose lesson has ended (its start plus its
 * duration) or was marked held, and that no succeeded or pending refund covers. Its amount is the lesson's in the
 * payment's receipt. The unique (payment, lesson, type) key makes each once. How many were queued.
 */
export async function queueDueSettlements(db: Executor, now: Date): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO receipts (type, payment_id, lesson_id, lesson_ids, lesson_cents, amount, currency, payment_mode, idempotence_key)
    SELECT 'settlement', r.payment_id, item.lesson_id, ARRAY[item.lesson_id], ARRAY[item.cents], item.cents / 100.0, r.currency, 'full_payment',
           'settlement-' || r.payment_id || '-' || item.lesson_id || '-' || md5(random()::text || clock_timestamp()::text)
    FROM receipts r
    CROSS JOIN LATERAL unnest(r.lesson_ids, r.lesson_cents) AS item(lesson_id, cents)
    JOIN payments p ON p.id = r.payment_id
    JOIN lessons l ON l.id = item.lesson_id
    WHERE r.type = 'payment' AND r.payment_mode = 'full_prepayment' AND r.state = 'sent'
      AND p.state = 'STATE_COMPLETED' AND p.system = 'yookassa' AND p.provider_id IS NOT NULL AND p.provider_id NOT LIKE 'sandbox-%'
      AND item.cents > 0
      AND (l.held_at IS NOT NULL OR (l.starts_at IS NOT NULL AND l.starts_at + make_interval(mins => l.duration) <= ${now.toISOString()}::timestamptz)
        OR ((l.starts_at IS NULL OR l.starts_at <= ${now.toISOString()}::timestamptz)
          AND EXISTS (SELECT 1 FROM lesson_recordings lr WHERE lr.lesson_id = l.id AND lr.state = 'ready')))
      AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.payment_id = p.id AND f.state IN ('pending', 'succeeded') AND l.id = ANY(f.lesson_ids))
      AND NOT EXISTS (SELECT 1 FROM receipts s WHERE s.type = 'settlement' AND s.payment_id = p.id AND s.lesson_id = l.id)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Claims up to `limit` due settlement receipts for leaseMs, skipping those another worker is claiming; a claim counts as an attempt. */
export async function claimDueReceipts(db: Executor, limit: number, leaseMs: number): Promise<ReceiptRow[]> {
  const due = db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.state, 'pending'), lte(receipts.nextAttemptAt, sql`now()`), or(isNull(receipts.lockedUntil), lte(receipts.lockedUntil, sql`now()`))))
    .orderBy(asc(receipts.nextAttemptAt), asc(receipts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(receipts)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${receipts.attempts} + 1` })
    .where(inArray(receipts.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * What a settlement receipt is made of when it is sent: the payment at the provider, the payer (the address the
 * payment's receipt kept when the payer deleted the account), the lesson.
 */
interface SettlementFacts {
  providerPaymentId: string | null;
  email: string;
  courseTitle: string;
  lessonNumber: number;
  lessonTitle: string;
  /** A succeeded or pending refund covers the lesson now (it came after the receipt was queued). */
  refunded: boolean;
}

export async function settlementFacts(db: Executor, receiptId: number): Promise<SettlementFacts | null> {
  const result = await db.execute(sql`
    SELECT p.provider_id AS "providerPaymentId", coalesce(p.receipt_email, u.email) AS email, c.title AS "courseTitle", l.number AS "lessonNumber", l.title AS "lessonTitle",
           EXISTS (SELECT 1 FROM refunds f WHERE f.payment_id = p.id AND f.state IN ('pending', 'succeeded') AND l.id = ANY(f.lesson_ids)) AS refunded
    FROM receipts r
    JOIN payments p ON p.id = r.payment_id
    JOIN users u ON u.id = p.user_id
    JOIN lessons l ON l.id = r.lesson_id
    JOIN courses c ON c.id = l.course_id
    WHERE r.id = ${receiptId}`);
  const [row] = (result as unknown as { rows: SettlementFacts[] }).rows;
  return row ? { ...row, lessonNumber: Number(row.lessonNumber), refunded: row.refunded === true || String(row.refunded) === 't' } : null;
}

export async function markReceiptSent(db: Executor, id: number, providerId: string): Promise<void> {
  await db
    .update(receipts)
    .set({ state: 'sent', providerId, sentAt: sql`now()`, lockedUntil: null, reason: null })
    .where(and(eq(receipts.id, id), eq(receipts.state, 'pending')));
}

/** Another attempt after delayMs, under the same idempotence key. */
export async function markReceiptRetry(db: Executor, id: number, reason: string, delayMs: number): Promise<void> {
  await db
    .update(receipts)
    .set({ lockedUntil: null, reason: reason.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(receipts.id, id), eq(receipts.state, 'pending')));
}

/** YooKassa refused it: no more attempts until an author resends it. */
export async function markReceiptFailed(db: Executor, id: number, reason: string): Promise<void> {
  await db
    .update(receipts)
    .set({ state: 'failed', lockedUntil: null, reason: reason.slice(0, 500) })
    .where(and(eq(receipts.id, id), eq(receipts.state, 'pending')));
}

/** A queued settlement whose lesson was refunded meanwhile is never sent. */
export async function dropPendingReceipt(db: Executor, id: number): Promise<void> {
  await db.delete(receipts).where(and(eq(receipts.id, id), eq(receipts.state, 'pending')));
}

/** Gives claimed receipts back unattempted (the worker is stopping). */
export async function releaseReceiptClaims(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(receipts)
    .set({ lockedUntil: null, attempts: sql`greatest(${receipts.attempts} - 1, 0)` })
    .where(and(inArray(receipts.id, [...ids]), eq(receipts.state, 'pending')));
}

/** The receipts of these payments, oldest first. */
export async function receiptsOfPayments(db: Executor, paymentIds: readonly number[]): Promise<ReceiptRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(receipts)
    .where(inArray(receipts.paymentId, [...paymentIds]))
    .orderBy(asc(receipts.id));
}

interface FailedReceiptRow extends ReceiptRow {
  courseId: number;
  courseTitle: string;
  payerFirstName: string;
  payerLastName: string;
  payerEmail: string;
}

/** The refused receipts of payments for the courses the author leads, oldest first. */
export async function failedReceiptsOf(db: Executor, authorId: number, limit: number): Promise<FailedReceiptRow[]> {
  const result = await db.execute(sql`
    SELECT r.id, c.id AS "courseId", c.title AS "courseTitle", u.first_name AS "payerFirstName", u.last_name AS "payerLastName", u.email AS "payerEmail"
    FROM receipts r
    JOIN payments p ON p.id = r.payment_id
    JOIN users u ON u.id = p.user_id
    JOIN courses c ON c.id = (SELECT l.course_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE pl.payment_id = p.id LIMIT 1)
    WHERE r.state = 'failed' AND EXISTS (SELECT 1 FROM course_authors ca WHERE ca.course_id = c.id AND ca.author_id = ${authorId})
    ORDER BY r.id
    LIMIT ${limit}`);
  const found = (result as unknown as { rows: { id: number; courseId: number; courseTitle: string; payerFirstName: string; payerLastName: string; payerEmail: string }[] }).rows;
  if (found.length === 0) return [];
  const rows = await db.select().from(receipts).where(inArray(receipts.id, found.map((row) => Number(row.id))));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return found.flatMap((row) => {
    const receipt = byId.get(Number(row.id));
    return receipt ? [{ ...receipt, courseId: Number(row.courseId), courseTitle: row.courseTitle, payerFirstName: row.payerFirstName, payerLastName: row.payerLastName, payerEmail: row.payerEmail }] : [];
  });
}

export async function receiptById(db: Executor, id: number): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.id, id));
  return row ?? null;
}

/**
 * Puts a refused receipt back in the queue, due now, under a new idempotence key (YooKassa answers a key it has seen
 * with its first answer for a day). False when it is not failed any more (resent meanwhile).
 */
export async function requeueFailedReceipt(db: Executor, id: number, idempotenceKey: string): Promise<boolean> {
  const rows = await db
    .update(receipts)
    .set({ state: 'pending', reason: null, attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null, idempotenceKey })
    .where(and(eq(receipts.id, id), eq(receipts.state, 'failed')))
    .returning({ id: receipts.id });
  return rows.length > 0;
}

/** Whether the payment's own receipt went to YooKassa with it (a YooKassa payment with RECEIPTS=yookassa). */
export async function paymentReceiptSent(db: Executor, paymentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.paymentId, paymentId), eq(receipts.type, 'payment'), eq(receipts.state, 'sent')))
    .limit(1);
  return row !== undefined;
}
