// The course editor opened on a course of its own (issue 22, item 5's warnings): the area's handlers serve `course`,
// the page waits for the form; the warning a title with «тест» gets.
import { screen } from '@testing-library/react';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER } from './preloadArea.ts';

export const TEST_TITLE_WARNING = 'Такой курс не появится в каталоге: слово «тест» в названии.';

export const openCourseEditor = async (course: MutaboCourse = editedCourse, path = `/mutabo/courses/${course.id}`) => {
  server.use(...mutaboHandlers(undefined, course));
  const view = renderApp(path);
  await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
  return view;
};
