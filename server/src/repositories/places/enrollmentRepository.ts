// The SQL of enrollment without payment: news subscriptions, the courses of a user's own course list, whose author
// record an account is, and the people, courses and lessons that the letters of enrollment and payment name. Each
// function runs in the transaction (or on the database) it is given; services/places/enrollment.ts decides. The
// participant rows are participantsRepository.ts's.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authors, courseAuthors, courses, lessons, mailingSubscriptions, prices, users } from '../../db/schema.ts';

type CourseRow = typeof courses.$inferSelect;

/** The course unless it is a draft. */
export async function visibleCourse(db: Executor, courseId: number): Promise<CourseRow | null> {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), ne(courses.state, 'draft')));
  return course ?? null;
}

export async function courseHasPrices(db: Executor, courseId: number): Promise<boolean> {
  const [priced] = await db.select({ id: prices.id }).from(prices).where(eq(prices.courseId, courseId)).limit(1);
  return priced !== undefined;
}

// ---- News subscriptions

/** Whether the subscription is new (false when it was there already). */
export async function subscribe(db: Executor, userId: number, courseId: number): Promise<boolean> {
  const added = await db.insert(mailingSubscriptions).values({ userId, courseId }).onConflictDoNothing().returning({ id: mailingSubscriptions.id });
  return added.length > 0;
}

/** Whether there was a subscription to end. */
export async function unsubscribe(db: Executor, userId: number, courseId: number): Promise<boolean> {
  const removed = await db
    .delete(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.userId, userId), eq(mailingSubscriptions.courseId, courseId)))
    .returning({ id: mailingSubscriptions.id });
  return removed.length > 0;
}

/** The courses the user is subscribed to (or only whether to this one). */
export async function subscribedCourseIds(db: Executor, userId: number, onlyCourseId?: number): Promise<Set<number>> {
  const rows = await db
    .select({ courseId: mailingSubscriptions.courseId })
    .from(mailingSubscriptions)
    .where(and(eq(mailingSubscriptions.userId, userId), onlyCourseId === undefined ? undefined : eq(mailingSubscriptions.courseId, onlyCourseId)));
  return new Set(rows.map((row) => row.courseId));
}

// ---- The courses of a user's own course list

/** These courses unless drafts, by start (undated last), then id. */
export async function coursesForList(
  db: Executor,
  courseIds: number[],
): Promise<{ id: number; title: string; participantsLimit: number; format: (typeof courses.$inferSelect)['format'] }[]> {
  return db
    .select({ id: courses.id, title: courses.title, participantsLimit: courses.participantsLimit, format: courses.format })
    .from(courses)
    .where(and(inArray(courses.id, courseIds), ne(courses.state, 'draft')))
    .orderBy(sql`${courses.start} ASC NULLS LAST`, asc(courses.id));
}

/** The authors of these courses, in each course's order. */
export async function authorsOfCourses(
  db: Executor,
  courseIds: number[],
): Promise<{ courseId: number; id: number; firstName: string; lastName: string; genitive: string }[]> {
  return db
    .select({ courseId: courseAuthors.courseId, id: authors.id, firstName: authors.firstName, lastName: authors.lastName, genitive: authors.genitive })
    .from(courseAuthors)
    .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
    .where(inArray(courseAuthors.courseId, courseIds))
    .orderBy(asc(courseAuthors.position));
}

// ---- Authors

/** The author record of an author account; null for anyone else. */
export async function authorIdOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: authors.id })
    .from(authors)
    .innerJoin(users, eq(users.id, authors.userId))
    .where(and(eq(authors.userId, userId), eq(users.isAuthor, true)));
  return row?.id ?? null;
}

// ---- What the letters name

export interface Person {
  id: number;
  email: string;
  firstName: string;
}

export async function personById(db: Executor, userId: number): Promise<Person | null> {
  const [person] = await db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return person ?? null;
}

export async function peopleByIds(db: Executor, userIds: number[]): Promise<Person[]> {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(inArray(users.id, userIds));
}

export async function courseTitle(db: Executor, courseId: number): Promise<{ id: number; title: string } | null> {
  const [course] = await db.select({ id: courses.id, title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return course ?? null;
}

export interface LessonTitle {
  id: number;
  number: number;
  title: string;
}

/** These lessons in their order in the course. */
export async function lessonTitles(db: Executor, lessonIds: number[]): Promise<LessonTitle[]> {
  if (lessonIds.length === 0) return [];
  return db.select({ id: lessons.id, number: lessons.number, title: lessons.title }).from(lessons).where(inArray(lessons.id, lessonIds)).orderBy(asc(lessons.number));
}
