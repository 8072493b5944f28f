// The preview of a draft course: its authors see it at the public address as visitors will once it is announced.
import type { CourseDetails } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { loadCourseDetails } from '../../repositories/content/coursesRepository.ts';
import { authorIdOfUser } from '../../repositories/places/enrollmentRepository.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';

/** The public form of a draft course (published lessons only) when the user is one of its authors; null otherwise. */
export async function draftPreview(db: Db, userId: number, courseId: number): Promise<CourseDetails | null> {
  const authorId = await authorIdOfUser(db, userId);
  if (authorId === null || !(await leadsCourse(db, authorId, courseId))) return null;
  const found = await loadCourseDetails(db, courseId, { draftCourse: true, draftLessons: false });
  return found?.course ?? null;
}
