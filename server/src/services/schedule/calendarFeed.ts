// The personal calendar feed: its secret address (shown to its owner, replaced on request; it belongs to the password
// it was made under, so a password change or a reset ends it as it ends the tokens) and its events, the
// user's approved lessons with their room and recording links. A lesson that leaves the feed (made a draft,
// unscheduled, deleted, the place given up or refunded) is sent once more as cancelled with a higher SEQUENCE, from
// what the feed remembers having told (table calendar_feed_events), so a subscribed calendar drops it visibly.
import { randomBytes } from 'node:crypto';
import type { CalendarFeed } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { approvedLessons, ensureFeedToken, feedEvents, feedToken, replaceFeedToken, saveFeedEvents, type FeedEventRow } from '../../repositories/schedule/scheduleRepository.ts';
import type { CalendarLesson } from './calendar.ts';

/** 24 random bytes, base64url. */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Cancelled lessons are remembered (and sent as cancelled) for this long after their start. */
const REMEMBER_CANCELLED_MS = 60 * 86_400_000;

const newToken = () => randomBytes(24).toString('base64url');

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1/calendar/${token}.ics`;
}

/** The user's feed address, made on first ask and on the first ask after a password change or reset. */
export async function feedAddress(db: Executor, publicUrl: string, userId: number): Promise<CalendarFeed> {
  const token = (await feedToken(db, userId)) ?? (await ensureFeedToken(db, userId, newToken()));
  return { url: feedUrl(publicUrl, token) };
}

/** A new address; the old one answers 404 from now on. */
export async function renewFeedAddress(db: Executor, publicUrl: string, userId: number): Promise<CalendarFeed> {
  const token = newToken();
  await replaceFeedToken(db, userId, token);
  return { url: feedUrl(publicUrl, token) };
}

function toMemory(userId: number, lesson: CalendarLesson): FeedEventRow {
  return {
    userId,
    lessonId: lesson.id,
    courseId: lesson.courseId,
    courseTitle: lesson.courseTitle,
    number: lesson.number,
    title: lesson.title,
    startsAt: lesson.startsAt,
    duration: lesson.duration,
    sequence: lesson.sequence,
    cancelled: lesson.cancelled === true,
  };
}

const sameMemory = (a: FeedEventRow, b: FeedEventRow) =>
  a.courseId === b.courseId &&
  a.courseTitle === b.courseTitle &&
  a.number === b.number &&
  a.title === b.title &&
  a.startsAt.getTime() === b.startsAt.getTime() &&
  a.duration === b.duration &&
  a.sequence === b.sequence &&
  a.cancelled === b.cancelled;

/**
 * The events of the user's feed now, remembered for the next time. A lesson's room is the user's personal join link
 * (`roomLink`, docs/ATTENDANCE.md), never the room's own address.
 */
export async function feedLessons(db: Executor, userId: number, roomLink: (lessonId: number) => string, now: Date = new Date()): Promise<CalendarLesson[]> {
  const [approved, remembered] = await Promise.all([approvedLessons(db, userId), feedEvents(db, userId)]);
  const memory = new Map(remembered.map((row) => [row.lessonId, row]));
  const events: CalendarLesson[] = [];
  for (const lesson of approved) {
    const told = memory.get(lesson.id);
    memory.delete(lesson.id);
    const cancelled = lesson.withdrawn;
    let sequence = Math.max(lesson.sequence, told?.sequence ?? 0);
    // What a calendar was told changes: it must see a higher SEQUENCE to take the new version.
    const changed = told && (told.cancelled !== cancelled || told.startsAt.getTime() !== lesson.startsAt.getTime() || told.duration !== lesson.duration);
    if (changed && sequence <= told.sequence) sequence = told.sequence + 1;
    events.push({
      id: lesson.id,
      courseId: lesson.courseId,
      courseTitle: lesson.courseTitle,
      number: lesson.number,
      title: lesson.title,
      startsAt: lesson.startsAt,
      duration: lesson.duration,
      sequence,
      cancelled,
      ...(cancelled ? {} : { roomUrl: lesson.roomUrl ? roomLink(lesson.id) : undefined, recordingUrl: lesson.recordingUrl || undefined }),
    });
  }
  // Told before, gone now.
  const gone: CalendarLesson[] = [...memory.values()].map((told) => ({
    id: told.lessonId,
    courseId: told.courseId,
    courseTitle: told.courseTitle,
    number: told.number,
    title: told.title,
    startsAt: told.startsAt,
    duration: told.duration,
    sequence: told.cancelled ? told.sequence : told.sequence + 1,
    cancelled: true,
  }));
  const changedRows = [...events, ...gone]
    .map((event) => toMemory(userId, event))
    .filter((row) => {
      const before = remembered.find((told) => told.lessonId === row.lessonId);
      return !before || !sameMemory(before, row);
    });
  await saveFeedEvents(db, userId, changedRows, new Date(now.getTime() - REMEMBER_CANCELLED_MS));
  return [...events, ...gone.filter((event) => event.startsAt.getTime() >= now.getTime() - REMEMBER_CANCELLED_MS)].sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id,
  );
}
