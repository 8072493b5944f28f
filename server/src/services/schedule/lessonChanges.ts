// What an author's change of a lesson tells its approved participants: a time set, moved or taken away, or the lesson
// cancelled (made a draft), each in a letter queued in the transaction of the change with the lesson's updated
// calendar entry. Only changes that concern the future are told (a past lesson's time corrected is not news).
import type { Tx } from '../../db/client.ts';
import type { CourseRow, LessonRow } from '../../repositories/content/coursesRepository.ts';
import { approvedParticipantsOf, markRemindersTold, REMINDER_LEADS_MS, type ReminderLead } from '../../repositories/schedule/lessonNoticesRepository.ts';
import { queueLetters } from '../letters/letterQueue.ts';
import { channelsOfPeople, insertTelegrams } from '../../repositories/telegram/telegramOutboxRepository.ts';
import { telegramOn } from '../telegram/notices.ts';
import { lessonChangeLetter, type LessonLetterConfig, type LessonTimeChange, type NoticeLesson } from './lessonLetters.ts';

/** What of a lesson decides whether its participants are told of a change. */
type LessonTimes = Pick<LessonRow, 'state' | 'startsAt'>;

/** The time the lesson's participants know: its start while it is on offer (published), else none. */
const knownStart = (lesson: LessonTimes): Date | null => (lesson.state === 'published' ? lesson.startsAt : null);

/** What changed for the participants between the two rows; null for nothing they need to hear about. */
function lessonTimeChange(before: LessonTimes, after: LessonTimes, now: Date): LessonTimeChange | null {
  const was = knownStart(before);
  const is = knownStart(after);
  if (was?.getTime() === is?.getTime()) return null;
  const ahead = (at: Date | null) => at !== null && at.getTime() > now.getTime();
  if (!ahead(was) && !ahead(is)) return null;
  if (was === null) return { kind: 'scheduled', after: is! };
  if (is !== null) return { kind: 'moved', before: was, after: is };
  return after.state === 'published' ? { kind: 'unscheduled', before: was } : { kind: 'cancelled', before: was };
}

/** A change as a Telegram message's facts keep it (JSON: times as ISO). */
export function changePayload(change: LessonTimeChange): Record<string, string> {
  return Object.fromEntries(Object.entries(change).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : String(value)]));
}

/** Whether making the lesson a draft now would queue its approved participants the letter that it is cancelled. */
export function draftingIsTold(course: Pick<CourseRow, 'state'>, lesson: LessonTimes, now: Date = new Date()): boolean {
  return course.state !== 'draft' && lessonTimeChange(lesson, { ...lesson, state: 'draft' }, now) !== null;
}

/**
 * Queues, in the transaction `tx` of the change, one letter per approved participant of the lesson (of a course that
 * is not a draft). A new time whose reminders are already due counts as those reminders: the sweep will not repeat it.
 */
export async function queueLessonChangeLetters(
  tx: Tx,
  config: LessonLetterConfig,
  course: Pick<CourseRow, 'id' | 'title' | 'timeZone' | 'state'>,
  before: LessonRow,
  after: LessonRow,
  now: Date = new Date(),
): Promise<void> {
  if (course.state === 'draft') return; // draftingIsTold says the same for a lesson made a draft
  const change = lessonTimeChange(before, after, now);
  if (!change) return;
  const everyone = await approvedParticipantsOf(tx, after.id);
  if (everyone.length === 0) return;
  // By e-mail and in Telegram, each to those who get changes there (issue 36; composed when sent: services/telegram).
  const channels = await channelsOfPeople(
    tx,
    everyone.map((person) => person.userId),
    'changes',
    telegramOn(config),
  );
  const people = everyone.filter((person) => channels.email.has(person.userId));
  await insertTelegrams(
    tx,
    everyone
      .filter((person) => channels.telegram.has(person.userId))
      .map((person) => ({
        kind: 'lesson-change',
        userId: person.userId,
        payload: { lessonId: after.id, userId: person.userId, sequence: after.sequence, change: changePayload(change) },
        dedupeKey: `lesson-change:${after.id}:${person.userId}:${after.sequence}`,
      })),
  );
  const lesson: NoticeLesson = {
    id: after.id,
    courseId: course.id,
    courseTitle: course.title,
    courseTimeZone: course.timeZone,
    number: after.number,
    title: after.title,
    duration: after.duration,
    sequence: after.sequence,
    roomUrl: after.roomUrl,
  };
  await queueLetters(
    tx,
    people.map((person) => ({
      kind: 'lesson-change',
      userId: person.userId,
      dedupeKey: `lesson-change:${after.id}:${person.userId}:${after.sequence}`,
      ...lessonChangeLetter(config, person, lesson, change, now),
    })),
  );
  if (change.kind === 'scheduled' || change.kind === 'moved') {
    const told = (Object.keys(REMINDER_LEADS_MS) as ReminderLead[]).filter((lead) => change.after.getTime() - REMINDER_LEADS_MS[lead] <= now.getTime());
    await markRemindersTold(
      tx,
      after.id,
      change.after,
      everyone.map((person) => person.userId),
      told,
    );
  }
}
