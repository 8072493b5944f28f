// What every statistics read (issue 37, docs/STATS.md) is limited to: the caller's courses, or one of them; and the
// course a payment belongs to (the course of its lessons: a payment names lessons of one course).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledCourseIds } from '../ledCourses.ts';

/** The courses read: `course` when given (the service has checked that the caller leads it), else all the caller's. */
export const scopeCourseIds = (authorId: number, course: number | undefined): SQL => (course === undefined ? ledCourseIds(authorId) : sql`(${course})`);

/**
 * The first lesson of the payment whose id is `paymentId` (an SQL expression): one probe of payment_lessons' key. Its
 * course is then found by a hash join with the lessons, cheaper than a second probe per payment.
 */
export const firstLessonOf = (paymentId: SQL) => sql`(SELECT pl.lesson_id FROM payment_lessons pl WHERE pl.payment_id = ${paymentId} LIMIT 1)`;

/**
 * Reads `query` with JIT compilation off: the per-payment probe makes the planner's cost estimate pass PostgreSQL's
 * JIT threshold, and compiling then costs some 30 ms, more than the query's own work at a school's size.
 */
export async function withoutJit<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return read(tx);
  });
}

/** The rows of a raw query. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
