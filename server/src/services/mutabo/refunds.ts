// Refunds: asked by an author (POST /api/v1/mutabo/payments/{id}/refund/) or made in the provider's dashboard and
// learnt from its notification (YooKassa `refund.succeeded`, PayPal `PAYMENT.CAPTURE.REFUNDED`). Either way the
// places are freed, the participation ends and the payer gets a letter only once the provider confirms, in one
// transaction under the course's lock (services/places.ts) that looks at the refund's state first, so a confirmation
// that comes twice (the answer and the notification) changes nothing the second time.
//
// A second click never refunds twice: the refund row, with its idempotence key, is written under the payment's row
// lock before the provider is asked; the same request again finds it and asks again with the same key.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { participantsMessages as pm, type MutaboRefund } from '../../../../common/mutabo.ts';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import { courses, lessons, participants, paymentLessons, payments, refunds, users } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { ledCourse, toRefund, type PaymentRow, type RefundRow } from '../../repositories/mutaboParticipantsRepository.ts';
import { sendLetters, sendPromotionLetters, type LetterContext } from '../enrollmentLetters.ts';
import { lockCourse, promoteWaitingList, type Promotion, type Tx } from '../places.ts';
import type { PaymentsContext } from '../payments/context.ts';
import { CURRENCY_CODES, ProviderError, type ProviderRefundState } from '../payments/provider.ts';
import { insertAuditRecord } from '../../repositories/mutaboAuditRepository.ts';
import type { Caller } from './context.ts';
import { refundedLetter } from './participantLetters.ts';

export type RefundDeps = Pick<PaymentsContext, 'db' | 'config' | 'mailer' | 'log' | 'publicCache' | 'providers'>;

export const refundErrors = {
  paymentNotFound: () => new HttpError(404, { detail: pm.paymentNotFound }),
  notPaid: () => new HttpError(409, { detail: pm.notPaid }),
  lessonsNotInPayment: () => new HttpError(400, { lessons: [pm.lessonsNotInPayment] }),
  alreadyRefunded: () => new HttpError(409, { detail: pm.alreadyRefunded }),
  nothingToRefund: () => new HttpError(409, { detail: pm.nothingToRefund }),
  providerUnavailable: () => new HttpError(502, { detail: pm.providerUnavailable }),
  providerRefused: (reason: string) => new HttpError(409, { detail: pm.providerRefused.replace('{reason}', reason) }),
};

const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const money = (amountCents: number) => (amountCents / 100).toFixed(2);

/** The course of a payment (the course of its lessons); null for a payment without lessons. */
async function courseOfPayment(db: Tx | RefundDeps['db'], paymentId: number): Promise<number | null> {
  const [row] = await db
    .select({ courseId: lessons.courseId })
    .from(paymentLessons)
    .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
    .where(eq(paymentLessons.paymentId, paymentId))
    .limit(1);
  return row?.courseId ?? null;
}

async function lessonIdsOfPayment(tx: Tx, paymentId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: paymentLessons.lessonId })
    .from(paymentLessons)
    .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
    .where(eq(paymentLessons.paymentId, paymentId))
    .orderBy(asc(lessons.number));
  return rows.map((row) => row.id);
}

const isPaid = (payment: PaymentRow) => payment.paidAt !== null && (payment.state === 'STATE_COMPLETED' || payment.refundRequired);

/** What the payment's refunds that are not failed cover: their lessons and their money. */
function covered(payment: PaymentRow, lessonIds: number[], existing: RefundRow[]) {
  const live = existing.filter((refund) => refund.state !== 'failed');
  const refundedCents = live.reduce((sum, refund) => sum + cents(refund.amount), 0);
  // A refund of the whole rest made in the dashboard gives every lesson back, though it names none.
  const all = refundedCents >= cents(payment.amount);
  const lessonSet = new Set(all ? lessonIds : live.flatMap((refund) => refund.lessonIds));
  return { live, refundedCents, lessonSet };
}

/** The amount of a refund of these lessons: equal shares, and the refund that completes the payment gets the rest. */
function shareOf(payment: PaymentRow, lessonIds: number[], requested: number[], already: { refundedCents: number; lessonSet: Set<number> }): number {
  const rest = cents(payment.amount) - already.refundedCents;
  if (lessonIds.every((id) => already.lessonSet.has(id) || requested.includes(id))) return rest;
  return Math.min(rest, Math.floor(cents(payment.amount) / lessonIds.length) * requested.length);
}

export interface RefundAnswer {
  refund: MutaboRefund;
  /** 200 once the provider confirmed, 202 while it works on it. */
  status: 200 | 202;
}

/**
 * An author's refund of a payment of a course they lead: all its lessons not refunded yet, or the given ones.
 * Written first (pending, with its key), then asked of the provider; applied when the provider confirms.
 */
export async function requestRefund(deps: RefundDeps, caller: Caller, paymentId: number, requestedLessons?: number[]): Promise<RefundAnswer> {
  const courseId = await courseOfPayment(deps.db, paymentId);
  if (courseId === null || !(await ledCourse(deps.db, caller.authorId, courseId))) throw refundErrors.paymentNotFound();
  const { refund, payment } = await deps.db.transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw refundErrors.paymentNotFound();
    if (!isPaid(payment)) throw refundErrors.notPaid();
    const lessonIds = await lessonIdsOfPayment(tx, paymentId);
    const existing = await tx.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.id));
    const already = covered(payment, lessonIds, existing);
    const sameSet = (refund: RefundRow) => requestedLessons !== undefined && refund.lessonIds.length === new Set(requestedLessons).size && requestedLessons.every((id) => refund.lessonIds.includes(id));
    // The same request again (a double click, a retry after a timeout): the refund it made, asked again if pending.
    const repeated = already.live.filter((refund) => refund.source === 'area').find(sameSet);
    if (repeated) return { refund: repeated, payment };
    let wanted: number[];
    if (requestedLessons === undefined) {
      wanted = lessonIds.filter((id) => !already.lessonSet.has(id));
      if (wanted.length === 0) {
        const last = already.live.at(-1);
        if (last) return { refund: last, payment };
        throw refundErrors.nothingToRefund();
      }
    } else {
      wanted = [...new Set(requestedLessons)];
      if (wanted.some((id) => !lessonIds.includes(id))) throw refundErrors.lessonsNotInPayment();
      if (wanted.some((id) => already.lessonSet.has(id))) throw refundErrors.alreadyRefunded();
    }
    const amountCents = shareOf(payment, lessonIds, wanted, already);
    if (amountCents <= 0) throw refundErrors.nothingToRefund();
    const [created] = await tx
      .insert(refunds)
      .values({
        paymentId,
        lessonIds: lessonIds.filter((id) => wanted.includes(id)),
        amount: money(amountCents),
        currency: payment.currency,
        system: payment.system,
        idempotenceKey: `refund-${paymentId}-${randomUUID()}`,
        userId: caller.userId,
      })
      .returning();
    await insertAuditRecord(tx, {
      userId: caller.userId,
      entity: 'payment',
      entityId: paymentId,
      courseId,
      action: 'refund',
      before: null,
      after: { refund: created!.id, lessons: created!.lessonIds, amount: Number(created!.amount), currency: created!.currency },
    });
    return { refund: created!, payment };
  });
  if (refund.state !== 'pending') return { refund: toRefund(refund), status: refund.state === 'succeeded' ? 200 : 202 };
  return askProvider(deps, payment, refund, caller.userId);
}

/** Asks the provider for a pending refund (again, with the same key, when asked before) and applies its answer. */
async function askProvider(deps: RefundDeps, payment: PaymentRow, refund: RefundRow, userId: number | null): Promise<RefundAnswer> {
  const provider = deps.providers.forPayment(payment.system, payment.providerId);
  let state: ProviderRefundState;
  try {
    if (!payment.providerId) throw new ProviderError('the payment has no id at its provider', 422);
    state = await provider.refund({
      paymentId: payment.id,
      providerPaymentId: payment.providerId,
      amount: money(cents(refund.amount)),
      currency: refund.currency as Currency,
      idempotencyKey: refund.idempotenceKey,
      description: `Возврат по платежу № ${payment.id}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A refusal (4xx but a conflict or a limit) is final: the refund failed, and a new request may try again.
    if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429) {
      deps.log.warn({ err: error, paymentId: payment.id, refundId: refund.id }, 'the provider refused a refund');
      await failRefund(deps, refund.id, error.message);
      throw refundErrors.providerRefused(error.message);
    }
    deps.log.warn({ err: error, paymentId: payment.id, refundId: refund.id }, 'a refund could not be asked of the provider: it stays pending');
    throw refundErrors.providerUnavailable();
  }
  const applied = await applyProviderRefund(deps, refund.id, state, userId);
  if (applied.state === 'failed') throw refundErrors.providerRefused(applied.failure ?? state.status);
  return { refund: toRefund(applied), status: applied.state === 'succeeded' ? 200 : 202 };
}

async function failRefund(deps: RefundDeps, refundId: number, failure: string): Promise<void> {
  await deps.db
    .update(refunds)
    .set({ state: 'failed', failure: failure.slice(0, 500), completedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'pending')));
}

interface Applied {
  refund: RefundRow;
  payment: PaymentRow;
  courseId: number;
  changed: boolean;
  promotions: Promotion[];
}

/**
 * Under the course's lock: marks the refund succeeded (once), ends the payer's participation in its lessons (the rows
 * this payment bought), moves the queues up, and clears `refund_required` when the payment is refunded in full.
 */
async function applyInTx(tx: Tx, refundId: number, providerRefundId: string | null, userId: number | null): Promise<Applied | null> {
  const [head] = await tx.select({ paymentId: refunds.paymentId }).from(refunds).where(eq(refunds.id, refundId));
  if (!head) return null;
  const courseId = await courseOfPayment(tx, head.paymentId);
  const locked = courseId === null ? null : await lockCourse(tx, courseId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, head.paymentId)).for('update');
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!payment || !refund || courseId === null) return null;
  if (refund.state === 'succeeded') return { refund, payment, courseId, changed: false, promotions: [] };
  const [updated] = await tx
    .update(refunds)
    .set({ state: 'succeeded', providerId: providerRefundId ?? refund.providerId, completedAt: sql`now()`, failure: null })
    .where(eq(refunds.id, refundId))
    .returning();
  const freed = refund.lessonIds.length
    ? await tx
        .delete(participants)
        .where(and(eq(participants.userId, payment.userId), eq(participants.paymentId, payment.id), inArray(participants.lessonId, refund.lessonIds)))
        .returning({ lessonId: participants.lessonId })
    : [];
  const promotions = await promoteWaitingList(
    tx,
    freed.map((row) => row.lessonId),
    locked?.participantsLimit ?? 0,
  );
  const [refundedSum] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amount}), 0) * 100` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.state, 'succeeded')));
  if (payment.refundRequired && Number(refundedSum?.cents ?? 0) >= cents(payment.amount)) {
    await tx.update(payments).set({ refundRequired: false }).where(eq(payments.id, payment.id));
  }
  await insertAuditRecord(tx, {
    userId,
    entity: 'refund',
    entityId: refund.id,
    courseId,
    action: 'update',
    before: { state: refund.state },
    after: { state: 'succeeded', providerId: updated!.providerId, lessons: refund.lessonIds, amount: Number(refund.amount) },
  });
  return { refund: updated!, payment, courseId, changed: true, promotions };
}

/** Applies what the provider says of one of our refunds: succeeded frees the places (once), canceled fails it. */
async function applyProviderRefund(deps: RefundDeps, refundId: number, state: ProviderRefundState, userId: number | null): Promise<RefundRow> {
  if (state.status === 'canceled') {
    await deps.db.update(refunds).set({ providerId: state.refundId }).where(and(eq(refunds.id, refundId), isNull(refunds.providerId)));
    await failRefund(deps, refundId, state.reason ?? 'canceled');
  } else if (state.status === 'pending') {
    await deps.db.update(refunds).set({ providerId: state.refundId }).where(and(eq(refunds.id, refundId), isNull(refunds.providerId)));
  } else {
    const applied = await deps.db.transaction((tx) => applyInTx(tx, refundId, state.refundId, userId));
    if (applied?.changed) await afterApplied(deps, applied);
  }
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  return row!;
}

/** After the commit: the cache is dropped, the payer gets the refund letter, the promoted theirs. */
async function afterApplied(deps: RefundDeps, applied: Applied): Promise<void> {
  deps.publicCache.invalidate();
  const letters: LetterContext = { db: deps.db, mailer: deps.mailer, config: deps.config, log: deps.log };
  try {
    const [payer] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, applied.payment.userId));
    const [course] = await deps.db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, applied.courseId));
    const items = applied.refund.lessonIds.length
      ? await deps.db.select({ number: lessons.number, title: lessons.title }).from(lessons).where(inArray(lessons.id, applied.refund.lessonIds)).orderBy(asc(lessons.number))
      : [];
    if (payer && course) {
      await sendLetters(letters, [
        refundedLetter(deps.config, payer, course, items, { paymentId: applied.payment.id, amount: Number(applied.refund.amount), currency: applied.refund.currency as Currency }),
      ]);
    }
    await sendPromotionLetters(letters, applied.promotions);
  } catch (error) {
    deps.log.error({ err: error, refundId: applied.refund.id }, 'the letters of a refund could not be prepared');
  }
}

export type RefundNotificationResult = 'applied' | 'unchanged' | 'pending' | 'failed' | 'unknown';

/**
 * A provider's notice of a refund (made here or in its dashboard): the refund is read back from the provider and
 * applied once. Our own refund is found by its provider id (or, when its answer was lost, as the pending refund of
 * the payment with the same amount); a refund made in the dashboard is recorded (`source: provider`) and gives back
 * every lesson not refunded yet when it covers the rest of the payment, else only money. Throws ProviderError when
 * the provider cannot be asked, so the notification is retried.
 */
export async function refundFromNotification(
  deps: RefundDeps,
  system: PaymentSystem,
  providerRefundId: string,
  /** The provider's payment id the notification names (YooKassa's `payment_id`), when it names one. */
  namedPaymentId?: string,
): Promise<RefundNotificationResult> {
  const provider = deps.providers.bySystem[system];
  if (provider.kind === 'sandbox') return 'unknown';
  const [known] = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.system, system), eq(refunds.providerId, providerRefundId)));
  if (known?.state === 'succeeded') return 'unchanged';
  // A notice naming a payment we never created is not worth asking the provider about.
  if (!known && namedPaymentId !== undefined) {
    const [ours] = await deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.system, system), eq(payments.providerId, namedPaymentId)));
    if (!ours) return 'unknown';
  }
  let state: ProviderRefundState;
  try {
    state = await provider.fetchRefund(providerRefundId);
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) {
      deps.log.warn({ system, providerRefundId }, 'a notification names a refund the provider does not know: ignored');
      return 'unknown';
    }
    throw error;
  }
  if (known) {
    const row = await applyProviderRefund(deps, known.id, state, null);
    return row.state === 'succeeded' ? 'applied' : row.state;
  }
  if (!state.providerPaymentId) return 'unknown';
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.system, system), eq(payments.providerId, state.providerPaymentId)));
  if (!payment) {
    deps.log.warn({ system, providerRefundId }, 'a refund of a payment that is not ours: ignored');
    return 'unknown';
  }
  if (CURRENCY_CODES[payment.currency as Currency] !== state.currencyCode || cents(state.amount) <= 0) {
    deps.log.error({ paymentId: payment.id, providerRefundId, reported: { amount: state.amount, currency: state.currencyCode } }, 'a refund in another currency: not applied');
    return 'unknown';
  }
  // Ours, with its answer lost: the pending refund of the payment for the same amount.
  const [lost] = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.state, 'pending'), isNull(refunds.providerId), eq(refunds.amount, money(cents(state.amount)))))
    .orderBy(asc(refunds.id))
    .limit(1);
  if (lost) {
    const row = await applyProviderRefund(deps, lost.id, state, null);
    return row.state === 'succeeded' ? 'applied' : row.state;
  }
  if (state.status !== 'succeeded') return state.status === 'pending' ? 'pending' : 'failed';
  const applied = await deps.db.transaction(async (tx) => {
    const courseId = await courseOfPayment(tx, payment.id);
    if (courseId !== null) await lockCourse(tx, courseId);
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
    // Recorded meanwhile by another delivery of the same notification: the unique provider id says so too.
    const [again] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.system, system), eq(refunds.providerId, state.refundId)));
    if (again || !locked) return null;
    const lessonIds = await lessonIdsOfPayment(tx, payment.id);
    const existing = await tx.select().from(refunds).where(and(eq(refunds.paymentId, payment.id), ne(refunds.state, 'failed')));
    const already = covered(locked, lessonIds, existing);
    const coversRest = already.refundedCents + cents(state.amount) >= cents(locked.amount);
    const [created] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        lessonIds: coversRest ? lessonIds.filter((id) => !already.lessonSet.has(id)) : [],
        amount: money(cents(state.amount)),
        currency: locked.currency,
        system,
        source: 'provider',
        providerId: state.refundId,
        idempotenceKey: `provider-${system}-${state.refundId}`,
      })
      .returning();
    if (!coversRest) deps.log.warn({ paymentId: payment.id, providerRefundId }, 'a part of a payment was refunded in the dashboard: the money is recorded, the places are kept');
    return applyInTx(tx, created!.id, state.refundId, null);
  });
  if (!applied) return 'unchanged';
  if (applied.changed) await afterApplied(deps, applied);
  return 'applied';
}
