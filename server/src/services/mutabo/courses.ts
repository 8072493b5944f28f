// The authors' courses: list, read, create, change (compare-and-set on `version`), delete, history. Every write to a
// course runs under the course's lock (withCourseLockedForWrite: its lessons, then the course), writes and records
// itself; the public cache is dropped after the commit.
import type { CourseCreate, CoursePatch, MutaboCourse, MutaboCourseListItem } from '../../../../common/mutabo/courses.ts';
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import { HISTORY_PAGE_SIZE, type HistoryPage } from '../../../../common/mutabo/history.ts';
import type { Executor } from '../../db/client.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import { loadCourseDetails } from '../../repositories/content/coursesRepository.ts';
import {
  authorIdsOf,
  courseBlockers,
  coursesLedBy,
  deleteCourse as deleteCourseRow,
  existingAuthorIds,
  feedbackOfCourse,
  findCourseForSave,
  insertCourse,
  peopleOfCourse,
  peopleOfLessons,
  pricesOfCourse,
  replaceAuthors,
  replacePrices,
  updateCourseAtVersion,
  type CourseRow,
  type CourseValues,
  type PriceValues,
} from '../../repositories/mutabo/coursesRepository.ts';
import type { LockedCourseForWrite } from '../../repositories/places/placesRepository.ts';
import { withCourseLockedForWrite, type CourseWriter } from '../places/courseLock.ts';
import { courseHistoryPage } from '../../repositories/history/auditRepository.ts';
import { recordWrite } from './audit.ts';
import { withHistoryNames } from './historyNames.ts';
import { courseAuthorMessages, recordAuthorsChange } from './courseAuthors.ts';
import { followCourseRoom } from './courseRoom.ts';
import { lessonSnapshot } from './lessonWrites.ts';
import { thumbnailForImage } from '../content/uploads.ts';
import { mutaboErrors, toMutaboCourse, type Caller, type MutaboContext } from './context.ts';
import { recordingsOfLessons } from '../recordings/uploadsState.ts';

// Where the other writes of the area have long found it (the copy of a course among them).
export { lessonSnapshot };

/** The fields of a course the history shows, in wire names. */
export function courseSnapshot(row: CourseRow, authorIds?: number[]): Record<string, unknown> {
  return {
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    // A change of authors has a record of its own, with their names (courseAuthors.ts).
    ...(authorIds ? { authors: authorIds } : {}),
    start: row.start,
    end: row.end,
    disciplesAge: row.disciplesAge,
    image: row.image,
    thumbnail: row.thumbnail,
    state: row.state,
    participantsLimit: row.participantsLimit,
    fullYear: row.fullYear,
    lessonsBlockSize: row.lessonsBlockSize,
    timeZone: row.timeZone,
    roomUrl: row.roomUrl,
    format: row.format,
    recordingDays: row.recordingDays,
  };
}

const sortedPrices = (list: PriceValues[]) => [...list].sort((a, b) => a.currency.localeCompare(b.currency));

/**
 * The authors of a course as written. A new course's caller is always one of them (added last when missing); a saved
 * course's list is taken as it is (the caller may leave a course another author keeps), but never empty.
 */
async function checkedAuthors(tx: Executor, requested: number[], caller: Caller, creating = false): Promise<number[]> {
  const ids = !creating || requested.includes(caller.authorId) ? requested : [...requested, caller.authorId];
  if (ids.length === 0) throw mutaboErrors.field('authors', courseAuthorMessages.lastAuthor);
  const known = await existingAuthorIds(tx, ids);
  if (ids.some((id) => !known.has(id))) throw mutaboErrors.field('authors', m.authorUnknown);
  return ids;
}

function hasPublishedLesson(locked: Pick<LockedCourseForWrite, 'lessons'>): boolean {
  return locked.lessons.some((lesson) => lesson.state === 'published');
}

/** The caller writing to a course under its lock (withCourseLockedForWrite): 404 for a course they do not lead. */
export function ledBy(caller: Caller): CourseWriter {
  return { authorId: caller.authorId, refused: mutaboErrors.courseNotFound };
}

export async function listCourses(ctx: MutaboContext, caller: Caller): Promise<MutaboCourseListItem[]> {
  return coursesLedBy(ctx.db, caller.authorId);
}

/**
 * The course in the authors' form; 404 when the caller does not lead it (not checked for the answer to the save that
 * took the caller off its authors).
 */
export async function getCourse(ctx: MutaboContext, caller: Caller, courseId: number, checkLead = true): Promise<MutaboCourse> {
  if (checkLead && !(await leadsCourse(ctx.db, caller.authorId, courseId))) throw mutaboErrors.courseNotFound();
  const found = await loadCourseDetails(ctx.db, courseId, { draftCourse: true, draftLessons: true });
  if (!found) throw mutaboErrors.courseNotFound();
  const [people, lessonPeople, recordings] = await Promise.all([
    peopleOfCourse(ctx.db, courseId),
    peopleOfLessons(ctx.db, courseId),
    recordingsOfLessons(ctx.db, found.course.lessons.map((lesson) => lesson.id)),
  ]);
  return toMutaboCourse(found, people, lessonPeople, recordings);
}

/** An image uploaded here and no thumbnail: the thumbnail is made from the image (else stays empty). */
async function thumbnailIfMissing(ctx: MutaboContext, caller: Caller, image: string, thumbnail: string): Promise<string> {
  if (thumbnail !== '' || image === '') return thumbnail;
  return (await thumbnailForImage(ctx, caller, image)) ?? '';
}

export async function createCourse(ctx: MutaboContext, caller: Caller, input: CourseCreate): Promise<MutaboCourse> {
  // A new course has no lessons yet, so none is published.
  if (input.state === 'can_be_subscribed') throw mutaboErrors.field('state', m.openWithoutLessons);
  // Refusals first, the image's decoding after: a save that will be refused costs no thumbnail.
  await checkedAuthors(ctx.db, input.authors, caller, true);
  input = { ...input, thumbnail: await thumbnailIfMissing(ctx, caller, input.image, input.thumbnail) };
  const id = await ctx.db.transaction(async (tx) => {
    const authorIds = await checkedAuthors(tx, input.authors, caller, true);
    const { authors: _authors, prices, ...values } = input;
    const row = await insertCourse(tx, values);
    await replaceAuthors(tx, row.id, authorIds);
    await replacePrices(tx, row.id, prices);
    await recordWrite(tx, { userId: caller.userId, entity: 'course', entityId: row.id, courseId: row.id, action: 'create', before: null, after: courseSnapshot(row, authorIds) });
    if (prices.length > 0) {
      await recordWrite(tx, { userId: caller.userId, entity: 'prices', entityId: row.id, courseId: row.id, action: 'create', before: null, after: { prices: sortedPrices(prices) } });
    }
    // The co-authors named are added by the caller: recorded and told as any later addition.
    if (authorIds.length > 1) await recordAuthorsChange(tx, ctx.config, caller, row, [caller.authorId], authorIds);
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getCourse(ctx, caller, id);
}

/**
 * The refusals of a save that its rows decide: a stale version, an end before the start, enrollment opened without a
 * published lesson, a switch to recordings while a published lesson is still ahead, an unknown author. Checked on the stored rows before any costly work, and again on the locked
 * ones in the transaction. Answers the authors the course will have.
 */
async function checkedPatch(db: Executor, caller: Caller, current: LockedCourseForWrite, authorsBefore: number[], patch: CoursePatch): Promise<number[]> {
  const before = current.course;
  if (before.version !== patch.version) throw mutaboErrors.staleCourse();
  const start = patch.start === undefined ? before.start : patch.start;
  const end = patch.end === undefined ? before.end : patch.end;
  if (start && end && end < start) throw mutaboErrors.field('end', m.endBeforeStart);
  if (patch.state === 'can_be_subscribed' && before.state !== 'can_be_subscribed' && !hasPublishedLesson(current)) {
    throw mutaboErrors.field('state', m.openWithoutLessons);
  }
  // A course in recordings has no times: its published lessons still ahead would lose theirs (held ones may keep them).
  if (patch.format === 'recorded' && before.format !== 'recorded') {
    const now = Date.now();
    const ahead = current.lessons.filter((lesson) => lesson.state === 'published' && lesson.startsAt !== null && lesson.startsAt.getTime() > now);
    if (ahead.length > 0) throw mutaboErrors.field('format', m.recordedWithLessonsAhead(ahead.map((lesson) => lesson.number)));
  }
  return patch.authors === undefined ? authorsBefore : checkedAuthors(db, patch.authors, caller);
}

export async function patchCourse(ctx: MutaboContext, caller: Caller, courseId: number, patch: CoursePatch): Promise<MutaboCourse> {
  // Before any work for the save (a thumbnail is decoded, and stored under the caller's name): another author's
  // course is 404 at once, and a save its rows refuse is refused now.
  const current = await findCourseForSave(ctx.db, courseId);
  if (!current || !(await leadsCourse(ctx.db, caller.authorId, courseId))) throw mutaboErrors.courseNotFound();
  await checkedPatch(ctx.db, caller, current, await authorIdsOf(ctx.db, courseId), patch);
  // A new image without a thumbnail (sent empty, or absent and none stored) gets one made from it.
  if (patch.image && (patch.thumbnail === '' || (patch.thumbnail === undefined && current.course.thumbnail === ''))) {
    patch = { ...patch, thumbnail: await thumbnailIfMissing(ctx, caller, patch.image, '') };
  }
  const left = await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    const before = locked.course;
    const authorsBefore = await authorIdsOf(tx, courseId);
    const authorsAfter = await checkedPatch(tx, caller, locked, authorsBefore, patch);
    const { version, authors: _authors, prices: requestedPrices, ...fields } = patch;
    const authorsChanged = authorsAfter.join() !== authorsBefore.join();
    const pricesBefore = sortedPrices(await pricesOfCourse(tx, courseId));
    const pricesAfter = requestedPrices === undefined ? pricesBefore : sortedPrices(requestedPrices);
    const pricesChanged = JSON.stringify(pricesAfter) !== JSON.stringify(pricesBefore);
    const values: CourseValues = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && before[key as keyof CourseRow] !== value));
    if (Object.keys(values).length === 0 && !authorsChanged && !pricesChanged) return { value: false, changed: false };

    // Authors and prices belong to the course: changing them bumps its version too.
    const after = await updateCourseAtVersion(tx, courseId, version, values);
    if (!after) throw mutaboErrors.staleCourse();
    if (authorsChanged) await replaceAuthors(tx, courseId, authorsAfter);
    if (pricesChanged) await replacePrices(tx, courseId, pricesAfter);
    await recordWrite(tx, { userId: caller.userId, entity: 'course', entityId: courseId, courseId, action: 'update', before: courseSnapshot(before), after: courseSnapshot(after) });
    if (pricesChanged) {
      await recordWrite(tx, { userId: caller.userId, entity: 'prices', entityId: courseId, courseId, action: 'update', before: { prices: pricesBefore }, after: { prices: pricesAfter } });
    }
    if (authorsChanged) await recordAuthorsChange(tx, ctx.config, caller, after, authorsBefore, authorsAfter);
    if (values.roomUrl !== undefined) await followCourseRoom(tx, ctx, caller, after, locked.lessons, before.roomUrl);
    return { value: !authorsAfter.includes(caller.authorId), changed: true };
  });
  // A caller who took themselves off the authors gets the course as saved, the last time they see it.
  return getCourse(ctx, caller, courseId, !left);
}

/** Refused while anyone holds, waits for or has paid for a place, or any payment names one of its lessons. */
export async function deleteCourse(ctx: MutaboContext, caller: Caller, courseId: number): Promise<void> {
  await withCourseLockedForWrite(ctx, courseId, ledBy(caller), async (tx, locked) => {
    const blockers = await courseBlockers(tx, courseId);
    if (blockers.participants > 0 || blockers.payments > 0) throw mutaboErrors.courseHasParticipants();
    const snapshot = {
      ...courseSnapshot(locked.course, await authorIdsOf(tx, courseId)),
      prices: sortedPrices(await pricesOfCourse(tx, courseId)),
      lessons: locked.lessons.map((lesson) => ({ id: lesson.id, ...lessonSnapshot(lesson) })),
      // Reviews go with the course; the record keeps them, so nothing written is lost for good.
      feedback: await feedbackOfCourse(tx, courseId),
    };
    await deleteCourseRow(tx, courseId);
    await recordWrite(tx, { userId: caller.userId, entity: 'course', entityId: courseId, courseId, action: 'delete', before: snapshot, after: null });
    return { value: undefined, changed: true };
  });
}

export async function courseHistory(ctx: MutaboContext, caller: Caller, courseId: number, page: number): Promise<HistoryPage> {
  if (!(await leadsCourse(ctx.db, caller.authorId, courseId))) throw mutaboErrors.courseNotFound();
  const { count, results } = await courseHistoryPage(ctx.db, courseId, page, HISTORY_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  return {
    count,
    currentPage: page,
    pages,
    next: page < pages ? `/api/v1/mutabo/courses/${courseId}/history/?page=${page + 1}` : null,
    results: await withHistoryNames(ctx.db, results),
  };
}
