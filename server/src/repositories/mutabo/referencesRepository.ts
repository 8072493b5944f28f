// What the authors' shared content points at (courses, library categories): checked, and held (FOR KEY SHARE) until
// the write commits, so that a course or category deleted meanwhile fails the check instead of the foreign key.
import { and, eq, exists, inArray, ne, or } from 'drizzle-orm';
import { courseAuthors, courses, libraryCategories } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';

/** The ids among `ids` of courses that exist (drafts included), held until the commit. */
export async function holdCourses(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids)).for('key share');
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether the author may point a quotation or a review at the course, held until the commit: any course that is not a
 * draft, and a draft only for its own authors (for anyone else it is as unknown as a course that does not exist).
 */
export async function holdAttachableCourse(tx: Tx, courseId: number, authorId: number): Promise<boolean> {
  const ownAuthor = tx
    .select({ courseId: courseAuthors.courseId })
    .from(courseAuthors)
    .where(and(eq(courseAuthors.courseId, courses.id), eq(courseAuthors.authorId, authorId)));
  const rows = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), or(ne(courses.state, 'draft'), exists(ownAuthor))))
    .for('key share');
  return rows.length > 0;
}

/** The ids among `ids` of library categories that exist, held until the commit. */
export async function holdCategories(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: libraryCategories.id }).from(libraryCategories).where(inArray(libraryCategories.id, ids)).for('key share');
  return new Set(rows.map((row) => row.id));
}
