// The SQL of the participant's side of homework (issue 35, services/homework/answers.ts): what decides whether an
// assignment is open to a person, in one query; their thread of answers; an answer's writes (the partial unique index
// homework_answers_one_open keeps one open answer per lesson and person); who may see a file; the badges of a list of
// lessons in one query; the «стоп-занятие» of a lesson's recording; and a person's answers for the export and the
// account's deletion.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CourseFormat } from '../../../../common/recordings.ts';
import type { HomeworkAnswerState } from '../../../../common/homework.ts';
import type { CourseState, ParticipationState } from '../../../../common/wireTypes.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { authors, courseAuthors, courses, homeworkAnswers, homeworkFiles, lessons, participants } from '../../db/schema.ts';

export type HomeworkAnswerRow = typeof homeworkAnswers.$inferSelect;

/** Everything the assignment's rule needs about one lesson and one person. */
export interface AssignmentFacts {
  lessonId: number;
  courseId: number;
  lessonNumber: number;
  lessonTitle: string;
  courseTitle: string;
  lessonState: 'draft' | 'published';
  courseState: CourseState;
  format: CourseFormat;
  timeZone: string;
  startsAt: Date | null;
  heldAt: Date | null;
  assignment: string;
  dueAt: Date | null;
  required: boolean;
  participation: ParticipationState | null;
}

const factColumns = {
  lessonId: lessons.id,
  courseId: lessons.courseId,
  lessonNumber: lessons.number,
  lessonTitle: lessons.title,
  courseTitle: courses.title,
  lessonState: lessons.state,
  courseState: courses.state,
  format: courses.format,
  timeZone: courses.timeZone,
  startsAt: lessons.startsAt,
  heldAt: lessons.heldAt,
  assignment: lessons.assignment,
  dueAt: lessons.assignmentDueAt,
  required: lessons.assignmentRequired,
};

/** Null for a lesson that does not exist. */
export async function assignmentFacts(db: Executor, lessonId: number, userId: number): Promise<AssignmentFacts | null> {
  const [row] = await db
    .select({ ...factColumns, participation: participants.state })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(participants, and(eq(participants.lessonId, lessons.id), eq(participants.userId, userId)))
    .where(eq(lessons.id, lessonId));
  return row ?? null;
}

/** The facts of these lessons for one person, in one query (the badges of a course page or «Мои курсы»). */
export async function assignmentFactsOfLessons(db: Executor, lessonIds: number[], userId: number): Promise<(AssignmentFacts & { lastState: HomeworkAnswerState | null })[]> {
  if (lessonIds.length === 0) return [];
  const rows = await db
    .select({
      ...factColumns,
      participation: participants.state,
      lastState: sql<HomeworkAnswerState | null>`(SELECT ${homeworkAnswers.state} FROM ${homeworkAnswers} WHERE ${homeworkAnswers.lessonId} = ${lessons.id} AND ${homeworkAnswers.userId} = ${userId} ORDER BY ${homeworkAnswers.id} DESC LIMIT 1)`,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(participants, and(eq(participants.lessonId, lessons.id), eq(participants.userId, userId), eq(participants.state, 'approved')))
    .where(and(inArray(lessons.id, lessonIds), sql`${lessons.assignment} <> ''`));
  return rows;
}

/** The person's answers to the lesson: sent ones oldest first, a draft last. */
export function answersOf(db: Executor, lessonId: number, userId: number): Promise<HomeworkAnswerRow[]> {
  return db
    .select()
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.lessonId, lessonId), eq(homeworkAnswers.userId, userId)))
    .orderBy(sql`(${homeworkAnswers.state} = 'draft')`, asc(homeworkAnswers.createdAt), asc(homeworkAnswers.id));
}

/** An id for a new answer before its row is written: its files are stored under it first. */
export async function reserveAnswerId(db: Executor): Promise<number> {
  const result = await db.execute(sql`SELECT nextval(pg_get_serial_sequence('homework_answers', 'id'))::integer AS id`);
  return Number((result as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
}

export interface NewFileRow {
  name: string;
  size: number;
  kind: string;
  storageKey: string;
}

export async function insertAnswer(tx: Tx, values: { id: number; lessonId: number; userId: number; text: string; state: 'draft' | 'submitted' }): Promise<HomeworkAnswerRow> {
  const [row] = await tx
    .insert(homeworkAnswers)
    .values({ ...values, submittedAt: values.state === 'submitted' ? sql`now()` : null })
    .returning();
  return row!;
}

export async function insertFiles(tx: Tx, answerId: number, files: NewFileRow[]): Promise<void> {
  if (files.length === 0) return;
  await tx.insert(homeworkFiles).values(files.map((file) => ({ ...file, answerId })));
}

/** The answer with its lesson's due time (locked until the transaction ends when `lock`); null when there is none. */
export async function answerWithDueAt(db: Executor, answerId: number, lock = false): Promise<(HomeworkAnswerRow & { dueAt: Date | null }) | null> {
  const query = db
    .select({ answer: homeworkAnswers, dueAt: lessons.assignmentDueAt })
    .from(homeworkAnswers)
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .where(eq(homeworkAnswers.id, answerId));
  const [row] = lock ? await query.for('update', { of: homeworkAnswers }) : await query;
  return row ? { ...row.answer, dueAt: row.dueAt } : null;
}

export async function updateAnswer(tx: Tx, answerId: number, set: { text?: string; submit: boolean }): Promise<HomeworkAnswerRow> {
  const [row] = await tx
    .update(homeworkAnswers)
    .set({
      ...(set.text === undefined ? {} : { text: set.text }),
      ...(set.submit ? { state: 'submitted' as const, submittedAt: sql`coalesce(${homeworkAnswers.submittedAt}, now())` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(homeworkAnswers.id, answerId))
    .returning();
  return row!;
}

/** Removes these files of the answer; their storage keys (ids that are not the answer's are left alone). */
export async function deleteFilesOfAnswer(tx: Tx, answerId: number, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .delete(homeworkFiles)
    .where(and(eq(homeworkFiles.answerId, answerId), inArray(homeworkFiles.id, fileIds)))
    .returning({ storageKey: homeworkFiles.storageKey });
  return rows.map((row) => row.storageKey);
}

/** A file with what decides who may see it: the answer's person and the course's authors (as users). */
export async function fileForViewing(db: Executor, fileId: number, viewerId: number) {
  const [row] = await db
    .select({
      name: homeworkFiles.name,
      size: homeworkFiles.size,
      kind: homeworkFiles.kind,
      storageKey: homeworkFiles.storageKey,
      ownerId: homeworkAnswers.userId,
      answerState: homeworkAnswers.state,
      viewerLeads: sql<boolean>`EXISTS (SELECT 1 FROM ${courseAuthors} JOIN ${authors} ON ${authors.id} = ${courseAuthors.authorId} WHERE ${courseAuthors.courseId} = ${lessons.courseId} AND ${authors.userId} = ${viewerId})`,
    })
    .from(homeworkFiles)
    .innerJoin(homeworkAnswers, eq(homeworkAnswers.id, homeworkFiles.answerId))
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .where(eq(homeworkFiles.id, fileId));
  return row ? { ...row, viewerLeads: Boolean(row.viewerLeads) } : null;
}

/**
 * «Стоп-занятие»: the published lesson just before this one (by number) in its course, when its assignment is required,
 * and whether the person sent an answer to it; null when there is no such lesson.
 */
export async function stopLessonBefore(db: Executor, lessonId: number, userId: number): Promise<{ number: number; answered: boolean } | null> {
  const current = db.select({ courseId: lessons.courseId, number: lessons.number }).from(lessons).where(eq(lessons.id, lessonId)).as('current');
  const [previous] = await db
    .select({
      number: lessons.number,
      required: lessons.assignmentRequired,
      assignment: lessons.assignment,
      answered: sql<boolean>`EXISTS (SELECT 1 FROM ${homeworkAnswers} WHERE ${homeworkAnswers.lessonId} = ${lessons.id} AND ${homeworkAnswers.userId} = ${userId} AND ${homeworkAnswers.state} IN ('submitted', 'accepted', 'returned'))`,
    })
    .from(lessons)
    .innerJoin(current, and(eq(lessons.courseId, current.courseId), sql`${lessons.number} < ${current.number}`))
    .where(eq(lessons.state, 'published'))
    .orderBy(desc(lessons.number))
    .limit(1);
  if (!previous || !previous.required || previous.assignment === '') return null;
  return { number: previous.number, answered: Boolean(previous.answered) };
}

/** The person's answers with their lessons and files, for «Мои данные». */
export async function answersForExport(db: Executor, userId: number) {
  const rows = await db
    .select({
      id: homeworkAnswers.id,
      courseTitle: courses.title,
      lessonNumber: lessons.number,
      lessonTitle: lessons.title,
      text: homeworkAnswers.text,
      state: homeworkAnswers.state,
      comment: homeworkAnswers.comment,
      createdAt: homeworkAnswers.createdAt,
      updatedAt: homeworkAnswers.updatedAt,
      submittedAt: homeworkAnswers.submittedAt,
      decidedAt: homeworkAnswers.decidedAt,
    })
    .from(homeworkAnswers)
    .innerJoin(lessons, eq(lessons.id, homeworkAnswers.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(homeworkAnswers.userId, userId))
    .orderBy(asc(courses.id), asc(lessons.number), asc(homeworkAnswers.id));
  const files =
    rows.length === 0
      ? []
      : await db
          .select({ answerId: homeworkFiles.answerId, name: homeworkFiles.name, size: homeworkFiles.size })
          .from(homeworkFiles)
          .where(
            inArray(
              homeworkFiles.answerId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(homeworkFiles.id));
  return rows.map(({ id, ...row }) => ({ ...row, files: files.filter((file) => file.answerId === id).map(({ name, size }) => ({ name, size })) }));
}

/** Part of deleting an account: the person's answers and their files' rows go; the storage keys to remove after the commit. */
export async function eraseAnswers(tx: Tx, userId: number): Promise<string[]> {
  const keys = await tx
    .select({ storageKey: homeworkFiles.storageKey })
    .from(homeworkFiles)
    .innerJoin(homeworkAnswers, eq(homeworkAnswers.id, homeworkFiles.answerId))
    .where(eq(homeworkAnswers.userId, userId));
  await tx.delete(homeworkAnswers).where(eq(homeworkAnswers.userId, userId));
  return keys.map((row) => row.storageKey);
}
