// The SQL of attendance (issue 35, docs/ATTENDANCE.md): what the join link checks about one lesson and one person, in
// one query; the join itself (one upsert); who of a lesson's approved participants joined, for its authors; and a
// person's own rows, for their data export.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CourseState, ParticipationState } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { courses, lessonAttendance, lessons, participants, paymentLessons, payments, recordingPositions, refunds, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';

/** Everything the join rule needs about one lesson and one person. */
export interface JoinFacts {
  lessonId: number;
  courseId: number;
  lessonState: 'draft' | 'published';
  courseState: CourseState;
  startsAt: Date | null;
  duration: number;
  roomUrl: string;
  /** The users row exists and was not emptied by a deletion (services/accounts/deletion.ts). */
  accountLive: boolean;
  participation: ParticipationState | null;
  /** A refund that went through covers this lesson of one of the person's payments (a refund frees the place). */
  refunded: boolean;
}

/** Null for a lesson that does not exist. */
export async function joinFacts(db: Executor, lessonId: number, userId: number): Promise<JoinFacts | null> {
  const [row] = await db
    .select({
      lessonId: lessons.id,
      courseId: lessons.courseId,
      lessonState: lessons.state,
      courseState: courses.state,
      startsAt: lessons.startsAt,
      duration: lessons.duration,
      roomUrl: lessons.roomUrl,
      accountLive: sql<boolean>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.deletedAt} IS NULL)`,
      participation: participants.state,
      refunded: sql<boolean>`EXISTS (
        SELECT 1 FROM ${refunds}
        JOIN ${payments} ON ${payments.id} = ${refunds.paymentId}
        JOIN ${paymentLessons} ON ${paymentLessons.paymentId} = ${payments.id}
        WHERE ${payments.userId} = ${userId} AND ${paymentLessons.lessonId} = ${lessons.id} AND ${refunds.state} = 'succeeded'
          AND (cardinality(${refunds.lessonIds}) = 0 OR ${lessons.id} = ANY(${refunds.lessonIds})))`,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(participants, and(eq(participants.lessonId, lessons.id), eq(participants.userId, userId)))
    .where(eq(lessons.id, lessonId));
  if (!row) return null;
  return { ...row, accountLive: Boolean(row.accountLive), refunded: Boolean(row.refunded) };
}

/** One statement: the first join is kept, the last one and the count move on. */
export async function recordJoin(db: Executor, lessonId: number, userId: number): Promise<void> {
  await db
    .insert(lessonAttendance)
    .values({ lessonId, userId })
    .onConflictDoUpdate({
      target: [lessonAttendance.lessonId, lessonAttendance.userId],
      set: { joins: sql`${lessonAttendance.joins} + 1`, lastJoinedAt: sql`now()` },
    });
}

/** The lesson with its course's zone when the author leads its course; null otherwise. */
export async function ledLessonOf(db: Executor, authorId: number, lessonId: number): Promise<{ id: number; number: number; courseId: number; timeZone: string } | null> {
  const [row] = await db
    .select({ id: lessons.id, number: lessons.number, courseId: lessons.courseId, timeZone: courses.timeZone })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`));
  return row ?? null;
}

/** The lesson's approved participants, each with their first join (null: did not come) and whether they watched the recording. */
export function attendanceRows(db: Executor, lessonId: number) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
      firstJoinedAt: lessonAttendance.firstJoinedAt,
      watchedRecording: sql<boolean>`(${recordingPositions.userId} IS NOT NULL)`,
    })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .leftJoin(lessonAttendance, and(eq(lessonAttendance.lessonId, participants.lessonId), eq(lessonAttendance.userId, participants.userId)))
    .leftJoin(recordingPositions, and(eq(recordingPositions.lessonId, participants.lessonId), eq(recordingPositions.userId, participants.userId)))
    .where(and(eq(participants.lessonId, lessonId), eq(participants.state, 'approved')))
    .orderBy(asc(lessonAttendance.firstJoinedAt), asc(users.lastName), asc(users.firstName), asc(users.id));
}

/**
 * Per lesson, whether the person came into the room (their first join) or watched its recording on the site (a saved
 * position): the lessons attended on their card in the area.
 */
export async function presenceOf(db: Executor, userId: number): Promise<Map<number, { firstJoinedAt: Date | null; watchedRecording: boolean }>> {
  const result = await db.execute(sql`
    SELECT coalesce(a.lesson_id, p.lesson_id) AS lesson_id, a.first_joined_at, (p.user_id IS NOT NULL) AS watched
    FROM (SELECT lesson_id, first_joined_at FROM ${lessonAttendance} WHERE user_id = ${userId}) a
    FULL JOIN (SELECT lesson_id, user_id FROM ${recordingPositions} WHERE user_id = ${userId}) p ON p.lesson_id = a.lesson_id`);
  const rows = (result as unknown as { rows: { lesson_id: number; first_joined_at: Date | string | null; watched: boolean }[] }).rows;
  return new Map(
    rows.map((row) => [Number(row.lesson_id), { firstJoinedAt: row.first_joined_at === null ? null : new Date(row.first_joined_at), watchedRecording: Boolean(row.watched) }]),
  );
}

/** The person's joins, for «Мои данные». */
export function attendanceRowsOf(db: Executor, userId: number) {
  return db
    .select({
      lessonId: lessons.id,
      lessonNumber: lessons.number,
      lessonTitle: lessons.title,
      courseTitle: courses.title,
      firstJoinedAt: lessonAttendance.firstJoinedAt,
      lastJoinedAt: lessonAttendance.lastJoinedAt,
      joins: lessonAttendance.joins,
    })
    .from(lessonAttendance)
    .innerJoin(lessons, eq(lessons.id, lessonAttendance.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessonAttendance.userId, userId))
    .orderBy(asc(courses.id), asc(lessons.number));
}

/** Part of deleting an account: the users row stays (emptied), so its attendance goes here. */
export async function eraseAttendance(db: Executor, userId: number): Promise<void> {
  await db.delete(lessonAttendance).where(eq(lessonAttendance.userId, userId));
}
