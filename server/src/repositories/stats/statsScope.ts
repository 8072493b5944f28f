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
const firstLessonOf = (paymentId: SQL) => sql`(SELECT pl.lesson_id FROM payment_lessons pl WHERE pl.payment_id = ${paymentId} LIMIT 1)`;

/**
 * Rows of payments or refunds narrowed by `where` (their instant, through its index), each joined to its course in the
 * CTE `scope` as `s`; the row's own columns under `x`. For one course, through its lessons (payment_lessons by lesson:
 * its few payments); for all the caller's courses, through each payment's first lesson.
 */
export function inScope(course: number | undefined, rows: { columns: SQL; from: SQL; where: SQL; paymentId: SQL }): SQL {
  if (course === undefined) {
    return sql`(SELECT ${rows.columns}, ${firstLessonOf(rows.paymentId)} AS lesson_id FROM ${rows.from} WHERE ${rows.where} OFFSET 0) x
      JOIN lessons l ON l.id = x.lesson_id JOIN scope s ON s.id = l.course_id`;
  }
  return sql`(SELECT ${rows.columns} FROM ${rows.from} WHERE ${rows.where}
      AND ${rows.paymentId} IN (SELECT pl.payment_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE l.course_id = ${course})) x
    CROSS JOIN scope s`;
}

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
