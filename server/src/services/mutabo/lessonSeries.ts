// A series of lessons in one step (POST /api/v1/mutabo/courses/{id}/lessons/series/): `count` lessons numbered after
// the course's last, every `everyDays` days at the first one's wall time in the course's zone (common/mutabo/season.ts),
// in one transaction under the course's lock, as a single lesson is added (services/mutabo/lessons.ts). Each lesson is
// recorded in the course's history as a lesson added one by one would be. New lessons have no participants, so
// publishing them tells nobody anything (as a single new lesson published). A room link sent with the series becomes
// the course's (courseRoom.ts), and the new lessons are in the course's room.
import type { MutaboLesson } from '../../../../common/mutabo/lessons.ts';
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import { MAX_COURSE_LESSONS, numberedLessonTitle, seasonMessages, seriesStarts, startsInRange, type LessonSeries } from '../../../../common/mutabo/season.ts';
import { loadCourseDetails } from '../../repositories/content/coursesRepository.ts';
import type { Tx } from '../../db/client.ts';
import { insertLessons, nextLessonNumber, peopleOfLessons, updateCourseAtVersion } from '../../repositories/mutabo/coursesRepository.ts';
import type { CourseRow } from '../../repositories/content/coursesRepository.ts';
import type { LockedCourseForWrite } from '../../repositories/places/placesRepository.ts';
import { withCourseLockedForWrite } from '../places/courseLock.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, toMutaboLessons, type Caller, type MutaboContext } from './context.ts';
import { recordingsOfLessons } from '../recordings/uploadsState.ts';
import { followCourseRoom } from './courseRoom.ts';
import { courseSnapshot, ledBy } from './courses.ts';
import { lessonSnapshot } from './lessonWrites.ts';

/** Refused when the course would have more than MAX_COURSE_LESSONS lessons with `adding` more. */
export function checkLessonLimit(existing: number, adding: number, field = 'count'): void {
  if (existing + adding > MAX_COURSE_LESSONS) throw mutaboErrors.field(field, seasonMessages.tooManyLessons(Math.max(0, MAX_COURSE_LESSONS - existing)));
}

/** The lessons of these ids in the authors' form, in number order. */
async function lessonsInAuthorsForm(ctx: MutaboContext, courseId: number, ids: number[]): Promise<MutaboLesson[]> {
  const found = await loadCourseDetails(ctx.db, courseId, { draftCourse: true, draftLessons: true });
  if (!found) throw mutaboErrors.courseNotFound();
  const wanted = new Set(ids);
  const [people, recordings] = await Promise.all([peopleOfLessons(ctx.db, courseId), recordingsOfLessons(ctx.db, ids)]);
  return toMutaboLessons(found, people, recordings).filter((lesson) => wanted.has(lesson.id));
}

/** The series' room link made the course's, as a save of the course form would make it; answers the course as it now is. */
async function setCourseRoom(tx: Tx, ctx: MutaboContext, caller: Caller, locked: LockedCourseForWrite, roomUrl: string | undefined): Promise<CourseRow> {
  const before = locked.course;
  if (roomUrl === undefined || roomUrl === before.roomUrl) return before;
  const after = await updateCourseAtVersion(tx, before.id, before.version, { roomUrl });
  if (!after) throw mutaboErrors.staleCourse();
  await recordWrite(tx, { userId: caller.userId, entity: 'course', entityId: before.id, courseId: before.id, action: 'update', before: courseSnapshot(before), after: courseSnapshot(after) });
  await followCourseRoom(tx, ctx, caller, after, locked.lessons, before.roomUrl);
  return after;
}

export async function createLessonSeries(ctx: MutaboContext, caller: Caller, courseId: number, input: LessonSeries): Promise<MutaboLesson[]> {
  const ids = await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    checkLessonLimit(locked.lessons.length, input.count);
    // A series is lessons at times: a recorded course has none (issue 34).
    if (locked.course.format === 'recorded') throw mutaboErrors.field('firstStartsAt', m.recordedLessonTime);
    const starts = seriesStarts(input.firstStartsAt, input.count, input.everyDays, locked.course.timeZone);
    if (!startsInRange(starts)) throw mutaboErrors.field('firstStartsAt', seasonMessages.seriesOutOfRange);
    const course = await setCourseRoom(tx, ctx, caller, locked, input.roomUrl);
    const first = await nextLessonNumber(tx, courseId);
    const rows = await insertLessons(
      tx,
      starts.map((startsAt, index) => ({
        courseId,
        number: first + index,
        title: input.titles[index] || numberedLessonTitle(first + index),
        content: '',
        duration: input.duration,
        state: input.state,
        startsAt,
        roomUrl: course.roomUrl,
        recordingUrl: '',
        assignment: '',
        assignmentDueAt: null,
        assignmentRequired: false,
      })),
    );
    for (const row of rows) {
      await recordWrite(tx, { userId: caller.userId, entity: 'lesson', entityId: row.id, courseId, action: 'create', before: null, after: lessonSnapshot(row) });
    }
    return { value: rows.map((row) => row.id), changed: true };
  });
  return lessonsInAuthorsForm(ctx, courseId, ids);
}
