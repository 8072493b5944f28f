// The SQL of places: the course's lock, who holds a place on which lesson, the waiting lists, and the participant rows
// that joining, holds, approvals, withdrawals and refunds write. Each function runs in the transaction (or on the
// database) it is given; the decisions, and the lock order every transaction keeps, are services/places/places.ts's.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ParticipationState } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { courses, lessons, participants } from '../../db/schema.ts';

// ---- Which participant row holds a place: the one rule that every count of places, every list of the people on a
// lesson and every check under the course's lock is written with (server/tests/countedPlaces.test.ts holds them to it).

/** A row holds a place when it is approved, or a reservation that has not lapsed (a free course's has no end). */
const holdsPlace = (state: SQL, expiredAt: SQL) => sql`(${state} = 'approved' OR (${state} = 'reserved' AND (${expiredAt} IS NULL OR ${expiredAt} > now())))`;

/** The rule for `participants`. */
export const countedPlace = holdsPlace(sql`${participants.state}`, sql`${participants.expiredAt}`);

/**
 * The same rule for `participants` under an alias, for correlated subqueries: Drizzle leaves column names
 * unqualified in a select without joins, so subqueries name their tables explicitly.
 */
export const countedPlaceAs = (alias: string) => holdsPlace(sql.raw(`${alias}.state`), sql.raw(`${alias}.expired_at`));

/**
 * A row that is not a lapsed hold: one that holds a place, or waits for one. Lists of participants show these, so a
 * lapsed hold is gone from them at once, before anything deletes it.
 */
export const notLapsedHold = sql`(${participants.state} <> 'reserved' OR ${countedPlace})`;

type ParticipantRow = typeof participants.$inferSelect;

export interface LockedCourse {
  id: number;
  title: string;
  state: (typeof courses.$inferSelect)['state'];
  participantsLimit: number;
  lessonsBlockSize: number;
  /** The published lessons in their order (drafts are locked too, but left out here). */
  lessons: { id: number; number: number; title: string; startsAt: Date | null }[];
  /** Every lesson of the course, drafts included. */
  allLessonIds: number[];
}

/** Locks every lesson row of the course (ascending id) and reads the course; null when there is no such course. */
export function lockCourse(tx: Tx, courseId: number): Promise<LockedCourse | null> {
  return courseWithLessons(tx, courseId, true);
}

/** What a write to the course itself (its fields, its lessons: the authors' area) works on, under the course's lock. */
export interface LockedCourseForWrite {
  course: typeof courses.$inferSelect;
  /** Every lesson of the course in number order, drafts included. */
  lessons: (typeof lessons.$inferSelect)[];
}

/**
 * lockCourse's lock (every lesson row, ascending id), then the course row too: a write to the course or its lessons
 * decides on a stable course and set of lessons. Null when there is no such course.
 */
export async function lockCourseForWrite(tx: Tx, courseId: number): Promise<LockedCourseForWrite | null> {
  const lockLessons = () => tx.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.id)).for('update');
  await lockLessons();
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
  if (!course) return null;
  // Lessons are only added under the course row's lock: a lesson that another author's write added while this one
  // waited for that lock is visible (and locked) now, and no other can appear until the commit.
  const lessonRows = await lockLessons();
  return { course, lessons: lessonRows.sort((a, b) => a.number - b.number) };
}

/** The course as lockCourse reads it, without the lock (a quote, which decides nothing). */
export function readCourse(tx: Tx, courseId: number): Promise<LockedCourse | null> {
  return courseWithLessons(tx, courseId, false);
}

async function courseWithLessons(tx: Tx, courseId: number, lock: boolean): Promise<LockedCourse | null> {
  const query = tx
    .select({ id: lessons.id, number: lessons.number, title: lessons.title, state: lessons.state, startsAt: lessons.startsAt, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.id));
  const rows = lock ? await query.for('update', { of: lessons }) : await query;
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
      .map(({ id, number, title, startsAt }) => ({ id, number, title, startsAt })),
    allLessonIds: rows.map((lesson) => lesson.id),
  };
}

/** Places taken per lesson, leaving out one user's own rows when asked (their own hold is theirs to reuse). */
export async function takenPlaces(db: Executor, lessonIds: number[], exceptUserId?: number): Promise<Map<number, number>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select({ lessonId: participants.lessonId, taken: sql<number>`count(*)`.mapWith(Number) })
    .from(participants)
    .where(and(inArray(participants.lessonId, lessonIds), countedPlace, exceptUserId === undefined ? undefined : ne(participants.userId, exceptUserId)))
    .groupBy(participants.lessonId);
  return new Map(rows.map((row) => [row.lessonId, row.taken]));
}

/** Places taken on each published lesson of the course, counted in one statement. */
export async function takenOnPublishedLessons(tx: Tx, courseId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: lessons.id, taken: sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = "lessons"."id" AND ${countedPlaceAs('p')})`.mapWith(Number) })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), ne(lessons.state, 'draft')));
  return new Map(rows.map((row) => [row.id, row.taken]));
}

/** Who takes a place on these lessons (approved or holding it), with their state. */
export async function placeHolders(db: Executor, lessonIds: number[]): Promise<{ lessonId: number; userId: number; state: ParticipationState }[]> {
  return db
    .select({ lessonId: participants.lessonId, userId: participants.userId, state: participants.state })
    .from(participants)
    .where(and(inArray(participants.lessonId, lessonIds), countedPlace));
}

/** These users' rows on the course's lessons, each with whether it takes a place now. */
export async function rowsOfUsersOnCourse(tx: Tx, courseId: number, userIds: number[]): Promise<{ userId: number; lessonId: number; state: ParticipationState; counted: boolean }[]> {
  return tx
    .select({ userId: participants.userId, lessonId: participants.lessonId, state: participants.state, counted: sql<boolean>`${countedPlace}` })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .where(and(eq(lessons.courseId, courseId), inArray(participants.userId, userIds)));
}

/** One user's rows on these lessons, each with the payment it belongs to and whether it takes a place now. */
export async function rowsOfUser(
  tx: Tx,
  userId: number,
  lessonIds: number[],
): Promise<{ lessonId: number; state: ParticipationState; paymentId: number | null; counted: boolean }[]> {
  return tx
    .select({ lessonId: participants.lessonId, state: participants.state, paymentId: participants.paymentId, counted: sql<boolean>`${countedPlace}` })
    .from(participants)
    .where(and(eq(participants.userId, userId), inArray(participants.lessonId, lessonIds)));
}

/** The lessons among these that one user has a row for, whatever its state. */
export async function lessonsWithRowOf(tx: Tx, userId: number, lessonIds: number[]): Promise<number[]> {
  const rows = await tx
    .select({ lessonId: participants.lessonId })
    .from(participants)
    .where(and(eq(participants.userId, userId), inArray(participants.lessonId, lessonIds)));
  return rows.map((row) => row.lessonId);
}

export async function insertParticipants(tx: Tx, rows: { userId: number; lessonId: number; state: 'reserved' | 'waiting_list' }[]): Promise<void> {
  await tx.insert(participants).values(rows);
}

export async function participantById(tx: Tx, participantId: number): Promise<ParticipantRow | null> {
  const [row] = await tx.select().from(participants).where(eq(participants.id, participantId));
  return row ?? null;
}

export async function deleteParticipant(tx: Tx, participantId: number): Promise<void> {
  await tx.delete(participants).where(eq(participants.id, participantId));
}

/** Deletes one user's rows on these lessons that are not approved; returns the lessons of the deleted rows. */
export async function deleteUnapprovedRows(tx: Tx, userId: number, lessonIds: number[]): Promise<number[]> {
  const freed = await tx
    .delete(participants)
    .where(and(eq(participants.userId, userId), inArray(participants.lessonId, lessonIds), ne(participants.state, 'approved')))
    .returning({ lessonId: participants.lessonId });
  return freed.map((row) => row.lessonId);
}

/** Deletes the places a payment holds (its reserved rows); returns their lessons. */
export async function deleteHoldsOfPayment(tx: Tx, paymentId: number): Promise<number[]> {
  const freed = await tx
    .delete(participants)
    .where(and(eq(participants.paymentId, paymentId), eq(participants.state, 'reserved')))
    .returning({ lessonId: participants.lessonId });
  return freed.map((row) => row.lessonId);
}

/** Deletes the payer's rows that a payment bought on these lessons; returns the lessons of the deleted rows. */
export async function deleteRowsBoughtBy(tx: Tx, payment: { id: number; userId: number }, lessonIds: number[]): Promise<number[]> {
  const freed = await tx
    .delete(participants)
    .where(and(eq(participants.userId, payment.userId), eq(participants.paymentId, payment.id), inArray(participants.lessonId, lessonIds)))
    .returning({ lessonId: participants.lessonId });
  return freed.map((row) => row.lessonId);
}

/** The payer's places on these lessons, approved and bought by the payment (rows there already are changed). */
export async function approvePaidPlaces(tx: Tx, userId: number, lessonIds: number[], paymentId: number): Promise<void> {
  await tx
    .insert(participants)
    .values(lessonIds.map((lessonId) => ({ userId, lessonId, state: 'approved' as const, participatedAt: sql`now()`, expiredAt: null, paymentId })))
    .onConflictDoUpdate({
      target: [participants.userId, participants.lessonId],
      set: { state: 'approved', participatedAt: sql`now()`, expiredAt: null, paymentId },
    });
}

// ---- Waiting lists

export interface Promotion {
  userId: number;
  lessonId: number;
}

/** The lessons among these that have anyone on their waiting list. */
export async function lessonsWithQueue(tx: Tx, lessonIds: number[]): Promise<number[]> {
  const waiting = await tx
    .select({ lessonId: participants.lessonId })
    .from(participants)
    .where(and(inArray(participants.lessonId, lessonIds), eq(participants.state, 'waiting_list')))
    .groupBy(participants.lessonId);
  return waiting.map((row) => row.lessonId);
}

/** The first `count` of the lesson's waiting list become `reserved` (without a time limit); returns them. */
export async function reserveForQueue(tx: Tx, lessonId: number, count: number): Promise<Promotion[]> {
  return tx
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
          .limit(count),
      ),
    )
    .returning({ userId: participants.userId, lessonId: participants.lessonId });
}

/** The lesson's waiting list in its order. */
export async function waitingQueue(tx: Tx, lessonId: number): Promise<{ id: number; queueOrder: number }[]> {
  return tx
    .select({ id: participants.id, queueOrder: participants.queueOrder })
    .from(participants)
    .where(and(eq(participants.lessonId, lessonId), eq(participants.state, 'waiting_list')))
    .orderBy(asc(participants.queueOrder), asc(participants.id));
}

export async function setQueueOrder(tx: Tx, participantId: number, queueOrder: number): Promise<void> {
  await tx.update(participants).set({ queueOrder }).where(eq(participants.id, participantId));
}

// ---- Approvals

/** A participant row as an approval sees it under the lock. */
export interface ApprovalRow {
  id: number;
  userId: number;
  lessonId: number;
  state: ParticipationState;
  paymentId: number | null;
  /** It holds a place now (approved, or reserved and not lapsed). */
  counted: boolean;
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

/** Approves the rows; a row held by one of the ended payments is no longer linked to it (the place is a gift now). */
export async function approveRowsById(tx: Tx, ids: number[], endedPaymentIds: number[]): Promise<void> {
  await tx
    .update(participants)
    .set({
      state: 'approved',
      participatedAt: sql`now()`,
      expiredAt: null,
      paymentId: sql`CASE WHEN ${participants.paymentId} IN (${sql.join([...endedPaymentIds, 0], sql`, `)}) THEN NULL ELSE ${participants.paymentId} END`,
    })
    .where(inArray(participants.id, ids));
}
