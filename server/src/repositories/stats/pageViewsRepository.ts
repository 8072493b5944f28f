// The view counters (issue 37, docs/STATS.md «Counting views»): one row per page and day, added to by each process's
// flush; and whether a caller is an author (whose own views are not counted).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export interface ViewDelta {
  /** `YYYY-MM-DD` in Moscow. */
  day: string;
  /** countedPage()'s key. */
  path: string;
  courseId: number | null;
  /** Views to add; negative when an author's landing took back the count of its HTML. */
  delta: number;
}

/**
 * Adds the deltas in one statement. A course page's row is written only while its course exists and is not a draft
 * (as the public reads show it); a counter never goes below zero.
 */
export async function addPageViews(db: Executor, deltas: ViewDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const rows = JSON.stringify(deltas.map(({ day, path, courseId, delta }) => ({ day, path, course_id: courseId, delta })));
  await db.execute(sql`
    WITH v AS (
      SELECT day, path, course_id, delta FROM jsonb_to_recordset(${rows}::jsonb) AS r(day date, path text, course_id integer, delta integer)
    )
    INSERT INTO page_views (day, path, course_id, views)
    SELECT v.day, v.path, v.course_id, greatest(0, v.delta) FROM v
    WHERE v.delta <> 0 AND (v.course_id IS NULL OR EXISTS (SELECT 1 FROM courses c WHERE c.id = v.course_id AND c.state <> 'draft'))
    ON CONFLICT (day, path) DO UPDATE
      SET views = greatest(0, page_views.views + (SELECT v.delta FROM v WHERE v.day = excluded.day AND v.path = excluded.path))`);
}

/** Whether the user is an author (false for no such user). */
export async function isAuthorUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ isAuthor: users.isAuthor }).from(users).where(eq(users.id, userId));
  return row?.isAuthor ?? false;
}
