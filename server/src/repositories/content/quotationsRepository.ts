// Quotations for the home page banner; a link to a draft course is not shown.
import { asc, eq } from 'drizzle-orm';
import type { Quotation } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { courses, quotations } from '../../db/schema.ts';

export async function listQuotations(db: Executor): Promise<Quotation[]> {
  const rows = await db
    .select({ quotation: quotations, courseTitle: courses.title, courseState: courses.state })
    .from(quotations)
    .leftJoin(courses, eq(courses.id, quotations.courseId))
    .orderBy(asc(quotations.id));
  return rows.map(({ quotation, courseTitle, courseState }) => ({
    id: quotation.id,
    source: quotation.source,
    text: quotation.text,
    course: quotation.courseId !== null && courseTitle !== null && courseState !== 'draft' ? { id: quotation.courseId, title: courseTitle } : null,
  }));
}
