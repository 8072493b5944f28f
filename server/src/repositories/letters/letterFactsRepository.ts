// The SQL of the enrollment letters (services/places/enrollmentLetters.ts): who they go to and which lessons they name, read
// in the transaction of the change they tell of, or when a gathered letter is composed.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courses, disciples, lessons, mailingSubscriptions, participants, users } from '../../db/schema.ts';

/** The people's addresses and first names. */
export function recipientsByIds(db: Executor, userIds: number[]) {
  return db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(inArray(users.id, userIds));
}

/** The lessons with their course's title. */
export function lessonsWithCourses(db: Executor, lessonIds: number[]) {
  return db
    .select({ id: lessons.id, number: lessons.number, title: lessons.title, courseId: lessons.courseId, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(inArray(lessons.id, lessonIds));
}

/** Whether the person gets the course's news by mail. */
export async function subscribedToNews(db: Executor, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: mailingSubscriptions.id })
    .from(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.userId, userId), eq(mailingSubscriptions.courseId, courseId)));
  return Boolean(row);
}

/** What an approval letter says when it is sent: the person, the course, and those of the lessons still approved. */
export async function approvalLetterFacts(db: Executor, userId: number, courseId: number, lessonIds: number[]) {
  const [[person], [course], items] = await Promise.all([
    db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId)),
    db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId)),
    db
      .select({ number: lessons.number, title: lessons.title })
      .from(participants)
      .innerJoin(lessons, eq(lessons.id, participants.lessonId))
      .where(and(eq(participants.userId, userId), eq(participants.state, 'approved'), inArray(participants.lessonId, lessonIds)))
      .orderBy(asc(lessons.number)),
  ]);
  return { person, course, items };
}

/** What the payment letter tells of the paid lessons: their times and links, the course's zone and the payer's. */
export async function receiptFacts(db: Executor, userId: number, courseId: number, lessonIds: number[]) {
  const [[payer], [course], items] = await Promise.all([
    db.select({ timeZone: disciples.timezone }).from(disciples).where(eq(disciples.userId, userId)),
    db.select({ timeZone: courses.timeZone }).from(courses).where(eq(courses.id, courseId)),
    db
      .select({ id: lessons.id, number: lessons.number, title: lessons.title, duration: lessons.duration, sequence: lessons.sequence, roomUrl: lessons.roomUrl, startsAt: lessons.startsAt })
      .from(lessons)
      .where(inArray(lessons.id, lessonIds))
      .orderBy(asc(lessons.number)),
  ]);
  return { payerTimeZone: payer?.timeZone ?? '', courseTimeZone: course?.timeZone ?? 'Europe/Moscow', items };
}
