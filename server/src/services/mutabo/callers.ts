// Who may call the authors' API, and the courses whose forms an author may send.
import type { Db } from '../../db/client.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import { authorIdOfUser } from '../../repositories/places/enrollmentRepository.ts';
import { mutaboErrors, type Caller } from './context.ts';

/** The logged-in user as the caller of the authors' API; 403 for anyone who is not an author. */
export async function authorCaller(db: Db, userId: number): Promise<Caller> {
  const authorId = await authorIdOfUser(db, userId);
  if (authorId === null) throw mutaboErrors.notAuthor();
  return { userId, authorId };
}

/** 404 for a course the author does not lead (the services check again where it matters, under the course's lock). */
export async function refuseUnledCourse(db: Db, authorId: number, courseId: number): Promise<void> {
  if (!(await leadsCourse(db, authorId, courseId))) throw mutaboErrors.courseNotFound();
}
