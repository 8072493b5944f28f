// The course's webinar room (issue 32, item 3): one link for the whole course, used by each of its lessons that has no
// link of its own. A lesson stores the link its participants get (`lessons.room_url`), so every read, letter and
// calendar stays as it was; a lesson uses the course's room while its link is empty or is the course's. When the
// course's link changes, each lesson that used it is changed through writeLessonChange, exactly as if its own link
// had been changed in the lesson form, in the same transaction.
import type { Tx } from '../../db/client.ts';
import type { CourseRow, LessonRow } from '../../repositories/content/coursesRepository.ts';
import type { Caller, MutaboContext } from './context.ts';
import { writeLessonChange } from './lessonWrites.ts';

/** The link a lesson is given: its own, or the course's when it names none. */
export const lessonRoomUrl = (courseRoomUrl: string, own: string): string => (own === '' ? courseRoomUrl : own);

/** Whether the lesson is in the course's room (so follows it when it changes), rather than in one of its own. */
const usesCourseRoom = (lesson: Pick<LessonRow, 'roomUrl'>, courseRoomUrl: string): boolean => lesson.roomUrl === '' || lesson.roomUrl === courseRoomUrl;

/**
 * After the course's link changed from `before` to `course.roomUrl`: the lessons (locked with the course) that used
 * the old one get the new one. Answers how many changed.
 */
export async function followCourseRoom(
  tx: Tx,
  ctx: Pick<MutaboContext, 'config'>,
  caller: Caller,
  course: Pick<CourseRow, 'id' | 'title' | 'timeZone' | 'state' | 'roomUrl'>,
  lessons: LessonRow[],
  before: string,
): Promise<number> {
  let changed = 0;
  for (const lesson of lessons) {
    if (!usesCourseRoom(lesson, before) || lesson.roomUrl === course.roomUrl) continue;
    await writeLessonChange(tx, ctx, caller, course, lesson, { roomUrl: course.roomUrl });
    changed += 1;
  }
  return changed;
}
