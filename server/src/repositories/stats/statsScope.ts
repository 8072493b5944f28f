// What every statistics read (issue 37, docs/STATS.md) is limited to: the caller's courses, or one of them; and the
// course a payment belongs to (the course of its lessons: a payment names lessons of one course).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledCourseIds } from '../ledCourses.ts';

/** The courses read: `course` when given (the service has checked that the caller leads it), else all the caller's. */
export const scopeCourseIds = (authorId: number, course: number | undefined): SQL => (course === undefined ? ledCourseIds(authorId) : sql`(${course})`);

/** The course of the payment whose id is `paymentId` (an SQL expression), as a LATERAL subquery's single row. */
export const courseOfPayment = (paymentId: SQL) => sql`(SELECT l.course_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE pl.payment_id = ${paymentId} LIMIT 1)`;

/** The rows of a raw query. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
