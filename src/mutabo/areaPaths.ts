// Every address inside the authors' area, spelled once.
import { paths } from '../app/paths.ts';

const root = paths.admin;

export const areaPaths = {
  root,
  courses: `${root}/courses`,
  newCourse: `${root}/courses/new`,
  course: (id: number | string) => `${root}/courses/${id}`,
  newLesson: (courseId: number | string) => `${root}/courses/${courseId}/lessons/new`,
  lesson: (courseId: number | string, lessonId: number | string) => `${root}/courses/${courseId}/lessons/${lessonId}`,
  quotations: `${root}/quotations`,
  feedback: `${root}/feedback`,
  library: `${root}/library`,
  timetable: `${root}/timetable`,
  authorPage: `${root}/author`,
} as const;
