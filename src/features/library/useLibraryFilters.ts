// The library's filters as the address says them (`?categories=1,4&courses=2&page=2`), and a way to change them.
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { libraryFiltersToSearch, libraryResourceQuery, parseLibraryFilters, type LibraryFilters } from '../../../common/libraryQuery.ts';

export function useLibraryFilters() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseLibraryFilters(searchParams), [searchParams]);

  /**
   * Each change is a new history entry, so Back and Forward walk through the filters. Synchronous, so that a
   * checkbox shows its new state at once instead of springing back until a transition renders.
   */
  const showFilters = useCallback(
    (next: LibraryFilters) =>
      navigate({ pathname: paths.library, search: libraryFiltersToSearch(next) }, { flushSync: true }),
    [navigate],
  );

  return { filters, query: libraryResourceQuery(filters), showFilters };
}

/** The filters with one id switched on or off; a new choice always starts from page 1. */
export function toggleFilter(filters: LibraryFilters, kind: 'categories' | 'courses', id: number): LibraryFilters {
  const current = filters[kind];
  const ids = current.includes(id) ? current.filter((other) => other !== id) : [...current, id].sort((a, b) => a - b);
  return { ...filters, [kind]: ids, page: 1 };
}

export const NO_FILTERS: LibraryFilters = { categories: [], courses: [], page: 1 };

export function activeFilterCount(filters: LibraryFilters): number {
  return filters.categories.length + filters.courses.length;
}
