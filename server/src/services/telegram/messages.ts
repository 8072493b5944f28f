// What the Telegram messages say (issue 36, docs/TELEGRAM.md), composed when sent from the facts then: a reminder of
// a lesson moved, cancelled or already begun, or of a place given up, is not sent; a change superseded by a newer one
// (the lesson's calendar sequence moved on) neither. Times are in the person's zone (the course's without one); the
// room's button is the person's own join link, never the room's address. Plain text: nothing to escape.
import { pluralize } from '../../../../common/plural.ts';
import { formatLessonTime } from '../../../../common/lessonTimeText.ts';
import type { Db } from '../../db/client.ts';
import { reminderFacts } from '../../repositories/schedule/lessonNoticesRepository.ts';
import { reminderPayloadOf, reminderStillDue, type ReminderFacts } from '../schedule/lessonReminders.ts';
import type { TelegramRow } from '../../repositories/telegram/telegramOutboxRepository.ts';
import { roomLink, zoneFor, type LessonLetterConfig } from '../schedule/lessonLetters.ts';

const MINUTE_FORMS = ['минута', 'минуты', 'минут'] as const;

export interface TelegramMessage {
  text: string;
  /** An inline button under the message. */
  button?: { text: string; url: string };
}

const noticeLesson = (facts: ReminderFacts) => ({ ...facts.lesson, courseTitle: facts.course.title, courseTimeZone: facts.course.timeZone });

async function reminderMessage(db: Db, config: LessonLetterConfig, row: TelegramRow, now: number): Promise<TelegramMessage | null> {
  const payload = reminderPayloadOf(row.payload);
  if (!payload) return null;
  const facts = await reminderFacts(db, payload.lessonId, payload.userId);
  if (!reminderStillDue(payload, facts, now)) return null;
  const lesson = noticeLesson(facts);
  const { zone } = zoneFor(facts, lesson);
  const opening = payload.lead === '1h' ? 'Скоро начало занятия' : 'Напоминаем о занятии';
  const link = roomLink(config, facts, lesson);
  const text = [
    `${opening} курса «${lesson.courseTitle}»:`,
    `${lesson.number}. ${lesson.title}`,
    '',
    `Начало: ${formatLessonTime(facts.lesson.startsAt, zone)}`,
    `Продолжительность: ${pluralize(lesson.duration, MINUTE_FORMS)}`,
    link ? 'Комната откроется за 30 минут до начала.' : 'Ссылка на комнату появится в «Моих курсах» за 30 минут до начала.',
  ].join('\n');
  return { text, ...(link ? { button: { text: 'Войти в комнату', url: link } } : {}) };
}

interface ChangePayload {
  lessonId: number;
  userId: number;
  sequence: number;
  change: { kind: 'scheduled' | 'moved' | 'unscheduled' | 'cancelled'; before?: string; after?: string };
}

function changePayloadOf(value: unknown): ChangePayload | null {
  const payload = (value ?? {}) as Partial<ChangePayload>;
  if (typeof payload.lessonId !== 'number' || typeof payload.userId !== 'number' || typeof payload.sequence !== 'number' || typeof payload.change?.kind !== 'string') return null;
  return payload as ChangePayload;
}

async function changeMessage(db: Db, config: LessonLetterConfig, row: TelegramRow): Promise<TelegramMessage | null> {
  const payload = changePayloadOf(row.payload);
  if (!payload) return null;
  const facts = await reminderFacts(db, payload.lessonId, payload.userId);
  // A newer change of the lesson tells its own news; a person no longer in the lesson hears nothing.
  if (!facts || facts.lesson.sequence !== payload.sequence || (!facts.approved && payload.change.kind !== 'cancelled')) return null;
  const lesson = noticeLesson(facts);
  const { zone } = zoneFor(facts, lesson);
  const time = (iso: string | undefined) => (iso ? formatLessonTime(new Date(iso), zone) : '');
  const line = `${lesson.number}. ${lesson.title}`;
  const link = roomLink(config, facts, lesson);
  const button = link && payload.change.kind !== 'cancelled' && payload.change.kind !== 'unscheduled' ? { button: { text: 'Войти в комнату', url: link } } : {};
  switch (payload.change.kind) {
    case 'scheduled':
      return { text: `Назначено время занятия курса «${lesson.courseTitle}»:\n${line}\n\nНачало: ${time(payload.change.after)}`, ...button };
    case 'moved':
      return { text: `Занятие курса «${lesson.courseTitle}» перенесено:\n${line}\n\nБыло: ${time(payload.change.before)}\nСтало: ${time(payload.change.after)}`, ...button };
    case 'unscheduled':
      return { text: `Время занятия курса «${lesson.courseTitle}» отменено:\n${line}\n\nБыло: ${time(payload.change.before)}\nНовое время пока не назначено: когда автор его назначит, мы напишем.` };
    case 'cancelled':
      return { text: `Занятие курса «${lesson.courseTitle}» отменено:\n${line}\n\nБыло: ${time(payload.change.before)}\nПодробности — в письме от авторов и на странице курса.` };
    default:
      return null;
  }
}

/** The message of a queued row, composed now; null when it is no longer to be sent (the row is dropped). */
export async function composeTelegram(db: Db, config: LessonLetterConfig, row: TelegramRow, now = Date.now()): Promise<TelegramMessage | null> {
  switch (row.kind) {
    case 'reminder':
      return reminderMessage(db, config, row, now);
    case 'lesson-change':
      return changeMessage(db, config, row);
    case 'notice': {
      // Composed with its letter (a decision, a payment, news): sent as it was then.
      const { text, button } = row.payload as { text?: unknown; button?: { text?: unknown; url?: unknown } };
      if (typeof text !== 'string' || text === '') return null;
      return typeof button?.text === 'string' && typeof button.url === 'string' ? { text, button: { text: button.text, url: button.url } } : { text };
    }
    default:
      return null;
  }
}
