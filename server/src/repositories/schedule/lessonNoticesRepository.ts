// The SQL of the letters about a lesson: who its approved participants are (with their profile's zone), the reminder
// sweep (one INSERT … SELECT whose unique dedupe keys make each reminder once, whichever process sweeps), and what
// a reminder letter is composed from when it is sent.
import { and, eq, sql } from 'drizzle-orm';
import { wantsChannel } from '../telegram/telegramOutboxRepository.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { courses, disciples, lessons, outboxLetters, outboxTelegram, participants, users } from '../../db/schema.ts';

export type ReminderLead = '24h' | '1h';

/** How long before the start each reminder is due, the earliest first. */
export const REMINDER_LEADS_MS: Record<ReminderLead, number> = { '24h': 24 * 3600_000, '1h': 3600_000 };

const LEADS = (Object.entries(REMINDER_LEADS_MS) as [ReminderLead, number][]).sort((a, b) => b[1] - a[1]);

/** Each reminder's window in seconds before the start: from its lead until the next (shorter) one's, the last until the start. */
const LEAD_WINDOWS = LEADS.map(([lead, ms], index) => ({ lead, opens: ms / 1000, closes: (LEADS[index + 1]?.[1] ?? 0) / 1000, last: index === LEADS.length - 1 }));

/** Once per lead, lesson, person and start: a lesson moved to another time is reminded of again, a repeated sweep not. */
function reminderKey(lead: ReminderLead, lessonId: number, userId: number, startsAt: Date): string {
  return `reminder:${lead}:${lessonId}:${userId}:${Math.floor(startsAt.getTime() / 1000)}`;
}

/** What a reminder row carries until it is composed. */
export interface ReminderPayload {
  lead: ReminderLead;
  lessonId: number;
  userId: number;
  /** ISO 8601: the start the reminder is for; a lesson moved since is not reminded of by this row. */
  startsAt: string;
}

interface LessonRecipientRow {
  userId: number;
  email: string;
  firstName: string;
  /** The profile's zone, '' for none. */
  timeZone: string;
}

/** The approved participants of a lesson, with their profile's zone. */
export async function approvedParticipantsOf(db: Db | Tx, lessonId: number): Promise<LessonRecipientRow[]> {
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, timeZone: sql<string>`coalesce(${disciples.timezone}, '')` })
    .from(participants)
    .innerJoin(users, eq(users.id, participants.userId))
    .leftJoin(disciples, eq(disciples.userId, users.id))
    .where(and(eq(participants.lessonId, lessonId), eq(participants.state, 'approved')))
    .orderBy(users.id);
}

/**
 * Records the reminders of `startsAt` that a letter of the change has made needless (their moment has passed: the
 * letter itself told the new time): rows already `dropped`, holding the reminders' dedupe keys so the sweep skips them.
 */
export async function markRemindersTold(tx: Tx, lessonId: number, startsAt: Date, userIds: readonly number[], leads: readonly ReminderLead[]): Promise<void> {
  const rows = userIds.flatMap((userId) =>
    leads.map((lead) => ({
      kind: 'reminder',
      userId,
      state: 'dropped' as const,
      payload: { lead, lessonId, userId, startsAt: startsAt.toISOString(), told: 'lesson-change' },
      dedupeKey: reminderKey(lead, lessonId, userId, startsAt),
    })),
  );
  if (rows.length === 0) return;
  // In both queues: the change was told by e-mail or in Telegram, and neither sweep sends the reminder after it.
  await tx.insert(outboxLetters).values(rows).onConflictDoNothing({ target: outboxLetters.dedupeKey });
  await tx.insert(outboxTelegram).values(rows).onConflictDoNothing({ target: outboxTelegram.dedupeKey });
}

/** A reminder by e-mail in the place of one Telegram could not deliver (the person blocked the bot): composed when sent. */
export async function queueReminderLetter(db: Executor, userId: number, payload: unknown, dedupeKey: string): Promise<void> {
  await db.insert(outboxLetters).values({ kind: 'reminder', userId, payload, dedupeKey }).onConflictDoNothing({ target: outboxLetters.dedupeKey });
}

/**
 * Queues the reminders due at `now`: for each approved participant of a published lesson of a course that is not a
 * draft nor in recordings (issue 34), the 24-hour reminder while between 24 hours and one hour are left (not for a place approved after that
 * moment: the approval's own letter is fresh), and the 1-hour one while less than an hour is left. A reminder whose
 * dedupe key is known is not queued again. Answers how many it queued.
 */
export async function queueDueReminders(db: Db, now: Date, botOn = false): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windows = sql.join(
    LEAD_WINDOWS.map((window) => sql`(${window.lead}::text, make_interval(secs => ${window.opens}), make_interval(secs => ${window.closes}), ${window.last}::boolean)`),
    sql`, `,
  );
  // By e-mail, and in Telegram, each to those who get reminders there (issue 36): two statements, the same rows.
  let queued = 0;
  for (const [table, channel] of [
    [outboxLetters, 'email'],
    [outboxTelegram, 'telegram'],
  ] as const) {
    if (channel === 'telegram' && !botOn) continue;
    const result = await db.execute(sql`
    INSERT INTO ${table} (kind, user_id, payload, dedupe_key)
    SELECT 'reminder', p.user_id,
      jsonb_build_object('lead', due.lead, 'lessonId', l.id, 'userId', p.user_id, 'startsAt', to_jsonb(l.starts_at)),
      'reminder:' || due.lead || ':' || l.id || ':' || p.user_id || ':' || floor(extract(epoch FROM l.starts_at))::bigint
    FROM ${lessons} l
    JOIN ${courses} c ON c.id = l.course_id
    JOIN ${participants} p ON p.lesson_id = l.id AND p.state = 'approved'
    JOIN (VALUES ${windows}) AS due (lead, opens, closes, last)
      ON l.starts_at <= ${at} + due.opens AND l.starts_at > ${at} + due.closes
    WHERE l.state = 'published' AND c.state <> 'draft' AND c.format <> 'recorded'
      AND l.starts_at > ${at} AND l.starts_at <= ${at} + make_interval(secs => ${LEAD_WINDOWS[0]!.opens})
      AND (due.last OR p.participated_at IS NULL OR p.participated_at <= l.starts_at - due.opens)
      AND ${wantsChannel(sql`p.user_id`, 'reminders', channel, botOn)}
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`);
    queued += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return queued;
}

interface ReminderFacts {
  userId: number;
  email: string;
  firstName: string;
  timeZone: string;
  lesson: { id: number; courseId: number; number: number; title: string; duration: number; sequence: number; roomUrl: string; startsAt: Date | null; published: boolean };
  course: { title: string; timeZone: string; draft: boolean };
  approved: boolean;
}

/** What a reminder is composed from when it is sent; null when the lesson or the person is gone. */
export async function reminderFacts(db: Db, lessonId: number, userId: number): Promise<ReminderFacts | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      timeZone: sql<string>`coalesce(${disciples.timezone}, '')`,
      lesson: {
        id: lessons.id,
        courseId: lessons.courseId,
        number: lessons.number,
        title: lessons.title,
        duration: lessons.duration,
        sequence: lessons.sequence,
        roomUrl: lessons.roomUrl,
        startsAt: lessons.startsAt,
        published: sql<boolean>`${lessons.state} = 'published'`,
      },
      course: { title: courses.title, timeZone: courses.timeZone, draft: sql<boolean>`${courses.state} = 'draft'` },
      approved: sql<boolean>`coalesce(${participants.state} = 'approved', false)`,
    })
    .from(users)
    .innerJoin(lessons, eq(lessons.id, lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .leftJoin(disciples, eq(disciples.userId, users.id))
    .leftJoin(participants, and(eq(participants.lessonId, lessons.id), eq(participants.userId, users.id)))
    .where(eq(users.id, userId));
  return row ?? null;
}
