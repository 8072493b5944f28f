// What one user has to do with courses: participations per lesson and mailing subscriptions.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LessonParticipant } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { lessons, mailingSubscriptions, participants } from '../../db/schema.ts';
import type { LessonLinkSource } from '../../services/schedule/lessonLinks.ts';
import { notLapsedHold } from './placesRepository.ts';

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
      approvedLessons.set(row.lessonId, { startsAt: row.startsAt, duration: row.duration, roomUrl: row.roomUrl ?? '', recordingUrl: row.recordingUrl ?? '' });
    }
  }
  return { participants: found, subscribedForMailouts: Boolean(rows[0]?.subscribed), approvedLessons };
}

export async function subscribedCourseIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.select({ courseId: mailingSubscriptions.courseId }).from(mailingSubscriptions).where(eq(mailingSubscriptions.userId, userId));
  return new Set(rows.map((row) => row.courseId));
}
