// Who may watch a lesson's recording, and until when (docs/RECORDINGS.md, «Watching»): the one rule the player's
// addresses, the position reports and anything else that asks apply.
// - The course's authors always may.
// - Anyone else needs an approved place in that lesson (approval follows payment where the lesson has a price, and a
//   refund deletes the place: services/payments/refunds.ts), in a course that is not a draft, and, in a live course,
//   a lesson that has begun (common/lessonSchedule.ts isRecordingOpen); a lesson without a time, or a course «в записи»,
//   opens at once.
// - The window: courses.recording_days null → always; else N days after the later of the lesson's end and the place's
//   approval (a recording bought after the lesson), or until the author's extension for that course and person if that
//   is later.
// - «Стоп-занятие» (issue 35, docs/HOMEWORK.md): when the published lesson before this one (by number) has a required
//   assignment, a participant who sent no answer to it (submitted, accepted or returned) waits for the recording.
import { isRecordingOpen, lessonEndsAt } from '../../../../common/lessonSchedule.ts';
import { homeworkMessages, homeworkText } from '../../../../common/homework.ts';
import { recordingWatchMessages as wm, recordingWindowOver } from '../../../../common/recordings.ts';
import type { Executor } from '../../db/client.ts';
import { stopLessonBefore } from '../../repositories/homework/answersRepository.ts';
import { watchingFacts, type WatchingFacts } from '../../repositories/recordings/viewingRepository.ts';

const DAY_MS = 24 * 60 * 60_000;

export type WatchDecision = { allowed: true; availableUntil: Date | null } | { allowed: false; detail: string; availableUntil: Date | null };

interface WindowSource {
  recordingDays: number | null;
  startsAt: Date | null;
  lessonMinutes: number;
}

interface Place {
  participatedAt: Date | null;
  createdAt: Date;
}

/**
 * The end of one place's window by the course's rule, without an extension; null: always open. N days after the
 * later of the lesson's end and the approval (the row's creation when the approval's moment is not recorded).
 */
export function placeWindowEnd(lesson: WindowSource, place: Place): Date | null {
  if (lesson.recordingDays === null) return null;
  const ended = lessonEndsAt({ startsAt: lesson.startsAt?.toISOString() ?? null, duration: lesson.lessonMinutes });
  const approved = (place.participatedAt ?? place.createdAt).getTime();
  return new Date(Math.max(ended ?? approved, approved) + lesson.recordingDays * DAY_MS);
}

/** The window with the author's extension, when that ends later. */
export function windowEnd(base: Date | null, extensionUntil: Date | null): Date | null {
  if (base === null) return null;
  return extensionUntil !== null && extensionUntil > base ? extensionUntil : base;
}

/** The rule itself, on facts already read. */
export function decideWatching(facts: Omit<WatchingFacts, 'generation' | 'recordingSeconds' | 'position' | 'lessonId' | 'courseId'>, now: Date): WatchDecision {
  if (facts.isAuthor) return { allowed: true, availableUntil: null };
  if (facts.participation === null || facts.participation.state !== 'approved') return { allowed: false, detail: wm.notParticipant, availableUntil: null };
  if (facts.courseState === 'draft') return { allowed: false, detail: wm.courseDraft, availableUntil: null };
  if (facts.format === 'live' && facts.startsAt !== null && !isRecordingOpen({ startsAt: facts.startsAt.toISOString(), duration: facts.lessonMinutes }, now.getTime())) {
    return { allowed: false, detail: wm.notStarted, availableUntil: null };
  }
  const until = windowEnd(placeWindowEnd(facts, facts.participation), facts.extensionUntil);
  if (until !== null && now >= until) return { allowed: false, detail: recordingWindowOver(until, facts.timeZone), availableUntil: until };
  return { allowed: true, availableUntil: until };
}

/** Whether the person may watch the lesson's recording now (with the reason when not); null for a lesson that does not exist. */
export async function recordingEntitlement(db: Executor, userId: number, lessonId: number, now = new Date()): Promise<{ facts: WatchingFacts; decision: WatchDecision } | null> {
  const facts = await watchingFacts(db, lessonId, userId);
  if (facts === null) return null;
  const decision = decideWatching(facts, now);
  if (decision.allowed && !facts.isAuthor) {
    const stop = await stopLessonBefore(db, lessonId, userId);
    if (stop !== null && !stop.answered) {
      return { facts, decision: { allowed: false, detail: homeworkText(homeworkMessages.stopLesson, { number: stop.number }), availableUntil: decision.availableUntil } };
    }
  }
  return { facts, decision };
}

/** The short form for anyone who only asks yes or no. */
export async function mayWatchRecording(db: Executor, userId: number, lessonId: number, now = new Date()): Promise<boolean> {
  return (await recordingEntitlement(db, userId, lessonId, now))?.decision.allowed ?? false;
}
