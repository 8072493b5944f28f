// The locked part of payment creation: the places of one course held for a batch of buyers in one transaction.
//
// Within one process the creations for a course queue up (checkout.ts, BatchQueue): whoever arrives while a
// transaction runs goes into the next one, together with everyone else who arrived meanwhile. Under the course's
// lock, one read gives the places taken on every lesson and the buyers' own rows; the buyers are then checked in
// arrival order against that read plus what the batch itself has held, and all the winners' payments and holds
// are one statement. A rush of 200 buyers for 20 places is a few transactions and durable commits instead of 200,
// and losers cost no statement at all. Lapsed holds on the course are released first; a buyer with a payment in
// progress on the course (to hand back or to replace) then goes the careful way, in a savepoint of their own, so
// that a refusal undoes only their own changes.
// Across processes the course's row lock decides, as before.
import type { Currency, ParticipationState, PaymentSystem, Price } from '../../../../common/wireTypes.ts';
import { lessonSale, placeFree, type LessonForSale } from '../../../../common/lessonBlocks.ts';
import { formatAmount, MAX_PAYMENT_AMOUNT, paymentAmount } from '../../../../common/paymentAmount.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { insertHolds, lockPaymentsForHolds, paymentLessonIds, userPaymentsOnCourse } from '../../repositories/payments/paymentsRepository.ts';
import { readCourse, takenOnPublishedLessons, type LockedCourse, type Promotion } from '../../repositories/places/placesRepository.ts';
import { rowsOfUsersOnCourse } from '../../repositories/places/participantsRepository.ts';
import { enrollmentErrors, refuseTakenLessons } from '../places/enrollmentErrors.ts';
import type { LetterContext } from '../places/enrollmentLetters.ts';
import { withCourseLocked } from '../places/courseLock.ts';
import { failPayment, HOLD_MINUTES } from '../places/places.ts';
import type { PublicCache } from '../content/publicCache.ts';
import type { ReceiptLesson } from './receipts.ts';
import { appliesTo, type AppliedDiscount } from '../../../../common/discounts.ts';
import { takePromoUse } from '../../repositories/payments/discountsRepository.ts';
import { promoCodeRefused, recordOf, type DiscountCandidate } from './discounts.ts';

interface HoldDeps {
  db: Db;
  /** The letters of those a released hold moves up from a waiting list. */
  config: LetterContext['config'];
  publicCache: Pick<PublicCache, 'invalidate'>;
}

/** One buyer's request, checked before queueing (checkout.ts) and again here under the lock. */
export interface HoldRequest {
  userId: number;
  system: PaymentSystem;
  currency: Currency;
  /** Lesson ids, without repeats. */
  requested: number[];
  price: Price;
  /**
   * The discounts the buyer may have, the personal one first (services/payments/discounts.ts): the one that makes the payment
   * cheapest applies (the personal one on a tie, so that a code's use is not taken for nothing).
   */
  discounts?: DiscountCandidate[];
  /** The moment the request was checked (ms since the epoch): the lessons begun by then are not sold. */
  now: number;
}

export type Held =
  | { kind: 'reused'; redirectTo: string }
  | { kind: 'held'; paymentId: number; createdAt: Date; amount: number; description: string; courseTitle: string; lessons: ReceiptLesson[]; discount: AppliedDiscount | null };

/** Per lesson, the places one buyer sees taken by others, and the buyer's own participation. */
interface PlacesRow {
  id: number;
  taken: number;
  ownState: ParticipationState | null;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Holds places for each request of the batch, in order, in one transaction; each request gets its own outcome (a
 * refusal is an HttpError). Any other failure rolls the whole batch back and is thrown. After the commit the
 * public cache is dropped; the waiting-list promotions are told by letters queued in the transaction.
 */
export async function holdBatch(deps: HoldDeps, courseId: number, batch: readonly HoldRequest[]): Promise<PromiseSettledResult<Held>[]> {
  // The lock (withCourseLocked): every lesson row of the course. Only statements after it see the holds committed while it waited.
  return withCourseLocked(deps, courseId, async (tx, locked) => {
    const { outcomes, promotions } = await holdInTransaction(tx, locked, batch);
    return { value: outcomes, changed: true, promotions };
  });
}

async function holdInTransaction(tx: Tx, locked: LockedCourse | null, batch: readonly HoldRequest[]) {
  const outcomes: PromiseSettledResult<Held>[] = new Array(batch.length);
  const promotions: Promotion[] = [];
  if (!locked || locked.state !== 'can_be_subscribed') {
    return { outcomes: batch.map(() => ({ status: 'rejected' as const, reason: enrollmentErrors.enrollmentClosed() })), promotions };
  }
  const courseId = locked.id;
  const settle = async (index: number, hold: () => Promise<Held>) => {
    try {
      outcomes[index] = { status: 'fulfilled', value: await hold() };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      outcomes[index] = { status: 'rejected', reason: error };
    }
  };

  // The payments in progress that concern this batch, locked before anything is written (the lock order of
  // places.ts): the buyers' own, and anyone's whose hold has lapsed, which is released here and now.
  const userIds = batch.map((request) => request.userId);
  const active = await lockPaymentsForHolds(tx, courseId, userIds);
  for (const payment of active) {
    if (payment.lapsed) promotions.push(...(await failPayment(tx, payment.id, 'expired', locked.participantsLimit)));
  }
  // A buyer with a live payment goes the careful way, and so does one whose promo code applies: taking its use may
  // be refused, which must undo only that buyer's changes.
  const careful = new Set(active.filter((payment) => !payment.lapsed).map((payment) => payment.userId));
  for (const request of batch) if (request.discounts?.some((candidate) => candidate.kind === 'promoCode')) careful.add(request.userId);

  for (const [index, request] of batch.entries()) {
    if (!careful.has(request.userId)) continue;
    await settle(index, () =>
      tx.transaction(async (savepoint) => {
        const { held, promoted } = await reviewAndHold(savepoint, locked, request);
        promotions.push(...promoted);
        return held;
      }),
    );
  }

  const ledger = await readLedger(
    tx,
    courseId,
    userIds.filter((userId) => !careful.has(userId)),
  );
  // Everyone else is decided in memory against the ledger, and the winners are held together in one statement.
  const winners: { index: number; decision: Decision }[] = [];
  for (const [index, request] of batch.entries()) {
    if (careful.has(request.userId)) continue;
    try {
      winners.push({ index, decision: decide(locked, ledger.placesFor(request.userId), request) });
      ledger.took(request.userId, request.requested);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      outcomes[index] = { status: 'rejected', reason: error };
    }
  }
  const held = await holdPlaces(
    tx,
    winners.map((winner) => winner.decision),
  );
  winners.forEach((winner, position) => (outcomes[winner.index] = { status: 'fulfilled', value: held[position]! }));
  return { outcomes, promotions };
}

/**
 * The places of the course as one read under the lock found them, kept up to date with the holds the batch makes:
 * everyone's counted places per lesson, and the batch's buyers' own rows.
 */
async function readLedger(tx: Tx, courseId: number, userIds: number[]) {
  const taken = await takenOnPublishedLessons(tx, courseId);
  const own = new Map<string, { state: ParticipationState; counted: boolean }>();
  const key = (userId: number, lessonId: number) => `${userId}:${lessonId}`;
  if (userIds.length > 0) {
    for (const row of await rowsOfUsersOnCourse(tx, courseId, userIds)) own.set(key(row.userId, row.lessonId), { state: row.state, counted: row.counted });
  }
  return {
    placesFor(userId: number): PlacesRow[] {
      return [...taken].map(([id, count]) => {
        const mine = own.get(key(userId, id));
        return { id, taken: count - (mine?.counted ? 1 : 0), ownState: mine?.state ?? null };
      });
    },
    /** A hold was made: the buyer's rows are now counted reservations (a row already counted takes no new place). */
    took(userId: number, lessonIds: readonly number[]) {
      for (const lessonId of lessonIds) {
        const mine = own.get(key(userId, lessonId));
        if (!mine?.counted) taken.set(lessonId, (taken.get(lessonId) ?? 0) + 1);
        own.set(key(userId, lessonId), { state: 'reserved', counted: true });
      }
    },
  };
}

/**
 * The careful way, for a buyer with a live payment on this course (lapsed ones were released before): the same
 * lessons in the same currency are handed back, and a payment for other lessons gives way to this one.
 */
async function reviewAndHold(tx: Tx, locked: LockedCourse, request: HoldRequest): Promise<{ held: Held; promoted: Promotion[] }> {
  const { userId, currency, requested } = request;
  const promoted: Promotion[] = [];
  // The same lessons at the same amount with the same discount are handed back; a code applied since (or a discount
  // granted since) makes a new payment.
  const now = await readLedger(tx, locked.id, [userId]);
  const charge = decideOrNull(locked, now.placesFor(userId), request);
  for (const payment of await userPaymentsOnCourse(tx, locked.id, userId)) {
    const same = payment.currency === currency && sameIds(requested, await paymentLessonIds(tx, payment.id));
    if (same && charge && formatAmount(charge.amount) === formatAmount(Number(payment.amount)) && (payment.promoCodeId ?? null) === promoCodeIdOf(charge)) {
      if (payment.redirectUrl) return { held: { kind: 'reused', redirectTo: payment.redirectUrl }, promoted };
      throw enrollmentErrors.paymentBeingCreated();
    }
    promoted.push(...(await failPayment(tx, payment.id, 'superseded', locked.participantsLimit)));
  }
  const ledger = await readLedger(tx, locked.id, [userId]);
  const decision = decide(locked, ledger.placesFor(userId), request);
  const promoCodeId = promoCodeIdOf(decision);
  // The code's use is taken with the hold, in this transaction: the row's lock lets exactly the uses left through.
  if (promoCodeId !== null && !(await takePromoUse(tx, promoCodeId, new Date()))) throw promoCodeRefused('promoUsedUp');
  const [held] = await holdPlaces(tx, [decision]);
  return { held: held!, promoted };
}

const promoCodeIdOf = (decision: Decision): number | null => (decision.discount?.candidate.kind === 'promoCode' ? decision.discount.candidate.id : null);

function decideOrNull(locked: LockedCourse, places: PlacesRow[], request: HoldRequest): Decision | null {
  try {
    return decide(locked, places, request);
  } catch (error) {
    if (error instanceof HttpError) return null;
    throw error;
  }
}

/**
 * What `request` would be charged now, read without the course's lock and without writing anything
 * (POST /api/v1/payments/quote/); throws the refusal a payment would get.
 */
export async function quoteInTransaction(tx: Tx, courseId: number, request: HoldRequest): Promise<{ amount: number; discount: AppliedDiscount | null }> {
  const course = await readCourse(tx, courseId);
  if (!course || course.state !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
  const ledger = await readLedger(tx, courseId, [request.userId]);
  const decision = decide(course, ledger.placesFor(request.userId), request);
  return { amount: decision.amount, discount: appliedDiscount(decision) };
}

/** What a buyer is charged, decided under the lock before anything is written. */
interface Decision {
  request: HoldRequest;
  amount: number;
  description: string;
  courseTitle: string;
  /** The lessons paid for, in their order in the course: the receipt's lines. */
  lessons: ReceiptLesson[];
  /** The discount charged, with the amount without it; none when no discount makes the payment cheaper. */
  discount: { candidate: DiscountCandidate; fullAmount: number } | null;
}

const appliedDiscount = (decision: Decision): AppliedDiscount | null => (decision.discount ? { ...recordOf(decision.discount.candidate), fullAmount: decision.discount.fullAmount } : null);

/** The checks under the lock, in the order the site expects its errors; a refusal throws. */
function decide(locked: LockedCourse, places: PlacesRow[], request: HoldRequest): Decision {
  const { requested, price } = request;
  const published = locked.lessons;
  if (requested.some((id) => !published.some((lesson) => lesson.id === id))) throw enrollmentErrors.unknownLessons();
  const byId = new Map(places.map((row) => [row.id, row]));
  const forSale: LessonForSale[] = published.map((lesson) => {
    const sale = lessonSale(lesson, locked.format, request.now);
    return {
      id: lesson.id,
      hasFreePlaces: placeFree(byId.get(lesson.id)?.taken ?? 0, locked.participantsLimit, sale),
      participationState: byId.get(lesson.id)?.ownState ?? null,
      past: sale === 'none',
      asRecording: sale === 'recording',
    };
  });
  refuseTakenLessons(
    locked.format,
    forSale
      .filter((lesson) => requested.includes(lesson.id))
      .map((lesson) => ({ id: lesson.id, approved: lesson.participationState === 'approved', full: !lesson.hasFreePlaces, past: lesson.past === true })),
  );

  const decision = paymentAmount(price, forSale, requested, locked.lessonsBlockSize);
  if (!decision.ok) throw decision.problem === 'blocks' ? enrollmentErrors.wholeBlocks(locked.lessonsBlockSize) : enrollmentErrors.wholeCourseOnly();
  if (decision.amount <= 0) throw enrollmentErrors.zeroAmount();
  if (decision.amount > MAX_PAYMENT_AMOUNT) throw enrollmentErrors.amountTooHigh();
  // The cheapest of the buyer's discounts; a discount may bring the amount to zero (services/payments/checkout.ts).
  let charged: { amount: number; discount: Decision['discount'] } = { amount: decision.amount, discount: null };
  for (const candidate of request.discounts ?? []) {
    if (!appliesTo(candidate.terms, price.currency)) continue;
    const discounted = paymentAmount(price, forSale, requested, locked.lessonsBlockSize, candidate.terms);
    if (discounted.ok && discounted.amount < charged.amount) charged = { amount: discounted.amount, discount: { candidate, fullAmount: decision.amount } };
  }
  const chosen = published.filter((lesson) => requested.includes(lesson.id)).map(({ id, number, title }) => ({ id, number, title }));
  const numbers = chosen.map((lesson) => lesson.number);
  const description = decision.kind === 'whole' ? `Курс «${locked.title}» целиком` : `Курс «${locked.title}», занятия № ${numbers.join(', ')}`;
  return { request, amount: charged.amount, description, courseTitle: locked.title, lessons: chosen, discount: charged.discount };
}

/**
 * The payments, their lessons and the held places of several buyers (one payment each, at most one per user) in one
 * statement: the lock is held for as few round trips as possible. The answers come in the order of the decisions.
 */
async function holdPlaces(tx: Tx, decisions: Decision[]): Promise<Held[]> {
  if (decisions.length === 0) return [];
  const created = await insertHolds(
    tx,
    decisions.map(({ request, amount, discount }) => ({
      userId: request.userId,
      system: request.system,
      currency: request.currency,
      amount: formatAmount(amount),
      lessonIds: request.requested,
      discount: discount
        ? {
            fullAmount: formatAmount(discount.fullAmount),
            record: recordOf(discount.candidate),
            discountId: discount.candidate.kind === 'personal' ? discount.candidate.id : null,
            promoCodeId: discount.candidate.kind === 'promoCode' ? discount.candidate.id : null,
          }
        : undefined,
    })),
    HOLD_MINUTES,
  );
  const byUser = new Map(created.map((row) => [row.userId, row]));
  return decisions.map((decision) => {
    const { request, amount, description, courseTitle, lessons } = decision;
    const row = byUser.get(request.userId)!;
    return { kind: 'held', paymentId: row.id, createdAt: row.createdAt, amount, description, courseTitle, lessons, discount: appliedDiscount(decision) };
  });
}
