// The SQL of watching recordings (services/recordings/access.ts, viewing.ts; docs/RECORDINGS.md, «Watching»): what
// decides whether a person may watch a lesson's recording, in one query; where they stopped (one upsert per report of
// the player); who watched a lesson, for its authors; and the authors' extensions of a person's window.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CourseFormat } from '../../../../common/recordings.ts';
import type { CourseState, ParticipationState } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { authors, courseAuthors, courses, lessonRecordings, lessons, participants, recordingAccessExtensions, recordingPositions, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';

/** Everything the watching rule needs about one lesson and one person. */
export interface WatchingFacts {
  lessonId: number;
  courseId: number;
  courseState: CourseState;
  format: CourseFormat;
  recordingDays: number | null;
  timeZone: string;
  startsAt: Date | null;
  /** The lesson's minutes. */
  lessonMinutes: number;
  /** The ready recording: its generation (the files' names) and seconds; null without one. */
  generation: string | null;
  recordingSeconds: number | null;
  participation: { state: ParticipationState; participatedAt: Date | null; createdAt: Date } | null;
  extensionUntil: Date | null;
  isAuthor: boolean;
  /** Where the person stopped, seconds; 0 before they first watched. */
  position: number;
}

/** One query: the lesson, its course, its ready recording, the person's place, extension, position and authorship. */
export async function watchingFacts(db: Executor, lessonId: number, userId: number): Promise<WatchingFacts | null> {
  const [row] = await db
    .select({
      lessonId: lessons.id,
      courseId: courses.id,
      courseState: courses.state,
      format: courses.format,
      recordingDays: courses.recordingDays,
      timeZone: courses.timeZone,
      startsAt: lessons.startsAt,
      lessonMinutes: lessons.duration,
      generation: lessonRecordings.generation,
      recordingSeconds: lessonRecordings.duration,
      participantState: participants.state,
      participatedAt: participants.participatedAt,
      participantCreatedAt: participants.createdAt,
      extensionUntil: recordingAccessExtensions.until,
      position: recordingPositions.seconds,
      isAuthor: sql<boolean>`EXISTS (SELECT 1 FROM ${courseAuthors} JOIN ${authors} ON ${authors.id} = ${courseAuthors.authorId} WHERE ${courseAuthors.courseId} = ${courses.id} AND ${authors.userId} = ${userId})`,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(lessonRecordings, and(eq(lessonRecordings.lessonId, lessons.id), eq(lessonRecordings.state, 'ready')))
    .leftJoin(participants, and(eq(participants.lessonId, lessons.id), eq(participants.userId, userId)))
    .leftJoin(recordingAccessExtensions, and(eq(recordingAccessExtensions.courseId, courses.id), eq(recordingAccessExtensions.userId, userId)))
    .leftJoin(recordingPositions, and(eq(recordingPositions.lessonId, lessons.id), eq(recordingPositions.userId, userId)))
    .where(eq(lessons.id, lessonId));
  if (!row) return null;
  const { participantState, participatedAt, participantCreatedAt, position, ...rest } = row;
  return {
    ...rest,
    isAuthor: Boolean(rest.isAuthor),
    participation: participantState === null || participantCreatedAt === null ? null : { state: participantState, participatedAt, createdAt: participantCreatedAt },
    position: position ?? 0,
  };
}

/** One statement: where the person stopped, and the furthest they ever got. */
export async function savePosition(db: Executor, userId: number, lessonId: number, seconds: number): Promise<void> {
  await db
    .insert(recordingPositions)
    .values({ userId, lessonId, seconds, furthest: seconds })
    .onConflictDoUpdate({
      target: [recordingPositions.userId, recordingPositions.lessonId],
      set: { seconds, furthest: sql`greatest(${recordingPositions.furthest}, ${seconds})`, updatedAt: sql`now()` },
    });
}

/** The lesson (its course, its ready recording's seconds) when the author leads its course; null otherwise. */
export async function ledLesson(db: Executor, authorId: number, lessonId: number): Promise<{ courseId: number; recordingSeconds: number | null } | null> {
  const [row] = await db
    .select({ courseId: lessons.courseId, recordingSeconds: lessonRecordings.duration })
    .from(lessons)
    .leftJoin(lessonRecordings, and(eq(lessonRecordings.lessonId, lessons.id), eq(lessonRecordings.state, 'ready')))
    .where(and(eq(lessons.id, lessonId), sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`));
  return row ?? null;
}

/** Who watched the lesson's recording: one row per person (the table's key), the last watched first. */
export function viewersOf(db: Executor, lessonId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      furthest: recordingPositions.furthest,
      firstWatchedAt: recordingPositions.firstWatchedAt,
      lastWatchedAt: recordingPositions.updatedAt,
    })
    .from(recordingPositions)
    .innerJoin(users, eq(users.id, recordingPositions.userId))
    .where(eq(recordingPositions.lessonId, lessonId))
    .orderBy(desc(recordingPositions.updatedAt), desc(users.id));
}

/**
 * The person's lessons in the author's courses that have a window (recording_days set), with the course, the place
 * and the extension: the area's card groups them by course.
 */
export function windowedLessonsOf(db: Executor, authorId: number, userId: number) {
  return db
    .select({
      courseId: courses.id,
      courseTitle: courses.title,
      timeZone: courses.timeZone,
      recordingDays: sql<number>`${courses.recordingDays}`,
      extensionUntil: recordingAccessExtensions.until,
      state: participants.state,
      participatedAt: participants.participatedAt,
      createdAt: participants.createdAt,
      startsAt: lessons.startsAt,
      lessonMinutes: lessons.duration,
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(recordingAccessExtensions, and(eq(recordingAccessExtensions.courseId, courses.id), eq(recordingAccessExtensions.userId, userId)))
    .where(and(eq(participants.userId, userId), sql`${courses.recordingDays} IS NOT NULL`, sql`${courses.id} IN ${ledCourseIds(authorId)}`))
    .orderBy(courses.id, lessons.number);
}

/** The course's window (recording_days) when the author leads it: undefined when they do not, null for «always». */
export async function ledCourseWindow(db: Executor, authorId: number, courseId: number): Promise<{ recordingDays: number | null } | undefined> {
  const [row] = await db
    .select({ recordingDays: courses.recordingDays })
    .from(courses)
    .where(and(eq(courses.id, courseId), sql`${courses.id} IN ${ledCourseIds(authorId)}`));
  return row;
}

/** The extension's end before a change (locked, so two authors' changes follow each other). */
export async function lockedExtension(tx: Tx, courseId: number, userId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ until: recordingAccessExtensions.until })
    .from(recordingAccessExtensions)
    .where(and(eq(recordingAccessExtensions.courseId, courseId), eq(recordingAccessExtensions.userId, userId)))
    .for('update');
  return row?.until ?? null;
}

export async function upsertExtension(tx: Tx, extension: { courseId: number; userId: number; until: Date; grantedBy: number }): Promise<void> {
  await tx
    .insert(recordingAccessExtensions)
    .values(extension)
    .onConflictDoUpdate({
      target: [recordingAccessExtensions.courseId, recordingAccessExtensions.userId],
      set: { until: extension.until, grantedBy: extension.grantedBy, createdAt: sql`now()` },
    });
}

/** Removes the extension; whether there was one. */
export async function deleteExtension(tx: Tx, courseId: number, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(recordingAccessExtensions)
    .where(and(eq(recordingAccessExtensions.courseId, courseId), eq(recordingAccessExtensions.userId, userId)))
    .returning({ courseId: recordingAccessExtensions.courseId });
  return removed.length > 0;
}
