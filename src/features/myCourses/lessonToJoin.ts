// The lesson a participant is about to join: an approved lesson whose room is open (common/lessonSchedule.ts: from
// 30 minutes before its start to its end), and how the site says when it starts. Pure: the bar on every page and
// «Мои курсы» read it the same way.
import { isRoomOpen } from '../../../common/lessonSchedule.ts';
import type { CourseRef, Lesson, Participation } from '../../../common/wireTypes.ts';

export interface LessonToJoin {
  course: CourseRef;
  lesson: Lesson & { startsAt: string };
}

/** The approved lesson with an open room that starts first (a running one before the next); null if none. */
export function lessonToJoin(rows: readonly Participation[] | undefined, now: number): LessonToJoin | null {
  let found: LessonToJoin | null = null;
  for (const row of rows ?? []) {
    for (const lesson of row.lessons) {
      if (lesson.participationState !== 'approved' || lesson.startsAt === null || lesson.state === 'draft') continue;
      if (!isRoomOpen(lesson, now)) continue;
      if (!found || Date.parse(lesson.startsAt) < Date.parse(found.lesson.startsAt)) {
        found = { course: row.course, lesson: lesson as LessonToJoin['lesson'] };
      }
    }
  }
  return found;
}

/** «Занятие через 6 мин», «Занятие через минуту», «Занятие идёт». */
export function startsInText(startsAt: string, now: number): string {
  const minutes = Math.ceil((Date.parse(startsAt) - now) / 60_000);
  if (minutes <= 0) return 'Занятие идёт';
  if (minutes === 1) return 'Занятие через минуту';
  return `Занятие через ${minutes} мин`;
}
