// The SQL of the participant rows: who holds, waits for or has a place on which lesson, the rows' writes (joining,
// holds, approvals, withdrawals, rejections, refunds), the waiting lists, and the lists of participants (a user's own
// courses, the course page's participation, the authors' table and the manager view). Each function runs in the
// transaction (or on the database) it is given; the decisions, and the lock order every transaction keeps, are
// services/places/places.ts's; which row holds a place is placesRepository.ts's countedPlace.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MutaboParticipant, MutaboPerson } from '../../../../common/mutabo/participants.ts';
import { isMinor } from '../../../../common/yearOptions.ts';
import type { Currency, LessonParticipant, ParticipationState, PaymentState } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { courses, disciples, lessons, mailingSubscriptions, participants, payments, users } from '../../db/schema.ts';
import type { LessonLinkSource } from '../../services/schedule/lessonLinks.ts';
import { countedPlace, lessonTakenCount, lessonWaitingCount, notLapsedHold, type Promotion } from './placesRepository.ts';


type ParticipantRow = typeof participants.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;

// ---- Who has a row on which lesson

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

// ---- The rows' writes

export async function insertParticipants(tx: Tx, rows: { userId: number; lessonId: number; state: 'reserved' | 'waiting_list' }[]): Promise<void> {
  await tx.insert(participants).values(rows);
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

/** One user's places on these lessons' waiting lists become `reserved` (without a time limit); how many did. */
export async function reserveOwnWaiting(tx: Tx, userId: number, lessonIds: number[]): Promise<number> {
  if (lessonIds.length === 0) return 0;
  const rows = await tx
    .update(participants)
    .set({ state: 'reserved', expiredAt: null })
    .where(and(eq(participants.userId, userId), inArray(participants.lessonId, lessonIds), eq(participants.state, 'waiting_list')))
    .returning({ id: participants.id });
  return rows.length;
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

// ---- One user's participation: the course page and the user's own course list

export interface UserCourseState {
  /** By lesson id. */
  participants: Map<number, LessonParticipant>;
  subscribedForMailouts: boolean;
  /** The lessons the user is approved for, by id: their times and links (services/schedule/lessonLinks.ts gives them out). */
  approvedLessons: Map<number, LessonLinkSource>;
}

/** One query (it runs on every logged-in request for a course): the subscription flag and the participations. */
export async function courseStateForUser(db: Executor, userId: number, courseId: number): Promise<UserCourseState> {
  const courseLessons = db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
  const rows = await db
    .select({
      subscribed: sql<boolean>`EXISTS (SELECT 1 FROM ${mailingSubscriptions} WHERE ${mailingSubscriptions.userId} = ${userId} AND ${mailingSubscriptions.courseId} = ${courseId})`,
      id: participants.id,
      lessonId: participants.lessonId,
      state: participants.state,
      participatedAt: participants.participatedAt,
      expiredAt: participants.expiredAt,
      startsAt: lessons.startsAt,
      duration: lessons.duration,
      roomUrl: lessons.roomUrl,
      recordingUrl: lessons.recordingUrl,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(
      participants,
      // A lapsed hold is as good as gone: it is not shown even before the sweep deletes it.
      and(eq(participants.userId, userId), inArray(participants.lessonId, courseLessons), notLapsedHold),
    )
    .leftJoin(lessons, eq(lessons.id, participants.lessonId));
  const found = new Map<number, LessonParticipant>();
  const approvedLessons = new Map<number, LessonLinkSource>();
  for (const row of rows) {
    if (row.id === null || row.lessonId === null || row.state === null) continue;
    found.set(row.lessonId, {
      id: row.id,
      participated_at: row.participatedAt?.toISOString() ?? null,
      expired_at: row.expiredAt?.toISOString() ?? null,
      state: row.state,
    });
    if (row.state === 'approved' && row.duration !== null) {
      approvedLessons.set(row.lessonId, { id: row.lessonId, startsAt: row.startsAt, duration: row.duration, roomUrl: row.roomUrl ?? '', recordingUrl: row.recordingUrl ?? '' });
    }
  }
  return { participants: found, subscribedForMailouts: Boolean(rows[0]?.subscribed), approvedLessons };
}

/** The user's rows on published lessons (of one course when asked), with their lessons; lapsed holds left out. */
export async function participationsOf(db: Executor, userId: number, onlyCourseId?: number): Promise<{ participant: ParticipantRow; lesson: LessonRow }[]> {
  const courseFilter = onlyCourseId === undefined ? undefined : eq(lessons.courseId, onlyCourseId);
  return db
    .select({ participant: participants, lesson: lessons })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .where(and(eq(participants.userId, userId), ne(lessons.state, 'draft'), courseFilter, notLapsedHold));
}

// ---- The authors' table of a course's participants (services/mutabo/participants.ts)

const ageOf = (yearOfBirth: number | null): number | null => (yearOfBirth ? new Date().getFullYear() - yearOfBirth : null);

interface PersonColumns {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  yearOfBirth: number | null;
  country: string | null;
  timezone: string | null;
  mainLanguage: string | null;
  visitSchool: boolean | null;
  readWriteProblems: string | null;
  otherInfo: string | null;
}

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  yearOfBirth: users.yearOfBirth,
  country: disciples.country,
  timezone: disciples.timezone,
  mainLanguage: disciples.mainLanguage,
  visitSchool: disciples.visitSchool,
  readWriteProblems: disciples.readWriteProblems,
  otherInfo: disciples.otherInfo,
};

function toPerson(row: PersonColumns): MutaboPerson {
  const age = ageOf(row.yearOfBirth);
  const minor = isMinor(row.yearOfBirth, new Date().getFullYear());
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    yearOfBirth: row.yearOfBirth || null,
    age,
    minor,
    country: row.country ?? '',
    timezone: row.timezone ?? '',
    mainLanguage: row.mainLanguage ?? '',
    school: minor ? { visitSchool: row.visitSchool, readWriteProblems: row.readWriteProblems ?? '', otherInfo: row.otherInfo ?? '' } : null,
  };
}

/** The course of each of these participant rows (rows that do not exist are left out). */
export async function coursesOfParticipants(db: Executor, participantIds: number[]): Promise<{ id: number; courseId: number }[]> {
  return db
    .select({ id: participants.id, courseId: lessons.courseId })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .where(inArray(participants.id, participantIds));
}

interface LessonPlaces {
  id: number;
  number: number;
  title: string;
  state: (typeof lessons.$inferSelect)['state'];
  taken: number;
  waiting: number;
}

/** Every lesson of the course with its places held and its queue's length. */
export async function lessonPlaces(db: Executor, courseId: number): Promise<LessonPlaces[]> {
  return db
    .select({
      id: lessons.id,
      number: lessons.number,
      title: lessons.title,
      state: lessons.state,
      taken: lessonTakenCount(),
      waiting: lessonWaitingCount(),
    })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.number));
}

const STATE_ORDER: Record<string, number> = { approved: 0, reserved: 1, waiting_list: 2 };

/**
 * The rows of the course (or of the given participant ids) that hold, wait for or have a place, lapsed holds left
 * out, with the waiting-list positions; ordered by lesson number, state, queue order and time.
 */
export async function participantRows(db: Executor, courseId: number, onlyIds?: number[]): Promise<MutaboParticipant[]> {
  const rows = await db
    .select({
      participant: participants,
      lessonNumber: lessons.number,
      person: personColumns,
      payment: { id: payments.id, state: payments.state, amount: payments.amount, currency: payments.currency },
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(users, eq(users.id, participants.userId))
    .leftJoin(disciples, eq(disciples.userId, users.id))
    .leftJoin(payments, eq(payments.id, participants.paymentId))
    .where(and(eq(lessons.courseId, courseId), ne(participants.state, 'subscribed'), notLapsedHold))
    .orderBy(asc(lessons.number), asc(participants.queueOrder), asc(participants.id));
  const positions = new Map<number, number>();
  const queueLengths = new Map<number, number>();
  for (const row of rows) {
    if (row.participant.state !== 'waiting_list') continue;
    const position = (queueLengths.get(row.participant.lessonId) ?? 0) + 1;
    queueLengths.set(row.participant.lessonId, position);
    positions.set(row.participant.id, position);
  }
  const sorted = rows
    .filter((row) => onlyIds === undefined || onlyIds.includes(row.participant.id))
    .sort(
      (a, b) =>
        a.lessonNumber - b.lessonNumber ||
        STATE_ORDER[a.participant.state]! - STATE_ORDER[b.participant.state]! ||
        (positions.get(a.participant.id) ?? 0) - (positions.get(b.participant.id) ?? 0) ||
        a.participant.createdAt.getTime() - b.participant.createdAt.getTime() ||
        a.participant.id - b.participant.id,
    );
  return sorted.map(({ participant, person, payment }) => ({
    id: participant.id,
    lessonId: participant.lessonId,
    state: participant.state as MutaboParticipant['state'],
    createdAt: participant.createdAt.toISOString(),
    approvedAt: participant.state === 'approved' ? (participant.participatedAt?.toISOString() ?? null) : null,
    expiresAt: participant.state === 'reserved' ? (participant.expiredAt?.toISOString() ?? null) : null,
    position: positions.get(participant.id) ?? null,
    paid: payment?.state === 'STATE_COMPLETED' && participant.state === 'approved',
    payment: payment ? { id: payment.id, state: payment.state as PaymentState, amount: Number(payment.amount), currency: payment.currency as Currency } : null,
    person: toPerson(person),
  }));
}

// ---- The manager view (/api/v1/manager/participants/)

export interface ManagedRow {
  participant: ParticipantRow;
  user: { id: number; email: string; firstName: string; lastName: string };
  course: { id: number; title: string };
  lesson: { id: number; number: number; title: string };
}

const managedColumns = {
  participant: participants,
  user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
  course: { id: courses.id, title: courses.title },
  lesson: { id: lessons.id, number: lessons.number, title: lessons.title },
};

function managedQuery(db: Executor) {
  return db
    .select(managedColumns)
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId));
}

/** The participants of the courses the author leads, by course, lesson and time. */
export async function managedParticipants(db: Executor, authorId: number, filter: { course?: number; state?: ParticipationState }): Promise<ManagedRow[]> {
  return managedQuery(db)
    .where(
      and(
        sql`${courses.id} IN (SELECT course_id FROM course_authors WHERE author_id = ${authorId})`,
        filter.course === undefined ? undefined : eq(courses.id, filter.course),
        filter.state === undefined ? undefined : eq(participants.state, filter.state),
        notLapsedHold,
      ),
    )
    .orderBy(asc(courses.id), asc(lessons.number), asc(participants.createdAt), asc(participants.id));
}

export async function managedParticipant(db: Executor, participantId: number): Promise<ManagedRow | null> {
  const [row] = await managedQuery(db).where(eq(participants.id, participantId));
  return row ?? null;
}
