// When a lesson's room and recording links are given to its approved participants: the one rule the server applies
// (answers, caches) and the site follows (when to ask again).

/** The timetable page lists the lessons that start within this many days («ближайшие три недели»). */
export const TIMETABLE_DAYS = 21;

/** The room link is given from this long before the start until the lesson ends. */
export const ROOM_OPENS_BEFORE_MS = 30 * 60_000;

interface ScheduledLesson {
  /** ISO 8601 UTC, or null while the lesson has no time. */
  startsAt: string | null;
  /** Minutes. */
  duration: number;
}

const startOf = (lesson: ScheduledLesson): number | null => (lesson.startsAt === null ? null : Date.parse(lesson.startsAt));

/** When the lesson ends (start + duration), ms since the epoch; null without a time. */
export function lessonEndsAt(lesson: ScheduledLesson): number | null {
  const start = startOf(lesson);
  return start === null ? null : start + lesson.duration * 60_000;
}

/** Where the room stands at `now`: open from 30 minutes before the start to the end; a lesson without a time is not open yet. */
export function roomWindow(lesson: ScheduledLesson, now: number): 'tooEarly' | 'open' | 'ended' {
  const start = startOf(lesson);
  if (start === null || now < start - ROOM_OPENS_BEFORE_MS) return 'tooEarly';
  return now < start + lesson.duration * 60_000 ? 'open' : 'ended';
}

/** From 30 minutes before the start to the end of the lesson. */
export const isRoomOpen = (lesson: ScheduledLesson, now: number): boolean => roomWindow(lesson, now) === 'open';

/** From the start on (once the authors have set the link). */
export function isRecordingOpen(lesson: ScheduledLesson, now: number): boolean {
  const start = startOf(lesson);
  return start !== null && now >= start;
}

/** The next moment after `now` when a room or recording window of these lessons opens or closes; Infinity if none. */
export function nextLinkChange(lessons: readonly ScheduledLesson[], now: number): number {
  let next = Infinity;
  for (const lesson of lessons) {
    const start = startOf(lesson);
    if (start === null) continue;
    for (const moment of [start - ROOM_OPENS_BEFORE_MS, start, start + lesson.duration * 60_000]) {
      if (moment > now && moment < next) next = moment;
    }
  }
  return next;
}
