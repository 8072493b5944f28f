// The frame of a list the server pages (quotations, reviews, library items): a search form above (with a choice that
// narrows the list, where it has one), the rows, and the pages below; the search, choice and page are kept in the
// address, so «back» from an editor returns to them.
import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { MutaboPage } from '../../../common/mutabo/sharedContent.ts';
import { Button } from '../../components/Button.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { SelectField, TextField } from '../../components/form/fields.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Muted } from '../shell/areaParts.ts';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import type { ResourceDefinition } from '../../data/resource.ts';
import { useResource } from '../../data/useResource.ts';
import { useAddressParams } from '../useAddressParams.ts';

export const RowList = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Row = styled.li`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;

  a {
    font-weight: 600;
  }
`;

export const RowFacts = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fonts.sizes.small};
`;

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 ${({ theme }) => theme.space(3)};
  max-width: ${({ theme }) => theme.widths.form}px;

  & > div {
    flex: 1 1 14rem;
  }

  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

const FilterChoice = styled.div`
  max-width: ${({ theme }) => theme.widths.form}px;
`;

// Its own margin below, as the rows have: the library's categories panel follows it.
const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

export interface ListQuery {
  search: string;
  page: number;
  /** The value chosen in the list's filter ('' for all); absent for a list without one. */
  filter?: string;
}

/** A choice that narrows the list (the library's category): kept in the address as `?{param}=`. */
interface ListFilter {
  param: string;
  label: string;
  /** The label of the choice that narrows nothing: «Все категории». */
  all: string;
  /** What a choice in the address that is none of the options is called: «Неизвестная категория». */
  unknown: string;
  /** Null while they load. */
  options: { value: string; label: string }[] | null;
}

/** The search, filter and page of the address (`?search=...&category=3&page=2`). */
function useListQuery(filterParam?: string): [ListQuery, (next: ListQuery) => void] {
  const [params, setParams] = useAddressParams();
  const page = Number(params.get('page'));
  const query: ListQuery = { search: params.get('search') ?? '', page: Number.isInteger(page) && page > 0 ? page : 1 };
  if (filterParam) query.filter = params.get(filterParam) ?? '';
  const setQuery = (next: ListQuery) => {
    const written: Record<string, string> = {};
    if (next.search) written.search = next.search;
    if (filterParam && next.filter) written[filterParam] = next.filter;
    if (next.page > 1) written.page = String(next.page);
    setParams(written);
  };
  return [query, setQuery];
}

interface PagedListProps<T> {
  /** What the list holds, for its labels: «цитаты». */
  name: string;
  searchLabel: string;
  /** The list's pages, read by the query. */
  resource: ResourceDefinition<ListQuery, MutaboPage<T>>;
  empty: string;
  renderRow: (row: T) => ReactNode;
  rowKey: (row: T) => number;
  filter?: ListFilter;
}

export function PagedList<T>({ name, searchLabel, resource, empty, renderRow, rowKey, filter }: PagedListProps<T>) {
  const [query, setQuery] = useListQuery(filter?.param);
  const [typed, setTyped] = useState(query.search);
  const { search, page } = query;
  const chosen = query.filter;
  const list = useResource(resource, chosen === undefined ? { search, page } : { search, page, filter: chosen });

  if (list.error?.statusCode === 403) return <NotAuthorPage />;
  if (list.error) return <ErrorScreen />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...query, search: typed.trim(), page: 1 });
  };
  const data = list.data;
  const pages = data?.pages ?? 1;
  return (
    <>
      <SearchForm role="search" aria-label={`Поиск: ${name}`} onSubmit={submit}>
        <TextField label={searchLabel} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" $variant="secondary">
          Найти
        </Button>
      </SearchForm>
      {filter ? (
        <FilterChoice>
          <SelectField label={filter.label} value={chosen ?? ''} onChange={(event) => setQuery({ ...query, page: 1, filter: event.target.value })}>
            <option value="">{filter.all}</option>
            {(filter.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {/* A choice from the address that is not (or not yet) among the options still names itself. */}
            {chosen && !filter.options?.some((option) => option.value === chosen) ? <option value={chosen}>{filter.options ? filter.unknown : 'Загружаем…'}</option> : null}
          </SelectField>
        </FilterChoice>
      ) : null}
      {!data || list.loading ? (
        <Loader label="Загружаем список" />
      ) : data.results.length === 0 ? (
        <Muted>{chosen && filter ? `Ничего не найдено. Измените поиск или выберите «${filter.all}».` : search ? 'Ничего не найдено. Измените поиск.' : empty}</Muted>
      ) : (
        <>
          <Muted>
            {search || chosen ? `Найдено: ${data.count}` : `Всего: ${data.count}`}
          </Muted>
          <RowList aria-label={name}>
            {data.results.map((row) => (
              <Row key={rowKey(row)}>{renderRow(row)}</Row>
            ))}
          </RowList>
        </>
      )}
      {pages > 1 ? (
        <Pager aria-label={`Страницы: ${name}`}>
          <Button $variant="secondary" disabled={page <= 1} onClick={() => setQuery({ ...query, page: page - 1 })}>
            Назад
          </Button>
          <span>
            Страница {Math.min(page, pages)} из {pages}
          </span>
          <Button $variant="secondary" disabled={page >= pages} onClick={() => setQuery({ ...query, page: page + 1 })}>
            Дальше
          </Button>
        </Pager>
      ) : null}
    </>
  );
}
