// Places on lessons inside a transaction: freeing them, the waiting-list promotion and the approval rule. The SQL is
// repositories/places/placesRepository.ts's (the course's lock, counting) and repositories/payments/paymentsRepository.ts's.
//
// Lock order, the same in every transaction that changes places: the course's lesson rows (ascending id, lockCourse;
// several courses in ascending course id), then the course row when the course itself is written (the authors' area:
// lockCourseForWrite), then payment rows (ascending id), then writes. Every such transaction runs through
// withCourseLocked (withCoursesLocked, withCourseLockedForWrite) in services/places/courseLock.ts, which takes the
// course's lock first and queues the promotions' letters and drops the public cache for it. (Writes to `participants` only send the public
// cache's NOTIFY: since migration 0022 no shared row is written, so transactions on different courses do not wait for
// each other.) How many places a lesson has left is common/places.ts's placesLeft.
import { placesLeft } from '../../../../common/places.ts';
import { placeFree, type LessonSale } from '../../../../common/lessonBlocks.ts';
import type { Tx } from '../../db/client.ts';
import { lockPaymentsInProgress, markFailed, type FailureReason } from '../../repositories/payments/paymentsRepository.ts';
import { takenPlaces, type Promotion } from '../../repositories/places/placesRepository.ts';
import { approveRowsById, deleteHoldsOfPayment, lessonsWithQueue, reserveForQueue, type ApprovalRow } from '../../repositories/places/participantsRepository.ts';

/** How long places stay held for a payment in progress. */
export const HOLD_MINUTES = 30;

/**
 * Gives each free place of these lessons (locked by the caller) to the earliest waiting-list participant,
 * who becomes `reserved`. Returns who was promoted, for the letters sent after the commit.
 */
export async function promoteWaitingList(tx: Tx, lessonIds: number[], participantsLimit: number): Promise<Promotion[]> {
  if (lessonIds.length === 0) return [];
  const waiting = await lessonsWithQueue(tx, lessonIds);
  if (waiting.length === 0) return [];
  const taken = await takenPlaces(tx, waiting);
  const promoted: Promotion[] = [];
  for (const lessonId of waiting) {
    const free = placesLeft(taken.get(lessonId) ?? 0, participantsLimit);
    if (free === 0) continue;
    promoted.push(...(await reserveForQueue(tx, lessonId, free)));
  }
  return promoted;
}

/**
 * Ends a payment in progress (its row and its course's lessons locked by the caller): STATE_FAILURE, its held
 * places deleted, the waiting lists moved up. Returns the promotions.
 */
export async function failPayment(tx: Tx, paymentId: number, reason: FailureReason, participantsLimit: number): Promise<Promotion[]> {
  await markFailed(tx, paymentId, reason);
  return promoteWaitingList(tx, await deleteHoldsOfPayment(tx, paymentId), participantsLimit);
}

/** The lesson that has no free place for an approval. */
export class NoFreePlace extends Error {
  constructor(readonly lessonId: number) {
    super(`no free place on lesson ${lessonId}`);
    this.name = 'NoFreePlace';
  }
}

/**
 * Approves the rows (read with rowsForApproval), all or none (their courses' lessons locked by the caller; `limits`
 * gives each lesson's places): a row that holds its place keeps it, any other needs a free place, counted with the
 * places this same call gives (NoFreePlace otherwise); a lesson `sales` says is sold as a recording takes no place. A payment in progress that holds an approved row ends first
 * (`approved`): a payment the payer completes later is then recorded for a refund, and its other held rows are freed
 * for the queue.
 */
export async function approveRows(
  tx: Tx,
  rows: readonly ApprovalRow[],
  limits: ReadonlyMap<number, number>,
  sales: ReadonlyMap<number, LessonSale> = new Map(),
): Promise<{ approved: ApprovalRow[]; endedPayments: number[]; promotions: Promotion[] }> {
  const toApprove = rows.filter((row) => row.state !== 'approved');
  const holding = [...new Set(toApprove.filter((row) => row.paymentId !== null && row.state === 'reserved').map((row) => row.paymentId!))].sort((a, b) => a - b);
  const ended = holding.length ? await lockPaymentsInProgress(tx, holding) : [];
  const needPlace = toApprove.filter((row) => !row.counted);
  const taken = await takenPlaces(
    tx,
    needPlace.map((row) => row.lessonId),
  );
  for (const row of needPlace) {
    const count = taken.get(row.lessonId) ?? 0;
    if (!placeFree(count, limits.get(row.lessonId) ?? 0, sales.get(row.lessonId) ?? 'live')) throw new NoFreePlace(row.lessonId);
    taken.set(row.lessonId, count + 1);
  }
  if (toApprove.length === 0) return { approved: [], endedPayments: [], promotions: [] };
  await approveRowsById(
    tx,
    toApprove.map((row) => row.id),
    ended,
  );
  const promotions: Promotion[] = [];
  for (const paymentId of ended) {
    const lessonId = toApprove.find((row) => row.paymentId === paymentId)!.lessonId;
    promotions.push(...(await failPayment(tx, paymentId, 'approved', limits.get(lessonId) ?? 0)));
  }
  return { approved: toApprove, endedPayments: ended, promotions };
}
