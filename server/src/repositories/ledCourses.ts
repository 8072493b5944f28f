// The courses an author leads: as a subquery, to which the authors' area limits its reads (participantsRepository.ts,
// discountsRepository.ts, the area's payments and start page), and one course when the author leads it. Its own
// module, so that those do not import each other through paymentsRepository.ts.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { courseAuthors, courses } from '../db/schema.ts';

/** The caller's courses (their ids): every read of the authors' area is limited to them. */
export const ledCourseIds = (authorId: number) => sql`(SELECT ${courseAuthors.courseId} FROM ${courseAuthors} WHERE ${courseAuthors.authorId} = ${authorId})`;

interface CourseHead {
  id: number;
  title: string;
  participantsLimit: number;
  disciplesAge: (typeof courses.$inferSelect)['disciplesAge'];
  state: (typeof courses.$inferSelect)['state'];
  paid: boolean;
}

/** The course when the author leads it; null otherwise. */
export async function ledCourse(db: Executor, authorId: number, courseId: number): Promise<CourseHead | null> {
  const [row] = await db
    .select({
      id: courses.id,
      title: courses.title,
      participantsLimit: courses.participantsLimit,
      disciplesAge: courses.disciplesAge,
      state: courses.state,
      paid: sql<boolean>`EXISTS (SELECT 1 FROM prices p WHERE p.course_id = courses.id)`,
    })
    .from(courses)
    .where(and(eq(courses.id, courseId), sql`${courses.id} IN ${ledCourseIds(authorId)}`));
  return row ?? null;
}

export async function leadsCourse(db: Executor, authorId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ courseId: courseAuthors.courseId })
    .from(courseAuthors)
    .where(and(eq(courseAuthors.courseId, courseId), eq(courseAuthors.authorId, authorId)));
  return row !== undefined;
}
