// The demo's lesson times, counted from the moment the database is created (DemoSchedule in demo/types.ts): a
// newcomer who starts the site always finds past lessons with their recordings, this week's, the coming weeks', and
// the demo participant's lesson about to begin with its room open. Moscow keeps UTC+3 all year, so a Moscow wall time
// is a fixed offset from UTC.
import type { DemoContent, DemoCourse, DemoRichText } from './types.ts';

const MOSCOW_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The timetable page lists the lessons of this many days from now. */
const TIMETABLE_DAYS = 21;

/** The room and recording of a demo lesson: addresses on example.org, which no one owns. */
export const demoRoomUrl = (courseKey: string) => `https://meet.example.org/mutabor-${courseKey}`;
export const demoRecordingUrl = (courseKey: string, number: number) => `https://video.example.org/mutabor/${courseKey}-${number}`;

/** Monday 00:00 in Moscow of the week that holds `now`. */
function moscowWeekStart(now: Date): number {
  const local = now.getTime() + MOSCOW_OFFSET_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // 0 = Monday
  return midnight - weekday * DAY_MS - MOSCOW_OFFSET_MS;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

export interface TimedLesson {
  /** 1-based, as the seed numbers the course's lessons. */
  number: number;
  startsAt: Date | null;
  roomUrl: string;
  recordingUrl: string;
}

/** Each lesson's time, room and recording; a draft lesson and a course without a schedule get no time. */
export function lessonTimes(course: DemoCourse, now: Date): TimedLesson[] {
  const schedule = course.schedule;
  const untimed = (number: number): TimedLesson => ({ number, startsAt: null, roomUrl: '', recordingUrl: '' });
  if (!schedule) return course.lessons.map((_, index) => untimed(index + 1));
  const every = (schedule.everyDays ?? 7) * DAY_MS;
  // Where lesson `anchorNumber` falls; the others are counted from it.
  let anchor: number;
  let anchorNumber: number;
  if (schedule.kind === 'weekly') {
    anchor = moscowWeekStart(now) + (schedule.firstWeek * 7 + schedule.weekday - 1) * DAY_MS + minutesOf(schedule.time) * MINUTE_MS;
    anchorNumber = 1;
  } else {
    const fiveMinutes = 5 * MINUTE_MS;
    anchor = Math.ceil((now.getTime() + schedule.inMinutes * MINUTE_MS) / fiveMinutes) * fiveMinutes;
    anchorNumber = schedule.lesson;
  }
  return course.lessons.map((lesson, index) => {
    const number = index + 1;
    if (lesson.draft) return untimed(number);
    const startsAt = new Date(anchor + (number - anchorNumber) * every);
    const ended = startsAt.getTime() + lesson.duration * MINUTE_MS <= now.getTime();
    return { number, startsAt, roomUrl: demoRoomUrl(course.key), recordingUrl: ended ? demoRecordingUrl(course.key, number) : '' };
  });
}

/** YYYY-MM-DD of a moment in Moscow. */
export function moscowDate(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The course's dates: its first and last lessons' days; without timed lessons, its written span moved to the schedule. */
export function courseDates(course: DemoCourse, lessons: TimedLesson[], now: Date): { start: string | null; end: string | null } {
  if (!course.schedule) return { start: course.start, end: course.end };
  const times = lessons.flatMap((lesson) => (lesson.startsAt ? [lesson.startsAt.getTime()] : []));
  if (times.length > 0) return { start: moscowDate(new Date(Math.min(...times))), end: moscowDate(new Date(Math.max(...times))) };
  if (course.schedule.kind !== 'weekly' || course.start === null) return { start: course.start, end: course.end };
  const start = moscowDate(new Date(moscowWeekStart(now) + (course.schedule.firstWeek * 7 + course.schedule.weekday - 1) * DAY_MS + MOSCOW_OFFSET_MS));
  const span = course.end === null ? null : Math.round((Date.parse(course.end) - Date.parse(course.start)) / DAY_MS);
  return { start, end: span === null ? null : addDays(start, span) };
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: 'numeric', month: 'long', weekday: 'long' });
const timeFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });

/** Quotes inside «…» are „…“. */
const inner = (text: string) => text.replace(/«/g, '„').replace(/»/g, '“');

function dayOf(moment: Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.day} ${parts.month}, ${parts.weekday}`;
}

/**
 * The timetable page's lines for the lessons that have not ended and start within the coming weeks, in time order,
 * in the words of the demo's own timetable: «3 декабря, четверг, 19:30–21:00 — «Курс», занятие 1: «…». Ведёт …».
 */
export function timetableLines(content: DemoContent, now: Date): DemoRichText {
  const authorNames = new Map(content.authors.map((author) => [author.key, `${author.firstName} ${author.lastName}`]));
  const rows = content.courses
    .filter((course) => course.state !== 'draft')
    .flatMap((course) =>
      lessonTimes(course, now).flatMap((timed) => {
        const lesson = course.lessons[timed.number - 1]!;
        if (!timed.startsAt) return [];
        const start = timed.startsAt.getTime();
        const end = start + lesson.duration * MINUTE_MS;
        if (end <= now.getTime() || start > now.getTime() + TIMETABLE_DAYS * DAY_MS) return [];
        const names = course.authors.map((key) => authorNames.get(key)!);
        const notes = [
          `${names.length > 1 ? 'Ведут' : 'Ведёт'} ${names.join(' и ')}.`,
          ...(lesson.full ? ['Все места на это занятие заняты.'] : []),
          ...(course.prices.length === 0 ? ['Участие бесплатное, нужна предварительная запись.'] : []),
        ];
        const line = `${dayOf(timed.startsAt)}, ${timeFormat.format(timed.startsAt)}–${timeFormat.format(new Date(end))} — «${inner(course.title)}», занятие ${timed.number}: «${inner(lesson.title)}». ${notes.join(' ')}`;
        return [{ start, line }];
      }),
    );
  return rows.sort((a, b) => a.start - b.start).map((row) => row.line);
}
