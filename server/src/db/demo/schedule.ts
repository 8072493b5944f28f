// The demo's lesson times, counted from the moment the database is created (DemoSchedule in demo/types.ts): a
// newcomer who starts the site always finds past lessons with their recordings, this week's, the coming weeks', and
// the demo participant's lesson about to begin with its room open. Moscow keeps UTC+3 all year, so a Moscow wall time
// is a fixed offset from UTC.
import type { DemoCourse } from './types.ts';

const MOSCOW_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

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

interface TimedLesson {
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
