// Numeric page links under the library list, shown when the materials fill more than one page.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '../../app/paths.ts';
import { buttonLook, type ButtonLookProps } from '../../components/Button.ts';
import { libraryFiltersToSearch, type LibraryFilters } from '../../../common/libraryQuery.ts';

const Pages = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(6)} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const PageLink = styled(Link).attrs<ButtonLookProps>({ $variant: 'secondary' })`
  ${buttonLook}
  min-width: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

interface LibraryPaginationProps {
  filters: LibraryFilters;
  pages: number;
  /** Called when a page is chosen, before the address changes. */
  onChoose: () => void;
}

export function LibraryPagination({ filters, pages, onChoose }: LibraryPaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Страницы библиотеки">
      <Pages>
        {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
          <li key={page}>
            <PageLink
              to={{ pathname: paths.library, search: libraryFiltersToSearch({ ...filters, page }) }}
              aria-label={`Страница ${page}`}
              aria-current={page === filters.page ? 'page' : undefined}
              onClick={onChoose}
            >
              {page}
            </PageLink>
          </li>
        ))}
      </Pages>
    </nav>
  );
}
