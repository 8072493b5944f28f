// One reminder of an unfinished checkout (issue 23, item 4): a payment that ended cancelled or expired (the person left
// the checkout: LEFT_CHECKOUT_REASONS) gets one letter CHECKOUT_REMINDER_HOURS after its end (when it was cancelled, or its hold lapsed), with the lessons still
// on offer and a link back to the course. Every process sweeps once a minute: one statement queues what fell due,
// with the dedupe key of the person and the course, so it goes at most once per person and course ever, however many
// processes sweep. The letter is composed when it is sent, from the facts as they are then: bought since, a payment
// in progress, the lessons full or begun (and not sold as a recording), unsubscribed from the course's news, the account deleted or inactive: the
// row is dropped instead.
//
// A person who never subscribed to the course's news gets it: it is about their own checkout of that course, sent
// once, answered by the course's author, with the unsubscribe link of the news. A person who unsubscribed from the
// course's news (their latest news consent for it is a withdrawal) gets none: issue 23 says never to them.
import type { FastifyBaseLogger } from 'fastify';
import { formatLessonTime } from '../../../../common/lessonTimeText.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { checkoutReminderFacts, queueDueCheckoutReminders, type CheckoutReminderFacts, type CheckoutReminderPayload } from '../../repositories/payments/checkoutRemindersRepository.ts';
import { startPeriodicSweep } from '../backgroundTasks.ts';
import { coursePage, greeting, signature } from '../places/enrollmentLetters.ts';
import type { LetterComposer } from '../letters/letterQueue.ts';
import { courseAnswers } from '../letters/replyTo.ts';
import { renderLetter } from '../letters/template.ts';
import type { MailMessage } from '../letters/mail.ts';
import { zoneFor } from '../schedule/lessonLetters.ts';
import { listUnsubscribeHeaders, unsubscribeLink } from '../letters/unsubscribeLinks.ts';

type Config = Pick<AppConfig, 'publicUrl' | 'operatorName' | 'operatorEmail' | 'jwtSecret'>;

interface CheckoutReminderSweepDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** CHECKOUT_REMINDER_HOURS: 0 queues nothing. */
  hours: number;
}

/** Queues the reminders due at `now` (the clock is the caller's: tests move it). */
export function sweepCheckoutReminders(deps: Pick<CheckoutReminderSweepDeps, 'db' | 'hours'>, now: Date = new Date()): Promise<number> {
  return queueDueCheckoutReminders(deps.db, now, deps.hours);
}

/**
 * Sweeps now and every `intervalMs` (unref'd); nothing when the hours are 0. Returns a stop, which resolves once a
 * sweep under way has finished.
 */
export function startCheckoutReminderSweep(deps: CheckoutReminderSweepDeps, intervalMs = 60_000, clock: () => Date = () => new Date()): () => Promise<void> {
  if (!(deps.hours > 0)) return async () => {};
  return startPeriodicSweep(() => sweepCheckoutReminders(deps, clock()), intervalMs, (error) => deps.log.error({ err: error }, 'the sweep of checkout reminders failed'));
}

/** The letter: the course, the lessons still on offer (times in the person's zone, else the course's), the way back. */
export function checkoutReminderLetter(config: Config, userId: number, facts: Pick<CheckoutReminderFacts, 'email' | 'firstName' | 'timeZone' | 'course' | 'lessons'>): MailMessage {
  const { course } = facts;
  const { zone } = zoneFor(facts, { courseTimeZone: course.timeZone });
  const page = coursePage(config, course);
  const unsubscribe = unsubscribeLink(config, userId, course.id);
  // A lesson sold as its recording (common/lessonBlocks.ts lessonSale) is named so, not by a time gone by.
  const when = (lesson: CheckoutReminderFacts['lessons'][number]) => (lesson.asRecording ? ' — в записи' : lesson.startsAt ? ` — ${formatLessonTime(lesson.startsAt, zone)}` : '');
  const lines = facts.lessons.map((lesson) => `${lesson.number}. ${lesson.title}${when(lesson)}`);
  const offer = facts.lessons.some((lesson) => lesson.asRecording) ? 'Эти занятия ещё можно купить:' : 'На этих занятиях места ещё есть:';
  const text = [
    greeting(facts),
    `Вы начали оплату занятий курса «${course.title}», но она не завершилась, и места за вами не сохранились. ${offer}\n${lines.join('\n')}`,
    `Записаться снова можно на странице курса: ${page.url}`,
    'Если вы передумали, ничего делать не нужно: это напоминание приходит один раз. На вопросы о курсе ответит его автор: просто ответьте на это письмо.',
    signature(config),
  ].join('\n\n');
  const letter = renderLetter(config, {
    to: facts.email,
    subject: `Оплата занятий курса «${course.title}» не завершена`,
    text,
    action: page,
    footer: [`Вы получили это письмо, потому что начали оплату занятий курса «${course.title}».`, `Отписаться от новостей курса: ${unsubscribe}`],
    headers: listUnsubscribeHeaders(unsubscribe),
  });
  return { ...letter, answeredBy: courseAnswers(course) };
}

function payloadOf(value: unknown): CheckoutReminderPayload | null {
  const payload = (value ?? {}) as Partial<CheckoutReminderPayload>;
  const id = (field: unknown) => typeof field === 'number' && Number.isInteger(field) && field > 0;
  if (!id(payload.paymentId) || !id(payload.userId) || !id(payload.courseId)) return null;
  return payload as CheckoutReminderPayload;
}

/** Composes the reminder at each attempt; null (the row is dropped) when it no longer holds. */
export function composeCheckoutReminder(config: Config, clock: () => Date = () => new Date()): LetterComposer {
  const compose: LetterComposer = async (db, row) => {
    const payload = payloadOf(row.payload);
    if (!payload) return null;
    const facts = await checkoutReminderFacts(db, payload, clock());
    return facts ? checkoutReminderLetter(config, payload.userId, facts) : null;
  };
  return Object.assign(compose, { everyAttempt: true });
}
