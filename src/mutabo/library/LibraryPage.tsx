// The library of the site: its materials (newest first, with search and pages) and its categories.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';
import { listLibraryItems } from '../content/contentApi.ts';
import { PagedList, RowFacts } from '../content/PagedList.tsx';
import { TitleRow } from '../shell/areaParts.ts';
import { CategoriesPanel } from './CategoriesPanel.tsx';

export function LibraryPage() {
  return (
    <section>
      <TitleRow>
        <PageTitle>Библиотека</PageTitle>
        <ButtonLink to={areaPaths.newLibraryItem}>Новый материал</ButtonLink>
      </TitleRow>
      <PagedList
        name="Материалы библиотеки"
        searchLabel="Поиск по названию или автору"
        load={listLibraryItems}
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
      <CategoriesPanel />
    </section>
  );
}
