// The reviews of the courses (the site's reviews page shows them): newest first, with search and pages.
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/Button.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { formatFullDate } from '../../lib/dates.ts';
import { areaPaths } from '../areaPaths.ts';
import { areaResources } from '../areaResources.ts';
import { PagedList, RowFacts } from '../content/PagedList.tsx';
import { TitleRow } from '../shell/areaParts.ts';

export function FeedbackListPage() {
  return (
    <section>
      <TitleRow>
        <PageTitle>Отзывы</PageTitle>
        <ButtonLink to={areaPaths.newFeedback}>Новый отзыв</ButtonLink>
      </TitleRow>
      <PagedList
        name="Отзывы"
        searchLabel="Поиск по автору, тексту или курсу"
        resource={areaResources.feedbackList}
        empty="Отзывов пока нет. Добавьте первый."
        rowKey={(review) => review.id}
        renderRow={(review) => (
          <>
            <Link to={areaPaths.feedbackItem(review.id)}>
              {review.author}
              {review.authorAge !== null ? `, ${review.authorAge}` : ''}
            </Link>
            <RowFacts>
              Курс «{review.course.title}» · {formatFullDate(review.createdAt.slice(0, 10))}
            </RowFacts>
          </>
        )}
      />
    </section>
  );
}
