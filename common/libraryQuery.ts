// Library filters in the query string: `categories=1,4&courses=2&page=3` (spec section 2, "Library page").

export const LIBRARY_PAGE_SIZE = 15;

export interface LibraryFilters {
  categories: number[];
  courses: number[];
  page: number;
}

function ids(value: string | null): number[] {
  if (!value) return [];
  const parsed = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(parsed)].sort((a, b) => a - b);
}

/** Reads the filters from a query string; anything that is not a positive integer is ignored. */
export function parseLibraryFilters(search: string | URLSearchParams): LibraryFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  return {
    categories: ids(params.get('categories')),
    courses: ids(params.get('courses')),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string for the filters; empty parts and page 1 are left out. */
export function libraryFiltersToSearch(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.categories.length) params.set('categories', filters.categories.join(','));
  if (filters.courses.length) params.set('courses', filters.courses.join(','));
  if (filters.page > 1) params.set('page', String(filters.page));
  // Commas stay readable in the address bar.
  return params.toString().replace(/%2C/g, ',');
}

/** The cache key of a library page (the argument of the `libraryItems` resource). */
export function libraryResourceQuery(filters: LibraryFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(LIBRARY_PAGE_SIZE) });
  if (filters.categories.length) params.set('categories', filters.categories.join(','));
  if (filters.courses.length) params.set('courses', filters.courses.join(','));
  return params.toString().replace(/%2C/g, ',');
}
