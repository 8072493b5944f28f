// What every statistics read (issue 37, docs/STATS.md) is limited to: the caller's courses, or one of them; and the
// course a payment belongs to (the course of its lessons, kept on the payment's row: payments.course_id).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledCourseIds } from '../ledCourses.ts';

/** The courses read: `course` when given (the service has checked that the caller leads it), else all the caller's. */
export const scopeCourseIds = (authorId: number, course: number | undefined): SQL => (course === undefined ? ledCourseIds(authorId) : sql`(${course})`);

/**
 * Rows of payments or refunds narrowed by `where` (their instant, through its index), each joined to its course in the
 * CTE `scope` as `s`; the row's own columns under `x`. `courseId` is the payment's course (payments.course_id, kept by
 * migration 0035's trigger): for one course it narrows the rows, for all the caller's a hash join with the scope.
 */
export function inScope(course: number | undefined, rows: { columns: SQL; from: SQL; where: SQL; courseId: SQL }): SQL {
  if (course === undefined) {
    return sql`(SELECT ${rows.columns}, ${rows.courseId} AS course_id FROM ${rows.from} WHERE ${rows.where}) x JOIN scope s ON s.id = x.course_id`;
  }
  return sql`(SELECT ${rows.columns} FROM ${rows.from} WHERE ${rows.where} AND ${rows.courseId} = ${course}) x CROSS JOIN scope s`;
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
