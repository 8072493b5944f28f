// The funnel of the statistics (issue 37, docs/STATS.md): course page views, people who began a payment, paid, came to
// a lesson; sign-ups and news subscriptions beside. Course-bound instants are read in the course's zone; the counters'
// days are Moscow days already, and sign-ups (which name no course) are counted by Moscow days.
import { sql } from 'drizzle-orm';
import type { FunnelStats } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { widened } from './moneyRepository.ts';
import { inScope, rowsOf, scopeCourseIds, withoutJit } from './statsScope.ts';

export type FunnelCounts = Omit<FunnelStats, 'from' | 'to'>;

export async function funnelCounts(db: Executor, range: { authorId: number; course?: number; from: string; to: string }): Promise<FunnelCounts> {
  const { from, to } = range;
  const wide = widened(from, to);
  const [row] = await withoutJit(db, (tx) =>
    rowsOf<FunnelCounts>(
      tx,
      sql`
    WITH scope AS (SELECT c.id, c.time_zone AS tz, c.format FROM courses c WHERE c.id IN ${scopeCourseIds(range.authorId, range.course)}),
    began AS MATERIALIZED (
      SELECT x.user_id, bool_or(x.paid_at IS NOT NULL) AS paid
      FROM ${inScope(range.course, {
        columns: sql`p.user_id, p.created_at, p.paid_at`,
        from: sql`payments p`,
        where: sql`p.created_at >= ${wide.start}::timestamptz AND p.created_at < ${wide.end}::timestamptz`,
        courseId: sql`p.course_id`,
      })}
      WHERE x.created_at AT TIME ZONE s.tz >= ${from}::date AND x.created_at AT TIME ZONE s.tz < ${to}::date + 1
      GROUP BY x.user_id
    )
    SELECT
      (SELECT coalesce(sum(v.views), 0) FROM page_views v WHERE v.course_id IN (SELECT id FROM scope) AND v.day >= ${from}::date AND v.day <= ${to}::date)::int AS views,
      (SELECT count(*) FROM began)::int AS checkouts,
      (SELECT count(*) FROM began WHERE paid)::int AS paid,
      CASE WHEN EXISTS (SELECT 1 FROM scope WHERE format = 'live') THEN (
        SELECT count(*) FROM began b
        WHERE b.paid AND EXISTS (
          SELECT 1 FROM lesson_attendance a JOIN lessons l ON l.id = a.lesson_id
          WHERE a.user_id = b.user_id AND l.course_id IN (SELECT id FROM scope)
        )
      )::int END AS attended,
      (SELECT count(*) FROM users u
        WHERE u.created_at >= (${from}::date::timestamp AT TIME ZONE 'Europe/Moscow')
          AND u.created_at < ((${to}::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow'))::int AS signups,
      (SELECT count(*) FROM mailing_subscriptions m JOIN scope s ON s.id = m.course_id
        WHERE m.created_at AT TIME ZONE s.tz >= ${from}::date AND m.created_at AT TIME ZONE s.tz < ${to}::date + 1)::int AS subscriptions`,
    ),
  );
  return row!;
}
