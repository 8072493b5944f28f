// The calls of the authors' API (/api/v1/mutabo/), typed with the shared contract (common/mutabo/).
import { request } from '../api/client.ts';
import type { CourseCreatePayload, CoursePatchPayload, MutaboAuthorChoice, MutaboCourse, MutaboCourseListItem } from '../../common/mutabo/courses.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { LessonCreatePayload, LessonPatchPayload, MutaboLesson, MutaboLessonOrderResult } from '../../common/mutabo/lessons.ts';
import type { MutaboFirstSteps } from '../../common/mutabo/start.ts';
import type { UploadResult } from '../../common/mutabo/uploads.ts';
import type { CourseCopyPayload, LessonSeriesPayload } from '../../common/mutabo/season.ts';

const base = '/api/v1/mutabo';

/** Every author, the caller too: the course form's choice (the site's own list has only those with a page). */
export const listAuthorChoices = () => request<MutaboAuthorChoice[]>(`${base}/authors/`);
/** What the caller has done of a new author's first steps (the summary lists them while any is left). */
export const getFirstSteps = () => request<MutaboFirstSteps>(`${base}/first-steps/`);

export const listCourses = () => request<MutaboCourseListItem[]>(`${base}/courses/`);
export const getCourse = (id: number) => request<MutaboCourse>(`${base}/courses/${id}/`);
export const createCourse = (body: CourseCreatePayload) => request<MutaboCourse>(`${base}/courses/`, { method: 'POST', body });
export const updateCourse = (id: number, body: CoursePatchPayload) =>
  request<MutaboCourse>(`${base}/courses/${id}/`, { method: 'PATCH', body });
export const deleteCourse = (id: number) => request<Record<string, never>>(`${base}/courses/${id}/`, { method: 'DELETE' });
export const getCourseHistory = (id: number, page = 1) =>
  request<HistoryPage>(`${base}/courses/${id}/history/`, { query: { page } });

export const createLesson = (courseId: number, body: LessonCreatePayload) =>
  request<MutaboLesson>(`${base}/courses/${courseId}/lessons/`, { method: 'POST', body });
export const getLesson = (id: number) => request<MutaboLesson>(`${base}/lessons/${id}/`);
export const updateLesson = (id: number, body: LessonPatchPayload) =>
  request<MutaboLesson>(`${base}/lessons/${id}/`, { method: 'PATCH', body });
/** Marks a published lesson without a time held: its settlement receipts are sent then. */
export const markLessonHeld = (id: number) => request<MutaboLesson>(`${base}/lessons/${id}/held/`, { method: 'POST' });
export const deleteLesson = (id: number) => request<Record<string, never>>(`${base}/lessons/${id}/`, { method: 'DELETE' });
export const orderLessons = (courseId: number, lessons: number[]) =>
  request<MutaboLessonOrderResult>(`${base}/courses/${courseId}/lessons/order/`, { method: 'POST', body: { lessons } });
/** Several lessons at once: every N days at the same time in the course's zone (common/mutabo/season.ts). */
export const createLessonSeries = (courseId: number, body: LessonSeriesPayload) =>
  request<MutaboLesson[]>(`${base}/courses/${courseId}/lessons/series/`, { method: 'POST', body });
/** A draft copy of the course for the next season, its first lesson on `start`. */
export const copyCourse = (courseId: number, body: CourseCopyPayload) =>
  request<MutaboCourse>(`${base}/courses/${courseId}/copy/`, { method: 'POST', body });

/**
 * One file, as multipart; answers its address on this site (and, for an image, a smaller copy's). `onProgress` is told
 * how much of it has been sent (0 to 1).
 */
export function uploadFile(file: File, onProgress?: (fraction: number) => void) {
  const body = new FormData();
  body.append('file', file);
  return request<UploadResult>(`${base}/uploads/`, { method: 'POST', body, onUploadProgress: onProgress });
}
