// The SQL of the reminder of an unfinished checkout (services/payments/checkoutReminders.ts): the sweep (one INSERT … SELECT
// whose unique dedupe key, one per person and course, makes the reminder once ever, whichever process sweeps), and
// what the letter is composed from when it is sent. One set of conditions serves both, so a reminder queued while
// they held and sent after they stopped holding is dropped.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { outboxLetters } from '../../db/schema.ts';
import { countedPlaceAs } from '../places/placesRepository.ts';

const CHECKOUT_REMINDER_KIND = 'checkout-reminder';

/**
 * The failure reasons of a checkout the person left: they cancelled it at the provider (or the provider refused the
 * card) or let the hold lapse. Not superseded (they started another checkout), withdrawn (they gave the places up or
 * deleted the account), provider_error (ours to fix), no_places or approved (the places went elsewhere), rejected (an
 * author turned them away).
 */
export const LEFT_CHECKOUT_REASONS = ['canceled', 'expired'] as const;

/**
 * How long after it fell due a reminder is still queued: a sweep after a few days' outage catches up, while the
 * checkouts that ended long before the reminders existed (or before CHECKOUT_REMINDER_HOURS was raised) get none.
 */
const CATCH_UP_HOURS = 72;

/** Once per person and course, ever. */
export const checkoutReminderKey = (userId: number, courseId: number) => `${CHECKOUT_REMINDER_KIND}:${userId}:${courseId}`;

/** What a reminder row carries until it is composed. */
export interface CheckoutReminderPayload {
  paymentId: number;
  userId: number;
  courseId: number;
}

const reasons = sql.join(
  LEFT_CHECKOUT_REASONS.map((reason) => sql`${reason}`),
  sql`, `,
);

/**
 * The lessons of payment `pay` still on sale at `at`, by the sale rule of common/lessonBlocks.ts (`lessonSale`), in a
 * published lesson of a course open for enrollment: a lesson sold as its recording (a recorded course's lesson, or a
 * live course's lesson that has begun, with a ready recording), which has no place limit; else a live course's lesson
 * not begun (or without a time) with a free place (limit minus the places held, by the one rule of
 * placesRepository.ts). `as_recording` says which. `l` and `c` name the lesson and its course.
 */
const openLessonsOf = (pay: SQL, at: SQL) => sql`
  SELECT l.id, l.number, l.title, l.starts_at, sold.as_recording
  FROM payment_lessons pl
  JOIN lessons l ON l.id = pl.lesson_id
  JOIN courses c ON c.id = l.course_id
  CROSS JOIN LATERAL (SELECT c.format = 'recorded' OR (l.starts_at IS NOT NULL AND l.starts_at <= ${at}) AS as_recording) sold
  WHERE pl.payment_id = ${pay}
    AND l.state = 'published' AND c.state = 'can_be_subscribed'
    AND CASE WHEN sold.as_recording
      THEN EXISTS (SELECT 1 FROM lesson_recordings r WHERE r.lesson_id = l.id AND r.state = 'ready')
      ELSE c.participants_limit > (SELECT count(*) FROM participants p WHERE p.lesson_id = l.id AND ${countedPlaceAs('p')})
    END`;

/**
 * Whether the person of payment `pay` (user `person`, course `course`) is still to be reminded: a live, active account
 * with an address; not unsubscribed from the course's news (their latest news consent for it is not a withdrawal);
 * no place held in the payment's lessons
 * (approved, or a hold not lapsed) and no payment in progress on any of them.
 */
const stillLeft = (pay: SQL, person: SQL, course: SQL) => sql`
  EXISTS (SELECT 1 FROM users u WHERE u.id = ${person} AND u.is_active AND u.deleted_at IS NULL AND u.email <> '')
  AND NOT EXISTS (
    SELECT 1 FROM consents w
    WHERE w.user_id = ${person} AND w.course_id = ${course} AND w.kind = 'news' AND w.action = 'withdrawn'
      AND NOT EXISTS (
        SELECT 1 FROM consents g
        WHERE g.user_id = w.user_id AND g.course_id = w.course_id AND g.kind = 'news' AND g.action = 'given' AND g.id > w.id))
  AND NOT EXISTS (
    SELECT 1 FROM payment_lessons own
    JOIN participants p ON p.lesson_id = own.lesson_id AND p.user_id = ${person}
    WHERE own.payment_id = ${pay} AND ${countedPlaceAs('p')})
  AND NOT EXISTS (
    SELECT 1 FROM payment_lessons own
    JOIN payment_lessons other ON other.lesson_id = own.lesson_id
    JOIN payments q ON q.id = other.payment_id
    WHERE own.payment_id = ${pay} AND q.user_id = ${person} AND q.state = 'STATE_IN_PROGRESS')`;

/**
 * Queues the reminders due at `now`: for each payment that ended cancelled or expired (and owes no refund) whose hold
 * ended `hours` ago or more (but no more than CATCH_UP_HOURS after that), whose person is still to be reminded and
 * whose lessons still offer one, one row per person and course (the latest such payment's). A key already known is
 * not queued again. The checkout ended when it was cancelled (`ended_at`) or when its hold lapsed (`expires_at`),
 * whichever came first: the expiry sweep records a lapsed hold a little after it lapsed, and a payment that ended
 * before migration 0024 has only its hold's end. Answers how many it queued.
 */
export async function queueDueCheckoutReminders(db: Db, now: Date, hours: number): Promise<number> {
  if (!(hours > 0)) return 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const wait = sql`make_interval(secs => ${Math.round(hours * 3600)})`;
  const result = await db.execute(sql`
    INSERT INTO ${outboxLetters} (kind, user_id, payload, dedupe_key)
    SELECT DISTINCT ON (due.user_id, due.course_id) ${CHECKOUT_REMINDER_KIND}::text, due.user_id,
      jsonb_build_object('paymentId', due.id, 'userId', due.user_id, 'courseId', due.course_id),
      ${CHECKOUT_REMINDER_KIND}::text || ':' || due.user_id || ':' || due.course_id
    FROM (
      SELECT pay.id, pay.user_id, LEAST(pay.ended_at, pay.expires_at) AS ended_at,
        (SELECT l.course_id FROM payment_lessons pl JOIN lessons l ON l.id = pl.lesson_id WHERE pl.payment_id = pay.id LIMIT 1) AS course_id
      FROM payments pay
      WHERE pay.state = 'STATE_FAILURE' AND pay.failure_reason IN (${reasons}) AND NOT pay.refund_required
        AND LEAST(pay.ended_at, pay.expires_at) + ${wait} <= ${at}
        AND LEAST(pay.ended_at, pay.expires_at) + ${wait} > ${at} - make_interval(hours => ${CATCH_UP_HOURS})
    ) AS due
    WHERE due.course_id IS NOT NULL
      AND ${stillLeft(sql`due.id`, sql`due.user_id`, sql`due.course_id`)}
      AND EXISTS (${openLessonsOf(sql`due.id`, at)})
    ORDER BY due.user_id, due.course_id, due.ended_at DESC, due.id DESC
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export interface CheckoutReminderFacts {
  email: string;
  firstName: string;
  /** The profile's zone, '' for none. */
  timeZone: string;
  course: { id: number; title: string; timeZone: string };
  /** The payment's lessons still on offer, in their order; `asRecording`: sold as its recording (lessonSale). */
  lessons: { id: number; number: number; title: string; startsAt: Date | null; asRecording?: boolean }[];
}

/** What the reminder is composed from at `now`; null when it no longer holds (the letter is dropped). */
export async function checkoutReminderFacts(db: Executor, payload: CheckoutReminderPayload, now: Date): Promise<CheckoutReminderFacts | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const pay = sql`${payload.paymentId}::int`;
  const person = sql`${payload.userId}::int`;
  const course = sql`${payload.courseId}::int`;
  const heads = await db.execute(sql`
    SELECT u.email, u.first_name AS "firstName", coalesce(d.timezone, '') AS "timeZone", c.id, c.title, c.time_zone AS "courseTimeZone"
    FROM payments pay
    JOIN users u ON u.id = pay.user_id
    LEFT JOIN disciples d ON d.user_id = u.id
    JOIN courses c ON c.id = ${course}
    WHERE pay.id = ${pay} AND pay.user_id = ${person}
      AND pay.state = 'STATE_FAILURE' AND pay.failure_reason IN (${reasons}) AND NOT pay.refund_required
      AND ${stillLeft(pay, person, course)}`);
  const head = (heads as unknown as { rows: { email: string; firstName: string; timeZone: string; id: number; title: string; courseTimeZone: string }[] }).rows[0];
  if (!head) return null;
  const found = await db.execute(sql`${openLessonsOf(pay, at)} AND l.course_id = ${course} ORDER BY l.number, l.id`);
  const lessons = (found as unknown as { rows: { id: number; number: number; title: string; starts_at: Date | string | null; as_recording: boolean }[] }).rows.map((row) => ({
    id: Number(row.id),
    number: Number(row.number),
    title: row.title,
    startsAt: row.starts_at === null ? null : new Date(row.starts_at),
    asRecording: row.as_recording === true,
  }));
  if (lessons.length === 0) return null;
  return {
    email: head.email,
    firstName: head.firstName,
    timeZone: head.timeZone,
    course: { id: Number(head.id), title: head.title, timeZone: head.courseTimeZone },
    lessons,
  };
}
