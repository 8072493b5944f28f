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
import { selectResource } from '../features/resources/selectors.ts';
import { ensureResource } from '../features/resources/slice.ts';

/** The course id of the address, or null when it is not a positive whole number (no such course). */
function courseIdOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

export function CoursePage() {
  const id = courseIdOf(useParams().id);
  const dispatch = useAppDispatch();
  const course = useAppSelector((state) => (id === null ? null : selectResource(state, 'course', id)));
  const catalogue = useAppSelector((state) => selectResource(state, 'courses'));

  useEffect(() => {
    if (id === null) return;
    dispatch(ensureResource('course', id));
    dispatch(ensureResource('courses'));
  }, [dispatch, id]);

  // The API answers 404 for an unknown course and for a draft one.
  if (!course || course.error?.statusCode === 404 || course.data?.state === 'draft') return <CourseNotFound />;
  if (course.error) return <ErrorScreen />;
  if (!course.data) return <CourseLoading />;
  return <CourseView course={course.data} catalogue={catalogue.data} />;
}

// Tall enough to keep the footer below the fold until the course arrives: no layout shift when it does.
const LoadingArea = styled.div`
  min-height: 100vh;
`;

function CourseLoading() {
  usePageTitle('Курс');
  return (
    <LoadingArea>
      <Loader />
    </LoadingArea>
  );
}
