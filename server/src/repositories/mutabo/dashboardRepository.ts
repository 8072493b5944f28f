// The SQL of the authors' start page: the caller's courses with their lessons' places and queues, the people who wait
// for a place or an approval, and the holds that lapse unless paid. Reads only; which row holds a place is
// repositories/places/placesRepository.ts's countedPlace.
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { courses, lessons, participants, telegramChats, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';
import { lessonTakenCount, lessonWaitingCount } from '../places/placesRepository.ts';

export async function dashboardCourses(db: Executor, authorId: number) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      state: courses.state,
      participantsLimit: courses.participantsLimit,
      paid: sql<boolean>`EXISTS (SELECT 1 FROM prices p WHERE p.course_id = courses.id)`,
    })
    .from(courses)
    .where(and(sql`${courses.id} IN ${ledCourseIds(authorId)}`, ne(courses.state, 'draft')))
    .orderBy(asc(courses.id));
}

/** Per published lesson of the caller's courses: places held and its queue. */
export async function dashboardLessons(db: Executor, authorId: number) {
  return db
    .select({
      id: lessons.id,
      courseId: lessons.courseId,
      number: lessons.number,
      title: lessons.title,
      startsAt: lessons.startsAt,
      taken: lessonTakenCount(),
      waiting: lessonWaitingCount(),
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`, eq(lessons.state, 'published'), ne(courses.state, 'draft')))
    .orderBy(asc(lessons.courseId), asc(lessons.number));
}

/**
 * Per course of the caller's (not a draft): the people on the waiting lists of its published lessons, and the people
 * whose places (reserved without an end: a free course's) wait for approval, each person counted once.
 */
export async function dashboardPeople(
  db: Executor,
  authorId: number,
): Promise<{ courseId: number; waiting: number; awaiting: number; approved: number; inTelegram: number }[]> {
  const bound = sql`EXISTS (SELECT 1 FROM ${telegramChats} WHERE ${telegramChats.userId} = ${participants.userId})`;
  return db
    .select({
      courseId: lessons.courseId,
      waiting: sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${participants.state} = 'waiting_list')`.mapWith(Number),
      awaiting: sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${participants.state} = 'reserved' AND ${participants.expiredAt} IS NULL)`.mapWith(Number),
      approved: sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${participants.state} = 'approved')`.mapWith(Number),
      inTelegram: sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${participants.state} = 'approved' AND ${bound})`.mapWith(Number),
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`, eq(lessons.state, 'published'), ne(courses.state, 'draft')))
    .groupBy(lessons.courseId);
}

/** A row of the caller's courses with its course, lesson and person: what the start page's lists show. */
const personLessonRow = {
  participantId: participants.id,
  courseId: courses.id,
  courseTitle: courses.title,
  lessonId: lessons.id,
  lessonNumber: lessons.number,
  lessonTitle: lessons.title,
  person: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

/** The caller's participant rows that `where` keeps, with `fields` besides their course, lesson and person. */
function personLessonRows<T extends SelectedFields>(db: Executor, authorId: number, fields: T, where: SQL | undefined) {
  return db
    .select({ ...personLessonRow, ...fields })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(users, eq(users.id, participants.userId))
    .where(and(sql`${courses.id} IN ${ledCourseIds(authorId)}`, where));
}

/** The rows of the caller's free courses that wait for approval, oldest first, with the person and the lesson. */
export async function awaitingRows(db: Executor, authorId: number, limit: number) {
  return personLessonRows(
    db,
    authorId,
    { createdAt: participants.createdAt },
    and(
      ne(courses.state, 'draft'),
      eq(lessons.state, 'published'),
      sql`NOT EXISTS (SELECT 1 FROM prices p WHERE p.course_id = ${courses.id})`,
      eq(participants.state, 'reserved'),
      sql`${participants.expiredAt} IS NULL`,
    ),
  )
    .orderBy(asc(participants.createdAt), asc(participants.id))
    .limit(limit);
}

/** Holds of the caller's courses that lapse unless paid, soonest first, with the payment in progress that holds each. */
export async function lapsingHolds(db: Executor, authorId: number, limit: number) {
  return personLessonRows(
    db,
    authorId,
    { paymentId: participants.paymentId, expiresAt: participants.expiredAt },
    and(eq(participants.state, 'reserved'), sql`${participants.expiredAt} > now()`),
  )
    .orderBy(asc(participants.expiredAt), asc(participants.id))
    .limit(limit);
}
