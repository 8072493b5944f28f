// How a payment ends: success approves the held places, cancel frees them, expiry frees them without being told.
//
// Every path runs one transaction that locks the course's lessons and then the payment row, and looks at the
// payment's state before changing anything, so a notification delivered twice, late or out of order changes
// nothing the second time. A success that arrives after the hold was released (expired, cancelled, superseded)
// still enrols the payer when the places are free; when they are not, the payment is marked
// `refund_required`, the payer and the operator get a letter and an error is logged: a paid person is never
// silently dropped.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import { courses, lessons, participants, paymentLessons, payments, users } from '../../db/schema.ts';
import {
  receiptLetter,
  refundLetter,
  refundNoticeForOperator,
  sendLetters,
  sendPromotionLetters,
  subscribedToNews,
  type LetterContext,
  type PaidPayment,
} from '../enrollmentLetters.ts';
import type { MailMessage } from '../mail.ts';
import { countedPlace, failPayment, lockCourse, takenPlaces, type FailureReason, type Promotion } from '../places.ts';
import type { PaymentsContext } from './context.ts';
import { CURRENCY_CODES, ProviderError, type ProviderPaymentState } from './provider.ts';
import { isSandboxPayment } from './sandbox.ts';

export type Outcome = 'succeeded' | 'canceled';

/**
 * approved: the places are the payer's now; refund_required: paid, but the places were gone; failed: the hold was
 * released; unchanged: the payment had already ended this way (a repeated notification); ignored: a cancel for a
 * payment that was already completed; unknown: no such payment.
 */
export type OutcomeResult = 'approved' | 'refund_required' | 'failed' | 'unchanged' | 'ignored' | 'unknown';

type PaymentRow = typeof payments.$inferSelect;

interface TxResult {
  result: OutcomeResult;
  payment?: PaymentRow;
  courseId?: number;
  lessonIds?: number[];
  promotions: Promotion[];
}

const letterContext = (ctx: PaymentsContext): LetterContext => ({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: ctx.log });

/** Applies a provider's verdict (or the sandbox's, or an expiry) to our payment. */
export async function applyOutcome(ctx: PaymentsContext, paymentId: number, outcome: Outcome, reason: FailureReason = 'canceled'): Promise<OutcomeResult> {
  const done = await ctx.db.transaction(async (tx): Promise<TxResult> => {
    const lessonIds = (
      await tx.select({ lessonId: paymentLessons.lessonId }).from(paymentLessons).where(eq(paymentLessons.paymentId, paymentId)).orderBy(asc(paymentLessons.lessonId))
    ).map((row) => row.lessonId);
    if (lessonIds.length === 0) return { result: 'unknown', promotions: [] };
    const [head] = await tx.select({ courseId: lessons.courseId }).from(lessons).where(eq(lessons.id, lessonIds[0]!));
    const course = head ? await lockCourse(tx, head.courseId) : null;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!course || !payment) return { result: 'unknown', promotions: [] };
    const base = { payment, courseId: course.id, lessonIds };

    if (outcome === 'canceled') {
      if (payment.state === 'STATE_COMPLETED') return { ...base, result: 'ignored', promotions: [] };
      if (payment.state === 'STATE_FAILURE') return { ...base, result: 'unchanged', promotions: [] };
      return { ...base, result: 'failed', promotions: await failPayment(tx, paymentId, reason, course.participantsLimit) };
    }

    if (payment.state === 'STATE_COMPLETED' || payment.refundRequired) return { ...base, result: 'unchanged', promotions: [] };
    // A cancel was a decision, not a lapse: the test checkout's «Оплатить» after its «Отменить» changes nothing. A
    // real provider that reported success after a cancel has taken money: that is recorded for a refund below.
    const canceled = wasCanceled(payment);
    if (canceled && isSandboxPayment(payment.providerId)) return { ...base, result: 'unchanged', promotions: [] };
    // The payer's rows for these lessons: a live hold of this payment is theirs whatever the limit says now;
    // anything else (hold expired or released, approved by another payment) needs a free place again.
    const own = await tx
      .select({ lessonId: participants.lessonId, state: participants.state, paymentId: participants.paymentId, counted: sql<boolean>`${countedPlace}` })
      .from(participants)
      .where(and(eq(participants.userId, payment.userId), inArray(participants.lessonId, lessonIds)));
    const ownByLesson = new Map(own.map((row) => [row.lessonId, row]));
    const boughtElsewhere = lessonIds.filter((id) => {
      const row = ownByLesson.get(id);
      return row?.state === 'approved' && row.paymentId !== paymentId;
    });
    const needPlace = lessonIds.filter((id) => {
      const row = ownByLesson.get(id);
      return !(row && row.paymentId === paymentId && row.counted);
    });
    const taken = await takenPlaces(tx, needPlace, payment.userId);
    const noPlace = needPlace.filter((id) => (taken.get(id) ?? 0) >= course.participantsLimit);

    if (!canceled && boughtElsewhere.length === 0 && noPlace.length === 0) {
      await tx
        .insert(participants)
        .values(lessonIds.map((lessonId) => ({ userId: payment.userId, lessonId, state: 'approved' as const, participatedAt: sql`now()`, expiredAt: null, paymentId })))
        .onConflictDoUpdate({
          target: [participants.userId, participants.lessonId],
          set: { state: 'approved', participatedAt: sql`now()`, expiredAt: null, paymentId },
        });
      const [updated] = await tx
        .update(payments)
        .set({ state: 'STATE_COMPLETED', paidAt: sql`now()`, failureReason: null })
        .where(eq(payments.id, paymentId))
        .returning();
      return { ...base, payment: updated!, result: 'approved', promotions: [] };
    }

    const promotions = payment.state === 'STATE_IN_PROGRESS' ? await failPayment(tx, paymentId, 'no_places', course.participantsLimit) : [];
    const [updated] = await tx
      .update(payments)
      .set({ state: 'STATE_FAILURE', failureReason: canceled ? 'canceled' : 'no_places', paidAt: sql`now()`, refundRequired: true })
      .where(eq(payments.id, paymentId))
      .returning();
    return { ...base, payment: updated!, result: 'refund_required', promotions };
  });

  if (done.result === 'approved' || done.result === 'refund_required' || done.result === 'failed') ctx.publicCache.invalidate();
  if (done.result === 'ignored') ctx.log.warn({ paymentId }, 'a cancel arrived for a completed payment: nothing changed (refunds are handled by hand)');
  if (done.result === 'refund_required') {
    ctx.log.error(
      { paymentId, userId: done.payment?.userId, amount: done.payment?.amount, currency: done.payment?.currency, system: done.payment?.system, providerId: done.payment?.providerId },
      'paid after the hold was released and the places are taken: the payment needs a refund',
    );
  }
  await sendOutcomeLetters(ctx, done).catch((error: unknown) => ctx.log.error({ err: error, paymentId }, 'the letters of a payment could not be prepared'));
  return done.result;
}

/** Cancelled by the payer or the provider, as opposed to released when the hold lapsed or was replaced. */
const wasCanceled = (payment: Pick<PaymentRow, 'state' | 'failureReason'>) => payment.state === 'STATE_FAILURE' && payment.failureReason === 'canceled';

async function sendOutcomeLetters(ctx: PaymentsContext, done: TxResult): Promise<void> {
  const letters = letterContext(ctx);
  await sendPromotionLetters(letters, done.promotions);
  if ((done.result !== 'approved' && done.result !== 'refund_required') || !done.payment || !done.lessonIds) return;
  const payment = done.payment;
  const [payer] = await ctx.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, payment.userId));
  const lessonRows = await ctx.db
    .select({ number: lessons.number, title: lessons.title, courseId: lessons.courseId })
    .from(lessons)
    .where(inArray(lessons.id, done.lessonIds))
    .orderBy(asc(lessons.number));
  const [course] = await ctx.db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, done.courseId!));
  if (!payer || !course) return;
  const paid: PaidPayment = { id: payment.id, amount: Number(payment.amount), currency: payment.currency as Currency, paidAt: payment.paidAt ?? new Date() };
  const messages: MailMessage[] = [];
  if (done.result === 'approved') messages.push(receiptLetter(ctx.config, payer, course, lessonRows, paid, await subscribedToNews(ctx.db, payment.userId, course.id)));
  else {
    messages.push(refundLetter(ctx.config, payer, course, lessonRows, paid));
    if (ctx.config.operatorEmail) messages.push(refundNoticeForOperator(ctx.config, payer, course, { ...paid, system: payment.system, providerId: payment.providerId }));
  }
  await sendLetters(letters, messages);
}

export type SettleResult = OutcomeResult | 'pending' | 'mismatch';

/**
 * Reads a payment back from its provider (the only source trusted: a notification only says «look again»),
 * captures it when the payer approved it, and applies what the provider says. `cancelIfUnpaid` is for the
 * payer's coming back through the cancel address: a payment not taken by then is cancelled.
 * Throws ProviderError when the provider cannot be asked; the caller answers non-2xx so the provider retries.
 */
export async function settleFromProvider(ctx: PaymentsContext, system: PaymentSystem, providerId: string, options: { cancelIfUnpaid?: boolean } = {}): Promise<SettleResult> {
  const provider = ctx.providers.bySystem[system];
  if (provider.kind === 'sandbox') return 'unknown';
  let state: ProviderPaymentState;
  try {
    state = await provider.fetch(providerId);
  } catch (error) {
    // The provider does not know this id (a forged or foreign notification): nothing to do, nothing to retry.
    if (error instanceof ProviderError && error.status === 404) {
      ctx.log.warn({ system, providerId }, 'a notification names a payment the provider does not know: ignored');
      return 'unknown';
    }
    throw error;
  }
  const payment = await findPayment(ctx, system, state);
  if (!payment) {
    ctx.log.warn({ system, providerId }, 'a provider payment that is not ours: ignored');
    return 'unknown';
  }
  // An approval that comes after the payment was cancelled is not captured: no money for a decided payment.
  if (state.status === 'approved' && provider.capture && !options.cancelIfUnpaid && !wasCanceled(payment)) {
    state = await provider.capture(state.providerId, payment.id);
  }
  if (state.status === 'succeeded') {
    if (!sameMoney(payment, state)) {
      ctx.log.error({ paymentId: payment.id, expected: { amount: payment.amount, currency: payment.currency }, reported: { amount: state.amount, currency: state.currencyCode } }, 'the provider reports another amount: not approved');
      return 'mismatch';
    }
    return applyOutcome(ctx, payment.id, 'succeeded');
  }
  if (state.status === 'canceled' || options.cancelIfUnpaid) return applyOutcome(ctx, payment.id, 'canceled', 'canceled');
  return 'pending';
}

/** How often a notification may make us read one payment back from its provider (readThrottle.ts). */
export const NOTIFICATION_READ_INTERVAL_MS = 3000;

/** What a notification led to; deferred: the payment is read back at the end of the interval (readThrottle.ts). */
export type NotificationResult = SettleResult | 'deferred';

/**
 * A provider's notification names a payment: it is read back only when it is one we created and have not decided
 * for good, and at most once per interval per payment, so forged notifications cannot spend the provider quota.
 */
export async function settleFromNotification(ctx: PaymentsContext, system: PaymentSystem, providerId: string): Promise<NotificationResult> {
  const [payment] = await ctx.db
    .select({ state: payments.state, refundRequired: payments.refundRequired })
    .from(payments)
    .where(and(eq(payments.system, system), eq(payments.providerId, providerId)));
  // Our provider id is stored before the payer is sent to pay: an id we do not have is not ours.
  if (!payment) return 'unknown';
  // Nothing a provider says changes a completed payment or one waiting for a refund (refunds are handled by hand).
  if (payment.state === 'STATE_COMPLETED' || payment.refundRequired) return 'unchanged';
  return ctx.notificationReads.run(`${system}:${providerId}`, () => settleFromProvider(ctx, system, providerId));
}

/** Our payment for a provider's one: by the id the provider keeps for us, checked against the stored provider id. */
async function findPayment(ctx: PaymentsContext, system: PaymentSystem, state: ProviderPaymentState): Promise<PaymentRow | null> {
  const [byOurId] = state.paymentId === null ? [] : await ctx.db.select().from(payments).where(eq(payments.id, state.paymentId));
  if (byOurId && byOurId.system === system && (byOurId.providerId === null || byOurId.providerId === state.providerId)) {
    if (byOurId.providerId === null) {
      // The notification came before our own request stored the provider's id.
      await ctx.db.update(payments).set({ providerId: state.providerId }).where(and(eq(payments.id, byOurId.id), sql`${payments.providerId} IS NULL`));
    }
    return byOurId;
  }
  const [byProviderId] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.system, system), eq(payments.providerId, state.providerId)));
  return byProviderId ?? null;
}

function sameMoney(payment: PaymentRow, state: ProviderPaymentState): boolean {
  return Math.abs(Number(payment.amount) - Number(state.amount)) < 0.005 && CURRENCY_CODES[payment.currency as Currency] === state.currencyCode;
}

/**
 * Releases a payment whose hold has lapsed. A payment at a real provider is read back first: it may have been
 * paid while the notification is still on its way.
 */
export async function expirePayment(ctx: PaymentsContext, paymentId: number): Promise<OutcomeResult | SettleResult> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.state !== 'STATE_IN_PROGRESS') return 'unchanged';
  const provider = ctx.providers.forPayment(payment.system, payment.providerId);
  if (payment.providerId && provider.kind !== 'sandbox') {
    try {
      const settled = await settleFromProvider(ctx, payment.system, payment.providerId);
      if (settled !== 'pending') return settled;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      ctx.log.warn({ err: error, paymentId }, 'the provider could not be asked before releasing an expired hold');
    }
  }
  const expired = await ctx.db.transaction(async (tx) => {
    const [head] = await tx
      .select({ courseId: lessons.courseId })
      .from(paymentLessons)
      .innerJoin(lessons, eq(lessons.id, paymentLessons.lessonId))
      .where(eq(paymentLessons.paymentId, paymentId))
      .limit(1);
    const course = head ? await lockCourse(tx, head.courseId) : null;
    const [locked] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.state, 'STATE_IN_PROGRESS'), lte(payments.expiresAt, sql`now()`)))
      .for('update');
    if (!locked) return null;
    return failPayment(tx, paymentId, 'expired', course?.participantsLimit ?? 0);
  });
  if (expired === null) return 'unchanged';
  ctx.publicCache.invalidate();
  await sendPromotionLetters(letterContext(ctx), expired).catch((error: unknown) => ctx.log.error({ err: error, paymentId }, 'promotion letters failed'));
  return 'failed';
}

/** Releases every lapsed hold (the periodic sweep); returns how many payments were looked at. */
export async function sweepExpiredPayments(ctx: PaymentsContext, batch = 100): Promise<number> {
  const due = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.state, 'STATE_IN_PROGRESS'), lte(payments.expiresAt, sql`now()`)))
    .orderBy(asc(payments.expiresAt))
    .limit(batch);
  for (const { id } of due) {
    await expirePayment(ctx, id).catch((error: unknown) => ctx.log.error({ err: error, paymentId: id }, 'an expired payment could not be released'));
  }
  return due.length;
}

/** How often one payment in progress may be read back from its provider while its payer polls. */
const REFRESH_INTERVAL_MS = 10_000;

/**
 * While the payer waits on the result page, their payment is read back from the provider now and then, in the
 * background: a lost notification then costs seconds, not the place. Sandbox payments are skipped.
 */
export function refreshInBackground(ctx: PaymentsContext, payment: Pick<PaymentRow, 'id' | 'system' | 'providerId'>): void {
  if (!payment.providerId || isSandboxPayment(payment.providerId) || ctx.providers.bySystem[payment.system].kind === 'sandbox') return;
  const now = Date.now();
  const reads = ctx.providerReads;
  if ((reads.get(payment.id) ?? 0) > now - REFRESH_INTERVAL_MS) return;
  if (reads.size > 10_000) reads.clear();
  reads.set(payment.id, now);
  ctx.background(
    settleFromProvider(ctx, payment.system, payment.providerId).catch((error: unknown) =>
      ctx.log.warn({ err: error, paymentId: payment.id }, 'a payment in progress could not be read back from its provider'),
    ),
  );
}

/** Releases lapsed holds now and every `intervalMs` (unref'd: it never keeps the process alive); returns a stop. */
export function startExpirySweep(ctx: PaymentsContext, intervalMs = 60_000): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    ctx.background(
      sweepExpiredPayments(ctx)
        .catch((error: unknown) => ctx.log.error({ err: error }, 'the sweep of expired payment holds failed'))
        .finally(() => {
          running = false;
        }),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
