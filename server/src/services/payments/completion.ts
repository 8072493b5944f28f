// How a payment ends: success approves the held places, cancel frees them, expiry frees them without being told.
//
// Every path runs one transaction that locks the course's lessons and then the payment row, and looks at the
// payment's state before changing anything, so a notification delivered twice, late or out of order changes
// nothing the second time. A success that arrives after the hold lapsed still enrols the payer when the places are
// free and the promo code it was charged with has a use left; when the places are not free, the payment is marked
// `refund_required`, the payer and the operator get a letter and an error is logged: a paid person is never
// silently dropped. Money for a payment that must not complete (the payer replaced it or withdrew, deleted the
// account, or its code was used up meanwhile) is refunded in full at once, by the site itself (docs/PAYMENTS.md,
// «Money for an ended payment»).
import type { FastifyBaseLogger } from 'fastify';
import { lessonSale, placeFree } from '../../../../common/lessonBlocks.ts';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { courseTitle, lessonTitles, personById } from '../../repositories/places/enrollmentRepository.ts';
import {
  courseOfPayment,
  lapsedPaymentIds,
  lockLapsedPayment,
  lockPayment,
  lockPayerDeleted,
  markCompleted,
  markRefundRequired,
  paymentById,
  paymentByProviderId,
  paymentLessonIds,
  paymentLessonIdsByNumber,
  setProviderIdIfUnset,
  type FailureReason,
  type PaymentRow,
} from '../../repositories/payments/paymentsRepository.ts';
import { takenPlaces, type LockedCourse, type Promotion } from '../../repositories/places/placesRepository.ts';
import { approvePaidPlaces, rowsOfUser } from '../../repositories/places/participantsRepository.ts';
import {
  refundedAtOnceLetter,
  refundLetter,
  refundNoticeForOperator,
  subscribedToNews,
  type LetterContext,
  type PaidPayment,
} from '../places/enrollmentLetters.ts';
import type { QueuedLetter } from '../letters/letterQueue.ts';
import { composeReceiptLetter } from './receiptLetters.ts';
import { withCourseLocked } from '../places/courseLock.ts';
import { failPayment } from '../places/places.ts';
import { currentSellerFooter } from './sellerFooter.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { CURRENCY_CODES, ProviderError, type ProviderPaymentState } from './provider.ts';
import type { PaymentProviders } from './providers.ts';
import { paymentReceiptSent } from '../../repositories/payments/receiptsRepository.ts';
import { isSandboxPayment } from './sandbox.ts';
import { retakePromoUse } from '../../repositories/payments/discountsRepository.ts';
import { insertRefund } from '../../repositories/payments/refundsRepository.ts';
import { insertAuditRecord } from '../../repositories/history/auditRepository.ts';
import { askAutomaticRefund, retryAutomaticRefunds, type RefundDeps } from './refunds.ts';
import { queueNotices } from '../telegram/notices.ts';

/** What deciding a payment's end needs; the providers for the refund of money that cannot complete a payment. */
export interface OutcomeDeps extends RefundDeps {
  db: Db;
  /** The receipt, the refund letters and the promotions' letters name the site and the operator. */
  config: RefundDeps['config'] & LetterContext['config'];
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Dropped after every commit that changes places (hasFreePlaces is cached publicly). */
  publicCache: Pick<PublicCache, 'invalidate'>;
  providers: Pick<PaymentProviders, 'bySystem' | 'forPayment'>;
}

/** What reading a payment back from its provider needs: the same. */
export type SettleDeps = OutcomeDeps;

export type Outcome = 'succeeded' | 'canceled';

/**
 * approved: the places are the payer's now; refund_required: paid, but the places were gone; refunded: paid for a
 * payment that must not complete, and the money is being given back at once; failed: the hold was released;
 * unchanged: the payment had already ended this way (a repeated notification); ignored: a cancel for a payment that
 * was already completed; unknown: no such payment.
 */
export type OutcomeResult = 'approved' | 'refund_required' | 'refunded' | 'failed' | 'unchanged' | 'ignored' | 'unknown';

/** Why money for a payment is refunded at once instead of completing it (docs/PAYMENTS.md, «Money for an ended payment»). */
type RefundedBecause = 'superseded' | 'withdrawn' | 'account_deleted' | 'promo_used_up';

interface TxResult {
  result: OutcomeResult;
  payment?: PaymentRow;
  courseId?: number;
  lessonIds?: number[];
  promotions: Promotion[];
  /** refunded: why, and the refund written (none for a payment of nothing). */
  refundedBecause?: RefundedBecause;
  refundId?: number;
}


/** Applies a provider's verdict (or the sandbox's, or an expiry) to our payment. */
export async function applyOutcome(deps: OutcomeDeps, paymentId: number, outcome: Outcome, reason: FailureReason = 'canceled'): Promise<OutcomeResult> {
  // The course is the payment's (none when the payment has no lessons: there is no such payment).
  const done = await withCourseLocked(
    deps,
    (tx) => courseOfPayment(tx, paymentId),
    async (tx, course) => {
      const decided = await outcomeInTx(tx, course, paymentId, outcome, reason);
      await queueOutcomeLetters(deps.config, tx, decided);
      const changed = decided.result === 'approved' || decided.result === 'refund_required' || decided.result === 'refunded' || decided.result === 'failed';
      return { value: decided, changed, promotions: decided.promotions };
    },
  );

  if (done.result === 'refunded') {
    deps.log.warn({ paymentId, reason: done.refundedBecause }, 'paid for a payment that cannot complete: refunded in full at once');
    if (done.refundId !== undefined) await askAutomaticRefund(deps, done.refundId);
  }
  if (done.result === 'ignored') deps.log.warn({ paymentId }, 'a cancel arrived for a completed payment: nothing changed (refunds are handled by hand)');
  if (done.result === 'refund_required') {
    deps.log.error(
      { paymentId, userId: done.payment?.userId, amount: done.payment?.amount, currency: done.payment?.currency, system: done.payment?.system, providerId: done.payment?.providerId },
      'paid after the hold was released and the places are taken: the payment needs a refund',
    );
  }
  return done.result;
}

/** With the course's lessons locked: locks the payment, and applies the outcome unless its state says it is done. */
async function outcomeInTx(tx: Tx, course: LockedCourse | null, paymentId: number, outcome: Outcome, reason: FailureReason): Promise<TxResult> {
  if (!course) return { result: 'unknown', promotions: [] };
  const lessonIds = await paymentLessonIds(tx, paymentId);
  const payment = await lockPayment(tx, paymentId);
  if (!payment) return { result: 'unknown', promotions: [] };
  const base = { payment, courseId: course.id, lessonIds };

  if (outcome === 'canceled') {
    if (payment.state === 'STATE_COMPLETED') return { ...base, result: 'ignored', promotions: [] };
    if (payment.state === 'STATE_FAILURE') return { ...base, result: 'unchanged', promotions: [] };
    return { ...base, result: 'failed', promotions: await failPayment(tx, paymentId, reason, course.participantsLimit) };
  }

  // Paid already: completed, waiting for its refund, or refunded (a refund in full clears refund_required).
  if (payment.state === 'STATE_COMPLETED' || payment.refundRequired || payment.paidAt !== null) return { ...base, result: 'unchanged', promotions: [] };
  // A cancel was a decision, not a lapse: the test checkout's «Оплатить» after its «Отменить» changes nothing. A
  // real provider that reported success after a cancel has taken money: that is recorded for a refund below.
  const canceled = wasCanceled(payment);
  if (canceled && isSandboxPayment(payment.providerId)) return { ...base, result: 'unchanged', promotions: [] };
  // Ended by the payer's own later step, or the payer is gone: never completed, whatever the places say.
  if (await lockPayerDeleted(tx, payment.userId)) return refundAtOnce(tx, base, 'account_deleted', course.participantsLimit);
  if (!canceled && isEndedByPayer(payment)) return refundAtOnce(tx, base, payment.failureReason as 'superseded' | 'withdrawn', course.participantsLimit);
  // The payer's rows for these lessons: a live hold of this payment is theirs whatever the limit says now;
  // anything else (hold expired or released, approved by another payment) needs a free place again.
  const own = await rowsOfUser(tx, payment.userId, lessonIds);
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
  // A lesson sold as its recording takes no place (common/lessonBlocks.ts placeFree); «now» is the completion's.
  const now = Date.now();
  const saleOf = (id: number) => {
    const lesson = course.lessons.find((candidate) => candidate.id === id);
    return lesson ? lessonSale(lesson, course.format, now) : 'live';
  };
  const noPlace = needPlace.filter((id) => !placeFree(taken.get(id) ?? 0, course.participantsLimit, saleOf(id)));

  if (!canceled && boughtElsewhere.length === 0 && noPlace.length === 0) {
    // An ended payment gave its code's use back: it completes only by taking a use again, within the code's limit.
    if (payment.state === 'STATE_FAILURE' && payment.promoCodeId !== null && !(await retakePromoUse(tx, payment.promoCodeId))) {
      return refundAtOnce(tx, base, 'promo_used_up', course.participantsLimit);
    }
    await approvePaidPlaces(tx, payment.userId, lessonIds, paymentId);
    return { ...base, payment: await markCompleted(tx, paymentId), result: 'approved', promotions: [] };
  }

  const promotions = payment.state === 'STATE_IN_PROGRESS' ? await failPayment(tx, paymentId, 'no_places', course.participantsLimit) : [];
  const updated = await markRefundRequired(tx, paymentId, canceled ? 'canceled' : 'no_places');
  return { ...base, payment: updated, result: 'refund_required', promotions };
}

/** Cancelled by the payer or the provider, as opposed to released when the hold lapsed or was replaced. */
const wasCanceled = (payment: Pick<PaymentRow, 'state' | 'failureReason'>) => payment.state === 'STATE_FAILURE' && payment.failureReason === 'canceled';

/** Ended by the payer's own later step: a new checkout on the course replaced it, or the places were given up. */
const isEndedByPayer = (payment: Pick<PaymentRow, 'state' | 'failureReason'>) =>
  payment.state === 'STATE_FAILURE' && (payment.failureReason === 'superseded' || payment.failureReason === 'withdrawn');

/**
 * Money arrived for a payment that must not complete: it ends (its holds freed if it was still in progress) marked
 * `refund_required` with the reason the authors see, and a refund of the whole payment is written, pending and without
 * an author, with the history's record; applyOutcome asks the provider for it after the commit.
 */
async function refundAtOnce(tx: Tx, base: { payment: PaymentRow; courseId: number; lessonIds: number[] }, because: RefundedBecause, participantsLimit: number): Promise<TxResult> {
  const { payment, courseId } = base;
  const promotions = payment.state === 'STATE_IN_PROGRESS' ? await failPayment(tx, payment.id, because, participantsLimit) : [];
  const updated = await markRefundRequired(tx, payment.id, because);
  const amountCents = Math.round(Number(payment.amount) * 100);
  const refund =
    amountCents > 0
      ? await insertRefund(tx, {
          paymentId: payment.id,
          lessonIds: await paymentLessonIdsByNumber(tx, payment.id),
          amount: payment.amount,
          currency: payment.currency,
          system: payment.system,
          idempotenceKey: `refund-${payment.id}-automatic`,
          userId: null,
        })
      : null;
  await insertAuditRecord(tx, {
    userId: null,
    entity: 'payment',
    entityId: payment.id,
    courseId,
    action: 'refund',
    before: null,
    after: { refund: refund?.id ?? null, lessons: refund?.lessonIds ?? [], amount: Number(payment.amount), currency: payment.currency, failureReason: because },
  });
  return { ...base, payment: updated, result: 'refunded', promotions, refundedBecause: because, refundId: refund?.id };
}

/** In the transaction that decided the outcome: the payer's receipt or refund letter (the promoted's are withCourseLocked's). */
async function queueOutcomeLetters(config: LetterContext['config'], tx: Tx, done: TxResult): Promise<void> {
  if ((done.result !== 'approved' && done.result !== 'refund_required' && done.result !== 'refunded') || !done.payment || !done.lessonIds) return;
  const payment = done.payment;
  const payer = await personById(tx, payment.userId);
  const lessonRows = await lessonTitles(tx, done.lessonIds);
  const course = await courseTitle(tx, done.courseId!);
  // A deleted account has no address: its money goes back without a letter (the area shows why).
  if (!payer?.email || !course) return;
  const paid: PaidPayment = { id: payment.id, amount: Number(payment.amount), currency: payment.currency as Currency, paidAt: payment.paidAt ?? new Date(), offerVersion: payment.offerVersion };
  // The payment's receipt went to YooKassa with it (recorded only then): YooKassa e-mails the fiscal receipt.
  paid.fiscalReceiptByEmail = payment.currency === 'CURRENCY_CHOICE_RUB' && (await paymentReceiptSent(tx, payment.id));
  const queued: QueuedLetter[] = [];
  const userId = payment.userId;
  const footer = await currentSellerFooter(tx);
  if (done.result === 'refunded') {
    if (done.refundedBecause && done.refundedBecause !== 'account_deleted') {
      queued.push({ kind: 'late-payment-refund', userId, dedupeKey: `late-payment-refund:${payment.id}`, ...refundedAtOnceLetter(config, payer, course, paid, done.refundedBecause, footer) });
    }
  } else if (done.result === 'approved') {
    const subscribed = await subscribedToNews(tx, payment.userId, course.id);
    queued.push({ kind: 'receipt', userId, dedupeKey: `receipt:${payment.id}`, ...(await composeReceiptLetter(tx, config, payer, course, done.lessonIds, paid, subscribed, footer)) });
  } else {
    queued.push({ kind: 'late-payment-refund', userId, dedupeKey: `late-payment-refund:${payment.id}`, ...refundLetter(config, payer, course, lessonRows, paid, footer) });
    if (config.operatorEmail) {
      const notice = refundNoticeForOperator(config, payer, course, { ...paid, system: payment.system, providerId: payment.providerId });
      queued.push({ kind: 'late-payment-operator', dedupeKey: `late-payment-operator:${payment.id}`, ...notice });
    }
  }
  await queueNotices(tx, config, queued);
}

export type SettleResult = OutcomeResult | 'pending' | 'mismatch';

/**
 * Reads a payment back from its provider (the only source trusted: a notification only says «look again»),
 * captures it when the payer approved it, and applies what the provider says. `cancelIfUnpaid` is for the
 * payer's coming back through the cancel address: a payment not taken by then is cancelled.
 * Throws ProviderError when the provider cannot be asked; the caller answers non-2xx so the provider retries.
 */
export async function settleFromProvider(deps: SettleDeps, system: PaymentSystem, providerId: string, options: { cancelIfUnpaid?: boolean } = {}): Promise<SettleResult> {
  const provider = deps.providers.bySystem[system];
  if (provider.kind === 'sandbox') return 'unknown';
  let state: ProviderPaymentState;
  try {
    state = await provider.fetch(providerId);
  } catch (error) {
    // The provider does not know this id (a forged or foreign notification): nothing to do, nothing to retry.
    if (error instanceof ProviderError && error.status === 404) {
      deps.log.warn({ system, providerId }, 'a notification names a payment the provider does not know: ignored');
      return 'unknown';
    }
    throw error;
  }
  const payment = await findPayment(deps.db, system, state);
  if (!payment) {
    deps.log.warn({ system, providerId }, 'a provider payment that is not ours: ignored');
    return 'unknown';
  }
  // An approval that comes after the payment was cancelled, replaced or withdrawn is not captured: no money is taken
  // for a payment the payer ended (PayPal's order then lapses at PayPal; YooKassa takes its payments at once).
  if (state.status === 'approved' && provider.capture && !options.cancelIfUnpaid && !wasCanceled(payment) && !isEndedByPayer(payment)) {
    state = await provider.capture(state.providerId, payment.id);
  }
  if (state.status === 'succeeded') {
    if (!sameMoney(payment, state)) {
      deps.log.error({ paymentId: payment.id, expected: { amount: payment.amount, currency: payment.currency }, reported: { amount: state.amount, currency: state.currencyCode } }, 'the provider reports another amount: not approved');
      return 'mismatch';
    }
    return applyOutcome(deps, payment.id, 'succeeded');
  }
  if (state.status === 'canceled' || options.cancelIfUnpaid) return applyOutcome(deps, payment.id, 'canceled', 'canceled');
  return 'pending';
}

/** Our payment for a provider's one: by the id the provider keeps for us, checked against the stored provider id. */
async function findPayment(db: Db, system: PaymentSystem, state: ProviderPaymentState): Promise<PaymentRow | null> {
  const byOurId = state.paymentId === null ? null : await paymentById(db, state.paymentId);
  if (byOurId && byOurId.system === system && (byOurId.providerId === null || byOurId.providerId === state.providerId)) {
    // The notification came before our own request stored the provider's id.
    if (byOurId.providerId === null) await setProviderIdIfUnset(db, byOurId.id, state.providerId);
    return byOurId;
  }
  return paymentByProviderId(db, system, state.providerId);
}

function sameMoney(payment: PaymentRow, state: ProviderPaymentState): boolean {
  return Math.abs(Number(payment.amount) - Number(state.amount)) < 0.005 && CURRENCY_CODES[payment.currency as Currency] === state.currencyCode;
}

/**
 * Reads a payment back from its provider and applies what it says (settleFromProvider); 'deferred' when the read-back
 * is held back because the payment was read back moments ago (followUps.ts: the app's reads all go through its throttle).
 */
type PaymentReadBack = (system: PaymentSystem, providerId: string) => Promise<SettleResult | 'deferred'>;

/**
 * Releases a payment whose hold has lapsed. A payment at a real provider is read back first (through `readBack`, the
 * app's throttled one in followUps.ts): it may have been paid while the notification is still on its way. A read-back
 * held back by the throttle means it was read back moments ago and is still in progress: it is released all the same.
 */
export async function expirePayment(
  deps: SettleDeps,
  paymentId: number,
  readBack: PaymentReadBack = (system, providerId) => settleFromProvider(deps, system, providerId),
): Promise<OutcomeResult | SettleResult> {
  const payment = await paymentById(deps.db, paymentId);
  if (!payment || payment.state !== 'STATE_IN_PROGRESS') return 'unchanged';
  const provider = deps.providers.forPayment(payment.system, payment.providerId);
  if (payment.providerId && provider.kind !== 'sandbox') {
    try {
      const settled = await readBack(payment.system, payment.providerId);
      if (settled !== 'pending' && settled !== 'deferred') return settled;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      deps.log.warn({ err: error, paymentId }, 'the provider could not be asked before releasing an expired hold');
    }
  }
  const expired = await withCourseLocked(
    deps,
    (tx) => courseOfPayment(tx, paymentId),
    async (tx, course) => {
      if (!(await lockLapsedPayment(tx, paymentId))) return { value: false, changed: false };
      const promotions = await failPayment(tx, paymentId, 'expired', course?.participantsLimit ?? 0);
      return { value: true, changed: true, promotions };
    },
  );
  return expired ? 'failed' : 'unchanged';
}

/** Releases every lapsed hold (the periodic sweep, followUps.ts); returns how many payments were looked at. */
export async function sweepExpiredPayments(deps: SettleDeps, batch = 100, readBack?: PaymentReadBack): Promise<number> {
  const due = await lapsedPaymentIds(deps.db, batch);
  for (const id of due) {
    await expirePayment(deps, id, readBack).catch((error: unknown) => deps.log.error({ err: error, paymentId: id }, 'an expired payment could not be released'));
  }
  // The automatic refunds whose provider could not be asked are asked again here.
  await retryAutomaticRefunds(deps).catch((error: unknown) => deps.log.error({ err: error }, 'the automatic refunds could not be asked again'));
  return due.length;
}
