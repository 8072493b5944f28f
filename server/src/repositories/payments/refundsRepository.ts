// The SQL of refunds (table refunds): a payment's refunds, the row written before the provider is asked, what the
// provider answered, and the sums a refund's application checks. Each function runs in the transaction (or on the
// database) it is given; services/payments/refunds.ts decides.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { refunds } from '../../db/schema.ts';
import type { MutaboRefund } from '../../../../common/mutabo/payments.ts';

export type RefundRow = typeof refunds.$inferSelect;
type NewRefund = typeof refunds.$inferInsert;

export async function refundById(db: Executor, refundId: number): Promise<RefundRow | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

export async function lockRefund(tx: Tx, refundId: number): Promise<RefundRow | null> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return row ?? null;
}

/** The payment a refund belongs to; null for no such refund. */
export async function paymentOfRefund(tx: Tx, refundId: number): Promise<number | null> {
  const [row] = await tx.select({ paymentId: refunds.paymentId }).from(refunds).where(eq(refunds.id, refundId));
  return row?.paymentId ?? null;
}

/** Our refund that the provider knows by this id. */
export async function refundByProviderId(db: Executor, system: PaymentSystem, providerRefundId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.system, system), eq(refunds.providerId, providerRefundId)));
  return row ?? null;
}

/** Every refund of the payment, oldest first. */
export async function refundsOfPayment(tx: Tx, paymentId: number): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.id));
}

/** The payment's refunds that have not failed. */
export async function liveRefundsOfPayment(tx: Tx, paymentId: number): Promise<RefundRow[]> {
  return tx.select().from(refunds).where(and(eq(refunds.paymentId, paymentId), ne(refunds.state, 'failed')));
}

/** The oldest pending refund of the payment for this amount that the provider has not named yet (its answer was lost). */
export async function pendingUnnamedRefund(db: Executor, paymentId: number, amount: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.state, 'pending'), isNull(refunds.providerId), eq(refunds.amount, amount)))
    .orderBy(asc(refunds.id))
    .limit(1);
  return row ?? null;
}

export async function insertRefund(tx: Tx, values: NewRefund): Promise<RefundRow> {
  const [created] = await tx.insert(refunds).values(values).returning();
  return created!;
}

/** A pending refund fails (a refund that has an answer already keeps it). */
export async function failRefund(db: Executor, refundId: number, failure: string): Promise<void> {
  await db
    .update(refunds)
    .set({ state: 'failed', failure: failure.slice(0, 500), completedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')));
}

/** Records the provider's id of a refund that has none yet. */
export async function setRefundProviderIdIfUnset(db: Executor, refundId: number, providerRefundId: string): Promise<void> {
  await db.update(refunds).set({ providerId: providerRefundId }).where(and(eq(refunds.id, refundId), isNull(refunds.providerId)));
}

export async function markRefundSucceeded(tx: Tx, refundId: number, providerRefundId: string | null): Promise<RefundRow> {
  const [updated] = await tx
    .update(refunds)
    .set({ state: 'succeeded', providerId: providerRefundId, completedAt: sql`now()`, failure: null })
    .where(eq(refunds.id, refundId))
    .returning();
  return updated!;
}

/** What the payment's succeeded refunds add up to, in cents. */
export async function refundedCents(tx: Tx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amount}), 0) * 100` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.state, 'succeeded')));
  return Number(row?.cents ?? 0);
}

/**
 * The site's own refunds (no author, not the provider's) still pending without the provider's id a minute after they
 * were written: the provider could not be asked. Oldest first.
 */
export async function unansweredAutomaticRefunds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), eq(refunds.source, 'area'), isNull(refunds.userId), isNull(refunds.providerId), sql`${refunds.createdAt} <= now() - interval '1 minute'`))
    .orderBy(asc(refunds.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** A refund as the authors' area shows it. */
export function toRefund(row: RefundRow): MutaboRefund {
  return {
    id: row.id,
    state: row.state,
    amount: Number(row.amount),
    currency: row.currency as Currency,
    lessons: row.lessonIds,
    providerId: row.providerId,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    failure: row.failure,
  };
}
