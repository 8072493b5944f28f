// The quotations of the site (the home page shows them): newest first, with search and pages.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { areaPaths } from '../areaPaths.ts';
import { areaResources } from '../areaResources.ts';
import { PagedList, RowFacts } from '../content/PagedList.tsx';
import { TitleRow } from '../shell/areaParts.ts';

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 140).trimEnd()}…` : text);

export function QuotationListPage() {
  return (
    <section>
      <TitleRow>
        <PageTitle>Цитаты</PageTitle>
        <ButtonLink to={areaPaths.newQuotation}>Новая цитата</ButtonLink>
      </TitleRow>
      <PagedList
        name="Цитаты"
        searchLabel="Поиск по тексту, источнику или курсу"
        resource={areaResources.quotations}
        empty="Цитат пока нет. Добавьте первую."
        rowKey={(quotation) => quotation.id}
        renderRow={(quotation) => (
          <>
            <Link to={areaPaths.quotation(quotation.id)}>{excerpt(quotation.text) || 'Без текста'}</Link>
            <RowFacts>
              {quotation.source}
              {quotation.course ? ` · курс «${quotation.course.title}»` : ''}
            </RowFacts>
          </>
        )}
      />
    </section>
  );
}
