// The SQL of the authors' side of homework (issue 35, docs/HOMEWORK.md): the review queue over the courses an author
// leads, one answer with its lesson, course and person, the thread, the decision (a compare-and-set on the state), the
// numbers per assignment, and what the daily digest reads and records. Drafts are never read here.
import { and, asc, count, eq, gt, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { authors, courseAuthors, courses, homeworkAnswers, homeworkDigests, homeworkFiles, lessons, users } from '../../db/schema.ts';
import { ledCourseIds } from '../ledCourses.ts';

export type HomeworkAnswerRow = typeof homeworkAnswers.$inferSelect;

/** Which answers a queue shows: one decided state, the waiting ones, or every sent one. */
export type QueueState = 'submitted' | 'accepted' | 'returned' | 'all';

export interface QueueFilter {
  authorId: number;
  courseId?: number;
  state: QueueState;
}

function queueWhere(filter: QueueFilter): SQL | undefined {
  return and(
    sql`${lessons.courseId} IN ${ledCourseIds(filter.authorId)}`,
    filter.courseId === undefined ? undefined : eq(lessons.courseId, filter.courseId),
    filter.state === 'all' ? ne(homeworkAnswers.state, 'draft') : eq(homeworkAnswers.state, filter.state),
  );
}

export async function countQueue(db: Executor, filter: QueueFilter): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(homeworkAnswers)
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .where(queueWhere(filter));
  return Number(row?.count ?? 0);
}

/** Answers waiting for a decision over the author's courses (or the one given). */
export function waitingAnswersCount(db: Executor, authorId: number, courseId?: number): Promise<number> {
  return countQueue(db, { authorId, courseId, state: 'submitted' });
}

/** One page of the queue, oldest sent first, with the lesson, the course, the person and the number of files. */
export function pageQueue(db: Executor, filter: QueueFilter, limit: number, offset: number) {
  return db
    .select({
      id: homeworkAnswers.id,
      state: homeworkAnswers.state,
      submittedAt: homeworkAnswers.submittedAt,
      decidedAt: homeworkAnswers.decidedAt,
      seenAt: homeworkAnswers.seenAt,
      files: sql<number>`(SELECT count(*) FROM ${homeworkFiles} WHERE ${homeworkFiles.answerId} = ${homeworkAnswers.id})`.mapWith(Number),
      dueAt: lessons.assignmentDueAt,
      person: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt },
      lesson: { id: lessons.id, number: lessons.number, title: lessons.title },
      course: { id: courses.id, title: courses.title, timeZone: courses.timeZone },
    })
    .from(homeworkAnswers)
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(users, eq(users.id, homeworkAnswers.userId))
    .where(queueWhere(filter))
    .orderBy(asc(homeworkAnswers.submittedAt), asc(homeworkAnswers.id))
    .limit(limit)
    .offset(offset);
}

export type QueueRow = Awaited<ReturnType<typeof pageQueue>>[number];

/** A sent answer of a course the author leads, with its lesson, course and person; null for anything else (a draft too). */
export async function reviewedAnswer(db: Executor, authorId: number, answerId: number) {
  const [row] = await db
    .select({
      answer: homeworkAnswers,
      person: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, deletedAt: users.deletedAt },
      lesson: { id: lessons.id, number: lessons.number, title: lessons.title, assignment: lessons.assignment, dueAt: lessons.assignmentDueAt },
      course: { id: courses.id, title: courses.title, timeZone: courses.timeZone },
    })
    .from(homeworkAnswers)
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(users, eq(users.id, homeworkAnswers.userId))
    .where(and(eq(homeworkAnswers.id, answerId), ne(homeworkAnswers.state, 'draft'), sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`));
  return row ?? null;
}

export type ReviewedAnswer = NonNullable<Awaited<ReturnType<typeof reviewedAnswer>>>;

/** Marks a sent answer seen by the authors, the first time only (from then the person can no longer change it). */
export async function markAnswerSeen(db: Executor, answerId: number, now: Date): Promise<void> {
  await db
    .update(homeworkAnswers)
    .set({ seenAt: now })
    .where(and(eq(homeworkAnswers.id, answerId), ne(homeworkAnswers.state, 'draft'), sql`${homeworkAnswers.seenAt} IS NULL`));
}

/** The person's sent answers to the lesson, oldest first (drafts never). */
export function answerThread(db: Executor, lessonId: number, userId: number): Promise<HomeworkAnswerRow[]> {
  return db
    .select()
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.lessonId, lessonId), eq(homeworkAnswers.userId, userId), ne(homeworkAnswers.state, 'draft')))
    .orderBy(asc(homeworkAnswers.submittedAt), asc(homeworkAnswers.id));
}

/**
 * The decision, as a compare-and-set: only an answer still waiting (state submitted) is decided. Of two decisions at
 * once one finds the row changed (PostgreSQL re-reads it after the first one's commit) and gets null.
 */
export async function decideAnswer(
  tx: Tx,
  answerId: number,
  decision: { state: 'accepted' | 'returned'; comment: string; decidedBy: number; now: Date },
): Promise<HomeworkAnswerRow | null> {
  const [row] = await tx
    .update(homeworkAnswers)
    .set({
      state: decision.state,
      comment: decision.comment,
      decidedAt: decision.now,
      decidedBy: decision.decidedBy,
      updatedAt: decision.now,
      seenAt: sql`COALESCE(${homeworkAnswers.seenAt}, ${decision.now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(homeworkAnswers.id, answerId), eq(homeworkAnswers.state, 'submitted')))
    .returning();
  return row ?? null;
}

// ---- The numbers per assignment

export interface AssignmentStatsRow {
  lessonId: number;
  lessonNumber: number;
  lessonTitle: string;
  dueAt: Date | null;
  courseId: number;
  courseTitle: string;
  answered: number;
  waiting: number;
  accepted: number;
  returned: number;
  late: number;
  medianDecisionSeconds: number | null;
}

const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/**
 * Per lesson with an assignment of the author's courses (or the one given): people counted by their last sent answer,
 * the late ones by their first, and the median time to a decision over the decisions since `decidedSince`.
 */
export async function assignmentStats(db: Executor, authorId: number, courseId: number | undefined, decidedSince: Date): Promise<AssignmentStatsRow[]> {
  const courseFilter = courseId === undefined ? sql`` : sql`AND l.course_id = ${courseId}`;
  const result = await db.execute(sql`
    WITH assigned AS (
      SELECT l.id, l.number, l.title, l.assignment_due_at, l.course_id, c.title AS course_title
      FROM ${lessons} l JOIN ${courses} c ON c.id = l.course_id
      WHERE l.assignment <> '' AND l.course_id IN ${ledCourseIds(authorId)} ${courseFilter}
    ),
    sent AS (
      SELECT a.* FROM ${homeworkAnswers} a JOIN assigned ON assigned.id = a.lesson_id WHERE a.state <> 'draft'
    ),
    people AS (
      SELECT DISTINCT ON (lesson_id, user_id) lesson_id, user_id, state AS last_state
      FROM sent ORDER BY lesson_id, user_id, submitted_at DESC, id DESC
    ),
    firsts AS (
      SELECT lesson_id, user_id, min(submitted_at) AS first_at FROM sent GROUP BY lesson_id, user_id
    ),
    per_lesson AS (
      SELECT p.lesson_id,
        count(*) AS answered,
        count(*) FILTER (WHERE p.last_state = 'submitted') AS waiting,
        count(*) FILTER (WHERE p.last_state = 'accepted') AS accepted,
        count(*) FILTER (WHERE p.last_state = 'returned') AS returned,
        count(*) FILTER (WHERE assigned.assignment_due_at IS NOT NULL AND f.first_at > assigned.assignment_due_at) AS late
      FROM people p
      JOIN firsts f ON f.lesson_id = p.lesson_id AND f.user_id = p.user_id
      JOIN assigned ON assigned.id = p.lesson_id
      GROUP BY p.lesson_id
    ),
    decisions AS (
      SELECT lesson_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - submitted_at)) AS median
      FROM sent WHERE decided_at IS NOT NULL AND submitted_at IS NOT NULL AND decided_at >= ${decidedSince.toISOString()}::timestamptz
      GROUP BY lesson_id
    )
    SELECT assigned.id, assigned.number, assigned.title, assigned.assignment_due_at, assigned.course_id, assigned.course_title,
      COALESCE(per_lesson.answered, 0) AS answered, COALESCE(per_lesson.waiting, 0) AS waiting,
      COALESCE(per_lesson.accepted, 0) AS accepted, COALESCE(per_lesson.returned, 0) AS returned,
      COALESCE(per_lesson.late, 0) AS late, decisions.median
    FROM assigned
    LEFT JOIN per_lesson ON per_lesson.lesson_id = assigned.id
    LEFT JOIN decisions ON decisions.lesson_id = assigned.id
    ORDER BY assigned.course_id, assigned.number, assigned.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    lessonId: Number(row.id),
    lessonNumber: Number(row.number),
    lessonTitle: String(row.title),
    dueAt: dateOrNull(row.assignment_due_at),
    courseId: Number(row.course_id),
    courseTitle: String(row.course_title),
    answered: Number(row.answered),
    waiting: Number(row.waiting),
    accepted: Number(row.accepted),
    returned: Number(row.returned),
    late: Number(row.late),
    medianDecisionSeconds: row.median === null || row.median === undefined ? null : Number(row.median),
  }));
}

// ---- The daily digest

/** The users of authors who lead a course, whose digest is due: none queued yet, or the last one before `slotStart`. */
export async function digestAuthorsDue(db: Executor, slotStart: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: users.id })
    .from(courseAuthors)
    .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
    .innerJoin(users, eq(users.id, authors.userId))
    .leftJoin(homeworkDigests, eq(homeworkDigests.authorUserId, users.id))
    .where(and(sql`${users.deletedAt} IS NULL`, sql`(${homeworkDigests.lastSentAt} IS NULL OR ${homeworkDigests.lastSentAt} < ${slotStart.toISOString()}::timestamptz)`))
    .orderBy(asc(users.id));
  return rows.map((row) => row.userId);
}

/**
 * Claims the author's digest for this run in the caller's transaction: the row is made (its first «since» is
 * `firstSince`) and locked; null when another run has done it since `slotStart` (the one that waited finds it moved).
 */
export async function claimDigest(tx: Tx, userId: number, firstSince: Date, slotStart: Date): Promise<Date | null> {
  await tx.insert(homeworkDigests).values({ authorUserId: userId, lastSentAt: firstSince }).onConflictDoNothing();
  const [row] = await tx.select({ lastSentAt: homeworkDigests.lastSentAt }).from(homeworkDigests).where(eq(homeworkDigests.authorUserId, userId)).for('update');
  if (!row || row.lastSentAt.getTime() >= slotStart.getTime()) return null;
  return row.lastSentAt;
}

export async function recordDigest(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx.update(homeworkDigests).set({ lastSentAt: at }).where(eq(homeworkDigests.authorUserId, userId));
}

/** The user as an author's digest names them, and the author they are. */
export async function digestRecipient(db: Executor, userId: number) {
  const [row] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, authorId: authors.id })
    .from(users)
    .innerJoin(authors, eq(authors.userId, users.id))
    .where(eq(users.id, userId))
    .orderBy(asc(authors.id))
    .limit(1);
  return row ?? null;
}

/** The answers sent in (since, until] to lessons of the author's courses, by course, lesson and sending. */
export function answersSentBetween(db: Executor, authorId: number, since: Date, until: Date) {
  return db
    .select({
      id: homeworkAnswers.id,
      submittedAt: homeworkAnswers.submittedAt,
      person: { firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt },
      lesson: { id: lessons.id, number: lessons.number, title: lessons.title },
      course: { id: courses.id, title: courses.title },
    })
    .from(homeworkAnswers)
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(users, eq(users.id, homeworkAnswers.userId))
    .where(
      and(
        sql`${lessons.courseId} IN ${ledCourseIds(authorId)}`,
        inArray(homeworkAnswers.state, ['submitted', 'accepted', 'returned']),
        gt(homeworkAnswers.submittedAt, since),
        lte(homeworkAnswers.submittedAt, until),
      ),
    )
    .orderBy(asc(courses.id), asc(lessons.number), asc(homeworkAnswers.submittedAt), asc(homeworkAnswers.id));
}
