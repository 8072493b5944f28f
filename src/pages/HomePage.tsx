// The home page: a random quotation, the heading, a link to the timetable and the course catalogue.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { paths } from '../app/paths.ts';
import type { Author, CourseShort, Quotation } from '../../common/wireTypes.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { PageContainer } from '../components/PageContainer.ts';
import { usePageTitle } from '../components/usePageTitle.ts';
import { CatalogueGrid } from '../features/catalogue/CatalogueGrid.tsx';
import { QuotationBanner } from '../features/catalogue/QuotationBanner.tsx';
import { selectResource } from '../data/selectors.ts';
import { ensureResource } from '../data/cache.ts';

const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(6)};
  margin-bottom: ${({ theme }) => theme.space(4)};

  h1 {
    margin: 0;
  }
`;

const TimetableLink = styled(Link)`
  font-weight: 600;
`;

export function HomePage() {
  const dispatch = useAppDispatch();
  const authors = useAppSelector((state) => selectResource(state, 'authors'));
  const courses = useAppSelector((state) => selectResource(state, 'courses'));
  const quotations = useAppSelector((state) => selectResource(state, 'quotations'));
  // Not shown here; the spec loads the first page of reviews with the home page and fails with it.
  const feedback = useAppSelector((state) => selectResource(state, 'feedbackPage', 1));
  // Drawn once per visit, so the quotation does not change while the page re-renders.
  const [draw] = useState(Math.random);

  useEffect(() => {
    dispatch(ensureResource('authors'));
    dispatch(ensureResource('courses'));
    dispatch(ensureResource('quotations'));
    dispatch(ensureResource('feedbackPage', 1));
  }, [dispatch]);

  const resources = [authors, courses, quotations, feedback];
  if (resources.some((resource) => resource.error)) return <ErrorScreen />;
  if (!authors.data || !courses.data || !quotations.data || !feedback.data) return <HomeLoading />;

  const quotation = quotations.data[Math.floor(draw * quotations.data.length)];
  return <HomeContent authors={authors.data} courses={courses.data} quotation={quotation} />;
}

// Tall enough to keep the footer below the fold until the content arrives: no layout shift when it does.
const LoadingArea = styled.div`
  min-height: 100vh;
`;

function HomeLoading() {
  usePageTitle();
  return (
    <LoadingArea>
      <Loader />
    </LoadingArea>
  );
}

interface HomeContentProps {
  authors: Author[];
  courses: CourseShort[];
  quotation: Quotation | undefined;
}

function HomeContent({ authors, courses, quotation }: HomeContentProps) {
  usePageTitle();
  return (
    <PageContainer $width="wide">
      {quotation ? <QuotationBanner quotation={quotation} /> : null}
      <Heading>
        <h1>Курсы</h1>
        <TimetableLink to={paths.timetable}>Расписание текущих занятий</TimetableLink>
      </Heading>
      <CatalogueGrid courses={courses} authors={authors} />
    </PageContainer>
  );
}
