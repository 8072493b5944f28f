// The rules of participant rows that the authors' area and the manager endpoints (/api/v1/manager/participants/)
// share: approving rows (all or none, by places.ts approveRows), moving a row in its queue, rejecting rows, each in one
// transaction under the course's lock (withCourseLocked, courseLock.ts; the lock order of places.ts: the lesson rows,
// then payment rows, then writes) that re-checks the rows there, records itself in the course's history and queues its
// letters; and the manager endpoints' view of the rows. The caller must lead the rows' courses.
import { participantsMessages as pm } from '../../../../common/mutabo/participants.ts';
import type { ParticipationState } from '../../../../common/wireTypes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { insertAuditRecord } from '../../repositories/history/auditRepository.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { lockPayment, type PaymentRow } from '../../repositories/payments/paymentsRepository.ts';
import { authorIdOfUser, courseTitle, lessonTitles, peopleByIds } from '../../repositories/places/enrollmentRepository.ts';
import {
  coursesOfParticipants,
  deleteParticipant,
  managedParticipant,
  managedParticipants,
  rowsForApproval,
  setQueueOrder,
  waitingQueue,
  type ApprovalRow,
  type ManagedRow,
} from '../../repositories/places/participantsRepository.ts';
import type { Promotion } from '../../repositories/places/placesRepository.ts';
import type { PublicCache } from '../content/publicCache.ts';
import type { Caller } from '../caller.ts';
import { queueLetters, type QueuedLetter } from '../letters/letterQueue.ts';
import type { MailMessage } from '../letters/mail.ts';
import { withCourseLocked, withCoursesLocked } from './courseLock.ts';
import { queueApprovalLetter, type LessonRef, type LetterContext } from './enrollmentLetters.ts';
import { enrollmentErrors } from './enrollmentErrors.ts';
import { queueMovedLetter, rejectedLetter } from './participantLetters.ts';
import { approveRows, failPayment, NoFreePlace, promoteWaitingList } from './places.ts';
import { lessonSale, type LessonSale } from '../../../../common/lessonBlocks.ts';

/** What the participants' services need: the database, what the letters name, the cache to drop after a change. */
export interface ParticipantsDeps {
  db: Db;
  config: LetterContext['config'];
  publicCache: Pick<PublicCache, 'invalidate'>;
}

export const participantErrors = {
  notFound: () => new HttpError(404, { detail: pm.participantNotFound }),
  severalCourses: () => new HttpError(400, { participants: [pm.severalCourses] }),
  noFreePlace: (lesson: LessonRef) => new HttpError(409, { detail: pm.noFreePlace.replace('{lesson}', `${lesson.number}. «${lesson.title}»`) }),
  notWaiting: () => new HttpError(409, { detail: pm.notWaiting }),
  paidPlace: () => new HttpError(409, { detail: pm.paidPlace }),
  freePlace: () => new HttpError(409, { detail: pm.freePlace }),
};

// ---- Actions on rows

type LockedRow = ApprovalRow;

/** The rows' courses, each led by the caller (ascending); 404 for a row that is missing or not the caller's. */
async function coursesOfRows(deps: ParticipantsDeps, caller: Caller, ids: number[]): Promise<number[]> {
  const rows = await coursesOfParticipants(deps.db, ids);
  if (rows.length !== new Set(ids).size) throw participantErrors.notFound();
  const courseIds = [...new Set(rows.map((row) => row.courseId))].sort((a, b) => a - b);
  for (const courseId of courseIds) if (!(await ledCourse(deps.db, caller.authorId, courseId))) throw participantErrors.notFound();
  return courseIds;
}

/** The course of rows that must all be of one course the caller leads. */
async function courseOfRows(deps: ParticipantsDeps, caller: Caller, ids: number[]): Promise<number> {
  const courseIds = await coursesOfRows(deps, caller, ids);
  if (courseIds.length > 1) throw participantErrors.severalCourses();
  return courseIds[0]!;
}

/** Under the lock: the rows again (they may have changed or gone while we waited for it). */
async function lockedRows(tx: Tx, ids: number[], lessonIds: number[]): Promise<LockedRow[]> {
  const rows = await rowsForApproval(tx, ids);
  if (rows.length !== new Set(ids).size || rows.some((row) => !lessonIds.includes(row.lessonId) || row.state === 'subscribed')) throw participantErrors.notFound();
  return rows;
}

const snapshot = (row: Pick<LockedRow, 'userId' | 'lessonId' | 'state' | 'paymentId'>, extra: Record<string, unknown> = {}) => ({
  user: row.userId,
  lesson: row.lessonId,
  state: row.state,
  payment: row.paymentId,
  ...extra,
});

interface Done {
  courseId: number;
  /** Per person, the lessons the letter names. */
  letters: { userId: number; lessonIds: number[]; position?: number }[];
}

type BuildLetter = (person: { email: string; firstName: string }, course: { id: number; title: string }, items: LessonRef[], position?: number) => MailMessage;

/** In the action's transaction: the people acted on get their letter (`kind`); the promoted's are withCourseLocked's. */
async function queueActionLetters(tx: Tx, done: Done, kind: string, build: BuildLetter): Promise<void> {
  const course = await courseTitle(tx, done.courseId);
  const people = await peopleByIds(
    tx,
    done.letters.map((entry) => entry.userId),
  );
  const lessonRows = await lessonTitles(
    tx,
    done.letters.flatMap((entry) => entry.lessonIds),
  );
  const letters: QueuedLetter[] = [];
  for (const entry of done.letters) {
    const person = people.find((row) => row.id === entry.userId);
    const items = lessonRows.filter((row) => entry.lessonIds.includes(row.id));
    if (person && course && items.length > 0) letters.push({ kind, userId: person.id, ...build(person, course, items, entry.position) });
  }
  await queueLetters(tx, letters);
}

const byUser = (rows: Pick<LockedRow, 'userId' | 'lessonId'>[]) => {
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.lessonId]);
  return [...map].map(([userId, lessonIds]) => ({ userId, lessonIds }));
};

/**
 * Approves every row or none, by the rule of places.ts approveRows (a payment in progress holding a row ends first),
 * over the rows' courses (`oneCourse`: 400 when they are of several); throws NoFreePlace (each caller words it) when a
 * lesson has no free place. One approval letter per person and course (queueApprovalLetter gathers a burst). Answers
 * the rows' courses.
 */
export async function approveParticipantRows(deps: ParticipantsDeps, caller: Caller, ids: readonly number[], { oneCourse = false } = {}): Promise<number[]> {
  const unique = [...new Set(ids)];
  const courseIds = oneCourse ? [await courseOfRows(deps, caller, unique)] : await coursesOfRows(deps, caller, unique);
  await approveRowsOfCourses(deps, caller, unique, courseIds);
  return courseIds;
}

async function approveRowsOfCourses(deps: ParticipantsDeps, caller: Caller, ids: number[], courseIds: number[]): Promise<void> {
  // Courses are locked in one order (ascending id, withCoursesLocked), so that two batches over the same courses cannot deadlock.
  await withCoursesLocked(deps, courseIds, async (tx, courses) => {
    if (courses.length !== courseIds.length) throw participantErrors.notFound();
    const limits = new Map<number, number>();
    const sales = new Map<number, LessonSale>();
    const courseOfLesson = new Map<number, number>();
    const now = Date.now();
    for (const locked of courses) {
      const courseId = locked.id;
      for (const lessonId of locked.allLessonIds) {
        limits.set(lessonId, locked.participantsLimit);
        courseOfLesson.set(lessonId, courseId);
      }
      for (const lesson of locked.lessons) sales.set(lesson.id, lessonSale(lesson, locked.format, now));
    }
    const rows = await lockedRows(tx, ids, [...limits.keys()]);
    const result = await approveRows(tx, rows, limits, sales);
    const ended = new Set(result.endedPayments);
    for (const row of result.approved) {
      await insertAuditRecord(tx, {
        userId: caller.userId,
        entity: 'participant',
        entityId: row.id,
        courseId: courseOfLesson.get(row.lessonId)!,
        action: 'approve',
        before: snapshot(row),
        after: snapshot({ ...row, state: 'approved', paymentId: row.paymentId !== null && ended.has(row.paymentId) ? null : row.paymentId }),
      });
    }
    // The approval letters gather per person and course (enrollmentLetters.ts): rows approved one after another make one letter.
    for (const courseId of courseIds) {
      for (const entry of byUser(result.approved.filter((row) => courseOfLesson.get(row.lessonId) === courseId))) await queueApprovalLetter(tx, entry.userId, courseId, entry.lessonIds);
    }
    return { value: undefined, changed: result.approved.length + result.promotions.length > 0, promotions: result.promotions };
  });
}

/**
 * Moves a waiting-list row to a place (1 first) in its lesson's queue: the rows of the queue exchange their order
 * values. Answers the row's course and lesson.
 */
export async function moveInQueue(deps: ParticipantsDeps, caller: Caller, id: number, position: number): Promise<{ courseId: number; lessonId: number }> {
  const courseId = await courseOfRows(deps, caller, [id]);
  let lessonId = 0;
  await withCourseLocked(deps, courseId, async (tx, locked) => {
    if (!locked) throw participantErrors.notFound();
    const [row] = await lockedRows(tx, [id], locked.allLessonIds);
    if (row!.state !== 'waiting_list') throw participantErrors.notWaiting();
    lessonId = row!.lessonId;
    const queue = await waitingQueue(tx, lessonId);
    const from = queue.findIndex((entry) => entry.id === id);
    const to = Math.min(position, queue.length) - 1;
    if (from === to) return { value: undefined, changed: false };
    const values = queue.map((entry) => entry.queueOrder);
    const reordered = queue.filter((entry) => entry.id !== id);
    reordered.splice(to, 0, queue[from]!);
    for (const [index, entry] of reordered.entries()) {
      if (entry.queueOrder !== values[index]) await setQueueOrder(tx, entry.id, values[index]!);
    }
    await insertAuditRecord(tx, { userId: caller.userId, entity: 'participant', entityId: id, courseId, action: 'promote', before: snapshot(row!, { position: from + 1 }), after: snapshot(row!, { position: to + 1 }) });
    const moved: Done = { courseId, letters: [{ userId: row!.userId, lessonIds: [lessonId], position: to + 1 }] };
    await queueActionLetters(tx, moved, 'queue-moved', (person, course, items, at) => queueMovedLetter(deps.config, person, course, items[0]!, at ?? 1));
    return { value: undefined, changed: true };
  });
  return { courseId, lessonId };
}

/**
 * Rejects rows of one course, every one or none: each is deleted, a payment in progress that held it ends
 * (`canceled`, which lets go of that checkout's other holds too), and the freed places go to the queues. A place
 * bought by a completed payment is given back with a refund instead (409, nothing changes). One letter per person,
 * naming their lessons.
 */
export async function rejectParticipants(deps: ParticipantsDeps, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const courseId = await courseOfRows(deps, caller, unique);
  await withCourseLocked(deps, courseId, async (tx, locked) => {
    if (!locked) throw participantErrors.notFound();
    const rows = await lockedRows(tx, unique, locked.allLessonIds);
    const paymentIds = [...new Set(rows.flatMap((row) => (row.paymentId === null ? [] : [row.paymentId])))].sort((a, b) => a - b);
    const paymentsById = new Map<number, PaymentRow>();
    for (const paymentId of paymentIds) {
      const payment = await lockPayment(tx, paymentId);
      if (payment) paymentsById.set(paymentId, payment);
    }
    const paymentOf = (row: LockedRow) => (row.paymentId === null ? undefined : paymentsById.get(row.paymentId));
    const bought = rows.map(paymentOf).filter((payment, index) => rows[index]!.state === 'approved' && payment?.state === 'STATE_COMPLETED');
    // A place bought at 0 ₽ is released on the payments page too, with the same confirmation, and recorded as such.
    if (bought.some((payment) => Number(payment!.amount) > 0)) throw participantErrors.paidPlace();
    if (bought.length > 0) throw participantErrors.freePlace();
    const promotions: Promotion[] = [];
    const ended = new Set<number>();
    for (const row of rows) {
      const payment = paymentOf(row);
      if (payment?.state === 'STATE_IN_PROGRESS' && row.state === 'reserved' && !ended.has(payment.id)) {
        ended.add(payment.id);
        promotions.push(...(await failPayment(tx, payment.id, 'rejected', locked.participantsLimit)));
      }
      await deleteParticipant(tx, row.id);
    }
    promotions.push(...(await promoteWaitingList(tx, [...new Set(rows.map((row) => row.lessonId))], locked.participantsLimit)));
    for (const row of rows) await insertAuditRecord(tx, { userId: caller.userId, entity: 'participant', entityId: row.id, courseId, action: 'reject', before: snapshot(row), after: null });
    await queueActionLetters(tx, { courseId, letters: byUser(rows) }, 'rejection', (person, course, items) => rejectedLetter(deps.config, person, course, items));
    return { value: undefined, changed: true, promotions };
  });
}

// ---- The manager endpoints' view (GET /api/v1/manager/participants/, approve with PATCH, reject with DELETE)

interface ManagerParticipant {
  id: number;
  state: ParticipationState;
  participatedAt: string | null;
  expiredAt: string | null;
  createdAt: string;
  /** The payment that holds or bought the place. */
  paymentId: number | null;
  user: { id: number; email: string; firstName: string; lastName: string };
  course: { id: number; title: string };
  lesson: { id: number; number: number; title: string };
}

/** The author record of the caller; 403 for anyone who is not an author. */
async function callerAuthorId(deps: ParticipantsDeps, userId: number): Promise<number> {
  const authorId = await authorIdOfUser(deps.db, userId);
  if (authorId === null) throw enrollmentErrors.authorsOnly();
  return authorId;
}

const toManagerParticipant = (row: ManagedRow): ManagerParticipant => ({
  id: row.participant.id,
  state: row.participant.state,
  participatedAt: row.participant.participatedAt?.toISOString() ?? null,
  expiredAt: row.participant.expiredAt?.toISOString() ?? null,
  createdAt: row.participant.createdAt.toISOString(),
  paymentId: row.participant.paymentId,
  user: row.user,
  course: row.course,
  lesson: row.lesson,
});

export async function listManagedParticipants(deps: ParticipantsDeps, userId: number, filter: { course?: number; state?: ParticipationState }): Promise<ManagerParticipant[]> {
  const authorId = await callerAuthorId(deps, userId);
  const rows = await managedParticipants(deps.db, authorId, filter);
  return rows.map(toManagerParticipant);
}

/** One participant of a course the caller leads: 404 when there is none, 403 when the course is someone else's. */
export async function getManagedParticipant(deps: ParticipantsDeps, userId: number, participantId: number): Promise<ManagerParticipant> {
  const authorId = await callerAuthorId(deps, userId);
  const row = await managedParticipant(deps.db, participantId);
  if (!row) throw enrollmentErrors.participantNotFound();
  if (!(await leadsCourse(deps.db, authorId, row.course.id))) throw enrollmentErrors.notYourCourse();
  return toManagerParticipant(row);
}

/**
 * Confirms a participation (`state` must be `approved`: 400 otherwise, once the row is found to be the caller's); a
 * place must be free unless the row already holds one.
 */
export async function approveManagedParticipant(deps: ParticipantsDeps, userId: number, participantId: number, state = 'approved'): Promise<ManagerParticipant> {
  const [approved] = await approveManagedParticipants(deps, userId, [participantId], state);
  return approved!;
}

/**
 * Confirms several participations of the caller's courses together: all of them or, when one has no free place, none.
 * The area's approval (approveParticipantRows) with its history entry and letters: one per person and course, however
 * many of their lessons were approved. `state` must be `approved` (400 otherwise, once every row is found to be the
 * caller's).
 */
export async function approveManagedParticipants(deps: ParticipantsDeps, userId: number, participantIds: readonly number[], state = 'approved'): Promise<ManagerParticipant[]> {
  const ids = [...new Set(participantIds)];
  const authorId = await callerAuthorId(deps, userId);
  for (const id of ids) await getManagedParticipant(deps, userId, id);
  if (state !== 'approved') throw enrollmentErrors.onlyApprove();
  try {
    await approveParticipantRows(deps, { userId, authorId }, ids);
  } catch (error) {
    if (error instanceof NoFreePlace) throw enrollmentErrors.fullyOccupied([error.lessonId]);
    throw error;
  }
  return Promise.all(ids.map((id) => getManagedParticipant(deps, userId, id)));
}

/**
 * Rejects a participation: the area's reject (rejectParticipants), with its history entry and letters. A place bought
 * by a completed payment is given back only with a refund (409).
 */
export async function rejectManagedParticipant(deps: ParticipantsDeps, userId: number, participantId: number): Promise<void> {
  const authorId = await callerAuthorId(deps, userId);
  await getManagedParticipant(deps, userId, participantId);
  await rejectParticipants(deps, { userId, authorId }, [participantId]);
}
