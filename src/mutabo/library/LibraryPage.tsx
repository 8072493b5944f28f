// The library of the site: its materials (newest first, with search, a category to narrow them and pages) and its
// categories, read once for both.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';
import { PagedList, RowFacts } from '../content/PagedList.tsx';
import { TitleRow } from '../shell/areaParts.ts';
import { useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';
import { CategoriesPanel } from './CategoriesPanel.tsx';


export function LibraryPage() {
  const categories = useResource(areaResources.libraryCategories);
  return (
    <section>
      <TitleRow>
        <PageTitle>Библиотека</PageTitle>
        <ButtonLink to={areaPaths.newLibraryItem}>Новый материал</ButtonLink>
      </TitleRow>
      <PagedList
        name="Материалы библиотеки"
        searchLabel="Поиск по названию или автору"
        resource={areaResources.libraryItems}
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
