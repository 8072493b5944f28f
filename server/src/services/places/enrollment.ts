// Enrollment without payment: news subscriptions, joining a course without prices (a reserved place or the
// waiting list), withdrawing, and the caller's own course list. The authors' approve and reject are participants.ts's.
import { readyRecordingsOf } from '../../repositories/recordings/readyRecordings.ts';
import { lessonSale, placeFree } from '../../../../common/lessonBlocks.ts';
import type { Lesson, Participation, ParticipationState } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { enrollmentErrors } from './enrollmentErrors.ts';
import { approvedLessonLinks } from '../schedule/lessonLinks.ts';
import type { LetterContext } from './enrollmentLetters.ts';
import { withCourseLocked } from './courseLock.ts';
import { authorsOfCourses, courseHasPrices, coursesForList, subscribe, subscribedCourseIds, unsubscribe, visibleCourse as visibleCourseRow } from '../../repositories/places/enrollmentRepository.ts';
import { deleteUnapprovedRows, insertParticipants, participationsOf, reserveOwnWaiting, rowsOfUser } from '../../repositories/places/participantsRepository.ts';
import { recordConsent, type ConsentOrigin } from '../../repositories/accounts/consentsRepository.ts';
import { lockUserPaymentsOnLessons } from '../../repositories/payments/paymentsRepository.ts';
import { takenPlaces, type Promotion } from '../../repositories/places/placesRepository.ts';
import { failPayment, promoteWaitingList } from './places.ts';
import type { PublicCache } from '../content/publicCache.ts';
import { homeworkBadges } from '../homework/assignmentAccess.ts';

export interface EnrollmentDeps {
  db: Db;
  /** The letters of approvals and of those moved up from a waiting list name the site. */
  config: LetterContext['config'];
  /** Dropped after every change of places or subscriptions: the public and the callers' course forms show them. */
  publicCache: Pick<PublicCache, 'invalidate'>;
}

/** A course that is not a draft; 404 otherwise. */
async function visibleCourse(deps: EnrollmentDeps, courseId: number) {
  const course = await visibleCourseRow(deps.db, courseId);
  if (!course) throw notFound(messages.courseNotFound);
  return course;
}

// ---- News subscriptions

/**
 * Subscribes to a course's news. A new subscription records the consent to news letters (docs/PRIVACY.md) in its
 * transaction, with where it was given; one that was there already records nothing.
 */
export async function subscribeForMailouts(deps: EnrollmentDeps, userId: number, courseId: number, origin: ConsentOrigin): Promise<void> {
  await visibleCourse(deps, courseId);
  await deps.db.transaction(async (tx) => {
    if (await subscribe(tx, userId, courseId)) await recordConsent(tx, { userId, kind: 'news', courseId, action: 'given' }, origin);
  });
  // The caller's course forms are kept as long as the public ones (services/content/personalCache.ts).
  deps.publicCache.invalidate();
}

/** Ends a course's news subscription; an ended one records the consent's withdrawal in its transaction. */
export async function unsubscribeFromMailouts(deps: EnrollmentDeps, userId: number, courseId: number, origin: ConsentOrigin): Promise<void> {
  await visibleCourse(deps, courseId);
  await endNews(deps.db, userId, courseId, origin);
  deps.publicCache.invalidate();
}

/** Ends a subscription, if there is one, and records the withdrawal with it; whether there was one (a letter's link). */
export async function endNews(db: Db, userId: number, courseId: number, origin: ConsentOrigin): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await unsubscribe(tx, userId, courseId))) return false;
    await recordConsent(tx, { userId, kind: 'news', courseId, action: 'withdrawn' }, origin);
    return true;
  });
}

// ---- Participation in a course without prices

/**
 * For each published lesson the caller has no row for: a reserved place when one is free, else the waiting list. The
 * caller's own waiting-list places on lessons now sold as their recordings (lessonSale: begun, or of a recorded
 * course, with a ready recording), which have no place limit, become reserved places too: no queue waits for them.
 */
export async function joinCourse(deps: EnrollmentDeps, userId: number, courseId: number): Promise<void> {
  const course = await visibleCourse(deps, courseId);
  if (course.state !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
  if (await courseHasPrices(deps.db, courseId)) throw enrollmentErrors.coursePaid();

  await withCourseLocked(deps, courseId, async (tx, locked) => {
    if (!locked || locked.state !== 'can_be_subscribed') throw enrollmentErrors.enrollmentClosed();
    if (locked.lessons.length === 0) throw enrollmentErrors.noLessons();
    const ids = locked.lessons.map((lesson) => lesson.id);
    const own = await rowsOfUser(tx, userId, ids);
    const now = Date.now();
    const saleOf = (lessonId: number) => {
      const lesson = locked.lessons.find((candidate) => candidate.id === lessonId);
      return lesson ? lessonSale(lesson, locked.format, now) : 'live';
    };
    const unblocked = own.filter((row) => row.state === 'waiting_list' && saleOf(row.lessonId) === 'recording').map((row) => row.lessonId);
    const reserved = await reserveOwnWaiting(tx, userId, unblocked);
    const missing = ids.filter((id) => !own.some((row) => row.lessonId === id));
    if (missing.length === 0) return { value: undefined, changed: reserved > 0 };
    const taken = await takenPlaces(tx, missing);
    await insertParticipants(
      tx,
      missing.map((lessonId) => ({
        userId,
        lessonId,
        state: placeFree(taken.get(lessonId) ?? 0, locked.participantsLimit, saleOf(lessonId)) ? ('reserved' as const) : ('waiting_list' as const),
      })),
    );
    return { value: undefined, changed: true };
  });
}

/**
 * Withdraws the caller from a course: their rows that are not approved are deleted (a paid place is not given up
 * this way), a payment of theirs in progress on the course is ended, and the freed places go to the waiting list.
 */
export async function withdrawFromCourse(deps: EnrollmentDeps, userId: number, courseId: number): Promise<void> {
  await visibleCourse(deps, courseId);
  await withCourseLocked(deps, courseId, async (tx, locked) => {
    if (!locked) return { value: undefined, changed: false };
    const promotions: Promotion[] = [];
    const inProgress = await lockUserPaymentsOnLessons(tx, userId, locked.allLessonIds);
    for (const paymentId of inProgress) promotions.push(...(await failPayment(tx, paymentId, 'withdrawn', locked.participantsLimit)));
    const freed = await deleteUnapprovedRows(tx, userId, locked.allLessonIds);
    if (freed.length === 0 && inProgress.length === 0) return { value: undefined, changed: false };
    promotions.push(...(await promoteWaitingList(tx, freed, locked.participantsLimit)));
    return { value: undefined, changed: true, promotions };
  });
}

// ---- The caller's own course list (GET/POST/PATCH/DELETE /api/v1/participants/)

/**
 * One row per course the caller is subscribed to or has a place (or a queue place) in; its id is the course id.
 * Lessons are the caller's own, with their participation; lapsed holds are left out.
 */
export async function listParticipations(deps: EnrollmentDeps, userId: number, onlyCourseId?: number): Promise<Participation[]> {
  const { db } = deps;
  const [subscriptions, rows] = await Promise.all([subscribedCourseIds(db, userId, onlyCourseId), participationsOf(db, userId, onlyCourseId)]);
  const courseIds = [...new Set([...subscriptions, ...rows.map((row) => row.lesson.courseId)])];
  if (courseIds.length === 0) return [];
  const [courseRows, authorRows, taken, recordings, homework] = await Promise.all([
    coursesForList(db, courseIds),
    authorsOfCourses(db, courseIds),
    takenPlaces(
      db,
      rows.map((row) => row.lesson.id),
    ),
    readyRecordingsOf(
      db,
      rows.map((row) => row.lesson.id),
    ),
    homeworkBadges(
      db,
      userId,
      rows.filter((row) => row.participant.state === 'approved').map((row) => row.lesson.id),
    ),
  ]);
  const subscribed = new Set(subscriptions);
  const now = Date.now();
  return courseRows.map((course) => ({
    id: course.id,
    course: { id: course.id, title: course.title, format: course.format },
    authors: authorRows.filter((row) => row.courseId === course.id).map(({ id, firstName, lastName, genitive }) => ({ id, firstName, lastName, genitive })),
    subscribed: subscribed.has(course.id),
    lessons: rows
      .filter((row) => row.lesson.courseId === course.id)
      .sort((a, b) => a.lesson.number - b.lesson.number)
      .map(({ participant, lesson }): Lesson => ({
        id: lesson.id,
        course: lesson.courseId,
        number: lesson.number,
        title: lesson.title,
        content: lesson.content,
        duration: lesson.duration,
        state: lesson.state,
        hasFreePlaces: placeFree(
          taken.get(lesson.id) ?? 0,
          course.participantsLimit,
          lessonSale({ startsAt: lesson.startsAt, hasRecording: recordings.has(lesson.id) }, course.format, now),
        ),
        participationState: participant.state as ParticipationState,
        participant: {
          id: participant.id,
          participated_at: participant.participatedAt?.toISOString() ?? null,
          expired_at: participant.expiredAt?.toISOString() ?? null,
          state: participant.state,
        },
        startsAt: lesson.startsAt?.toISOString() ?? null,
        hasRecording: recordings.has(lesson.id),
        recordingDuration: recordings.get(lesson.id) ?? null,
        ...(participant.state === 'approved' ? approvedLessonLinks(lesson, now) : {}),
        ...(homework.badges.has(lesson.id) ? { homework: homework.badges.get(lesson.id)! } : {}),
      })),
  }));
}

/** The caller's row for one course; 404 when they have nothing to do with it. */
export async function getParticipation(deps: EnrollmentDeps, userId: number, courseId: number): Promise<Participation> {
  const [row] = await listParticipations(deps, userId, courseId);
  if (!row) throw enrollmentErrors.participantNotFound();
  return row;
}

/**
 * PATCH /participants/{id}/: the caller's news of the course on or off. Answers the row; one that was only a
 * subscription leaves the list, and its last state is still the answer.
 */
export async function setParticipationNews(deps: EnrollmentDeps, userId: number, courseId: number, subscribed: boolean, origin: ConsentOrigin): Promise<Participation> {
  const before = await getParticipation(deps, userId, courseId);
  if (subscribed) await subscribeForMailouts(deps, userId, courseId, origin);
  else await unsubscribeFromMailouts(deps, userId, courseId, origin);
  const [after] = await listParticipations(deps, userId, courseId);
  return after ?? { ...before, subscribed };
}

/** DELETE /participants/{id}/: the row leaves the list: participation withdrawn (paid lessons stay) and news stopped. */
export async function deleteParticipation(deps: EnrollmentDeps, userId: number, courseId: number, origin: ConsentOrigin): Promise<void> {
  await getParticipation(deps, userId, courseId);
  await withdrawFromCourse(deps, userId, courseId);
  await endNews(deps.db, userId, courseId, origin);
  deps.publicCache.invalidate();
}
