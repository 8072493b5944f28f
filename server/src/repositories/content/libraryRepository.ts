// The library: categories, and items filtered by category and course (any of the given ids in each list).
import { and, asc, count, eq, exists, inArray, ne, type SQL } from 'drizzle-orm';
import type { LibraryCategory, LibraryItem } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { courses, libraryCategories, libraryItemCategories, libraryItemCourses, libraryItems } from '../../db/schema.ts';

interface LibraryFilter {
  categories: number[];
  courses: number[];
}

type ItemRow = typeof libraryItems.$inferSelect;

/** Category and course ids of the given items; links to draft courses are left out. */
async function withLinks(db: Executor, rows: ItemRow[]): Promise<LibraryItem[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [categoryLinks, courseLinks] = await Promise.all([
    db.select().from(libraryItemCategories).where(inArray(libraryItemCategories.itemId, ids)).orderBy(asc(libraryItemCategories.categoryId)),
    db
      .select({ itemId: libraryItemCourses.itemId, courseId: libraryItemCourses.courseId })
      .from(libraryItemCourses)
      .innerJoin(courses, eq(courses.id, libraryItemCourses.courseId))
      .where(and(inArray(libraryItemCourses.itemId, ids), ne(courses.state, 'draft')))
      .orderBy(asc(libraryItemCourses.courseId)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    author: row.author,
    categories: categoryLinks.filter((link) => link.itemId === row.id).map((link) => link.categoryId),
    courses: courseLinks.filter((link) => link.itemId === row.id).map((link) => link.courseId),
    externalLink: row.externalLink,
    file: row.file,
  }));
}

export async function listLibraryCategories(db: Executor): Promise<LibraryCategory[]> {
  return db.select({ id: libraryCategories.id, name: libraryCategories.name }).from(libraryCategories).orderBy(asc(libraryCategories.id));
}

export async function libraryItemsPage(db: Executor, filter: LibraryFilter, offset: number, limit: number): Promise<{ count: number; results: LibraryItem[] }> {
  const conditions: SQL[] = [];
  if (filter.categories.length > 0) {
    conditions.push(
      exists(
        db
          .select({ one: libraryItemCategories.itemId })
          .from(libraryItemCategories)
          .where(and(eq(libraryItemCategories.itemId, libraryItems.id), inArray(libraryItemCategories.categoryId, filter.categories))),
      ),
    );
  }
  if (filter.courses.length > 0) {
    conditions.push(
      exists(
        db
          .select({ one: libraryItemCourses.itemId })
          .from(libraryItemCourses)
          .where(and(eq(libraryItemCourses.itemId, libraryItems.id), inArray(libraryItemCourses.courseId, filter.courses))),
      ),
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(libraryItems).where(where),
    db.select().from(libraryItems).where(where).orderBy(asc(libraryItems.id)).limit(limit).offset(offset),
  ]);
  return { count: total?.count ?? 0, results: await withLinks(db, rows) };
}

export async function findLibraryItem(db: Executor, id: number): Promise<LibraryItem | null> {
  const rows = await db.select().from(libraryItems).where(eq(libraryItems.id, id));
  const [item] = await withLinks(db, rows);
  return item ?? null;
}
