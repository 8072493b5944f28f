// The public library: its categories (kept in the public cache), its items a page at a time, one item.
import { LIBRARY_PAGE_SIZE } from '../../../../common/libraryQuery.ts';
import type { LibraryCategory, LibraryItem, LibraryPage } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { findLibraryItem, libraryItemsPage, listLibraryCategories } from '../../repositories/content/libraryRepository.ts';
import type { Cached, PublicCache } from './publicCache.ts';

export interface LibraryQuery {
  page?: number | undefined;
  limit?: number | undefined;
  categories?: number[] | undefined;
  courses?: number[] | undefined;
}

export function cachedLibraryCategories(deps: { db: Db; publicCache: PublicCache }): Promise<Cached<LibraryCategory[]>> {
  return deps.publicCache.get('library-categories', async () => ({ value: await listLibraryCategories(deps.db) }));
}

/** A page of the items in any of the categories and of the courses asked (all when none), with the next page's address. */
export async function libraryPage(deps: { db: Db; config: { publicUrl: string } }, query: LibraryQuery): Promise<LibraryPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? LIBRARY_PAGE_SIZE;
  const filter = { categories: query.categories ?? [], courses: query.courses ?? [] };
  const { count, results } = await libraryItemsPage(deps.db, filter, (page - 1) * limit, limit);
  const pages = Math.max(1, Math.ceil(count / limit));
  let next: string | null = null;
  if (page < pages) {
    const search = new URLSearchParams({ page: String(page + 1), limit: String(limit) });
    if (filter.categories.length > 0) search.set('categories', filter.categories.join(','));
    if (filter.courses.length > 0) search.set('courses', filter.courses.join(','));
    next = `${deps.config.publicUrl}/api/v1/library-items/?${search.toString().replaceAll('%2C', ',')}`;
  }
  return { count, next, results, currentPage: page, pages };
}

export async function libraryItem(db: Db, id: number): Promise<LibraryItem> {
  const item = await findLibraryItem(db, id);
  if (!item) throw notFound(messages.libraryItemNotFound);
  return item;
}
