// The library of the site: its materials (newest first, with search, a category to narrow them and pages) and its
// categories, read once for both.
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { idFromText } from '../../../common/ids.ts';
import { ButtonLink } from '../../components/Button.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';
import { listLibraryCategories, listLibraryItems } from '../content/contentApi.ts';
import { PagedList, RowFacts, type ListQuery } from '../content/PagedList.tsx';
import { TitleRow } from '../shell/areaParts.ts';
import { useLoad } from '../useLoad.ts';
import { CategoriesPanel } from './CategoriesPanel.tsx';

// A category in the address that cannot be one (`?category=abc`) narrows nothing; the choice names it as unknown.
const loadItems = ({ search, page, filter }: ListQuery) => {
  const category = idFromText(filter);
  return listLibraryItems({ search, page, ...(category ? { category } : {}) });
};

export function LibraryPage() {
  const categories = useLoad(useCallback(() => listLibraryCategories(), []));
  return (
    <section>
      <TitleRow>
        <PageTitle>Библиотека</PageTitle>
        <ButtonLink to={areaPaths.newLibraryItem}>Новый материал</ButtonLink>
      </TitleRow>
      <PagedList
        name="Материалы библиотеки"
        searchLabel="Поиск по названию или автору"
        load={loadItems}
        filter={{
          param: 'category',
          label: 'Категория',
          all: 'Все категории',
          unknown: 'Неизвестная категория',
          // Categories that could not be read offer none (the panel below says why) rather than loading for ever.
          options: categories.error ? [] : (categories.data?.map((category) => ({ value: String(category.id), label: category.name })) ?? null),
        }}
        empty="В библиотеке пока нет материалов. Добавьте первый."
        rowKey={(item) => item.id}
        renderRow={(item) => (
          <>
            <Link to={areaPaths.libraryItem(item.id)}>{item.title || 'Без названия'}</Link>
            <RowFacts>
              {[item.author, item.file ? 'файл' : null, item.externalLink ? 'внешняя ссылка' : null].filter(Boolean).join(' · ')}
            </RowFacts>
          </>
        )}
      />
      <CategoriesPanel categories={categories} />
    </section>
  );
}
