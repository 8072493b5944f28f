// The SQL of places: which participant row holds a place (the one rule every count and list is written with), the
// course's lock, and the places taken per lesson. Each function runs in the transaction (or on the database) it is
// given; the decisions, and the lock order every transaction keeps, are services/places/places.ts's. The participant
// rows themselves (who has which row, their writes, the waiting lists) are participantsRepository.ts's.
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { courses, lessonRecordings, lessons, participants } from '../../db/schema.ts';

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

/** Columns of a select over `lessons`: the places its rows take (by the counting rule above) and the people waiting. */
export const lessonTakenCount = () =>
  sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = lessons.id AND ${countedPlaceAs('p')})`.mapWith(Number);
export const lessonWaitingCount = () =>
  sql<number>`(SELECT count(*) FROM participants p WHERE p.lesson_id = lessons.id AND p.state = 'waiting_list')`.mapWith(Number);

/**
 * A row that is not a lapsed hold: one that holds a place, or waits for one. Lists of participants show these, so a
 * lapsed hold is gone from them at once, before anything deletes it.
 */
export const notLapsedHold = sql`(${participants.state} <> 'reserved' OR ${countedPlace})`;

// ---- The course's lock

export interface LockedCourse {
  id: number;
  title: string;
  state: (typeof courses.$inferSelect)['state'];
  participantsLimit: number;
  lessonsBlockSize: number;
  /** 'recorded': its lessons are sold as their recordings only (common/lessonBlocks.ts lessonSale). */
  format: (typeof courses.$inferSelect)['format'];
  /** The published lessons in their order (drafts are locked too, but left out here); `hasRecording`: a ready one. */
  lessons: { id: number; number: number; title: string; startsAt: Date | null; hasRecording: boolean }[];
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
    .select({ id: lessons.id, number: lessons.number, title: lessons.title, state: lessons.state, startsAt: lessons.startsAt, hasRecording: hasReadyRecording(), course: courses })
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
    format: course.format,
    lessons: rows
      .filter((lesson) => lesson.state !== 'draft')
      .sort((a, b) => a.number - b.number)
      .map(({ id, number, title, startsAt, hasRecording }) => ({ id, number, title, startsAt, hasRecording })),
    allLessonIds: rows.map((lesson) => lesson.id),
  };
}

/** A column of a select over `lessons`: the lesson has a ready recording (issue 34; sold as it once it has begun). */
export const hasReadyRecording = () =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${lessonRecordings} r WHERE r.lesson_id = "lessons"."id" AND r.state = 'ready')`.mapWith(Boolean);

// ---- Places taken

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

/** Someone moved up from a waiting list to a place (participantsRepository.ts reserveForQueue): their letter is due. */
export interface Promotion {
  userId: number;
  lessonId: number;
}
