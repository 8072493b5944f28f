// Course details at /courses/{id}: the course and the catalogue for «Другие курсы», from the resource cache.
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Loader } from '../components/Loader.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { CourseNotFound } from '../features/course/CourseNotFound.tsx';
import { CourseView } from '../features/course/CourseView.tsx';
import { selectResource } from '../data/selectors.ts';
import { ensureResource } from '../data/cache.ts';
import { selectCurrentUser } from '../features/session/currentUser.ts';
import { selectIsLoggedIn } from '../features/session/selectors.ts';
import { PAGE_HEADINGS } from '../../common/pageMeta.ts';

/** The course id of the address, or null when it is not a positive whole number (no such course). */
function courseIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

export function CoursePage() {
  const id = courseIdOf(useParams().id);
  const dispatch = useAppDispatch();
  const course = useAppSelector((state) => (id === null ? null : selectResource(state, 'course', id)));
  const catalogue = useAppSelector((state) => selectResource(state, 'courses'));
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const me = useAppSelector(selectCurrentUser);

  useEffect(() => {
    if (id === null) return;
    dispatch(ensureResource('course', id));
    dispatch(ensureResource('courses'));
  }, [dispatch, id]);

  // The API answers 404 for an unknown course and for a draft one, except to the draft's own authors: for them
  // this page is the preview of the authors' area. Anyone else is shown «not found» even if a backend answers a draft.
  const draft = course?.data?.state === 'draft';
  const author = me.data?.author;
  const ownDraft = draft && Boolean(author) && course!.data!.authors.some((courseAuthor) => courseAuthor.id === author);
  const waitingForUser = draft && loggedIn && !me.data && !me.error;
  if (!course || course.error?.statusCode === 404 || (draft && !ownDraft && !waitingForUser)) return <CourseNotFound />;
  if (course.error) return <ErrorScreen />;
  if (!course.data || waitingForUser) return <CourseLoading />;
  return (
    <>
      {ownDraft ? <DraftNotice role="status">Черновик: этот курс видите только вы и другие его авторы.</DraftNotice> : null}
      <CourseView course={course.data} catalogue={catalogue.data} />
    </>
  );
}

const DraftNotice = styled.p`
  max-width: ${({ theme }) => theme.widths.wide}px;
  margin: 0 auto ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.surface};
  font-weight: 600;
`;

// Tall enough to keep the footer below the fold until the course arrives: no layout shift when it does.
const LoadingArea = styled.div`
  min-height: 100vh;
`;

function CourseLoading() {
  usePageTitle(PAGE_HEADINGS.course);
  return (
    <LoadingArea>
      <Loader />
    </LoadingArea>
  );
}
