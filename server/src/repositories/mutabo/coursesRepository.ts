// The SQL of the authors' courses and lessons (services/mutabo): reads, row locks and compare-and-set writes.
import { and, asc, count, countDistinct, desc, eq, inArray, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { MutaboCourseListItem } from '../../../../common/mutabo/courses.ts';
import type { Currency } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { authors, courseAuthors, courses, feedback, lessons, participants, paymentLessons, prices, users } from '../../db/schema.ts';
import { countedPlace, notLapsedHold, type LockedCourseForWrite } from '../places/placesRepository.ts';
import type { CourseRow, LessonRow } from '../content/coursesRepository.ts';

export type { CourseRow, LessonRow };

export type CourseValues = Partial<Omit<typeof courses.$inferInsert, 'id' | 'version' | 'createdAt'>>;
export type LessonValues = Partial<
  Pick<typeof lessons.$inferInsert, | 'number'
    | 'title'
    | 'content'
    | 'duration'
    | 'state'
    | 'startsAt'
    | 'roomUrl'
    | 'recordingUrl'
    | 'sequence'
    | 'assignment'
    | 'assignmentDueAt'
    | 'assignmentRequired'
  >
>;
export interface PriceValues {
  currency: Currency;
  coursePrice: number;
  lessonPrice: number;
  lessonWholesalePrice: number;
}

/** Rows that keep a course or a lesson from being deleted: someone holds, waits for or has paid for a place. */
const blockingStates = ['reserved', 'waiting_list', 'approved'] as const;

const money = (amount: number) => amount.toFixed(2);

/** Every course the author leads, newest start first (undated ones first: they are usually new drafts). */
export async function coursesLedBy(db: Executor, authorId: number): Promise<MutaboCourseListItem[]> {
  const led = db.select({ courseId: courseAuthors.courseId }).from(courseAuthors).where(eq(courseAuthors.authorId, authorId));
  const rows = await db
    .select()
    .from(courses)
    .where(inArray(courses.id, led))
    .orderBy(sql`${courses.start} DESC NULLS FIRST`, desc(courses.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [links, lessonCounts, taken, waiting] = await Promise.all([
    db.select().from(courseAuthors).where(inArray(courseAuthors.courseId, ids)).orderBy(asc(courseAuthors.position)),
    db
      .select({
        courseId: lessons.courseId,
        all: count(),
        published: sql<number>`count(*) FILTER (WHERE ${lessons.state} = 'published')`.mapWith(Number),
      })
      .from(lessons)
      .where(inArray(lessons.courseId, ids))
      .groupBy(lessons.courseId),
    db
      .select({ courseId: lessons.courseId, lessonId: lessons.id, taken: count() })
      .from(participants)
      .innerJoin(lessons, eq(lessons.id, participants.lessonId))
      .where(and(inArray(lessons.courseId, ids), countedPlace))
      .groupBy(lessons.courseId, lessons.id),
    db
      .select({ courseId: lessons.courseId, people: countDistinct(participants.userId) })
      .from(participants)
      .innerJoin(lessons, eq(lessons.id, participants.lessonId))
      .where(and(inArray(lessons.courseId, ids), eq(participants.state, 'waiting_list')))
      .groupBy(lessons.courseId),
  ]);
  return rows.map((row) => {
    const lessonCount = lessonCounts.find((entry) => entry.courseId === row.id);
    return {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      state: row.state,
      start: row.start,
      end: row.end,
      disciplesAge: row.disciplesAge,
      thumbnail: row.thumbnail,
      authors: links.filter((link) => link.courseId === row.id).map((link) => link.authorId),
      placesTaken: Math.max(0, ...taken.filter((entry) => entry.courseId === row.id).map((entry) => entry.taken)),
      participantsLimit: row.participantsLimit,
      waiting: waiting.find((entry) => entry.courseId === row.id)?.people ?? 0,
      lessonsCount: lessonCount?.all ?? 0,
      publishedLessonsCount: lessonCount?.published ?? 0,
      version: row.version,
    };
  });
}

/**
 * The course and its lessons as stored, without a lock: a save's checks before its costly work (the same checks
 * run again on the locked rows). Null when there is no such course.
 */
export async function findCourseForSave(db: Executor, courseId: number): Promise<LockedCourseForWrite | null> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) return null;
  const lessonRows = await db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.number));
  return { course, lessons: lessonRows };
}

export async function findLesson(db: Executor, id: number): Promise<LessonRow | null> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, id));
  return row ?? null;
}

// ---- Inside the authors' write transactions, under the course's lock (withCourseLockedForWrite,
// services/places/courseLock.ts).

/** Whether the author leads any course (a draft too). */
export async function leadsAnyCourse(db: Executor, authorId: number): Promise<boolean> {
  const [row] = await db.select({ courseId: courseAuthors.courseId }).from(courseAuthors).where(eq(courseAuthors.authorId, authorId)).limit(1);
  return row !== undefined;
}

/** What a copy reads of its source: the course, and its lessons' ids, numbers and starts without their texts. */
export interface CourseForCopy {
  course: CourseRow;
  lessons: Pick<LessonRow, 'id' | 'number' | 'startsAt'>[];
  /** The lessons' titles and texts together, in bytes. */
  textBytes: number;
}

/**
 * The course and its lessons locked against writes until the commit (FOR SHARE: other copies and readers go on), in
 * lockCourseForWrite's order (repositories/places/placesRepository.ts); the lessons' texts stay in the database.
 */
export async function lockCourseForCopy(tx: Tx, courseId: number): Promise<CourseForCopy | null> {
  const lockLessons = () =>
    tx.select({ id: lessons.id, number: lessons.number, startsAt: lessons.startsAt }).from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.id)).for('share');
  await lockLessons();
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('share');
  if (!course) return null;
  const lessonRows = await lockLessons();
  const [size] = await tx
    .select({ bytes: sql<string>`coalesce(sum(octet_length(${lessons.title}) + octet_length(${lessons.content})), 0)` })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  return { course, lessons: lessonRows.sort((a, b) => a.number - b.number), textBytes: Number(size?.bytes ?? 0) };
}

/**
 * Copies the given lessons of a course into another inside the database (their texts never pass through the
 * process): the same number, title, text, duration, room and assignment (without its due time, which belonged to the
 * old dates), the given start and state, no recording. Answers the
 * new lessons' ids and numbers.
 */
export async function copyLessons(
  tx: Tx,
  from: number,
  to: number,
  starts: { id: number; startsAt: Date | null }[],
  state: LessonRow['state'],
): Promise<{ id: number; number: number }[]> {
  if (starts.length === 0) return [];
  const moved = sql.join(
    starts.map((lesson) => sql`(${lesson.id}::integer, ${lesson.startsAt?.toISOString() ?? null}::timestamptz)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    INSERT INTO ${lessons} ("course_id", "number", "title", "content", "duration", "state", "starts_at", "room_url", "recording_url", "assignment", "assignment_required")
    SELECT ${to}::integer, l."number", l."title", l."content", l."duration", ${state}::lesson_state, moved.starts_at, l."room_url", '', l."assignment", l."assignment_required"
    FROM ${lessons} l JOIN (VALUES ${moved}) AS moved(id, starts_at) ON l."id" = moved.id
    WHERE l."course_id" = ${from}
    RETURNING "id", "number"`);
  const rows = (result as unknown as { rows: { id: number; number: number }[] }).rows;
  return rows.map((row) => ({ id: Number(row.id), number: Number(row.number) })).sort((a, b) => a.number - b.number);
}

/** The first key of the advisory locks that let an author copy one course at a time (the second is the user id). */
const COPY_LOCK_SPACE = 8_002;

/** Takes the caller's copy lock until the transaction ends; false when another transaction (any process) holds it. */
export async function tryCopyLock(tx: Tx, userId: number): Promise<boolean> {
  const result = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${COPY_LOCK_SPACE}, ${userId}) AS locked`);
  return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
}

export async function authorIdsOf(tx: Executor, courseId: number): Promise<number[]> {
  const rows = await tx.select({ id: courseAuthors.authorId }).from(courseAuthors).where(eq(courseAuthors.courseId, courseId)).orderBy(asc(courseAuthors.position));
  return rows.map((row) => row.id);
}

export async function existingAuthorIds(tx: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: authors.id }).from(authors).where(inArray(authors.id, ids));
  return new Set(rows.map((row) => row.id));
}

export interface AuthorPerson {
  id: number;
  /** «Имя Фамилия» of the author's record. */
  name: string;
  firstName: string;
  /** Where a letter reaches them: their account's address, else their record's; '' when neither. */
  email: string;
  userId: number | null;
}

/** The authors of these ids with their names and addresses, by id. */
export async function authorPeople(db: Executor, ids: number[]): Promise<Map<number, AuthorPerson>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: authors.id, firstName: authors.firstName, lastName: authors.lastName, recordEmail: authors.email, userId: authors.userId, accountEmail: users.email })
    .from(authors)
    .leftJoin(users, eq(users.id, authors.userId))
    .where(inArray(authors.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: `${row.firstName} ${row.lastName}`.trim(), firstName: row.firstName, email: row.accountEmail || row.recordEmail, userId: row.userId },
    ]),
  );
}

export async function pricesOfCourse(tx: Executor, courseId: number): Promise<PriceValues[]> {
  const rows = await tx.select().from(prices).where(eq(prices.courseId, courseId)).orderBy(asc(prices.id));
  return rows.map((row) => ({
    currency: row.currency,
    coursePrice: Number(row.coursePrice),
    lessonPrice: Number(row.lessonPrice),
    lessonWholesalePrice: Number(row.lessonWholesalePrice),
  }));
}

export async function insertCourse(tx: Tx, values: CourseValues & Pick<typeof courses.$inferInsert, 'title' | 'disciplesAge'>): Promise<CourseRow> {
  const [row] = await tx.insert(courses).values(values).returning();
  return row!;
}

/** Compare-and-set: writes and bumps the version only while the row is still at `version`; null otherwise. */
export async function updateCourseAtVersion(tx: Tx, id: number, version: number, values: CourseValues): Promise<CourseRow | null> {
  const [row] = await tx
    .update(courses)
    .set({ ...values, version: sql`${courses.version} + 1` })
    .where(and(eq(courses.id, id), eq(courses.version, version)))
    .returning();
  return row ?? null;
}

export async function replaceAuthors(tx: Tx, courseId: number, authorIds: number[]): Promise<void> {
  await tx.delete(courseAuthors).where(eq(courseAuthors.courseId, courseId));
  if (authorIds.length > 0) await tx.insert(courseAuthors).values(authorIds.map((authorId, position) => ({ courseId, authorId, position })));
}

export async function replacePrices(tx: Tx, courseId: number, values: PriceValues[]): Promise<void> {
  await tx.delete(prices).where(eq(prices.courseId, courseId));
  if (values.length === 0) return;
  await tx.insert(prices).values(
    values.map((price) => ({
      courseId,
      currency: price.currency,
      coursePrice: money(price.coursePrice),
      lessonPrice: money(price.lessonPrice),
      lessonWholesalePrice: money(price.lessonWholesalePrice),
    })),
  );
}

interface Blockers {
  /** People holding, waiting for or having bought a place. */
  participants: number;
  payments: number;
}

export async function courseBlockers(tx: Tx, courseId: number): Promise<Blockers> {
  const courseLessons = tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId));
  const [[people], [paid]] = await Promise.all([
    tx
      .select({ n: countDistinct(participants.userId) })
      .from(participants)
      .where(and(inArray(participants.lessonId, courseLessons), inArray(participants.state, [...blockingStates]))),
    tx.select({ n: countDistinct(paymentLessons.paymentId) }).from(paymentLessons).where(inArray(paymentLessons.lessonId, courseLessons)),
  ]);
  return { participants: people?.n ?? 0, payments: paid?.n ?? 0 };
}

/** People who hold, wait for or have a place on any lesson of the course (a lapsed hold is nobody's). */
export async function peopleOfCourse(db: Executor, courseId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(participants.userId) })
    .from(participants)
    .where(and(inArray(participants.lessonId, db.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, courseId))), ne(participants.state, 'subscribed'), notLapsedHold));
  return row?.n ?? 0;
}

export interface LessonPeopleCounts {
  /** People with a place (countedPlace). */
  holding: number;
  waiting: number;
  approved: number;
}

/** Per lesson of the course that anyone is in, its people by what they have (a lapsed hold is nobody's). */
export async function peopleOfLessons(db: Executor, courseId: number): Promise<Map<number, LessonPeopleCounts>> {
  const people = (condition: SQL) => sql<number>`count(DISTINCT ${participants.userId}) FILTER (WHERE ${condition})`.mapWith(Number);
  const rows = await db
    .select({
      lessonId: participants.lessonId,
      holding: people(countedPlace),
      waiting: people(sql`${participants.state} = 'waiting_list'`),
      approved: people(sql`${participants.state} = 'approved'`),
    })
    .from(participants)
    .innerJoin(lessons, eq(lessons.id, participants.lessonId))
    .where(eq(lessons.courseId, courseId))
    .groupBy(participants.lessonId);
  return new Map(rows.map(({ lessonId, ...counts }) => [lessonId, counts]));
}

/** The reviews of a course (deleted with it: the history keeps them). */
export async function feedbackOfCourse(tx: Tx, courseId: number) {
  return tx
    .select({ id: feedback.id, author: feedback.author, authorAge: feedback.authorAge, footer: feedback.footer, text: feedback.text })
    .from(feedback)
    .where(eq(feedback.courseId, courseId))
    .orderBy(asc(feedback.id));
}

export async function lessonBlockers(tx: Tx, lessonId: number): Promise<Blockers> {
  const [[people], [paid]] = await Promise.all([
    tx
      .select({ n: countDistinct(participants.userId) })
      .from(participants)
      .where(and(eq(participants.lessonId, lessonId), inArray(participants.state, [...blockingStates]))),
    tx.select({ n: countDistinct(paymentLessons.paymentId) }).from(paymentLessons).where(eq(paymentLessons.lessonId, lessonId)),
  ]);
  return { participants: people?.n ?? 0, payments: paid?.n ?? 0 };
}

export async function deleteCourse(tx: Tx, id: number): Promise<void> {
  await tx.delete(courses).where(eq(courses.id, id));
}

export async function nextLessonNumber(tx: Tx, courseId: number): Promise<number> {
  const [row] = await tx.select({ last: max(lessons.number) }).from(lessons).where(eq(lessons.courseId, courseId));
  return (row?.last ?? 0) + 1;
}

export async function insertLesson(tx: Tx, values: Required<Omit<LessonValues, 'sequence'>> & { courseId: number }): Promise<LessonRow> {
  const [row] = await tx.insert(lessons).values(values).returning();
  return row!;
}

/** Several lessons in one statement (a series, a copied course's lessons), answered in the order given. */
export async function insertLessons(tx: Tx, values: (Required<Omit<LessonValues, 'sequence'>> & { courseId: number })[]): Promise<LessonRow[]> {
  if (values.length === 0) return [];
  const rows = await tx.insert(lessons).values(values).returning();
  return values.map((value) => rows.find((row) => row.courseId === value.courseId && row.number === value.number)!);
}

/** Compare-and-set, as updateCourseAtVersion. */
export async function updateLessonAtVersion(tx: Tx, id: number, version: number, values: LessonValues): Promise<LessonRow | null> {
  const [row] = await tx
    .update(lessons)
    .set({ ...values, version: sql`${lessons.version} + 1` })
    .where(and(eq(lessons.id, id), eq(lessons.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteLesson(tx: Tx, id: number): Promise<void> {
  await tx.delete(lessons).where(eq(lessons.id, id));
}

/**
 * Numbers the course's lessons 1..n in the given order (every lesson id of the course once). The numbers are unique
 * per course, so they first move out of the way (negated), then take their places; a lesson whose number changes
 * gets a new version.
 */
export async function renumberLessons(tx: Tx, courseId: number, orderedIds: number[]): Promise<void> {
  await tx
    .update(lessons)
    .set({ number: sql`-${lessons.number}` })
    .where(eq(lessons.courseId, courseId));
  const numbering = sql.join(
    orderedIds.map((id, index) => sql`(${id}::integer, ${index + 1}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${lessons} SET "number" = target.n,
      "version" = ${lessons.version} + CASE WHEN -${lessons.number} = target.n THEN 0 ELSE 1 END
    FROM (VALUES ${numbering}) AS target(id, n)
    WHERE ${lessons.id} = target.id AND ${lessons.courseId} = ${courseId}`);
}

/** Marks a lesson held now (a lesson without a time: its settlement receipts fall due); the new mark, or null when it was held already. */
export async function markLessonHeld(tx: Tx, id: number): Promise<Date | null> {
  const [row] = await tx
    .update(lessons)
    .set({ heldAt: sql`now()` })
    .where(and(eq(lessons.id, id), isNull(lessons.heldAt)))
    .returning({ heldAt: lessons.heldAt });
  return row?.heldAt ?? null;
}
