// A course copied for the next season (POST /api/v1/mutabo/courses/{id}/copy/): a new draft course with the same texts,
// cover, prices, places, block size, age group, zone, authors and lessons. The lesson times move so that the first
// timed lesson falls on the new date in the course's zone at its own time of day, and every other keeps its wall-clock
// distance from it (calendar days, across a summer-time change); untimed lessons stay untimed; the course's dates move
// by the same days. Nothing of the old course's people comes along: no participants, payments, receipts, mailings,
// news subscriptions, reviews or history — the new course's history starts with one entry naming the course it was
// copied from. The copy's lessons are drafts unless the author asks for them published; the course's format (live or
// in recordings) and recording window come along, the recordings do not (they belong to the old season's lessons);
// the webinar room does.
// A copy is bounded and kept from stalling the process: a course of more than MAX_COURSE_LESSONS lessons or
// MAX_COPY_TEXT_BYTES of lesson text is refused, the lessons' texts are copied inside the database (never read into
// the process), the history entry names the new lessons by id, one copy runs at a time in a process (the others are
// answered 503 with Retry-After at once) and an author's second copy while the first runs, in any process, 429.
import { instantInRange } from '../../../../common/dateRange.ts';
import type { MutaboCourse } from '../../../../common/mutabo/courses.ts';
import { addDays, daysBetween, MAX_COPY_TEXT_BYTES, MAX_COURSE_LESSONS, seasonMessages, startsInRange, type CourseCopy } from '../../../../common/mutabo/season.ts';
import { dateInputValue, wallTimeAt, zonedToUtc } from '../../../../common/zonedTime.ts';
import { HttpError } from '../../http/errors.ts';
import { leadsCourse } from '../../repositories/ledCourses.ts';
import { authorIdsOf, copyLessons, insertCourse, lockCourseForCopy, pricesOfCourse, replaceAuthors, replacePrices, tryCopyLock, type CourseForCopy } from '../../repositories/mutabo/coursesRepository.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, type Caller, type MutaboContext } from './context.ts';
import { courseSnapshot, getCourse } from './courses.ts';

/** Copies that may run at once in one process; PGlite has one connection, and a copy holds it for its transaction. */
const MAX_COPIES_AT_ONCE = 1;
/** The seconds a refused copy is told to wait: a large copy takes about one. */
const COPY_RETRY_AFTER_SECONDS = '5';

let copiesRunning = 0;

/**
 * A place among the copies running in this process, taken before anything of the request reaches the database (the
 * route holds it from its first check to its answer): copies asked together are refused at once rather than queued
 * on the database. Throws 503 with Retry-After when they are all taken; the release it answers may be called more than once.
 */
export function reserveCourseCopy(): () => void {
  if (copiesRunning >= MAX_COPIES_AT_ONCE) throw copyErrors.busy();
  copiesRunning += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    copiesRunning -= 1;
  };
}

const copyErrors = {
  busy: () => new HttpError(503, { detail: seasonMessages.copyBusy }, { 'retry-after': COPY_RETRY_AFTER_SECONDS }),
  authorBusy: () => new HttpError(429, { detail: seasonMessages.copyAuthorBusy }, { 'retry-after': COPY_RETRY_AFTER_SECONDS }),
  tooLarge: () => new HttpError(400, { detail: seasonMessages.copyTooLarge }),
};

/** A `YYYY-MM-DD` date moved by whole days; null when it leaves the years a date may have (common/dateRange.ts). */
function shiftedDate(date: string, days: number): string | null {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
  return instantInRange(moved) ? moved.toISOString().slice(0, 10) : null;
}

/**
 * How many days the copy moves by: from the first timed lesson's date in the zone to `start`; without timed lessons,
 * from the course's start; null when the course has neither (the copy then simply starts on `start`).
 */
function shiftDays(lessons: CourseForCopy['lessons'], courseStart: string | null, start: string, timeZone: string): number | null {
  const first = lessons
    .map((lesson) => lesson.startsAt)
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (first) return daysBetween(dateInputValue(wallTimeAt(first, timeZone)), start);
  return courseStart === null ? null : daysBetween(courseStart, start);
}

export async function copyCourse(ctx: MutaboContext, caller: Caller, courseId: number, input: CourseCopy): Promise<MutaboCourse> {
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await tryCopyLock(tx, caller.userId))) throw copyErrors.authorBusy();
    const locked = await lockCourseForCopy(tx, courseId);
    if (!locked || !(await leadsCourse(tx, caller.authorId, courseId))) throw mutaboErrors.courseNotFound();
    if (locked.lessons.length > MAX_COURSE_LESSONS || locked.textBytes > MAX_COPY_TEXT_BYTES) throw copyErrors.tooLarge();
    const source = locked.course;
    const days = shiftDays(locked.lessons, source.start, input.start, source.timeZone);
    const starts = locked.lessons.map((lesson) =>
      lesson.startsAt === null || days === null ? null : zonedToUtc(addDays(wallTimeAt(lesson.startsAt, source.timeZone), days), source.timeZone),
    );
    if (!startsInRange(starts.filter((at): at is Date => at !== null))) throw mutaboErrors.field('start', seasonMessages.copyStartOutOfRange);
    const moved = (date: string | null) => {
      if (date === null || days === null) return null;
      const shifted = shiftedDate(date, days);
      if (shifted === null) throw mutaboErrors.field('start', seasonMessages.copyDatesOutOfRange);
      return shifted;
    };
    const courseStart = days === null ? input.start : moved(source.start);
    const courseEnd = moved(source.end);

    const [authorIds, prices] = await Promise.all([authorIdsOf(tx, courseId), pricesOfCourse(tx, courseId)]);
    const row = await insertCourse(tx, {
      title: source.title,
      subtitle: source.subtitle,
      description: source.description,
      start: courseStart,
      end: courseEnd,
      disciplesAge: source.disciplesAge,
      image: source.image,
      thumbnail: source.thumbnail,
      state: 'draft',
      participantsLimit: source.participantsLimit,
      url: source.url,
      fullYear: source.fullYear,
      lessonsBlockSize: source.lessonsBlockSize,
      timeZone: source.timeZone,
      roomUrl: source.roomUrl,
      format: source.format,
      recordingDays: source.recordingDays,
    });
    await replaceAuthors(tx, row.id, authorIds);
    await replacePrices(tx, row.id, prices);
    const lessons = await copyLessons(
      tx,
      courseId,
      row.id,
      locked.lessons.map((lesson, index) => ({ id: lesson.id, startsAt: starts[index]! })),
      input.publishLessons ? 'published' : 'draft',
    );
    // The lessons by id and number only: their texts are the source's, and a history entry of every text of a
    // large course would be as large as the course.
    await recordWrite(tx, {
      userId: caller.userId,
      entity: 'course',
      entityId: row.id,
      courseId: row.id,
      action: 'create',
      before: null,
      after: { ...courseSnapshot(row, authorIds), prices, lessons, copiedFrom: { id: source.id, title: source.title } },
    });
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getCourse(ctx, caller, id);
}
