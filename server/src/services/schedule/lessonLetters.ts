// The letters about one lesson of a participant: its time set, moved, taken away or the lesson cancelled (with the
// updated calendar entry attached), and the reminders before it. Times are written in the participant's zone: the
// profile's, else the course's, and the letter says which. They tell what happened, not which author did it, so the
// words agree with anyone (a course may have several authors).
import { formatLessonTime } from '../../../../common/lessonTimeText.ts';
import { MINUTE_FORMS, pluralize } from '../../../../common/plural.ts';
import { SITE_ROUTES } from '../../../../common/sitePaths.ts';
import { isValidTimeZone } from '../../../../common/zonedTime.ts';
import type { ReminderLead } from '../../repositories/schedule/lessonNoticesRepository.ts';
import { calendarText, CALENDAR_CONTENT_TYPE, type CalendarLesson } from './calendar.ts';
import { greeting, letter, myCourses, signature, type LetterContext, type Recipient } from '../places/enrollmentLetters.ts';
import type { LetterAction } from '../letters/template.ts';
import { courseAnswers } from '../letters/replyTo.ts';
import type { LetterAttachment, MailMessage } from '../letters/mail.ts';
import type { AppConfig } from '../../config.ts';
import { joinUrl } from '../attendance/joinLinks.ts';

/** The letters' settings, and the secret that signs each participant's join link. */
export type LessonLetterConfig = LetterContext['config'] & Pick<AppConfig, 'jwtSecret'>;
type Config = LessonLetterConfig;

/** What the letters tell of a lesson. */
export interface NoticeLesson {
  id: number;
  courseId: number;
  courseTitle: string;
  /** The zone the authors entered the time in: the participant's when their profile names none. */
  courseTimeZone: string;
  number: number;
  title: string;
  /** Minutes. */
  duration: number;
  /** The iCalendar SEQUENCE of the entry the letter carries. */
  sequence: number;
  /** The room's own address, '' for none: never written in a letter, only whether there is one (roomLink). */
  roomUrl: string;
}

export interface NoticeRecipient extends Recipient {
  /** Whose personal join link the letter carries. */
  userId: number;
  /** The profile's zone; '' (or a zone this runtime does not know) for none. */
  timeZone: string;
}

/** What happened to the lesson's time, as its participants knew it: null for «no time» (or not on offer). */
export type LessonTimeChange =
  | { kind: 'scheduled'; after: Date }
  | { kind: 'moved'; before: Date; after: Date }
  | { kind: 'unscheduled'; before: Date }
  | { kind: 'cancelled'; before: Date };

/** The zone a participant's times are written in, and whether it is their own. */
export function zoneFor(recipient: Pick<NoticeRecipient, 'timeZone'>, lesson: Pick<NoticeLesson, 'courseTimeZone'>): { zone: string; own: boolean } {
  const own = recipient.timeZone !== '' && isValidTimeZone(recipient.timeZone);
  return { zone: own ? recipient.timeZone : lesson.courseTimeZone, own };
}

/** Said when the times are in the course's zone, with where to set one's own. */
export function zoneNote(config: Config, own: boolean): string[] {
  return own ? [] : [`Время указано по часовому поясу курса: в вашем профиле пояс не выбран. Выбрать его можно здесь: ${config.publicUrl}${SITE_ROUTES.profileEditor}`];
}

/**
 * The room's link a letter gives this participant: their personal join link (docs/ATTENDANCE.md), which records the
 * join and sends them on to the room; '' while the lesson has no room. The room's own address is never in a letter.
 */
export const roomLink = (config: Config, recipient: Pick<NoticeRecipient, 'userId'>, lesson: Pick<NoticeLesson, 'id' | 'roomUrl'>): string =>
  lesson.roomUrl ? joinUrl(config, lesson.id, recipient.userId) : '';

const lessonLine = (lesson: NoticeLesson) => `${lesson.number}. ${lesson.title}`;
const courseWords = (lesson: NoticeLesson) => `курс «${lesson.courseTitle}»`;

/** The lesson's calendar entry as a file: the same UID as every other file of it, with the letter's SEQUENCE. */
function lessonCalendarFile(config: Config, lesson: NoticeLesson, link: string, startsAt: Date, cancelled: boolean, now: Date): LetterAttachment {
  const entry: CalendarLesson = {
    id: lesson.id,
    courseId: lesson.courseId,
    courseTitle: lesson.courseTitle,
    number: lesson.number,
    title: lesson.title,
    startsAt,
    duration: lesson.duration,
    sequence: lesson.sequence,
    cancelled,
    ...(link && !cancelled ? { roomUrl: link } : {}),
  };
  return {
    filename: `lesson-${lesson.id}.ics`,
    contentType: CALENDAR_CONTENT_TYPE,
    content: calendarText([entry], { publicUrl: config.publicUrl, name: lesson.courseTitle, now }),
  };
}

/** The letter to an approved participant whose lesson's time changed; its calendar file replaces the old entry. */
export function lessonChangeLetter(config: Config, recipient: NoticeRecipient, lesson: NoticeLesson, change: LessonTimeChange, now: Date): MailMessage {
  const { zone, own } = zoneFor(recipient, lesson);
  const time = (at: Date) => formatLessonTime(at, zone);
  const link = roomLink(config, recipient, lesson);
  const room = link ? [`Комната вебинара: ${link}`] : [];
  let subject: string;
  let told: string[];
  let calendar: string;
  let file: LetterAttachment;
  switch (change.kind) {
    case 'scheduled':
      subject = `Назначено время занятия: ${courseWords(lesson)}`;
      told = [`Назначено время занятия курса «${lesson.courseTitle}»:\n${lessonLine(lesson)}\n\nНачало: ${time(change.after)}`, ...room];
      calendar = 'Событие для календаря — во вложении: откройте файл, и занятие появится в вашем календаре.';
      file = lessonCalendarFile(config, lesson, link, change.after, false, now);
      break;
    case 'moved':
      subject = `Занятие перенесено: ${courseWords(lesson)}`;
      told = [`Занятие курса «${lesson.courseTitle}» перенесено:\n${lessonLine(lesson)}\n\nБыло: ${time(change.before)}\nСтало: ${time(change.after)}`, ...room];
      calendar = 'Обновлённое событие для календаря — во вложении: откройте файл, и календарь заменит старое время новым.';
      file = lessonCalendarFile(config, lesson, link, change.after, false, now);
      break;
    case 'unscheduled':
      subject = `Время занятия отменено: ${courseWords(lesson)}`;
      told = [
        `Время занятия курса «${lesson.courseTitle}» отменено:\n${lessonLine(lesson)}\n\nБыло: ${time(change.before)}`,
        'Новое время пока не назначено. Когда автор его назначит, мы вам напишем.',
      ];
      calendar = 'Во вложении — событие для календаря, отмеченное отменённым: откройте файл, и календарь уберёт старое время.';
      file = lessonCalendarFile(config, lesson, link, change.before, true, now);
      break;
    case 'cancelled':
      subject = `Занятие отменено: ${courseWords(lesson)}`;
      told = [`Занятие курса «${lesson.courseTitle}» отменено:\n${lessonLine(lesson)}\n\nОно было назначено на ${time(change.before)}.`, 'Если у вас есть вопросы, ответьте на это письмо.'];
      calendar = 'Во вложении — событие для календаря, отмеченное отменённым: откройте файл, и календарь уберёт занятие.';
      file = lessonCalendarFile(config, lesson, link, change.before, true, now);
      break;
  }
  const text = [greeting(recipient), ...told, ...zoneNote(config, own), calendar, `Ваши курсы: ${config.publicUrl}${SITE_ROUTES.accountCourses}`, signature(config)].join('\n\n');
  return { ...letter(config, recipient.email, subject, text, myCourses(config)), attachments: [file], answeredBy: courseAnswers({ id: lesson.courseId }) };
}

/** The reminder 24 hours or 1 hour before a lesson: its time in the participant's zone and the room link. */
export function reminderLetter(config: Config, recipient: NoticeRecipient, lesson: NoticeLesson, startsAt: Date, lead: ReminderLead): MailMessage {
  const { zone, own } = zoneFor(recipient, lesson);
  const subject = lead === '1h' ? `Скоро начало занятия: ${courseWords(lesson)}` : `Напоминание о занятии: ${courseWords(lesson)}`;
  const opening = lead === '1h' ? `Скоро начнётся занятие курса «${lesson.courseTitle}»:` : `Напоминаем о занятии курса «${lesson.courseTitle}»:`;
  const link = roomLink(config, recipient, lesson);
  const room = link
    ? `Комната вебинара (ваша личная ссылка, откроется за 30 минут до начала): ${link}`
    : `Ссылка на комнату вебинара появится в разделе «Мои курсы» за 30 минут до начала: ${config.publicUrl}${SITE_ROUTES.accountCourses}`;
  const text = [
    greeting(recipient),
    `${opening}\n${lessonLine(lesson)}\n\nНачало: ${formatLessonTime(startsAt, zone)}\nПродолжительность: ${pluralize(lesson.duration, MINUTE_FORMS)}`,
    room,
    ...zoneNote(config, own),
    signature(config),
  ].join('\n\n');
  const action: LetterAction = link ? { label: 'Войти в комнату вебинара', url: link } : myCourses(config);
  return { ...letter(config, recipient.email, subject, text, action), answeredBy: courseAnswers({ id: lesson.courseId }) };
}
