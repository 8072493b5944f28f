// Refunds: asked by an author (POST /api/v1/mutabo/payments/{id}/refund/) or made in the provider's dashboard and
// learnt from its notification (YooKassa `refund.succeeded`, PayPal `PAYMENT.CAPTURE.REFUNDED`). Either way the
// places are freed, the participation ends and the payer gets a letter only once the provider confirms, in one
// transaction under the course's lock (services/places/places.ts) that looks at the refund's state first, so a confirmation
// that comes twice (the answer and the notification) changes nothing the second time.
//
// A second click never refunds twice: the refund row, with its idempotence key, is written under the payment's row
// lock before the provider is asked; the same request again finds it and asks again with the same key.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { participantsMessages as pm } from '../../../../common/mutabo/participants.ts';
import type { MutaboRefund } from '../../../../common/mutabo/payments.ts';
import type { Currency, PaymentSystem } from '../../../../common/wireTypes.ts';
import { refundAmount } from '../../../../common/paymentAmount.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { courseTitle, lessonTitles, personById } from '../../repositories/places/enrollmentRepository.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { clearRefundRequired, courseOfPayment, lockPayment, paymentById, paymentByProviderId, paymentLessonIdsByNumber, type PaymentRow } from '../../repositories/payments/paymentsRepository.ts';
import type { LockedCourse, Promotion } from '../../repositories/places/placesRepository.ts';
import { deleteRowsBoughtBy } from '../../repositories/places/participantsRepository.ts';
import {
  toRefund,
  failRefund as markRefundFailed,
  insertRefund,
  liveRefundsOfPayment,
  lockRefund,
  markRefundSucceeded,
  paymentOfRefund,
  pendingUnnamedRefund,
  refundById,
  refundByProviderId,
  refundedCents,
  refundsOfPayment,
  setRefundProviderIdIfUnset,
  unansweredAutomaticRefunds,
  type RefundRow,
} from '../../repositories/payments/refundsRepository.ts';
import type { LetterContext } from '../places/enrollmentLetters.ts';
import { withCourseLocked } from '../places/courseLock.ts';
import { queueLetters } from '../letters/letterQueue.ts';
import { promoteWaitingList } from '../places/places.ts';
import { currentSellerFooter } from './sellerFooter.ts';
import type { PaymentProviders } from './providers.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { CURRENCY_CODES, ProviderError, type ProviderRefundState, type ReceiptFacts } from './provider.ts';
import { receiptLines } from './receipts.ts';
import type { ReceiptSettings } from '../../config.ts';
import { recordSentReceipt } from '../../repositories/payments/receiptsRepository.ts';
import { insertAuditRecord } from '../../repositories/history/auditRepository.ts';
import type { Caller } from '../caller.ts';
import { refundedLetter, rejectedLetter } from '../places/participantLetters.ts';
import { queueNotices } from '../telegram/notices.ts';

export interface RefundDeps {
  db: Db;
  /** The refund letter and the promotions' letters name the site and the operator. */
  config: LetterContext['config'] & { yookassa?: { receipts: ReceiptSettings | null } | null };
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  publicCache: Pick<PublicCache, 'invalidate'>;
  providers: Pick<PaymentProviders, 'bySystem' | 'forPayment'>;
}

const refundErrors = {
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

const isPaid = (payment: PaymentRow) => payment.paidAt !== null && (payment.state === 'STATE_COMPLETED' || payment.refundRequired);

/** What the payment's refunds that are not failed cover: their lessons and their money. */
function covered(payment: PaymentRow, lessonIds: number[], existing: RefundRow[]) {
  const live = existing.filter((refund) => refund.state !== 'failed');
  const refundedCents = live.reduce((sum, refund) => sum + cents(refund.amount), 0);
  // A refund of the whole rest made in the dashboard gives every lesson back, though it names none (a payment of 0 ₽
  // has no money to cover: its lessons are given back one release at a time).
  const all = cents(payment.amount) > 0 && refundedCents >= cents(payment.amount);
  const lessonSet = new Set(all ? lessonIds : live.flatMap((refund) => refund.lessonIds));
  return { live, refundedCents, lessonSet };
}

/** The amount of a refund of these lessons, by the rule the area shows before asking (common/paymentAmount.ts). */
function shareOf(payment: PaymentRow, lessonIds: number[], requested: number[], already: { refundedCents: number; lessonSet: Set<number> }): number {
  const rest = (cents(payment.amount) - already.refundedCents) / 100;
  const completes = lessonIds.every((id) => already.lessonSet.has(id) || requested.includes(id));
  return Math.round(refundAmount(cents(payment.amount) / 100, lessonIds.length, requested.length, rest, completes) * 100);
}

interface RefundAnswer {
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
  // Under the course's lock only for the lock order (places.ts): nothing here changes places, that waits for the provider.
  const { refund, payment } = await withCourseLocked(deps, courseId, async (tx, locked) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw refundErrors.paymentNotFound();
    if (!isPaid(payment)) throw refundErrors.notPaid();
    const recorded = (refund: RefundRow) => ({ value: { refund, payment }, changed: false });
    const lessonIds = await paymentLessonIdsByNumber(tx, paymentId);
    const existing = await refundsOfPayment(tx, paymentId);
    const already = covered(payment, lessonIds, existing);
    const sameSet = (refund: RefundRow) => requestedLessons !== undefined && refund.lessonIds.length === new Set(requestedLessons).size && requestedLessons.every((id) => refund.lessonIds.includes(id));
    // The same request again (a double click, a retry after a timeout): the refund it made, asked again if pending.
    const repeated = already.live.filter((refund) => refund.source === 'area').find(sameSet);
    if (repeated) return recorded(repeated);
    let wanted: number[];
    if (requestedLessons === undefined) {
      wanted = lessonIds.filter((id) => !already.lessonSet.has(id));
      if (wanted.length === 0) {
        const last = already.live.at(-1);
        if (last) return recorded(last);
        throw refundErrors.nothingToRefund();
      }
    } else {
      wanted = [...new Set(requestedLessons)];
      if (wanted.some((id) => !lessonIds.includes(id))) throw refundErrors.lessonsNotInPayment();
      if (wanted.some((id) => already.lessonSet.has(id))) throw refundErrors.alreadyRefunded();
    }
    const amountCents = shareOf(payment, lessonIds, wanted, already);
    if (cents(payment.amount) === 0) return releaseFree(deps, tx, locked, payment, lessonIds.filter((id) => wanted.includes(id)), caller.userId);
    if (amountCents <= 0) throw refundErrors.nothingToRefund();
    const created = await insertRefund(tx, {
      paymentId,
      lessonIds: lessonIds.filter((id) => wanted.includes(id)),
      amount: money(amountCents),
      currency: payment.currency,
      system: payment.system,
      idempotenceKey: `refund-${paymentId}-${randomUUID()}`,
      userId: caller.userId,
    });
    await insertAuditRecord(tx, {
      userId: caller.userId,
      entity: 'payment',
      entityId: paymentId,
      courseId,
      action: 'refund',
      before: null,
      after: { refund: created.id, lessons: created.lessonIds, amount: Number(created.amount), currency: created.currency },
    });
    return recorded(created);
  });
  if (refund.state !== 'pending') return { refund: toRefund(refund), status: refund.state === 'succeeded' ? 200 : 202 };
  return askProvider(deps, payment, refund, caller.userId);
}

/** A refund's 54-ФЗ receipt: the payer's address, and the refunded lessons at equal shares of the refund's amount. */
async function refundReceipt(db: Db, payment: PaymentRow, refund: RefundRow): Promise<ReceiptFacts> {
  const payer = await personById(db, payment.userId);
  const courseId = await courseOfPayment(db, payment.id);
  const course = courseId === null ? null : await courseTitle(db, courseId);
  const lessons = await lessonTitles(db, refund.lessonIds);
  // A payer who deleted the account left the address their payment's receipt carried (services/accounts/deletion.ts).
  return { email: payment.receiptEmail ?? payer?.email ?? '', lines: receiptLines(course?.title ?? '', lessons, cents(refund.amount)) };
}

/** Asks the provider for a pending refund (again, with the same key, when asked before) and applies its answer. */
async function askProvider(deps: RefundDeps, payment: PaymentRow, refund: RefundRow, userId: number | null): Promise<RefundAnswer> {
  const provider = deps.providers.forPayment(payment.system, payment.providerId);
  const receipt = await refundReceipt(deps.db, payment, refund);
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
      receipt,
      wholePayment: cents(refund.amount) === cents(payment.amount),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A refusal (4xx but a conflict or a limit) is final: the refund failed, and a new request may try again.
    if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429) {
      deps.log.warn({ err: error, paymentId: payment.id, refundId: refund.id }, 'the provider refused a refund');
      await markRefundFailed(deps.db, refund.id, error.message);
      throw refundErrors.providerRefused(error.message);
    }
    deps.log.warn({ err: error, paymentId: payment.id, refundId: refund.id }, 'a refund could not be asked of the provider: it stays pending');
    throw refundErrors.providerUnavailable();
  }
  // YooKassa took the refund and its receipt (a full refund's is made from the payment's): recorded for the area.
  const settings = deps.config.yookassa?.receipts;
  if (provider.kind === 'yookassa' && settings && state.status !== 'canceled') {
    await recordSentReceipt(deps.db, {
      type: 'refund',
      paymentId: payment.id,
      refundId: refund.id,
      lessonIds: refund.lessonIds,
      lessonCents: receipt.lines.length === refund.lessonIds.length ? receipt.lines.map((line) => line.amountCents) : refund.lessonIds.map((_, index) => (index === 0 ? cents(refund.amount) : 0)),
      currency: refund.currency as Currency,
      paymentMode: settings.paymentMode,
      idempotenceKey: `refund-receipt-${refund.id}`,
    }).catch((error: unknown) => deps.log.error({ err: error, refundId: refund.id }, 'the receipt of a refund could not be recorded'));
  }
  const applied = await applyProviderRefund(deps, refund.id, state, userId);
  if (applied.state === 'failed') throw refundErrors.providerRefused(applied.failure ?? state.status);
  return { refund: toRefund(applied), status: applied.state === 'succeeded' ? 200 : 202 };
}

interface Applied {
  refund: RefundRow;
  payment: PaymentRow;
  courseId: number;
  changed: boolean;
  promotions: Promotion[];
}

/** The course of a refund's payment, found in the transaction that locks it (withCourseLocked). */
const courseOfRefund = (refundId: number) => async (tx: Tx) => {
  const paymentId = await paymentOfRefund(tx, refundId);
  return paymentId === null ? null : courseOfPayment(tx, paymentId);
};

/**
 * Under the course's lock (`locked`, the refund's payment's course): marks the refund succeeded (once), ends the
 * payer's participation in its lessons (the rows this payment bought), moves the queues up, and clears
 * `refund_required` when the payment is refunded in full.
 */
async function applyInTx(tx: Tx, locked: LockedCourse | null, refundId: number, providerRefundId: string | null, userId: number | null): Promise<Applied | null> {
  const paymentId = await paymentOfRefund(tx, refundId);
  if (paymentId === null) return null;
  const payment = await lockPayment(tx, paymentId);
  const refund = await lockRefund(tx, refundId);
  if (!payment || !refund || !locked) return null;
  const courseId = locked.id;
  if (refund.state === 'succeeded') return { refund, payment, courseId, changed: false, promotions: [] };
  const { updated, promotions } = await givePlacesBack(tx, locked, payment, refund, providerRefundId ?? refund.providerId);
  await insertAuditRecord(tx, {
    userId,
    entity: 'refund',
    entityId: refund.id,
    courseId,
    action: 'update',
    before: { state: refund.state },
    after: { state: 'succeeded', providerId: updated.providerId, lessons: refund.lessonIds, amount: Number(refund.amount) },
  });
  return { refund: updated, payment, courseId, changed: true, promotions };
}

/** A refund succeeded: it is marked so, the places its lessons bought are freed and the queues move up. */
async function givePlacesBack(tx: Tx, locked: LockedCourse, payment: PaymentRow, refund: RefundRow, providerRefundId: string | null) {
  const updated = await markRefundSucceeded(tx, refund.id, providerRefundId);
  const freed = refund.lessonIds.length ? await deleteRowsBoughtBy(tx, payment, refund.lessonIds) : [];
  const promotions = await promoteWaitingList(tx, freed, locked.participantsLimit);
  if (payment.refundRequired && (await refundedCents(tx, payment.id)) >= cents(payment.amount)) await clearRefundRequired(tx, payment.id);
  return { updated, promotions };
}

/**
 * The places of a payment of 0 ₽ (a 100 % discount) given back at the author's request, in the request's locked
 * transaction: there is no money and no provider to ask, so a refund of 0 ₽ is recorded as succeeded at once, the
 * places are freed, the history says they were released without money, and the person gets the rejection letter.
 */
async function releaseFree(deps: RefundDeps, tx: Tx, locked: LockedCourse | null, payment: PaymentRow, lessonIds: number[], userId: number) {
  if (!locked) throw refundErrors.paymentNotFound();
  const created = await insertRefund(tx, {
    paymentId: payment.id,
    lessonIds,
    amount: money(0),
    currency: payment.currency,
    system: payment.system,
    idempotenceKey: `release-${payment.id}-${randomUUID()}`,
    userId,
  });
  const { updated, promotions } = await givePlacesBack(tx, locked, payment, created, null);
  await insertAuditRecord(tx, {
    userId,
    entity: 'payment',
    entityId: payment.id,
    courseId: locked.id,
    action: 'refund',
    before: null,
    after: { refund: created.id, lessons: lessonIds, amount: 0, currency: payment.currency, released: true },
  });
  const payer = await personById(tx, payment.userId);
  const course = await courseTitle(tx, locked.id);
  const items = await lessonTitles(tx, lessonIds);
  if (payer && course && items.length > 0) {
    await queueLetters(tx, [{ kind: 'rejection', userId: payment.userId, dedupeKey: `refund:${created.id}`, ...rejectedLetter(deps.config, payer, course, items) }]);
  }
  return { value: { refund: updated, payment }, changed: true, promotions };
}

/** Applies what the provider says of one of our refunds: succeeded frees the places (once), canceled fails it. */
async function applyProviderRefund(deps: RefundDeps, refundId: number, state: ProviderRefundState, userId: number | null): Promise<RefundRow> {
  if (state.status === 'canceled') {
    await setRefundProviderIdIfUnset(deps.db, refundId, state.refundId);
    await markRefundFailed(deps.db, refundId, state.reason ?? 'canceled');
  } else if (state.status === 'pending') {
    await setRefundProviderIdIfUnset(deps.db, refundId, state.refundId);
  } else {
    await withCourseLocked(deps, courseOfRefund(refundId), async (tx, locked) => {
      const done = await applyInTx(tx, locked, refundId, state.refundId, userId);
      if (done?.changed) await queueRefundLetters(deps, tx, done);
      return { value: undefined, changed: done?.changed ?? false, promotions: done?.promotions };
    });
  }
  return (await refundById(deps.db, refundId))!;
}

/** In the transaction that applied the refund: the payer's refund letter (once per refund; the promoted's are withCourseLocked's). */
async function queueRefundLetters(deps: RefundDeps, tx: Tx, applied: Applied): Promise<void> {
  const payer = await personById(tx, applied.payment.userId);
  const course = await courseTitle(tx, applied.courseId);
  const items = await lessonTitles(tx, applied.refund.lessonIds);
  // A deleted account has no address (accountDeletion.ts): its refund goes without a letter.
  if (payer?.email && course) {
    const amount = { paymentId: applied.payment.id, amount: Number(applied.refund.amount), currency: applied.refund.currency as Currency };
    const letter = refundedLetter(deps.config, payer, course, items, amount, await currentSellerFooter(tx));
    await queueNotices(tx, deps.config, [{ kind: 'refund', userId: applied.payment.userId, dedupeKey: `refund:${applied.refund.id}`, ...letter }]);
  }
}

type RefundNotificationResult = 'applied' | 'unchanged' | 'pending' | 'failed' | 'unknown';

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
  const known = await refundByProviderId(deps.db, system, providerRefundId);
  if (known?.state === 'succeeded') return 'unchanged';
  // A notice naming a payment we never created is not worth asking the provider about.
  if (!known && namedPaymentId !== undefined) {
    if (!(await paymentByProviderId(deps.db, system, namedPaymentId))) return 'unknown';
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
  const payment = await paymentByProviderId(deps.db, system, state.providerPaymentId);
  if (!payment) {
    deps.log.warn({ system, providerRefundId }, 'a refund of a payment that is not ours: ignored');
    return 'unknown';
  }
  if (CURRENCY_CODES[payment.currency as Currency] !== state.currencyCode || cents(state.amount) <= 0) {
    deps.log.error({ paymentId: payment.id, providerRefundId, reported: { amount: state.amount, currency: state.currencyCode } }, 'a refund in another currency: not applied');
    return 'unknown';
  }
  // Ours, with its answer lost: the pending refund of the payment for the same amount.
  const lost = await pendingUnnamedRefund(deps.db, payment.id, money(cents(state.amount)));
  if (lost) {
    const row = await applyProviderRefund(deps, lost.id, state, null);
    return row.state === 'succeeded' ? 'applied' : row.state;
  }
  if (state.status !== 'succeeded') return state.status === 'pending' ? 'pending' : 'failed';
  const applied = await withCourseLocked(
    deps,
    (tx) => courseOfPayment(tx, payment.id),
    async (tx, course) => {
      const locked = await lockPayment(tx, payment.id);
      // Recorded meanwhile by another delivery of the same notification: the unique provider id says so too.
      const again = await refundByProviderId(tx, system, state.refundId);
      if (again || !locked) return { value: null, changed: false };
      const lessonIds = await paymentLessonIdsByNumber(tx, payment.id);
      const existing = await liveRefundsOfPayment(tx, payment.id);
      const already = covered(locked, lessonIds, existing);
      const coversRest = already.refundedCents + cents(state.amount) >= cents(locked.amount);
      const created = await insertRefund(tx, {
        paymentId: payment.id,
        lessonIds: coversRest ? lessonIds.filter((id) => !already.lessonSet.has(id)) : [],
        amount: money(cents(state.amount)),
        currency: locked.currency,
        system,
        source: 'provider',
        providerId: state.refundId,
        idempotenceKey: `provider-${system}-${state.refundId}`,
      });
      if (!coversRest) deps.log.warn({ paymentId: payment.id, providerRefundId }, 'a part of a payment was refunded in the dashboard: the money is recorded, the places are kept');
      const done = await applyInTx(tx, course, created.id, state.refundId, null);
      if (done?.changed) await queueRefundLetters(deps, tx, done);
      return { value: done, changed: done?.changed ?? false, promotions: done?.promotions };
    },
  );
  return applied ? 'applied' : 'unchanged';
}

/**
 * Asks the provider for a refund the site decided by itself (services/payments/completion.ts: money that arrived for a
 * payment that cannot complete), written pending without an author in the transaction that decided it, and applies
 * the answer. A provider that cannot be asked, or refuses, leaves it to the next sweep or to the authors (logged).
 */
export async function askAutomaticRefund(deps: RefundDeps, refundId: number): Promise<void> {
  const refund = await refundById(deps.db, refundId);
  const payment = refund && (await paymentById(deps.db, refund.paymentId));
  if (!refund || !payment || refund.state !== 'pending') return;
  try {
    await askProvider(deps, payment, refund, null);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    deps.log.error({ paymentId: payment.id, refundId }, 'an automatic refund is not done yet: the provider could not be asked or refused it');
  }
}

/** Asks again for the automatic refunds the provider has not answered for a minute (the expiry sweep's turn). */
export async function retryAutomaticRefunds(deps: RefundDeps, limit = 20): Promise<void> {
  for (const refundId of await unansweredAutomaticRefunds(deps.db, limit)) await askAutomaticRefund(deps, refundId);
}
