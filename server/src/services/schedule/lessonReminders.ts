// Reminders 24 hours and 1 hour before each lesson, to its approved participants, through the letter queue. Every
// process sweeps once a minute: one statement queues the reminders that fell due (unique dedupe keys: each goes once,
// however many processes sweep at once). A reminder is composed when it is sent, before every attempt, from the
// lesson and the place as they are then: one for a lesson moved, cancelled or already begun, or for a place given up
// or refunded, is dropped instead of sent.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queueDueReminders, reminderFacts, REMINDER_LEADS_MS, type ReminderPayload } from '../../repositories/schedule/lessonNoticesRepository.ts';
import type { LetterComposer } from '../letters/letterQueue.ts';
import { reminderLetter, type LessonLetterConfig } from './lessonLetters.ts';
import { startPeriodicSweep } from '../backgroundTasks.ts';

interface ReminderSweepDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** With a bot (TELEGRAM_BOT_TOKEN), reminders also go to Telegram, to those who get them there (issue 36). */
  config?: { telegram: unknown };
}

/** Queues the reminders due at `now` (the clock is the caller's: tests and the test-only endpoint move it). */
export function sweepReminders(deps: ReminderSweepDeps, now: Date = new Date()): Promise<number> {
  return queueDueReminders(deps.db, now, Boolean(deps.config?.telegram));
}

/**
 * Sweeps now and every `intervalMs` (unref'd: it never keeps the process alive). Returns a stop, which resolves once
 * a sweep under way has finished (so the database is closed after it).
 */
export function startReminderSweep(deps: ReminderSweepDeps, intervalMs = 60_000, clock: () => Date = () => new Date()): () => Promise<void> {
  return startPeriodicSweep(() => sweepReminders(deps, clock()), intervalMs, (error) => deps.log.error({ err: error }, 'the sweep of lesson reminders failed'));
}

/** The facts of a reminder as the queue recorded them; null for a row that is not one. */
export function reminderPayloadOf(value: unknown): ReminderPayload | null {
  const payload = (value ?? {}) as Partial<ReminderPayload>;
  if ((payload.lead !== '24h' && payload.lead !== '1h') || typeof payload.lessonId !== 'number' || typeof payload.userId !== 'number' || typeof payload.startsAt !== 'string') {
    return null;
  }
  return payload as ReminderPayload;
}

export type ReminderFacts = NonNullable<Awaited<ReturnType<typeof reminderFacts>>>;

/**
 * Whether a reminder is still true and timely: the person still approved, the lesson published at the same time in a
 * course that is not a draft, and not late (the 24-hour one once the 1-hour one is due, any after the start). The e-mail
 * and the Telegram reminders both ask it.
 */
export function reminderStillDue(payload: ReminderPayload, facts: ReminderFacts | null, now: number): facts is ReminderFacts & { lesson: { startsAt: Date } } {
  const startsAt = facts?.lesson.startsAt ?? null;
  if (!facts || !facts.approved || !facts.lesson.published || facts.course.draft || startsAt === null) return false;
  if (startsAt.getTime() !== Date.parse(payload.startsAt)) return false;
  const latest = startsAt.getTime() - (payload.lead === '24h' ? REMINDER_LEADS_MS['1h'] : 0);
  return now < latest;
}

/** Composes a reminder at each attempt; null (the row is dropped) when it is no longer true or no longer timely. */
export function composeReminderLetter(config: LessonLetterConfig, clock: () => number = Date.now): LetterComposer {
  const compose: LetterComposer = async (db, row) => {
    const payload = reminderPayloadOf(row.payload);
    if (!payload) return null;
    const facts = await reminderFacts(db, payload.lessonId, payload.userId);
    // Late (the mail server was down), moved, cancelled, the place given up: dropped.
    if (!reminderStillDue(payload, facts, clock())) return null;
    const lesson = { ...facts.lesson, courseTitle: facts.course.title, courseTimeZone: facts.course.timeZone };
    return reminderLetter(config, facts, lesson, facts.lesson.startsAt, payload.lead);
  };
  return Object.assign(compose, { everyAttempt: true });
}
