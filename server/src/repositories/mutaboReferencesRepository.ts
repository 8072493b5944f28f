// What the authors' shared content points at (courses, library categories): checked, and held (FOR KEY SHARE) until
// the write commits, so that a course or category deleted meanwhile fails the check instead of the foreign key.
import { inArray } from 'drizzle-orm';
import { courses, libraryCategories } from '../db/schema.ts';
import type { Tx } from './mutaboCoursesRepository.ts';

/** The ids among `ids` of courses that exist (drafts included), held until the commit. */
export async function holdCourses(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids)).for('key share');
  return new Set(rows.map((row) => row.id));
}

/** The ids among `ids` of library categories that exist, held until the commit. */
export async function holdCategories(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: libraryCategories.id }).from(libraryCategories).where(inArray(libraryCategories.id, ids)).for('key share');
  return new Set(rows.map((row) => row.id));
}
