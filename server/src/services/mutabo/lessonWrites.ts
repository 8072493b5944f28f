// One lesson changed by an author's write, as every such write changes it: compare-and-set on its version, a new
// calendar sequence when its time, length or publication changes, the history, and its participants' letters
// (services/schedule/lessonChanges.ts), all in the write's transaction. The lesson form (lessons.ts) and the course's room link
// (courseRoom.ts) both change lessons through it.
import type { Tx } from '../../db/client.ts';
import type { CourseRow, LessonRow } from '../../repositories/content/coursesRepository.ts';
import { updateLessonAtVersion, type LessonValues } from '../../repositories/mutabo/coursesRepository.ts';
import { queueLessonChangeLetters } from '../schedule/lessonChanges.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, type Caller, type MutaboContext } from './context.ts';

/** The fields of a lesson the history shows. */
export function lessonSnapshot(row: LessonRow): Record<string, unknown> {
  return {
    number: row.number,
    title: row.title,
    content: row.content,
    duration: row.duration,
    state: row.state,
    startsAt: row.startsAt?.toISOString() ?? null,
    roomUrl: row.roomUrl,
    recordingUrl: row.recordingUrl,
    assignment: row.assignment,
    assignmentDueAt: row.assignmentDueAt?.toISOString() ?? null,
    assignmentRequired: row.assignmentRequired,
  };
}

/**
 * Writes `values` (only fields that differ from `before`) to the lesson locked with its course, records it and queues
 * its participants' letters. 409 when the lesson changed since `before` was read.
 */
export async function writeLessonChange(
  tx: Tx,
  ctx: Pick<MutaboContext, 'config'>,
  caller: Caller,
  course: Pick<CourseRow, 'id' | 'title' | 'timeZone' | 'state'>,
  before: LessonRow,
  values: LessonValues,
): Promise<LessonRow> {
  const bumped = values.startsAt !== undefined || values.duration !== undefined || values.state !== undefined;
  const after = await updateLessonAtVersion(tx, before.id, before.version, bumped ? { ...values, sequence: before.sequence + 1 } : values);
  if (!after) throw mutaboErrors.staleLesson();
  await recordWrite(tx, { userId: caller.userId, entity: 'lesson', entityId: before.id, courseId: course.id, action: 'update', before: lessonSnapshot(before), after: lessonSnapshot(after) });
  await queueLessonChangeLetters(tx, ctx.config, course, before, after);
  return after;
}
