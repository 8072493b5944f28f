// The authors' participants: the table of a course's places (and its CSV), and the actions on a row (approve, move
// up in the queue, reject). Each action runs in one transaction under the course's lock (withCourseLocked,
// services/places/courseLock.ts; the lock order of services/places/places.ts: the lesson rows, then payment rows, then writes),
// re-checks the places there, records itself in the course's history, and queues its letters in the same transaction.
import { participantsMessages as pm, type MutaboParticipant, type MutaboParticipants, type MutaboParticipantState } from '../../../../common/mutabo.ts';
import { DELETED_PERSON_NAME, isDeletedPerson } from '../../../../common/accountDeletion.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { courseTitle, lessonTitles, peopleByIds } from '../../repositories/places/enrollmentRepository.ts';
import { coursesOfParticipants, deleteParticipant, lessonPlaces, participantRows, rowsForApproval, setQueueOrder, waitingQueue, type ApprovalRow } from '../../repositories/places/participantsRepository.ts';
import { ledCourse } from '../../repositories/ledCourses.ts';
import { lockPayment, type PaymentRow } from '../../repositories/payments/paymentsRepository.ts';
import type { Promotion } from '../../repositories/places/placesRepository.ts';
import { queueApprovalLetter, type LessonRef, type LetterContext } from '../places/enrollmentLetters.ts';
import { withCourseLocked, withCoursesLocked } from '../places/courseLock.ts';
import { queueLetters, type QueuedLetter } from '../letters/letterQueue.ts';
import type { MailMessage } from '../letters/mail.ts';
import { approveRows, failPayment, NoFreePlace, promoteWaitingList } from '../places/places.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, type Caller } from './context.ts';
import { queueMovedLetter, rejectedLetter } from './participantLetters.ts';

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

export interface ParticipantsFilter {
  state?: MutaboParticipantState;
  lesson?: number;
}

export async function listParticipants(deps: ParticipantsDeps, caller: Caller, courseId: number, filter: ParticipantsFilter = {}): Promise<MutaboParticipants> {
  const course = await ledCourse(deps.db, caller.authorId, courseId);
  if (!course) throw mutaboErrors.courseNotFound();
  const [lessonRows, rows] = await Promise.all([lessonPlaces(deps.db, courseId), participantRows(deps.db, courseId)]);
  return {
    course: { id: course.id, title: course.title, participantsLimit: course.participantsLimit, disciplesAge: course.disciplesAge, paid: course.paid },
    lessons: lessonRows
      .filter((lesson) => lesson.state === 'published' || rows.some((row) => row.lessonId === lesson.id))
      .map((lesson) => ({ ...lesson, limit: course.participantsLimit })),
    participants: rows.filter((row) => (filter.state === undefined || row.state === filter.state) && (filter.lesson === undefined || row.lessonId === filter.lesson)),
  };
}

// ---- CSV

const CSV_STATE: Record<MutaboParticipantState, string> = { reserved: 'Бронь', waiting_list: 'В очереди', approved: 'Подтверждено' };

/** A spreadsheet reads a piece of text starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every cell is quoted, and every piece of it that a spreadsheet could read as a formula, also after splitting the
 * cell at a separator the file was not written with (`Ivan,=2+3,` opened with commas), starts with an apostrophe.
 */
export const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  const safe = text
    .split(/(?<=[,;|\t\r\n])/)
    .map((piece) => (FORMULA_START.test(piece.replace(/^ +/, '')) ? piece.replace(/^( *)/, "$1'") : piece))
    .join('');
  return `"${safe.replace(/"/g, '""')}"`;
};

const moscowTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' }) : '');

/** The table as CSV for spreadsheet programs: UTF-8 with BOM, `;` between cells, CRLF line ends, Moscow times. */
export function participantsCsv(table: MutaboParticipants): string {
  const header = ['Занятие', 'Название занятия', 'Фамилия', 'Имя', 'E-mail', 'Возраст', 'Состояние', 'Место в очереди', 'Бронь до', 'Записан(а)', 'Подтверждено', 'Оплачено', 'Платёж №', 'Ходит в школу', 'Трудности с чтением и письмом', 'Другое'];
  const lessonById = new Map(table.lessons.map((lesson) => [lesson.id, lesson]));
  const lines = table.participants.map((row: MutaboParticipant) => {
    const lesson = lessonById.get(row.lessonId);
    const school = row.person.school;
    return [
      lesson?.number ?? '',
      lesson?.title ?? '',
      isDeletedPerson(row.person) ? DELETED_PERSON_NAME : row.person.lastName,
      row.person.firstName,
      row.person.email,
      row.person.age,
      CSV_STATE[row.state],
      row.position,
      moscowTime(row.expiresAt),
      moscowTime(row.createdAt),
      moscowTime(row.approvedAt),
      row.paid ? 'да' : 'нет',
      row.payment?.id ?? null,
      school ? (school.visitSchool === null ? 'не указано' : school.visitSchool ? 'да' : 'нет') : '',
      school ? school.readWriteProblems || 'не указано' : '',
      school?.otherInfo ?? '',
    ]
      .map((cell) => csvCell(cell as string | number | null))
      .join(';');
  });
  return `\uFEFF${[header.map(csvCell).join(';'), ...lines].join('\r\n')}\r\n`;
}

// ---- Actions

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
 * Approves every row or none, by the rule of places.ts approveRows (a payment in progress holding a row ends first);
 * 409 naming the lesson that has no free place. One letter per person (queueApprovalLetter gathers a burst).
 */
export async function approveParticipants(deps: ParticipantsDeps, caller: Caller, ids: number[]): Promise<MutaboParticipant[]> {
  const unique = [...new Set(ids)];
  const courseId = await courseOfRows(deps, caller, unique);
  try {
    await approveRowsOfCourses(deps, caller, unique, [courseId]);
  } catch (error) {
    if (!(error instanceof NoFreePlace)) throw error;
    const [lesson] = await lessonTitles(deps.db, [error.lessonId]);
    throw participantErrors.noFreePlace(lesson!);
  }
  return participantRows(deps.db, courseId, unique);
}

/**
 * The approval of the area and of the /manager/ routes, which may approve rows of several of the caller's courses at
 * once: every row or none; throws NoFreePlace (each caller words it) when a lesson has no free place.
 */
export async function approveParticipantRows(deps: ParticipantsDeps, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await approveRowsOfCourses(deps, caller, unique, await coursesOfRows(deps, caller, unique));
}

async function approveRowsOfCourses(deps: ParticipantsDeps, caller: Caller, ids: number[], courseIds: number[]): Promise<void> {
  // Courses are locked in one order (ascending id, withCoursesLocked), so that two batches over the same courses cannot deadlock.
  await withCoursesLocked(deps, courseIds, async (tx, courses) => {
    if (courses.length !== courseIds.length) throw participantErrors.notFound();
    const limits = new Map<number, number>();
    const courseOfLesson = new Map<number, number>();
    for (const locked of courses) {
      const courseId = locked.id;
      for (const lessonId of locked.allLessonIds) {
        limits.set(lessonId, locked.participantsLimit);
        courseOfLesson.set(lessonId, courseId);
      }
    }
    const rows = await lockedRows(tx, ids, [...limits.keys()]);
    const result = await approveRows(tx, rows, limits);
    const ended = new Set(result.endedPayments);
    for (const row of result.approved) {
      await recordWrite(tx, {
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

/** Moves a waiting-list row to a place in its lesson's queue: the rows of the queue exchange their order values. */
export async function promoteParticipant(deps: ParticipantsDeps, caller: Caller, id: number, position: number): Promise<MutaboParticipant[]> {
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
    await recordWrite(tx, { userId: caller.userId, entity: 'participant', entityId: id, courseId, action: 'promote', before: snapshot(row!, { position: from + 1 }), after: snapshot(row!, { position: to + 1 }) });
    const moved: Done = { courseId, letters: [{ userId: row!.userId, lessonIds: [lessonId], position: to + 1 }] };
    await queueActionLetters(tx, moved, 'queue-moved', (person, course, items, at) => queueMovedLetter(deps.config, person, course, items[0]!, at ?? 1));
    return { value: undefined, changed: true };
  });
  return (await participantRows(deps.db, courseId)).filter((row) => row.lessonId === lessonId && row.state === 'waiting_list');
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
    for (const row of rows) await recordWrite(tx, { userId: caller.userId, entity: 'participant', entityId: row.id, courseId, action: 'reject', before: snapshot(row), after: null });
    await queueActionLetters(tx, { courseId, letters: byUser(rows) }, 'rejection', (person, course, items) => rejectedLetter(deps.config, person, course, items));
    return { value: undefined, changed: true, promotions };
  });
}

/** Rejects one row (rejectParticipants with one id). */
export async function rejectParticipant(deps: ParticipantsDeps, caller: Caller, id: number): Promise<void> {
  await rejectParticipants(deps, caller, [id]);
}
