// The rows of lesson_recordings as the upload and the processing job use them (services/recordings/uploads.ts,
// processing.ts): a row is an upload while 'uploading', a job while 'processing' (claimed with a lease, as the letters
// are: services/letters/letterQueue.ts), and what the lesson plays once 'ready'. A lesson has at most one ready row
// and one on its way (uploading, processing or failed): the table's unique indexes keep it so.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { courseAuthors, lessonRecordings, lessons } from '../../db/schema.ts';
import { insertAuditRecord } from '../history/auditRepository.ts';

export type LessonRecordingRow = typeof lessonRecordings.$inferSelect;

/** The lesson's course and whether the author leads it; null when there is no such lesson. */
export async function lessonOfAuthor(db: Executor, lessonId: number, authorId: number): Promise<{ courseId: number; leads: boolean } | null> {
  const [row] = await db
    .select({ courseId: lessons.courseId, author: courseAuthors.authorId })
    .from(lessons)
    .leftJoin(courseAuthors, and(eq(courseAuthors.courseId, lessons.courseId), eq(courseAuthors.authorId, authorId)))
    .where(eq(lessons.id, lessonId));
  return row ? { courseId: row.courseId, leads: row.author !== null } : null;
}

/**
 * What an author's recordings take: a ready one its prepared files, one on its way its upload's length (the source
 * is kept until it is ready). `recordings` counts the rows.
 */
export async function storageUse(db: Executor, authorId: number): Promise<{ usedBytes: number; recordings: number }> {
  const [row] = await db
    .select({
      usedBytes: sql<string>`coalesce(sum(CASE WHEN ${lessonRecordings.state} = 'ready' THEN coalesce(${lessonRecordings.size}, 0) ELSE ${lessonRecordings.uploadSize} END), 0)`,
      recordings: sql<number>`count(*)::int`,
    })
    .from(lessonRecordings)
    .where(eq(lessonRecordings.authorId, authorId));
  return { usedBytes: Number(row?.usedBytes ?? 0), recordings: Number(row?.recordings ?? 0) };
}

/** Holds the author's quota check and insert against another upload of the same author until the commit. */
export async function lockAuthorQuota(tx: Tx, authorId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lesson_recordings_quota'), ${authorId})`);
}

/** The lesson's recording on its way (uploading, processing or failed), or null. */
export async function pendingOfLesson(db: Executor, lessonId: number): Promise<LessonRecordingRow | null> {
  const [row] = await db
    .select()
    .from(lessonRecordings)
    .where(and(eq(lessonRecordings.lessonId, lessonId), inArray(lessonRecordings.state, ['uploading', 'processing', 'failed'])));
  return row ?? null;
}

/** Every row of the lesson (the ready one and the one on its way). */
export function rowsOfLesson(db: Executor, lessonId: number): Promise<LessonRecordingRow[]> {
  return db.select().from(lessonRecordings).where(eq(lessonRecordings.lessonId, lessonId)).orderBy(asc(lessonRecordings.id));
}

/** The ready and pending rows of these lessons, in one query (the area's course and lesson answers). */
export function rowsOfLessons(db: Executor, lessonIds: readonly number[]): Promise<LessonRecordingRow[]> {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db.select().from(lessonRecordings).where(inArray(lessonRecordings.lessonId, [...lessonIds])).orderBy(asc(lessonRecordings.id));
}

export async function rowByUploadId(db: Executor, uploadId: string): Promise<LessonRecordingRow | null> {
  const [row] = await db.select().from(lessonRecordings).where(eq(lessonRecordings.uploadId, uploadId));
  return row ?? null;
}

export async function rowById(db: Executor, id: number): Promise<LessonRecordingRow | null> {
  const [row] = await db.select().from(lessonRecordings).where(eq(lessonRecordings.id, id));
  return row ?? null;
}

/** A failed row of the lesson is replaced by a new upload: its generation, to delete its files; null when none. */
export async function deleteFailedOfLesson(tx: Tx, lessonId: number): Promise<LessonRecordingRow | null> {
  const [row] = await tx
    .delete(lessonRecordings)
    .where(and(eq(lessonRecordings.lessonId, lessonId), eq(lessonRecordings.state, 'failed')))
    .returning();
  return row ?? null;
}

export async function insertUploading(
  tx: Tx,
  values: { lessonId: number; generation: string; uploadId: string; authorId: number; userId: number; fileName: string; uploadSize: number },
): Promise<LessonRecordingRow> {
  const [row] = await tx
    .insert(lessonRecordings)
    .values({ ...values, state: 'uploading' })
    .returning();
  return row!;
}

export async function deleteRow(db: Executor, id: number): Promise<void> {
  await db.delete(lessonRecordings).where(eq(lessonRecordings.id, id));
}

/** The whole upload is in the storage as its source: a job due now. False when the row is no longer uploading. */
export async function markUploaded(db: Executor, id: number, duration: number | null): Promise<boolean> {
  const rows = await db
    .update(lessonRecordings)
    .set({ state: 'processing', uploadId: null, duration, attempts: 0, reason: '', nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(lessonRecordings.id, id), eq(lessonRecordings.state, 'uploading')))
    .returning({ id: lessonRecordings.id });
  return rows.length > 0;
}

/** A failed row whose source is kept back to processing; false when it is not failed. */
export async function markRetried(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(lessonRecordings)
    .set({ state: 'processing', attempts: 0, reason: '', nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(lessonRecordings.id, id), eq(lessonRecordings.state, 'failed')))
    .returning({ id: lessonRecordings.id });
  return rows.length > 0;
}

/**
 * Claims the next due job (processing, due, not leased or its lease lapsed: a process that died leaves its job to the
 * others after its lease) with a lease of `leaseMs`, counting the attempt; null when none is due.
 */
export async function claimDueRecording(db: Db, leaseMs: number): Promise<LessonRecordingRow | null> {
  // Looked for first and updated only when found: every statement on the table, even one that changes no row, tells
  // the public caches of every process (its trigger), and an idle worker looks every so often.
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: lessonRecordings.id })
      .from(lessonRecordings)
      .where(
        and(
          eq(lessonRecordings.state, 'processing'),
          lte(lessonRecordings.nextAttemptAt, sql`now()`),
          or(isNull(lessonRecordings.lockedUntil), lte(lessonRecordings.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(lessonRecordings.nextAttemptAt), asc(lessonRecordings.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(lessonRecordings)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${lessonRecordings.attempts} + 1` })
      .where(eq(lessonRecordings.id, due.id))
      .returning();
    return row ?? null;
  });
}

/** Keeps the claim while the job runs; false when the row is no longer this claim's to finish (deleted, or not processing). */
export async function renewLease(db: Executor, id: number, attempts: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(lessonRecordings)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(and(eq(lessonRecordings.id, id), eq(lessonRecordings.state, 'processing'), eq(lessonRecordings.attempts, attempts)))
    .returning({ id: lessonRecordings.id });
  return rows.length > 0;
}

/** When the next job falls due (a retry, a lease that runs out), or null when none waits. */
export async function nextRecordingDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(greatest(${lessonRecordings.nextAttemptAt}, coalesce(${lessonRecordings.lockedUntil}, ${lessonRecordings.nextAttemptAt})))` })
    .from(lessonRecordings)
    .where(eq(lessonRecordings.state, 'processing'));
  return row?.at ? new Date(row.at) : null;
}

/** Tried again after `delayMs` (the claim of this attempt only). */
export async function markRetry(db: Executor, id: number, attempts: number, reason: string, delayMs: number): Promise<void> {
  await db
    .update(lessonRecordings)
    .set({ reason, lockedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(and(eq(lessonRecordings.id, id), eq(lessonRecordings.state, 'processing'), eq(lessonRecordings.attempts, attempts)));
}

export async function markFailed(db: Executor, id: number, attempts: number, reason: string): Promise<void> {
  await db
    .update(lessonRecordings)
    .set({ state: 'failed', reason, lockedUntil: null, nextAttemptAt: null })
    .where(and(eq(lessonRecordings.id, id), eq(lessonRecordings.state, 'processing'), eq(lessonRecordings.attempts, attempts)));
}

/**
 * The job's claim made ready (size, duration, ready_at): the lesson's previous ready row is deleted (returned, to
 * delete its files after the commit), and a lesson without a time that was never held is held now (its settlement
 * falls due). Null when the claim is no longer this attempt's (the row was deleted or claimed again meanwhile).
 */
export async function markReady(
  tx: Tx,
  job: { id: number; attempts: number; lessonId: number },
  values: { size: number; duration: number | null },
): Promise<{ previous: LessonRecordingRow | null } | null> {
  const [current] = await tx
    .select({ id: lessonRecordings.id, userId: lessonRecordings.userId, fileName: lessonRecordings.fileName })
    .from(lessonRecordings)
    .where(and(eq(lessonRecordings.id, job.id), eq(lessonRecordings.state, 'processing'), eq(lessonRecordings.attempts, job.attempts)))
    .for('update');
  if (!current) return null;
  const [previous] = await tx
    .delete(lessonRecordings)
    .where(and(eq(lessonRecordings.lessonId, job.lessonId), eq(lessonRecordings.state, 'ready')))
    .returning();
  await tx
    .update(lessonRecordings)
    .set({ state: 'ready', size: values.size, duration: values.duration, reason: '', lockedUntil: null, nextAttemptAt: null, readyAt: sql`now()` })
    .where(eq(lessonRecordings.id, job.id));
  await tx
    .update(lessons)
    .set({ heldAt: sql`now()` })
    .where(and(eq(lessons.id, job.lessonId), isNull(lessons.startsAt), isNull(lessons.heldAt)));
  await recordRecordingChange(tx, { userId: current.userId, lessonId: job.lessonId, before: previous?.fileName ?? null, after: current.fileName });
  return { previous: previous ?? null };
}

/**
 * The course's history of a lesson's recording (docs/RECORDINGS.md, «History»): an update of the lesson whose
 * `recording` is the ready recording's file name before and after (null: none), with the lesson's title on both
 * sides to name it. Made ready (by whoever uploaded it), replaced, or deleted by an author.
 */
export async function recordRecordingChange(tx: Tx, change: { userId: number | null; lessonId: number; before: string | null; after: string | null }): Promise<void> {
  const [lesson] = await tx.select({ courseId: lessons.courseId, title: lessons.title }).from(lessons).where(eq(lessons.id, change.lessonId));
  if (!lesson) return;
  await insertAuditRecord(tx, {
    userId: change.userId,
    entity: 'lesson',
    entityId: change.lessonId,
    courseId: lesson.courseId,
    action: 'update',
    before: { title: lesson.title, recording: change.before },
    after: { title: lesson.title, recording: change.after },
  });
}

/** Deletes the rows of the lesson (all, or those given), returning them, to remove their files after the commit. */
export function deleteRowsOfLesson(tx: Tx, lessonId: number): Promise<LessonRecordingRow[]> {
  return tx.delete(lessonRecordings).where(eq(lessonRecordings.lessonId, lessonId)).returning();
}

/** Wakes the processing workers of every process (they also look every so often without it). */
export async function notifyRecordingJobs(db: Executor): Promise<void> {
  await db.execute(sql`SELECT pg_notify('lesson_recordings', '')`);
}
