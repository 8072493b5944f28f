// Who sees a lesson's assignment (docs/HOMEWORK.md, «Who sees an assignment»): an approved participant of that lesson
// (approval follows payment where the lesson has a price, and a refund deletes the place, as for the room and the
// recordings), once the lesson has an assignment and it is open: at once in a course «в записи», otherwise from the
// lesson's start, or once an author marked a lesson without a time held. A draft lesson or course is not found.
import { homeworkMessages as hm, type LessonHomeworkBadge } from '../../../../common/homework.ts';
import type { Executor } from '../../db/client.ts';
import { assignmentFactsOfLessons, type AssignmentFacts } from '../../repositories/homework/answersRepository.ts';

export type AssignmentDecision = { ok: true } | { ok: false; status: 403 | 404; detail: string };

type OpeningFacts = Pick<AssignmentFacts, 'format' | 'startsAt' | 'heldAt'>;

/** When the assignment opens to approved participants: null while it cannot yet (a live lesson without a time, not held). */
export function assignmentOpensAt(facts: OpeningFacts): Date | null {
  if (facts.format === 'recorded') return new Date(0);
  if (facts.startsAt !== null) return facts.heldAt !== null && facts.heldAt < facts.startsAt ? facts.heldAt : facts.startsAt;
  return facts.heldAt;
}

export function isAssignmentOpen(facts: OpeningFacts, now: Date): boolean {
  const opens = assignmentOpensAt(facts);
  return opens !== null && opens.getTime() <= now.getTime();
}

/** The rule on facts already read (null: no such lesson), in the order the refusals are told. */
export function decideAssignment(facts: AssignmentFacts | null, now: Date): AssignmentDecision {
  if (facts === null || facts.lessonState === 'draft' || facts.courseState === 'draft') return { ok: false, status: 404, detail: hm.lessonNotFound };
  if (facts.assignment === '') return { ok: false, status: 404, detail: hm.noAssignment };
  if (facts.participation !== 'approved') return { ok: false, status: 403, detail: hm.notParticipant };
  if (!isAssignmentOpen(facts, now)) return { ok: false, status: 403, detail: hm.notYetOpen };
  return { ok: true };
}

export interface HomeworkBadges {
  /** By lesson id: the lessons whose assignment is open to the person. */
  badges: Map<number, LessonHomeworkBadge>;
  /** The next moment one of these lessons' assignments opens (Infinity: none is waiting). */
  nextOpening: number;
}

/** The badges of these lessons for one person, in one query. */
export async function homeworkBadges(db: Executor, userId: number, lessonIds: number[], now: Date = new Date()): Promise<HomeworkBadges> {
  const rows = await assignmentFactsOfLessons(db, lessonIds, userId);
  const badges = new Map<number, LessonHomeworkBadge>();
  let nextOpening = Infinity;
  for (const row of rows) {
    if (row.lessonState === 'draft' || row.courseState === 'draft') continue;
    if (isAssignmentOpen(row, now)) badges.set(row.lessonId, { state: row.lastState, dueAt: row.dueAt?.toISOString() ?? null, required: row.required });
    else {
      const opens = assignmentOpensAt(row);
      if (opens !== null) nextOpening = Math.min(nextOpening, opens.getTime());
    }
  }
  return { badges, nextOpening };
}

/** The lessons with their badges added (the others as they were). */
export function withHomeworkBadges<L extends { id: number }>(lessons: L[], badges: Map<number, LessonHomeworkBadge>): L[] {
  if (badges.size === 0) return lessons;
  return lessons.map((lesson) => {
    const badge = badges.get(lesson.id);
    return badge ? { ...lesson, homework: badge } : lesson;
  });
}
