// The course of a course page in the area (/mutabo/courses/{id}/...): its id from the address, the course read, and
// what the page shows instead while it cannot show the course (an id that is none, a course the caller does not lead,
// a non-author, a failure, the loading).
import { type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { idFromText } from '../../../common/ids.ts';
import type { MutaboCourse } from '../../../common/mutabo/courses.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { Loader } from '../../components/Loader.tsx';
import { NotAuthorPage } from '../shell/NotAuthorPage.tsx';
import { skipToken, useResource } from '../../data/useResource.ts';
import { areaResources } from '../areaResources.ts';

/** What a course page says for a course that does not exist or that the caller does not lead (the server's 404). */
export const CourseNotFound = () => <p>Курс не найден или вы его не ведёте.</p>;

type LedCourse = { id: number; course: MutaboCourse; instead: null } | { id: number | undefined; course: null; instead: ReactElement };

export function useLedCourse(): LedCourse {
  const id = idFromText(useParams().courseId);
  const course = useResource(areaResources.course, id === undefined ? skipToken : id);
  if (id === undefined || course.error?.statusCode === 404) return { id, course: null, instead: <CourseNotFound /> };
  if (course.error?.statusCode === 403) return { id, course: null, instead: <NotAuthorPage /> };
  if (course.error) return { id, course: null, instead: <ErrorScreen /> };
  if (!course.data) return { id, course: null, instead: <Loader label="Загружаем курс" /> };
  return { id, course: course.data, instead: null };
}
