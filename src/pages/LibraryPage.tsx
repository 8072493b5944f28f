// The library: materials filtered by type and by course, the filters kept in the address (spec section 2, "Library page").
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { Button } from '../components/Button.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { PAGE_HEADINGS } from '../../common/pageMeta.ts';
import { LibraryFilterPanel } from '../features/library/LibraryFilterPanel.tsx';
import { LibraryItemList } from '../features/library/LibraryItemList.tsx';
import { LibraryPagination } from '../features/library/LibraryPagination.tsx';
import {
  selectCategoryNames,
  selectCourseTitles,
  selectLibraryCourses,
  selectLibraryLookups,
} from '../features/library/selectors.ts';
import { showListTop } from '../features/library/showListTop.ts';
import { NO_FILTERS, activeFilterCount, useLibraryFilters } from '../features/library/useLibraryFilters.ts';
import { selectResource } from '../data/selectors.ts';
import { ensureResource } from '../data/cache.ts';
import { materialsCount } from '../../common/plural.ts';

const Intro = styled.p`
  max-width: ${({ theme }) => theme.widths.text + 120}px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/* The line is there, empty, while the count loads (a line of its own on a phone), so nothing jumps when it arrives. */
const Total = styled.p`
  flex: 1 0 100%;
  min-height: 1.6em;
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};

  ${({ theme }) => theme.media.tablet} {
    flex: 0 1 auto;
    margin-left: auto;
  }
`;

const Results = styled.section`
  &:focus {
    outline: none;
  }
`;

const Listing = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.5 : 1)};
  /* Dimmed only when the wait is noticeable; back to full at once. */
  transition: opacity 0.2s ease ${({ $stale }) => ($stale ? '0.15s' : '0s')};
`;

const Empty = styled.p`
  padding: ${({ theme }) => theme.space(8)} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

export function LibraryPage() {
  const dispatch = useAppDispatch();
  const { filters, query, showFilters } = useLibraryFilters();
  const active = activeFilterCount(filters);
  // Open at once when the address already filters, so the reader sees what is chosen.
  const [filtersOpen, setFiltersOpen] = useState(active > 0);
  const panelId = useId();
  const results = useRef<HTMLElement>(null);

  useEffect(() => {
    dispatch(ensureResource('libraryCategories'));
    dispatch(ensureResource('courses'));
  }, [dispatch]);
  useEffect(() => {
    dispatch(ensureResource('libraryItems', query));
  }, [dispatch, query]);

  const items = useAppSelector((state) => selectResource(state, 'libraryItems', query));
  const categories = useAppSelector((state) => selectResource(state, 'libraryCategories'));
  const lookups = useAppSelector(selectLibraryLookups);
  const courses = useAppSelector(selectLibraryCourses);
  const categoryNames = useAppSelector(selectCategoryNames);
  const courseTitles = useAppSelector(selectCourseTitles);

  // While another page or filter loads, the materials on screen stay (dimmed) instead of collapsing into a spinner.
  const [shownPage, setShownPage] = useState(items.data);
  if (items.data && items.data !== shownPage) setShownPage(items.data);

  if (items.error || lookups.failed) return <ErrorScreen />;
  const page = items.data ?? shownPage;
  const stale = items.data === undefined;
  // Filters and materials appear together, so the first render of the list does not push anything around.
  const ready = lookups.loaded && page !== undefined;
  return (
    <PageContainer>
      <PageTitle>{PAGE_HEADINGS.library}</PageTitle>
      <Intro>
        Книги, статьи, рабочие листы, аудио и видео к нашим курсам. Чтобы увидеть только нужное, откройте фильтры и
        выберите тип материала или курс.
      </Intro>
      <Toolbar>
        <Button
          $variant={filtersOpen ? 'primary' : 'secondary'}
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {active > 0 ? `Фильтры (${active})` : 'Фильтры'}
        </Button>
        <Button $variant="secondary" onClick={() => showFilters(NO_FILTERS)}>
          Все материалы
        </Button>
        <Total role="status">{page && !stale ? `Всего ${materialsCount(page.count)}` : ''}</Total>
      </Toolbar>
      {ready ? (
        <LibraryFilterPanel
          id={panelId}
          open={filtersOpen}
          filters={filters}
          categories={categories.data ?? []}
          courses={courses}
          onChange={showFilters}
        />
      ) : (
        <div id={panelId} hidden />
      )}
      <Results ref={results} tabIndex={-1} aria-label="Материалы" aria-busy={stale || undefined}>
        {!ready ? (
          <Loader label="Загружаем материалы" />
        ) : (
          <>
            <Listing $stale={stale}>
              {page.results.length === 0 ? (
                <Empty>Материалы не найдены</Empty>
              ) : (
                <LibraryItemList items={page.results} categoryNames={categoryNames} courseTitles={courseTitles} />
              )}
            </Listing>
            <LibraryPagination filters={filters} pages={page.pages} onChoose={() => showListTop(results.current)} />
          </>
        )}
      </Results>
    </PageContainer>
  );
}
