// What /sitemap.xml lists: the courses with their states (the catalogue's rule picks them) and when each last changed,
// and when the editable pages did. One query each.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, courses, pagesContent } from '../../db/schema.ts';

export async function sitemapCourses(db: Db) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      state: courses.state,
      disciplesAge: courses.disciplesAge,
      /** The course's creation or its latest change by the authors (the area's history), whichever is later. */
      lastmod: sql<Date>`greatest(${courses.createdAt}, (SELECT max(${auditLog.at}) FROM ${auditLog} WHERE ${auditLog.courseId} = ${courses.id}))`.mapWith(courses.createdAt),
    })
    .from(courses)
    .orderBy(asc(courses.id));
}

/** Slug → when the page's text last changed. */
export async function pagesUpdatedAt(db: Db): Promise<Map<string, Date>> {
  const rows = await db.select({ slug: pagesContent.slug, updatedAt: pagesContent.updatedAt }).from(pagesContent);
  return new Map(rows.map((row) => [row.slug, row.updatedAt]));
}
