// iCalendar files (RFC 5545) of lessons, written with ical-generator: times in UTC (no VTIMEZONE needed, every
// calendar shows them in its own zone), one stable UID per lesson, SEQUENCE from the lesson, STATUS:CANCELLED for a
// lesson that was taken away. Public files never carry a room link; the personal feed does.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { ScheduledLessonRow } from '../../repositories/schedule/scheduleRepository.ts';

/** A scheduled lesson as the schedule's repository reads it, and what a calendar entry adds. */
export interface CalendarLesson extends ScheduledLessonRow {
  cancelled?: boolean;
  /** Only in personal files (the feed, a letter's file): the person's join link (docs/ATTENDANCE.md), never the room's own address. */
  roomUrl?: string;
  recordingUrl?: string;
}

interface CalendarOptions {
  /** The site's address (PUBLIC_URL): the UIDs' domain and the course links. */
  publicUrl: string;
  /** The calendar's name as programs show it. */
  name: string;
  /** How often a subscribed program should fetch again (the personal feed). */
  refreshSeconds?: number;
  /** DTSTAMP: when the file was made. */
  now?: Date;
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** The same lesson always has the same UID, so a calendar updates its entry instead of adding another. */
function lessonUid(lessonId: number, publicUrl: string): string {
  return `lesson-${lessonId}@${new URL(publicUrl).hostname}`;
}

function eventDescription(lesson: CalendarLesson, courseUrl: string): string {
  const lines = [`Курс «${lesson.courseTitle}»`, courseUrl];
  if (lesson.roomUrl) lines.push('', `Комната вебинара: ${lesson.roomUrl}`);
  if (lesson.recordingUrl) lines.push(`Запись занятия: ${lesson.recordingUrl}`);
  return lines.join('\n');
}

function lessonSummary(lesson: Pick<CalendarLesson, 'courseTitle' | 'number' | 'title'>): string {
  return `${lesson.courseTitle}: ${lesson.number}. ${lesson.title}`;
}

/** The text of an .ics file with one event per lesson. */
export function calendarText(lessons: CalendarLesson[], options: CalendarOptions): string {
  const origin = options.publicUrl.replace(/\/+$/, '');
  const now = options.now ?? new Date();
  const calendar = ical({
    name: options.name,
    prodId: { company: new URL(origin).hostname, product: 'mutabor-courses', language: 'RU' },
    // PUBLISH: a file of events to show, not an invitation to answer.
    method: ICalCalendarMethod.PUBLISH,
    ttl: options.refreshSeconds ?? null,
  });
  for (const lesson of lessons) {
    const courseUrl = `${origin}/courses/${lesson.courseId}`;
    calendar.createEvent({
      id: lessonUid(lesson.id, origin),
      sequence: lesson.sequence,
      stamp: now,
      start: lesson.startsAt,
      end: new Date(lesson.startsAt.getTime() + lesson.duration * 60_000),
      summary: lessonSummary(lesson),
      description: eventDescription(lesson, courseUrl),
      url: lesson.roomUrl || courseUrl,
      location: lesson.roomUrl || null,
      status: lesson.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
