// The SQL of the schedule: public lesson times (the timetable, the .ics files), the personal calendar feed's secret,
// a user's approved lessons with their links, and what the feed last told each user's calendar.
import { and, asc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { isTestCourse } from '../../../../common/catalogue.ts';
import type { UpcomingLesson } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { calendarFeedEvents, calendarFeeds, courses, lessons, participants, users } from '../../db/schema.ts';

export interface ScheduledLessonRow {
  id: number;
  courseId: number;
  courseTitle: string;
  number: number;
  title: string;
  startsAt: Date;
  duration: number;
  sequence: number;
}

interface ApprovedLessonRow extends ScheduledLessonRow {
  roomUrl: string;
  recordingUrl: string;
  /** The lesson or its course was made a draft: it is off for its participants. */
  withdrawn: boolean;
}

export type FeedEventRow = typeof calendarFeedEvents.$inferSelect;

const scheduledFields = {
  id: lessons.id,
  courseId: lessons.courseId,
  courseTitle: courses.title,
  number: lessons.number,
  title: lessons.title,
  duration: lessons.duration,
  sequence: lessons.sequence,
};

/**
 * The lessons visitors see with a time: published, of a course that is not a draft and not in recordings (issue 34: a
 * recorded course is not in the timetable or the calendars, even with held lessons that kept their times).
 */
const publicLesson = and(eq(lessons.state, 'published'), ne(courses.state, 'draft'), ne(courses.format, 'recorded'), isNotNull(lessons.startsAt));

const withStart = <T extends { startsAt: Date | null }>(rows: T[]) => rows.filter((row): row is T & { startsAt: Date } => row.startsAt !== null);

/** A feed secret opens the feed only while it carries the user's password stamp (joined with `users`). */
const currentFeed = eq(calendarFeeds.passwordChangedAt, users.passwordChangedAt);

/** The user's password stamp, read in the statement that stores a secret: it never passes through JavaScript's milliseconds. */
const passwordStamp = (userId: number) => sql`(SELECT ${users.passwordChangedAt} FROM ${users} WHERE ${users.id} = ${userId})`;

/**
 * Lessons of courses open for enrollment that end after `now` and start within `days` days, soonest first; none of a
 * test course.
 */
export async function upcomingLessons(db: Executor, now: Date, days: number, limit: number): Promise<UpcomingLesson[]> {
  // The catalogue's rule for test courses is one function (common/catalogue.ts), not SQL: the open courses' titles
  // are read first (a handful), and the lessons of the listed ones then, so the limit counts only listed lessons.
  const open = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.state, 'can_be_subscribed'));
  const listed = open.filter((course) => !isTestCourse(course.title)).map((course) => course.id);
  if (listed.length === 0) return [];
  const rows = await db
    .select({ ...scheduledFields, startsAt: lessons.startsAt })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        publicLesson,
        eq(courses.state, 'can_be_subscribed'),
        inArray(lessons.courseId, listed),
        sql`${lessons.startsAt} + ${lessons.duration} * interval '1 minute' > ${now}`,
        sql`${lessons.startsAt} <= ${now.toISOString()}::timestamptz + make_interval(days => ${days}::int)`,
      ),
    )
    .orderBy(asc(lessons.startsAt), asc(lessons.id))
    .limit(limit);
  return withStart(rows).map((row) => ({
    id: row.id,
    course: { id: row.courseId, title: row.courseTitle },
    number: row.number,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    duration: row.duration,
  }));
}

/** The public scheduled lessons of a course that is not a draft (null for no such course), by number; none in recordings. */
export async function scheduledCourseLessons(
  db: Executor,
  courseId: number,
): Promise<{ title: string; format: (typeof courses.$inferSelect)['format']; lessons: ScheduledLessonRow[] } | null> {
  const [course] = await db
    .select({ title: courses.title, format: courses.format })
    .from(courses)
    .where(and(eq(courses.id, courseId), ne(courses.state, 'draft')));
  if (!course) return null;
  const rows = await db
    .select({ ...scheduledFields, startsAt: lessons.startsAt })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.courseId, courseId), publicLesson))
    .orderBy(asc(lessons.number));
  return { title: course.title, format: course.format, lessons: withStart(rows) };
}

/** One public scheduled lesson, or null. */
export async function scheduledLesson(db: Executor, lessonId: number): Promise<ScheduledLessonRow | null> {
  const rows = await db
    .select({ ...scheduledFields, startsAt: lessons.startsAt })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), publicLesson));
  return withStart(rows)[0] ?? null;
}

/** The format of the lesson's course when visitors see it (published, of a course that is not a draft), with or without a time; else null. */
export async function publicLessonFormat(db: Executor, lessonId: number): Promise<(typeof courses.$inferSelect)['format'] | null> {
  const [row] = await db
    .select({ format: courses.format })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.state, 'published'), ne(courses.state, 'draft')));
  return row?.format ?? null;
}

export async function feedToken(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), currentFeed))
    .where(eq(calendarFeeds.userId, userId));
  return row?.token ?? null;
}

/**
 * Keeps the user's secret when there is one made under the current password (two first requests at once agree),
 * otherwise stores the candidate; answers the one in force.
 */
export async function ensureFeedToken(db: Executor, userId: number, candidate: string): Promise<string> {
  const stale = sql`${calendarFeeds.passwordChangedAt} IS DISTINCT FROM excluded.password_changed_at`;
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, token: candidate, passwordChangedAt: passwordStamp(userId) })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: {
        token: sql`CASE WHEN ${stale} THEN excluded.token ELSE ${calendarFeeds.token} END`,
        createdAt: sql`CASE WHEN ${stale} THEN now() ELSE ${calendarFeeds.createdAt} END`,
        passwordChangedAt: sql`excluded.password_changed_at`,
      },
    })
    .returning({ token: calendarFeeds.token });
  return row!.token;
}

/** A new secret: the old address stops working at once. */
export async function replaceFeedToken(db: Executor, userId: number, token: string): Promise<void> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token, passwordChangedAt: passwordStamp(userId) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, passwordChangedAt: sql`excluded.password_changed_at`, createdAt: sql`now()` } });
}

/** The active user whose feed this secret opens (made under the current password), or null. */
export async function userOfFeedToken(db: Executor, token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), currentFeed))
    .where(and(eq(calendarFeeds.token, token), eq(users.isActive, true)));
  return row?.userId ?? null;
}

/** The user's approved lessons that have a time, drafts included (marked withdrawn), soonest first. */
export async function approvedLessons(db: Executor, userId: number): Promise<ApprovedLessonRow[]> {
  const rows = await db
    .select({
      ...scheduledFields,
      startsAt: lessons.startsAt,
      roomUrl: lessons.roomUrl,
      recordingUrl: lessons.recordingUrl,
      withdrawn: sql<boolean>`(${lessons.state} = 'draft' OR ${courses.state} = 'draft')`,
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(participants.userId, userId), eq(participants.state, 'approved'), isNotNull(lessons.startsAt)))
    .orderBy(asc(lessons.startsAt), asc(lessons.id));
  return withStart(rows).map((row) => ({ ...row, withdrawn: Boolean(row.withdrawn) }));
}

export async function feedEvents(db: Executor, userId: number): Promise<FeedEventRow[]> {
  return db.select().from(calendarFeedEvents).where(eq(calendarFeedEvents.userId, userId));
}

/** Remembers what the feed answered now, and forgets the cancelled lessons that started before `forgetBefore`. */
export async function saveFeedEvents(db: Executor, userId: number, rows: FeedEventRow[], forgetBefore: Date): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const { userId: _user, lessonId: _lesson, ...fields } = row;
      await tx
        .insert(calendarFeedEvents)
        .values(row)
        .onConflictDoUpdate({ target: [calendarFeedEvents.userId, calendarFeedEvents.lessonId], set: fields });
    }
    await tx
      .delete(calendarFeedEvents)
      .where(and(eq(calendarFeedEvents.userId, userId), eq(calendarFeedEvents.cancelled, true), lt(calendarFeedEvents.startsAt, forgetBefore)));
  });
}
