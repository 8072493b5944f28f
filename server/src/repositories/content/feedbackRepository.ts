// Reviews, newest first, with their course and its authors; reviews of draft courses are not shown.
import { asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AuthorRef, Feedback } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { authors, courseAuthors, courses, feedback } from '../../db/schema.ts';

export async function feedbackPage(db: Executor, offset: number, limit: number): Promise<{ count: number; results: Feedback[] }> {
  const visible = ne(courses.state, 'draft');
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(feedback).innerJoin(courses, eq(courses.id, feedback.courseId)).where(visible),
    db
      .select({ feedback, courseTitle: courses.title })
      .from(feedback)
      .innerJoin(courses, eq(courses.id, feedback.courseId))
      .where(visible)
      .orderBy(desc(feedback.createdAt), asc(feedback.id))
      .limit(limit)
      .offset(offset),
  ]);
  const courseIds = [...new Set(rows.map((row) => row.feedback.courseId))];
  const authorRows =
    courseIds.length === 0
      ? []
      : await db
          .select({ courseId: courseAuthors.courseId, id: authors.id, firstName: authors.firstName, lastName: authors.lastName, genitive: authors.genitive })
          .from(courseAuthors)
          .innerJoin(authors, eq(authors.id, courseAuthors.authorId))
          .where(inArray(courseAuthors.courseId, courseIds))
          .orderBy(asc(courseAuthors.position));
  const authorsByCourse = new Map<number, AuthorRef[]>();
  for (const { courseId, ...author } of authorRows) {
    const list = authorsByCourse.get(courseId) ?? [];
    list.push(author);
    authorsByCourse.set(courseId, list);
  }
  return {
    count: total?.count ?? 0,
    results: rows.map(({ feedback: item, courseTitle }) => ({
      id: item.id,
      author: item.author,
      authorAge: item.authorAge,
      course: { id: item.courseId, title: courseTitle },
      courseAuthors: authorsByCourse.get(item.courseId) ?? [],
      footer: item.footer,
      text: item.text,
    })),
  };
}
