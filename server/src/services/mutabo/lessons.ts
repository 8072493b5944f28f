// The authors' lessons: create, read, change (compare-and-set on `version`), delete, reorder. Each write runs under the
// course's lock (withCourseLockedForWrite: its lessons, then the course, as the course writes do), so numbers and the
// «one published lesson while enrollment is open» rule are decided on a stable set.
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import type { LessonCreate, LessonPatch, MutaboLesson } from '../../../../common/mutabo/lessons.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import { loadCourseDetails } from '../../repositories/content/coursesRepository.ts';
import {
  deleteLesson as deleteLessonRow,
  findLesson,
  insertLesson,
  lessonBlockers,
  markLessonHeld,
  nextLessonNumber,
  peopleOfLessons,
  renumberLessons,
  type LessonRow,
  type LessonValues,
} from '../../repositories/mutabo/coursesRepository.ts';
import type { LockedCourseForWrite } from '../../repositories/places/placesRepository.ts';
import { withCourseLockedForWrite } from '../places/courseLock.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, toMutaboLessons, type Caller, type MutaboContext } from './context.ts';
import { recordingsOfLessons } from '../recordings/uploadsState.ts';
import { lessonRoomUrl } from './courseRoom.ts';
import { ledBy } from './courses.ts';
import { lessonSnapshot, writeLessonChange } from './lessonWrites.ts';
import { checkLessonLimit } from './lessonSeries.ts';

/** Leaving an open course without a published lesson is refused: visitors could enroll in nothing. */
function wouldLeaveOpenCourseEmpty(locked: LockedCourseForWrite, lessonId: number): boolean {
  return locked.course.state === 'can_be_subscribed' && !locked.lessons.some((lesson) => lesson.id !== lessonId && lesson.state === 'published');
}

/** The fields the patch changes (a start as a Date, compared by its instant). */
function changedLessonValues(before: LessonRow, patch: LessonPatch): LessonValues {
  const { version: _version, startsAt, assignmentDueAt, ...fields } = patch;
  const values: LessonValues = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && before[key as keyof LessonRow] !== value));
  if (startsAt !== undefined && (startsAt === null ? before.startsAt !== null : before.startsAt?.getTime() !== Date.parse(startsAt))) {
    values.startsAt = startsAt === null ? null : new Date(startsAt);
  }
  if (assignmentDueAt !== undefined && (assignmentDueAt === null ? before.assignmentDueAt !== null : before.assignmentDueAt?.getTime() !== Date.parse(assignmentDueAt))) {
    values.assignmentDueAt = assignmentDueAt === null ? null : new Date(assignmentDueAt);
  }
  return values;
}

async function courseLessons(ctx: MutaboContext, courseId: number): Promise<MutaboLesson[]> {
  const found = await loadCourseDetails(ctx.db, courseId, { draftCourse: true, draftLessons: true });
  if (!found) throw mutaboErrors.courseNotFound();
  const [people, recordings] = await Promise.all([peopleOfLessons(ctx.db, courseId), recordingsOfLessons(ctx.db, found.course.lessons.map((lesson) => lesson.id))]);
  return toMutaboLessons(found, people, recordings);
}

async function lessonOf(ctx: MutaboContext, lessonId: number, courseId: number): Promise<MutaboLesson> {
  const lesson = (await courseLessons(ctx, courseId)).find((entry) => entry.id === lessonId);
  if (!lesson) throw mutaboErrors.lessonNotFound();
  return lesson;
}

/** The course of a lesson the caller may edit; 404 for a lesson of a course they do not lead. */
async function ledLessonCourse(ctx: MutaboContext, caller: Caller, lessonId: number): Promise<number> {
  const lesson = await findLesson(ctx.db, lessonId);
  if (!lesson || !(await leadsCourse(ctx.db, caller.authorId, lesson.courseId))) throw mutaboErrors.lessonNotFound();
  return lesson.courseId;
}

export async function getLesson(ctx: MutaboContext, caller: Caller, lessonId: number): Promise<MutaboLesson> {
  return lessonOf(ctx, lessonId, await ledLessonCourse(ctx, caller, lessonId));
}

/** A recorded course's lessons have no times (issue 34); a held lesson may keep the one it had, but gets no new one. */
export function refuseTimeInRecordedCourse(course: Pick<LockedCourseForWrite['course'], 'format'>, startsAt: Date | string | null | undefined, field = 'startsAt'): void {
  if (course.format === 'recorded' && startsAt !== null && startsAt !== undefined) throw mutaboErrors.field(field, m.recordedLessonTime);
}

export async function createLesson(ctx: MutaboContext, caller: Caller, courseId: number, input: LessonCreate): Promise<MutaboLesson> {
  const id = await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    checkLessonLimit(locked.lessons.length, 1, 'nonFieldErrors');
    refuseTimeInRecordedCourse(locked.course, input.startsAt);
    if (input.number !== undefined && locked.lessons.some((lesson) => lesson.number === input.number)) throw mutaboErrors.field('number', m.lessonNumberTaken);
    const number = input.number ?? (await nextLessonNumber(tx, courseId));
    const row = await insertLesson(tx, {
      courseId,
      number,
      title: input.title,
      content: input.content,
      duration: input.duration,
      state: input.state,
      startsAt: input.startsAt === null ? null : new Date(input.startsAt),
      roomUrl: lessonRoomUrl(locked.course.roomUrl, input.roomUrl),
      recordingUrl: input.recordingUrl,
      assignment: input.assignment,
      assignmentDueAt: input.assignmentDueAt === null ? null : new Date(input.assignmentDueAt),
      assignmentRequired: input.assignmentRequired,
    });
    await recordWrite(tx, { userId: caller.userId, entity: 'lesson', entityId: row.id, courseId, action: 'create', before: null, after: lessonSnapshot(row) });
    return { value: row.id, changed: true };
  });
  return lessonOf(ctx, id, courseId);
}

export async function patchLesson(ctx: MutaboContext, caller: Caller, lessonId: number, patch: LessonPatch): Promise<MutaboLesson> {
  const courseId = await ledLessonCourse(ctx, caller, lessonId);
  await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    const before = locked.lessons.find((lesson) => lesson.id === lessonId);
    // Deleted (or moved to another course) since the first look.
    if (!before) throw mutaboErrors.lessonNotFound();
    if (before.version !== patch.version) throw mutaboErrors.staleLesson();
    // A link cleared puts the lesson back in the course's room.
    const values = changedLessonValues(before, patch.roomUrl === undefined ? patch : { ...patch, roomUrl: lessonRoomUrl(locked.course.roomUrl, patch.roomUrl) });
    if (Object.keys(values).length === 0) return { value: undefined, changed: false };
    refuseTimeInRecordedCourse(locked.course, values.startsAt);
    if (values.number !== undefined && locked.lessons.some((lesson) => lesson.id !== lessonId && lesson.number === values.number)) {
      throw mutaboErrors.field('number', m.lessonNumberTaken);
    }
    if (values.state === 'draft' && wouldLeaveOpenCourseEmpty(locked, lessonId)) throw mutaboErrors.field('state', m.lastPublishedLesson);
    await writeLessonChange(tx, ctx, caller, locked.course, before, values);
    return { value: undefined, changed: true };
  });
  return lessonOf(ctx, lessonId, courseId);
}

/**
 * Refused while anyone holds, waits for or has paid for a place in it, or when it is an open course's last published
 * one: so nobody has a place to be told of its cancellation (making it a draft is how a lesson is cancelled).
 */
export async function deleteLesson(ctx: MutaboContext, caller: Caller, lessonId: number): Promise<void> {
  const courseId = await ledLessonCourse(ctx, caller, lessonId);
  await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    const before = locked.lessons.find((lesson) => lesson.id === lessonId);
    if (!before) throw mutaboErrors.lessonNotFound();
    const blockers = await lessonBlockers(tx, lessonId);
    if (blockers.participants > 0 || blockers.payments > 0) throw mutaboErrors.lessonHasParticipants();
    if (before.state === 'published' && wouldLeaveOpenCourseEmpty(locked, lessonId)) throw mutaboErrors.lastPublishedLesson();
    await deleteLessonRow(tx, lessonId);
    await recordWrite(tx, { userId: caller.userId, entity: 'lesson', entityId: lessonId, courseId, action: 'delete', before: lessonSnapshot(before), after: null });
    return { value: undefined, changed: true };
  });
}

/** Numbers the course's lessons 1..n in the given order, in one transaction; answers the lessons in that order. */
export async function reorderLessons(ctx: MutaboContext, caller: Caller, courseId: number, order: number[]): Promise<MutaboLesson[]> {
  await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    const known = new Set(locked.lessons.map((lesson) => lesson.id));
    if (order.length !== known.size || order.some((id) => !known.has(id))) throw mutaboErrors.field('lessons', m.lessonOrderInvalid);
    const current = locked.lessons.map((lesson) => lesson.id);
    if (current.join() === order.join() && locked.lessons.every((lesson, index) => lesson.number === index + 1)) return { value: undefined, changed: false };
    await renumberLessons(tx, courseId, order);
    await recordWrite(tx, { userId: caller.userId, entity: 'course', entityId: courseId, courseId, action: 'reorder', before: { lessons: current }, after: { lessons: order } });
    return { value: undefined, changed: true };
  });
  return courseLessons(ctx, courseId);
}

/**
 * Marks a published lesson without a time held (POST /api/v1/mutabo/lessons/{id}/held/): its prepaid places get their
 * settlement receipts (services/payments/settlements.ts). A lesson with a time is held when it ends; a second mark
 * changes nothing. Recorded in the course's history.
 */
export async function markHeld(ctx: MutaboContext, caller: Caller, lessonId: number): Promise<MutaboLesson> {
  const courseId = await ledLessonCourse(ctx, caller, lessonId);
  await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    const before = locked.lessons.find((lesson) => lesson.id === lessonId);
    if (!before) throw mutaboErrors.lessonNotFound();
    if (before.state !== 'published') throw mutaboErrors.field('nonFieldErrors', m.lessonHeldDraft);
    if (before.startsAt !== null) throw mutaboErrors.field('nonFieldErrors', m.lessonHeldTimed);
    const heldAt = await markLessonHeld(tx, lessonId);
    if (heldAt) await recordWrite(tx, { userId: caller.userId, entity: 'lesson', entityId: lessonId, courseId, action: 'update', before: { heldAt: null }, after: { heldAt: heldAt.toISOString() } });
    // The public pages do not show when a lesson was held.
    return { value: undefined, changed: false };
  });
  return lessonOf(ctx, lessonId, courseId);
}
