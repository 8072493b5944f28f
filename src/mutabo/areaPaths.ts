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
  newQuotation: `${root}/quotations/new`,
  quotation: (id: number | string) => `${root}/quotations/${id}`,
  feedback: `${root}/feedback`,
  newFeedback: `${root}/feedback/new`,
  feedbackItem: (id: number | string) => `${root}/feedback/${id}`,
  library: `${root}/library`,
  newLibraryItem: `${root}/library/new`,
  libraryItem: (id: number | string) => `${root}/library/${id}`,
  timetable: `${root}/timetable`,
  authorPage: `${root}/author`,
} as const;
