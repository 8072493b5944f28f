// The calls of the authors' API (/api/v1/mutabo/), typed with the shared contract.
import { request } from '../api/client.ts';
import type { Paged } from '../../common/wireTypes.ts';
import type { CourseWrite, HistoryEntry, LessonWrite, MutaboCourse, MutaboCourseRow, MutaboLesson } from './wire.ts';

const base = '/api/v1/mutabo';

function listOf<T>(response: T[] | Paged<T>): T[] {
  return Array.isArray(response) ? response : response.results;
}

export const listCourses = async () => listOf(await request<MutaboCourseRow[] | Paged<MutaboCourseRow>>(`${base}/courses/`));
export const getCourse = (id: number) => request<MutaboCourse>(`${base}/courses/${id}/`);
export const createCourse = (body: CourseWrite) => request<MutaboCourse>(`${base}/courses/`, { method: 'POST', body });
export const updateCourse = (id: number, body: Partial<CourseWrite> & { version: number }) =>
  request<MutaboCourse>(`${base}/courses/${id}/`, { method: 'PATCH', body });
export const deleteCourse = (id: number) => request<Record<string, never>>(`${base}/courses/${id}/`, { method: 'DELETE' });
export const getCourseHistory = async (id: number) =>
  listOf(await request<HistoryEntry[] | Paged<HistoryEntry>>(`${base}/courses/${id}/history/`));

export const createLesson = (courseId: number, body: LessonWrite) =>
  request<MutaboLesson>(`${base}/courses/${courseId}/lessons/`, { method: 'POST', body });
export const getLesson = (id: number) => request<MutaboLesson>(`${base}/lessons/${id}/`);
export const updateLesson = (id: number, body: Partial<LessonWrite> & { version: number }) =>
  request<MutaboLesson>(`${base}/lessons/${id}/`, { method: 'PATCH', body });
export const deleteLesson = (id: number) => request<Record<string, never>>(`${base}/lessons/${id}/`, { method: 'DELETE' });
export const orderLessons = (courseId: number, lessons: number[]) =>
  request<MutaboLesson[] | Paged<MutaboLesson>>(`${base}/courses/${courseId}/lessons/order/`, { method: 'POST', body: { lessons } });
