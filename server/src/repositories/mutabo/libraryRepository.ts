// The SQL of the authors' library (services/mutabo/library.ts): items with their categories and courses (drafts
// included), categories with their item counts; row locks and compare-and-set writes.
import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { MutaboLibraryCategory, MutaboLibraryItem } from '../../../../common/mutabo/library.ts';
import { libraryCategories, libraryItemCategories, libraryItemCourses, libraryItems } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { searchCondition } from '../textSearch.ts';

export type LibraryItemRow = typeof libraryItems.$inferSelect;
type LibraryItemValues = Partial<Pick<typeof libraryItems.$inferInsert, 'title' | 'author' | 'externalLink' | 'file'>>;
export type LibraryCategoryRow = typeof libraryCategories.$inferSelect;

export interface ItemLinks {
  categories: number[];
  courses: number[];
}

/** Category and course ids of each item, ascending. */
async function linksOf(db: Executor, itemIds: number[]): Promise<Map<number, ItemLinks>> {
  const links = new Map<number, ItemLinks>(itemIds.map((id) => [id, { categories: [], courses: [] }]));
  if (itemIds.length === 0) return links;
  const [categoryRows, courseRows] = await Promise.all([
    db.select().from(libraryItemCategories).where(inArray(libraryItemCategories.itemId, itemIds)).orderBy(asc(libraryItemCategories.categoryId)),
    db.select().from(libraryItemCourses).where(inArray(libraryItemCourses.itemId, itemIds)).orderBy(asc(libraryItemCourses.courseId)),
  ]);
  for (const row of categoryRows) links.get(row.itemId)!.categories.push(row.categoryId);
  for (const row of courseRows) links.get(row.itemId)!.courses.push(row.courseId);
  return links;
}

function toMutaboLibraryItem(row: LibraryItemRow, links: ItemLinks): MutaboLibraryItem {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    categories: links.categories,
    courses: links.courses,
    externalLink: row.externalLink,
    file: row.file,
    version: row.version,
  };
}

export interface LibraryItemsFilter {
  search: string;
  categoryId: number | null;
  courseId: number | null;
}

/** Newest first; `search` looks in the title and the author. */
export async function libraryItemsPage(db: Executor, filter: LibraryItemsFilter, offset: number, limit: number): Promise<{ count: number; results: MutaboLibraryItem[] }> {
  const conditions: (SQL | undefined)[] = [searchCondition(filter.search, [libraryItems.title, libraryItems.author])];
  if (filter.categoryId !== null) {
    const { categoryId } = filter;
    conditions.push(
      exists(
        db
          .select({ one: libraryItemCategories.itemId })
          .from(libraryItemCategories)
          .where(and(eq(libraryItemCategories.itemId, libraryItems.id), eq(libraryItemCategories.categoryId, categoryId))),
      ),
    );
  }
  if (filter.courseId !== null) {
    const { courseId } = filter;
    conditions.push(
      exists(
        db
          .select({ one: libraryItemCourses.itemId })
          .from(libraryItemCourses)
          .where(and(eq(libraryItemCourses.itemId, libraryItems.id), eq(libraryItemCourses.courseId, courseId))),
      ),
    );
  }
  const where = and(...conditions.filter((condition): condition is SQL => condition !== undefined));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(libraryItems).where(where),
    db.select().from(libraryItems).where(where).orderBy(desc(libraryItems.id)).limit(limit).offset(offset),
  ]);
  const links = await linksOf(db, rows.map((row) => row.id));
  return { count: total?.n ?? 0, results: rows.map((row) => toMutaboLibraryItem(row, links.get(row.id)!)) };
}

export async function findLibraryItem(db: Executor, id: number): Promise<MutaboLibraryItem | null> {
  const [row] = await db.select().from(libraryItems).where(eq(libraryItems.id, id));
  if (!row) return null;
  return toMutaboLibraryItem(row, (await linksOf(db, [id])).get(id)!);
}

/** The item row, locked, with its links as they were. */
export async function lockLibraryItem(tx: Tx, id: number): Promise<{ row: LibraryItemRow; links: ItemLinks } | null> {
  const [row] = await tx.select().from(libraryItems).where(eq(libraryItems.id, id)).for('update');
  if (!row) return null;
  return { row, links: (await linksOf(tx, [id])).get(id)! };
}

export async function insertLibraryItem(tx: Tx, values: Required<LibraryItemValues>): Promise<LibraryItemRow> {
  const [row] = await tx.insert(libraryItems).values(values).returning();
  return row!;
}

/** Compare-and-set: writes and bumps the version only while the row is still at `version`; null otherwise. */
export async function updateLibraryItemAtVersion(tx: Tx, id: number, version: number, values: LibraryItemValues): Promise<LibraryItemRow | null> {
  const [row] = await tx
    .update(libraryItems)
    .set({ ...values, version: sql`${libraryItems.version} + 1` })
    .where(and(eq(libraryItems.id, id), eq(libraryItems.version, version)))
    .returning();
  return row ?? null;
}

export async function replaceItemLinks(tx: Tx, itemId: number, links: Partial<ItemLinks>): Promise<void> {
  if (links.categories !== undefined) {
    await tx.delete(libraryItemCategories).where(eq(libraryItemCategories.itemId, itemId));
    if (links.categories.length > 0) await tx.insert(libraryItemCategories).values(links.categories.map((categoryId) => ({ itemId, categoryId })));
  }
  if (links.courses !== undefined) {
    await tx.delete(libraryItemCourses).where(eq(libraryItemCourses.itemId, itemId));
    if (links.courses.length > 0) await tx.insert(libraryItemCourses).values(links.courses.map((courseId) => ({ itemId, courseId })));
  }
}

export async function deleteLibraryItemRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(libraryItems).where(eq(libraryItems.id, id));
}

// ---- Categories

const categoryColumns = {
  id: libraryCategories.id,
  name: libraryCategories.name,
  version: libraryCategories.version,
  itemsCount: sql<number>`(SELECT count(*) FROM ${libraryItemCategories} WHERE ${libraryItemCategories.categoryId} = ${libraryCategories.id})`.mapWith(Number),
};

/** Every category by name, with the number of items in it. */
export async function listLibraryCategories(db: Executor): Promise<MutaboLibraryCategory[]> {
  return db.select(categoryColumns).from(libraryCategories).orderBy(asc(libraryCategories.name), asc(libraryCategories.id));
}

export async function findLibraryCategory(db: Executor, id: number): Promise<MutaboLibraryCategory | null> {
  const [row] = await db.select(categoryColumns).from(libraryCategories).where(eq(libraryCategories.id, id));
  return row ?? null;
}

/** Another category whose name differs only in case (or not at all), if any. */
export async function categoryNamed(tx: Executor, name: string, exceptId: number | null): Promise<number | null> {
  const rows = await tx
    .select({ id: libraryCategories.id })
    .from(libraryCategories)
    .where(sql`lower(${libraryCategories.name}) = lower(${name})`);
  return rows.find((row) => row.id !== exceptId)?.id ?? null;
}

export async function lockLibraryCategory(tx: Tx, id: number): Promise<LibraryCategoryRow | null> {
  const [row] = await tx.select().from(libraryCategories).where(eq(libraryCategories.id, id)).for('update');
  return row ?? null;
}

/** The new category, or null when the name is taken (by a write that committed meanwhile). */
export async function insertLibraryCategory(tx: Tx, name: string): Promise<LibraryCategoryRow | null> {
  const [row] = await tx.insert(libraryCategories).values({ name }).onConflictDoNothing({ target: libraryCategories.name }).returning();
  return row ?? null;
}

export async function updateLibraryCategoryAtVersion(tx: Tx, id: number, version: number, name: string): Promise<LibraryCategoryRow | null> {
  const [row] = await tx
    .update(libraryCategories)
    .set({ name, version: sql`${libraryCategories.version} + 1` })
    .where(and(eq(libraryCategories.id, id), eq(libraryCategories.version, version)))
    .returning();
  return row ?? null;
}

export async function itemsInCategory(tx: Executor, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(libraryItemCategories).where(eq(libraryItemCategories.categoryId, id));
  return row?.n ?? 0;
}

export async function deleteLibraryCategoryRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(libraryCategories).where(eq(libraryCategories.id, id));
}
