// Places on lessons inside a transaction: row locks, counting, freeing and the waiting-list promotion.
//
// Lock order, the same in every transaction that changes places: the course's lesson rows (ascending id),
// then payment rows (ascending id), then writes. Writes to `participants` also take the public content
// version row (the trigger of migration 0001), so no lesson or payment is locked after the first write.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courses, lessons, participants, payments } from '../db/schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How long places stay held for a payment in progress. */
export const HOLD_MINUTES = 30;

/** A place is taken by an approved participant or by a reservation that has not lapsed. */
export const countedPlace = sql`(${participants.state} = 'approved' OR (${participants.state} = 'reserved' AND (${participants.expiredAt} IS NULL OR ${participants.expiredAt} > now())))`;

/**
 * The same condition for `participants` under an alias, for correlated subqueries: Drizzle leaves column names
 * unqualified in a select without joins, so subqueries name their tables explicitly.
 */
export const countedPlaceAs = (alias: string) =>
  sql.raw(`(${alias}.state = 'approved' OR (${alias}.state = 'reserved' AND (${alias}.expired_at IS NULL OR ${alias}.expired_at > now())))`);

export interface LockedCourse {
  id: number;
  title: string;
  state: (typeof courses.$inferSelect)['state'];
  participantsLimit: number;
  lessonsBlockSize: number;
  /** The published lessons in their order (drafts are locked too, but left out here). */
  lessons: { id: number; number: number; title: string }[];
  /** Every lesson of the course, drafts included. */
  allLessonIds: number[];
}

/** Locks every lesson row of the course (ascending id) and reads the course; null when there is no such course. */
export async function lockCourse(tx: Tx, courseId: number): Promise<LockedCourse | null> {
  const rows = await tx
    .select({ id: lessons.id, number: lessons.number, title: lessons.title, state: lessons.state, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.id))
    .for('update', { of: lessons });
  // A course without lessons has nothing to lock; it is read on its own.
  const course = rows[0]?.course ?? (await tx.select().from(courses).where(eq(courses.id, courseId)))[0];
  if (!course) return null;
  return {
    id: course.id,
    title: course.title,
    state: course.state,
    participantsLimit: course.participantsLimit,
    lessonsBlockSize: course.lessonsBlockSize,
    lessons: rows
      .filter((lesson) => lesson.state !== 'draft')
      .sort((a, b) => a.number - b.number)
      .map(({ id, number, title }) => ({ id, number, title })),
    allLessonIds: rows.map((lesson) => lesson.id),
  };
}

/** Places taken per lesson, leaving out one user's own rows when asked (their own hold is theirs to reuse). */
export async function takenPlaces(tx: Tx | Db, lessonIds: number[], exceptUserId?: number): Promise<Map<number, number>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await tx
    .select({ lessonId: participants.lessonId, taken: sql<number>`count(*)`.mapWith(Number) })
    .from(participants)
    .where(and(inArray(participants.lessonId, lessonIds), countedPlace, exceptUserId === undefined ? undefined : ne(participants.userId, exceptUserId)))
    .groupBy(participants.lessonId);
  return new Map(rows.map((row) => [row.lessonId, row.taken]));
}

export interface Promotion {
  userId: number;
  lessonId: number;
}

/**
 * Gives each free place of these lessons (locked by the caller) to the earliest waiting-list participant,
 * who becomes `reserved`. Returns who was promoted, for the letters sent after the commit.
 */
export async function promoteWaitingList(tx: Tx, lessonIds: number[], participantsLimit: number): Promise<Promotion[]> {
  if (lessonIds.length === 0) return [];
  const waiting = await tx
    .select({ lessonId: participants.lessonId })
    .from(participants)
    .where(and(inArray(participants.lessonId, lessonIds), eq(participants.state, 'waiting_list')))
    .groupBy(participants.lessonId);
  if (waiting.length === 0) return [];
  const taken = await takenPlaces(
    tx,
    waiting.map((row) => row.lessonId),
  );
  const promoted: Promotion[] = [];
  for (const { lessonId } of waiting) {
    const free = participantsLimit - (taken.get(lessonId) ?? 0);
    if (free <= 0) continue;
    const rows = await tx
      .update(participants)
      .set({ state: 'reserved', expiredAt: null })
      .where(
        inArray(
          participants.id,
          tx
            .select({ id: participants.id })
            .from(participants)
            .where(and(eq(participants.lessonId, lessonId), eq(participants.state, 'waiting_list')))
            .orderBy(asc(participants.queueOrder), asc(participants.id))
            .limit(free),
        ),
      )
      .returning({ userId: participants.userId, lessonId: participants.lessonId });
    promoted.push(...rows);
  }
  return promoted;
}

export type FailureReason = 'canceled' | 'expired' | 'superseded' | 'withdrawn' | 'provider_error' | 'no_places' | 'approved';

/**
 * Ends a payment in progress (its row and its course's lessons locked by the caller): STATE_FAILURE, its held
 * places deleted, the waiting lists moved up. Returns the promotions.
 */
export async function failPayment(tx: Tx, paymentId: number, reason: FailureReason, participantsLimit: number): Promise<Promotion[]> {
  await tx.update(payments).set({ state: 'STATE_FAILURE', failureReason: reason }).where(eq(payments.id, paymentId));
  const freed = await tx
    .delete(participants)
    .where(and(eq(participants.paymentId, paymentId), eq(participants.state, 'reserved')))
    .returning({ lessonId: participants.lessonId });
  return promoteWaitingList(
    tx,
    freed.map((row) => row.lessonId),
    participantsLimit,
  );
}

/** A participant row as an approval sees it under the lock. */
export interface ApprovalRow {
  id: number;
  userId: number;
  lessonId: number;
  state: (typeof participants.$inferSelect)['state'];
  paymentId: number | null;
  /** It holds a place now (approved, or reserved and not lapsed). */
  counted: boolean;
}

/** The lesson that has no free place for an approval. */
export class NoFreePlace extends Error {
  constructor(readonly lessonId: number) {
    super(`no free place on lesson ${lessonId}`);
    this.name = 'NoFreePlace';
  }
}

/** The rows, read under the lock (rows that do not exist are left out). */
export async function rowsForApproval(tx: Tx, ids: readonly number[]): Promise<ApprovalRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: participants.id,
      userId: participants.userId,
      lessonId: participants.lessonId,
      state: participants.state,
      paymentId: participants.paymentId,
      counted: sql<boolean>`${countedPlace}`,
    })
    .from(participants)
    .where(inArray(participants.id, [...ids]));
}

/**
 * Approves the rows, all or none (their courses' lessons locked by the caller; `limits` gives each lesson's places):
 * a row that holds its place keeps it, any other needs a free place, counted with the places this same call gives
 * (NoFreePlace otherwise). A payment in progress that holds an approved row ends first (`approved`): a payment the
 * payer completes later is then recorded for a refund, and its other held rows are freed for the queue.
 */
export async function approveRows(tx: Tx, rows: readonly ApprovalRow[], limits: ReadonlyMap<number, number>): Promise<{ approved: ApprovalRow[]; endedPayments: number[]; promotions: Promotion[] }> {
  const toApprove = rows.filter((row) => row.state !== 'approved');
  const holding = [...new Set(toApprove.filter((row) => row.paymentId !== null && row.state === 'reserved').map((row) => row.paymentId!))].sort((a, b) => a - b);
  const inProgress = holding.length
    ? await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(inArray(payments.id, holding), eq(payments.state, 'STATE_IN_PROGRESS')))
        .orderBy(asc(payments.id))
        .for('update')
    : [];
  const needPlace = toApprove.filter((row) => !row.counted);
  const taken = await takenPlaces(
    tx,
    needPlace.map((row) => row.lessonId),
  );
  for (const row of needPlace) {
    const count = (taken.get(row.lessonId) ?? 0) + 1;
    if (count > (limits.get(row.lessonId) ?? 0)) throw new NoFreePlace(row.lessonId);
    taken.set(row.lessonId, count);
  }
  if (toApprove.length === 0) return { approved: [], endedPayments: [], promotions: [] };
  const ended = inProgress.map((payment) => payment.id);
  await tx
    .update(participants)
    .set({
      state: 'approved',
      participatedAt: sql`now()`,
      expiredAt: null,
      // The place is the author's gift now, not the ended payment's.
      paymentId: sql`CASE WHEN ${participants.paymentId} IN (${sql.join([...ended, 0], sql`, `)}) THEN NULL ELSE ${participants.paymentId} END`,
    })
    .where(
      inArray(
        participants.id,
        toApprove.map((row) => row.id),
      ),
    );
  const promotions: Promotion[] = [];
  for (const paymentId of ended) {
    const lessonId = toApprove.find((row) => row.paymentId === paymentId)!.lessonId;
    promotions.push(...(await failPayment(tx, paymentId, 'approved', limits.get(lessonId) ?? 0)));
  }
  return { approved: toApprove, endedPayments: ended, promotions };
}
