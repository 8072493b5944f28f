// The money of the statistics (issue 37, docs/STATS.md) in one aggregate: what was paid (by paid_at) and refunded (by a
// succeeded refund's completed_at) per period and currency, per course, and the discounts taken. Each instant is read
// in the zone of its payment's course; the sums stay numeric and leave as text with two decimals, never as floats.
import { sql } from 'drizzle-orm';
import type { CourseMoneyRow, DiscountUseRow, MoneyRow, StatsGrouping } from '../../../../common/stats.ts';
import type { Executor } from '../../db/client.ts';
import { inScope, rowsOf, scopeCourseIds, withoutJit } from './statsScope.ts';

export interface MoneyRange {
  authorId: number;
  course?: number;
  /** Days, both included, `YYYY-MM-DD`. */
  from: string;
  to: string;
  by: StatsGrouping;
}

export interface MoneyAggregate {
  rows: MoneyRow[];
  courses: CourseMoneyRow[];
  discounts: DiscountUseRow[];
}

/** No zone is more than 14 hours from UTC: the UTC range widened by two days holds every local day of the range. */
const WIDENING_MS = 2 * 86_400_000;
export const widened = (from: string, to: string) => ({
  start: new Date(Date.parse(`${from}T00:00:00Z`) - WIDENING_MS).toISOString(),
  end: new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000 + WIDENING_MS).toISOString(),
});

const money = (expression: ReturnType<typeof sql>) => sql`round(coalesce(${expression}, 0), 2)::text`;

export async function moneyAggregate(db: Executor, range: MoneyRange): Promise<MoneyAggregate> {
  const { from, to, by } = range;
  const wide = widened(from, to);
  const [row] = await withoutJit(db, (tx) =>
    rowsOf<{ stats: MoneyAggregate }>(
      tx,
      sql`
    WITH scope AS (SELECT c.id, c.title, c.time_zone AS tz FROM courses c WHERE c.id IN ${scopeCourseIds(range.authorId, range.course)}),
    paid AS MATERIALIZED (
      SELECT x.currency, x.amount, x.full_amount, x.discount, x.promo_code_id, x.discount_id, s.id AS course_id,
             date_trunc(${by}, x.paid_at AT TIME ZONE s.tz)::date AS period
      FROM ${inScope(range.course, {
        columns: sql`p.currency, p.amount, p.full_amount, p.discount, p.promo_code_id, p.discount_id, p.paid_at`,
        from: sql`payments p`,
        where: sql`p.paid_at IS NOT NULL AND p.paid_at >= ${wide.start}::timestamptz AND p.paid_at < ${wide.end}::timestamptz`,
        courseId: sql`p.course_id`,
      })}
      WHERE x.paid_at AT TIME ZONE s.tz >= ${from}::date AND x.paid_at AT TIME ZONE s.tz < ${to}::date + 1
    ),
    back AS MATERIALIZED (
      SELECT x.currency, x.amount, s.id AS course_id, date_trunc(${by}, x.completed_at AT TIME ZONE s.tz)::date AS period
      FROM ${inScope(range.course, {
        columns: sql`r.currency, r.amount, r.completed_at`,
        from: sql`refunds r JOIN payments rp ON rp.id = r.payment_id`,
        where: sql`r.state = 'succeeded' AND r.completed_at >= ${wide.start}::timestamptz AND r.completed_at < ${wide.end}::timestamptz`,
        courseId: sql`rp.course_id`,
      })}
      WHERE x.completed_at AT TIME ZONE s.tz >= ${from}::date AND x.completed_at AT TIME ZONE s.tz < ${to}::date + 1
    ),
    currencies AS (SELECT currency FROM paid UNION SELECT currency FROM back),
    periods AS (
      SELECT generate_series(date_trunc(${by}, ${from}::date::timestamp), date_trunc(${by}, ${to}::date::timestamp), ${`1 ${by}`}::interval)::date AS period
    ),
    paid_by AS (SELECT period, currency, sum(amount) AS paid, count(*) AS payments FROM paid GROUP BY period, currency),
    back_by AS (SELECT period, currency, sum(amount) AS refunded FROM back GROUP BY period, currency),
    paid_c AS (SELECT course_id, currency, sum(amount) AS paid, count(*) AS payments FROM paid GROUP BY course_id, currency),
    back_c AS (SELECT course_id, currency, sum(amount) AS refunded FROM back GROUP BY course_id, currency),
    used AS (
      SELECT (p.promo_code_id IS NOT NULL OR p.discount->>'kind' = 'promoCode') AS promo, p.currency,
             upper(coalesce(pc.code, p.discount->>'code')) AS code, coalesce(p.full_amount, p.amount) - p.amount AS cost
      FROM paid p LEFT JOIN promo_codes pc ON pc.id = p.promo_code_id
      WHERE p.discount IS NOT NULL OR p.promo_code_id IS NOT NULL OR p.discount_id IS NOT NULL
    )
    SELECT json_build_object(
      'rows', (
        SELECT coalesce(json_agg(json_build_object(
          'period', to_char(pe.period, 'YYYY-MM-DD'), 'currency', cu.currency,
          'paid', ${money(sql`pb.paid`)}, 'refunded', ${money(sql`bb.refunded`)},
          'net', ${money(sql`coalesce(pb.paid, 0) - coalesce(bb.refunded, 0)`)},
          'payments', coalesce(pb.payments, 0),
          'averageCheck', CASE WHEN coalesce(pb.payments, 0) = 0 THEN '0.00' ELSE round(pb.paid / pb.payments, 2)::text END
        ) ORDER BY pe.period, cu.currency), '[]'::json)
        FROM periods pe CROSS JOIN currencies cu
        LEFT JOIN paid_by pb ON pb.period = pe.period AND pb.currency = cu.currency
        LEFT JOIN back_by bb ON bb.period = pe.period AND bb.currency = cu.currency
      ),
      'courses', (
        SELECT coalesce(json_agg(json_build_object(
          'course', json_build_object('id', s.id, 'title', s.title), 'currency', t.currency,
          'paid', ${money(sql`t.paid`)}, 'refunded', ${money(sql`t.refunded`)},
          'net', ${money(sql`coalesce(t.paid, 0) - coalesce(t.refunded, 0)`)}, 'payments', coalesce(t.payments, 0)
        ) ORDER BY s.title, s.id, t.currency), '[]'::json)
        FROM (SELECT course_id, currency, pc.paid, pc.payments, bc.refunded FROM paid_c pc FULL JOIN back_c bc USING (course_id, currency)) t
        JOIN scope s ON s.id = t.course_id
      ),
      'discounts', (
        SELECT coalesce(json_agg(json_build_object(
          'kind', CASE WHEN d.promo THEN 'promo' ELSE 'personal' END, 'code', d.code, 'currency', d.currency,
          'uses', d.uses, 'cost', ${money(sql`d.cost`)}
        ) ORDER BY d.promo DESC, d.code, d.currency), '[]'::json)
        FROM (
          SELECT promo, CASE WHEN promo THEN code END AS code, currency, count(*) AS uses, sum(cost) AS cost
          FROM used GROUP BY 1, 2, 3
        ) d
      )
    ) AS stats`,
    ),
  );
  return row!.stats;
}
