// The one way a transaction changes places (services/places/places.ts has the lock order it keeps): it opens the transaction,
// locks the course's lesson rows (lockCourse, ascending id; several courses in ascending course id), hands the action the
// transaction and the locked course, queues the letters of those the action moved up from a waiting list in the same
// transaction, and drops the public cache after the commit when the action says it changed places. The authors' writes
// to a course and its lessons take the same lock through withCourseLockedForWrite, which locks the course row after
// the lessons.
import type { Db, Tx } from '../../db/client.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import { lockCourse, lockCourseForWrite, type LockedCourse, type LockedCourseForWrite, type Promotion } from '../../repositories/places/placesRepository.ts';
import { queuePromotionLetters, type LetterContext } from './enrollmentLetters.ts';
import type { PublicCache } from '../content/publicCache.ts';

interface CourseLockDeps {
  db: Db;
  /** The promotions' letters name the site. */
  config: LetterContext['config'];
  /** Dropped after a commit that changed places (hasFreePlaces is cached publicly). */
  publicCache: Pick<PublicCache, 'invalidate'>;
}

/** What an action under the lock reports besides its answer. */
export interface PlacesChange<T> {
  value: T;
  /** Places (or what the public pages show of them) changed: the public cache is dropped after the commit. */
  changed: boolean;
  /** Those moved up from a waiting list: their letters are queued in the action's transaction. */
  promotions?: Promotion[];
}

/**
 * Runs `action` in one transaction under the course's lock. `courseId` is the course, or how to find it in the
 * transaction (a payment's or a refund's course); the action gets null when there is none (callers differ in what they
 * do then). Whatever the action throws rolls the transaction back, and nothing is queued or dropped.
 */
export async function withCourseLocked<T>(
  deps: CourseLockDeps,
  courseId: number | ((tx: Tx) => Promise<number | null>),
  action: (tx: Tx, course: LockedCourse | null) => Promise<PlacesChange<T>>,
): Promise<T> {
  return inTransaction(deps, async (tx) => {
    const id = typeof courseId === 'number' ? courseId : await courseId(tx);
    return action(tx, id === null ? null : await lockCourse(tx, id));
  });
}

/**
 * The same for several courses (an approval across the caller's courses, an account's deletion): locked one after
 * another in ascending id, so that two transactions over the same courses cannot deadlock. The action gets the
 * courses that exist, in that order.
 */
export async function withCoursesLocked<T>(deps: CourseLockDeps, courseIds: readonly number[], action: (tx: Tx, courses: LockedCourse[]) => Promise<PlacesChange<T>>): Promise<T> {
  return inTransaction(deps, async (tx) => {
    const locked: LockedCourse[] = [];
    for (const courseId of [...new Set(courseIds)].sort((a, b) => a - b)) {
      const course = await lockCourse(tx, courseId);
      if (course) locked.push(course);
    }
    return action(tx, locked);
  });
}

/** Who writes to a course: the author who must lead it, and the refusal when they do not or there is no such course. */
export interface CourseWriter {
  authorId: number;
  refused: () => Error;
}

/**
 * A write to the course itself (its fields, its lessons): withCourseLocked's lock, then the course row
 * (lockCourseForWrite), so the action decides on the course's current version and its whole set of lessons. The
 * writer must lead the course (`writer.refused()` otherwise, before the action runs).
 */
export async function withCourseLockedForWrite<T>(
  deps: CourseLockDeps,
  courseId: number,
  writer: CourseWriter,
  action: (tx: Tx, course: LockedCourseForWrite) => Promise<PlacesChange<T>>,
): Promise<T> {
  return inTransaction(deps, async (tx) => {
    const locked = await lockCourseForWrite(tx, courseId);
    if (!locked || !(await leadsCourse(tx, writer.authorId, courseId))) throw writer.refused();
    return action(tx, locked);
  });
}

async function inTransaction<T>(deps: CourseLockDeps, run: (tx: Tx) => Promise<PlacesChange<T>>): Promise<T> {
  const done = await deps.db.transaction(async (tx) => {
    const change = await run(tx);
    await queuePromotionLetters({ db: tx, config: deps.config }, change.promotions ?? []);
    return change;
  });
  if (done.changed) deps.publicCache.invalidate();
  return done.value;
}
