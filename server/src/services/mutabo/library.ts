// The library, shared by the authors: items (a file uploaded here or an external link, in categories, for courses)
// and their categories. A category still used by an item cannot be deleted (409).
import type { LibraryItemCreate, LibraryItemPatch, MutaboLibraryCategory, MutaboLibraryItem } from '../../../../common/mutabo/library.ts';
import { MUTABO_PAGE_SIZE, sharedContentMessages as s, type MutaboPage } from '../../../../common/mutabo/sharedContent.ts';
import {
  categoryNamed,
  deleteLibraryCategoryRow,
  deleteLibraryItemRow,
  findLibraryCategory,
  findLibraryItem,
  insertLibraryCategory,
  insertLibraryItem,
  itemsInCategory,
  libraryItemsPage,
  listLibraryCategories,
  lockLibraryCategory,
  lockLibraryItem,
  replaceItemLinks,
  updateLibraryCategoryAtVersion,
  updateLibraryItemAtVersion,
  type ItemLinks,
  type LibraryCategoryRow,
  type LibraryItemRow,
  type LibraryItemsFilter,
} from '../../repositories/mutabo/libraryRepository.ts';
import type { Tx } from '../../db/client.ts';
import { holdCategories, holdCourses } from '../../repositories/mutabo/referencesRepository.ts';
import { isUniqueViolation } from '../../repositories/accounts/usersRepository.ts';
import { recordWrite } from './audit.ts';
import type { Caller, MutaboContext } from './context.ts';
import { changedFields, checkUploadedFile, listPage, pageOffset, sharedErrors } from './sharedContent.ts';

/** The fields of an item the history shows, in wire names. */
const itemSnapshot = (row: LibraryItemRow, links: ItemLinks) => ({
  title: row.title,
  author: row.author,
  categories: links.categories,
  courses: links.courses,
  externalLink: row.externalLink,
  file: row.file,
});

const categorySnapshot = (row: LibraryCategoryRow) => ({ name: row.name });

const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** 400 under `categories` / `courses` for an id that does not exist; the rest are held until the commit. */
async function checkLinks(tx: Tx, links: Partial<ItemLinks>): Promise<void> {
  if (links.categories) {
    const known = await holdCategories(tx, links.categories);
    if (links.categories.some((id) => !known.has(id))) throw sharedErrors.field('categories', s.categoryUnknown);
  }
  if (links.courses) {
    const known = await holdCourses(tx, links.courses);
    if (links.courses.some((id) => !known.has(id))) throw sharedErrors.field('courses', s.courseUnknown);
  }
}

export async function listLibraryItems(ctx: MutaboContext, filter: LibraryItemsFilter, page: number): Promise<MutaboPage<MutaboLibraryItem>> {
  const found = await libraryItemsPage(ctx.db, filter, pageOffset(page), MUTABO_PAGE_SIZE);
  return listPage('/api/v1/mutabo/library-items/', { search: filter.search, category: filter.categoryId ?? undefined, course: filter.courseId ?? undefined }, page, found);
}

export async function getLibraryItem(ctx: MutaboContext, id: number): Promise<MutaboLibraryItem> {
  const found = await findLibraryItem(ctx.db, id);
  if (!found) throw sharedErrors.notFound(s.libraryItemNotFound);
  return found;
}

export async function createLibraryItem(ctx: MutaboContext, caller: Caller, input: LibraryItemCreate): Promise<MutaboLibraryItem> {
  await checkUploadedFile(ctx, 'file', input.file, 'any');
  const links = { categories: ascending(input.categories), courses: ascending(input.courses) };
  const id = await ctx.db.transaction(async (tx) => {
    await checkLinks(tx, links);
    const row = await insertLibraryItem(tx, { title: input.title, author: input.author, externalLink: input.externalLink, file: input.file });
    await replaceItemLinks(tx, row.id, links);
    await recordWrite(tx, { userId: caller.userId, entity: 'libraryItem', entityId: row.id, courseId: null, action: 'create', before: null, after: itemSnapshot(row, links) });
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getLibraryItem(ctx, id);
}

export async function patchLibraryItem(ctx: MutaboContext, caller: Caller, id: number, patch: LibraryItemPatch): Promise<MutaboLibraryItem> {
  if (patch.file) await checkUploadedFile(ctx, 'file', patch.file, 'any');
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockLibraryItem(tx, id);
    if (!locked) throw sharedErrors.notFound(s.libraryItemNotFound);
    const { row: before, links: linksBefore } = locked;
    if (before.version !== patch.version) throw sharedErrors.stale(s.staleLibraryItem);
    const values = changedFields(before, { title: patch.title, author: patch.author, externalLink: patch.externalLink, file: patch.file });
    const links = changedFields(linksBefore, {
      categories: patch.categories && ascending(patch.categories),
      courses: patch.courses && ascending(patch.courses),
    });
    if (Object.keys(values).length === 0 && Object.keys(links).length === 0) return false;
    const externalLink = values.externalLink === undefined ? before.externalLink : values.externalLink;
    const file = values.file === undefined ? before.file : values.file;
    if (externalLink === null && file === null) throw sharedErrors.field('file', s.linkOrFileRequired);
    await checkLinks(tx, links);
    // Links belong to the item: changing them bumps its version too.
    const after = await updateLibraryItemAtVersion(tx, id, patch.version, values);
    if (!after) throw sharedErrors.stale(s.staleLibraryItem);
    await replaceItemLinks(tx, id, links);
    const linksAfter = { ...linksBefore, ...links };
    await recordWrite(tx, { userId: caller.userId, entity: 'libraryItem', entityId: id, courseId: null, action: 'update', before: itemSnapshot(before, linksBefore), after: itemSnapshot(after, linksAfter) });
    return true;
  });
  if (changed) ctx.publicCache.invalidate();
  return getLibraryItem(ctx, id);
}

export async function deleteLibraryItem(ctx: MutaboContext, caller: Caller, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const locked = await lockLibraryItem(tx, id);
    if (!locked) throw sharedErrors.notFound(s.libraryItemNotFound);
    await deleteLibraryItemRow(tx, id);
    await recordWrite(tx, { userId: caller.userId, entity: 'libraryItem', entityId: id, courseId: null, action: 'delete', before: itemSnapshot(locked.row, locked.links), after: null });
  });
  ctx.publicCache.invalidate();
}

// ---- Categories

export async function listCategories(ctx: MutaboContext): Promise<MutaboLibraryCategory[]> {
  return listLibraryCategories(ctx.db);
}

export async function getCategory(ctx: MutaboContext, id: number): Promise<MutaboLibraryCategory> {
  const found = await findLibraryCategory(ctx.db, id);
  if (!found) throw sharedErrors.notFound(s.libraryCategoryNotFound);
  return found;
}

/** A name another category has (in any case) is refused under `name`; so is one taken by a write that won the race. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw sharedErrors.field('name', s.categoryNameTaken);
    throw error;
  }
}

export async function createCategory(ctx: MutaboContext, caller: Caller, name: string): Promise<MutaboLibraryCategory> {
  const id = await ctx.db.transaction(async (tx) => {
    if ((await categoryNamed(tx, name, null)) !== null) throw sharedErrors.field('name', s.categoryNameTaken);
    const row = await insertLibraryCategory(tx, name);
    if (!row) throw sharedErrors.field('name', s.categoryNameTaken);
    await recordWrite(tx, { userId: caller.userId, entity: 'libraryCategory', entityId: row.id, courseId: null, action: 'create', before: null, after: categorySnapshot(row) });
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getCategory(ctx, id);
}

export async function patchCategory(ctx: MutaboContext, caller: Caller, id: number, patch: { name?: string; version: number }): Promise<MutaboLibraryCategory> {
  const changed = await withUniqueName(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockLibraryCategory(tx, id);
      if (!before) throw sharedErrors.notFound(s.libraryCategoryNotFound);
      if (before.version !== patch.version) throw sharedErrors.stale(s.staleLibraryCategory);
      if (patch.name === undefined || patch.name === before.name) return false;
      if ((await categoryNamed(tx, patch.name, id)) !== null) throw sharedErrors.field('name', s.categoryNameTaken);
      const after = await updateLibraryCategoryAtVersion(tx, id, patch.version, patch.name);
      if (!after) throw sharedErrors.stale(s.staleLibraryCategory);
      await recordWrite(tx, { userId: caller.userId, entity: 'libraryCategory', entityId: id, courseId: null, action: 'update', before: categorySnapshot(before), after: categorySnapshot(after) });
      return true;
    }),
  );
  if (changed) ctx.publicCache.invalidate();
  return getCategory(ctx, id);
}

/** Refused (409) while any library item is in the category: deleting it would silently take it off those items. */
export async function deleteCategory(ctx: MutaboContext, caller: Caller, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockLibraryCategory(tx, id);
    if (!before) throw sharedErrors.notFound(s.libraryCategoryNotFound);
    if ((await itemsInCategory(tx, id)) > 0) throw sharedErrors.conflict(s.categoryInUse);
    await deleteLibraryCategoryRow(tx, id);
    await recordWrite(tx, { userId: caller.userId, entity: 'libraryCategory', entityId: id, courseId: null, action: 'delete', before: categorySnapshot(before), after: null });
  });
  ctx.publicCache.invalidate();
}
