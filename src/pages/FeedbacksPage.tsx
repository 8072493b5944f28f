// The reviews: every loaded page in order, and «Ещё отзывы» for the next one (spec section 2, "Reviews page").
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { PAGE_HEADINGS } from '../../common/pageMeta.ts';
import { FeedbackList, MoreFeedbacks } from '../features/feedback/FeedbackList.tsx';
import { useFeedbackPages } from '../features/feedback/useFeedbackPages.ts';

export function FeedbacksPage() {
  const { pages, first, focusPage, loadMore, loadingMore, failedMore, hasMore } = useFeedbackPages();

  if (first.error) return <ErrorScreen />;
  return (
    <PageContainer $width="text">
      <PageTitle>{PAGE_HEADINGS.feedbacks}</PageTitle>
      {!first.data ? (
        <Loader label="Загружаем отзывы" />
      ) : first.data.results.length === 0 ? (
        <p>Отзывов пока нет.</p>
      ) : (
        <>
          <FeedbackList pages={pages} focusPage={focusPage} />
          <MoreFeedbacks shown={hasMore} loading={loadingMore} failed={failedMore} onMore={loadMore} />
        </>
      )}
    </PageContainer>
  );
}
