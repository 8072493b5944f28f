// A course copied for the next season (POST /api/v1/mutabo/courses/{id}/copy/): a new draft course with the same texts,
// cover, prices, places, block size, age group, zone, authors and lessons. The lesson times move so that the first
// timed lesson falls on the new date in the course's zone at its own time of day, and every other keeps its wall-clock
// distance from it (calendar days, across a summer-time change); untimed lessons stay untimed; the course's dates move
// by the same days. Nothing of the old course's people comes along: no participants, payments, receipts, mailings,
// news subscriptions, reviews or history — the new course's history starts with one entry naming the course it was
// copied from. The copy's lessons are drafts unless the author asks for them published; recordings are not copied
// (they belong to the old season's lessons), the webinar room is.
import type { MutaboCourse } from '../../../../common/mutabo.ts';
import { addDays, daysBetween, seasonMessages, startsInRange, type CourseCopy } from '../../../../common/mutaboSeason.ts';
import { instantInRange } from '../../../../common/dateRange.ts';
import { dateInputValue, wallTimeAt, zonedToUtc } from '../../../../common/zonedTime.ts';
import { authorIdsOf, insertCourse, insertLessons, pricesOfCourse, replaceAuthors, replacePrices, type LessonRow } from '../../repositories/mutaboCoursesRepository.ts';
import { recordWrite } from './audit.ts';
import { mutaboErrors, type Caller, type MutaboContext } from './context.ts';
import { courseSnapshot, getCourse, lessonSnapshot, lockLedCourse } from './courses.ts';

/** A `YYYY-MM-DD` date moved by whole days; null when it leaves the years a date may have (common/dateRange.ts). */
function shiftedDate(date: string, days: number): string | null {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
  return instantInRange(moved) ? moved.toISOString().slice(0, 10) : null;
}

/**
 * How many days the copy moves by: from the first timed lesson's date in the zone to `start`; without timed lessons,
 * from the course's start; null when the course has neither (the copy then simply starts on `start`).
 */
function shiftDays(lessons: LessonRow[], courseStart: string | null, start: string, timeZone: string): number | null {
  const first = lessons
    .map((lesson) => lesson.startsAt)
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (first) return daysBetween(dateInputValue(wallTimeAt(first, timeZone)), start);
  return courseStart === null ? null : daysBetween(courseStart, start);
}

export async function copyCourse(ctx: MutaboContext, caller: Caller, courseId: number, input: CourseCopy): Promise<MutaboCourse> {
  const id = await ctx.db.transaction(async (tx) => {
    const locked = await lockLedCourse(tx, caller, courseId);
    const source = locked.course;
    const days = shiftDays(locked.lessons, source.start, input.start, source.timeZone);
    const startsAt = (lesson: LessonRow) =>
      lesson.startsAt === null || days === null ? null : zonedToUtc(addDays(wallTimeAt(lesson.startsAt, source.timeZone), days), source.timeZone);
    const starts = locked.lessons.map(startsAt);
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
    });
    await replaceAuthors(tx, row.id, authorIds);
    await replacePrices(tx, row.id, prices);
    const lessons = await insertLessons(
      tx,
      locked.lessons.map((lesson, index) => ({
        courseId: row.id,
        number: lesson.number,
        title: lesson.title,
        content: lesson.content,
        duration: lesson.duration,
        state: input.publishLessons ? 'published' : 'draft',
        startsAt: starts[index]!,
        roomUrl: lesson.roomUrl,
        recordingUrl: '',
      })),
    );
    await recordWrite(tx, {
      userId: caller.userId,
      entity: 'course',
      entityId: row.id,
      courseId: row.id,
      action: 'create',
      before: null,
      after: {
        ...courseSnapshot(row, authorIds),
        prices,
        lessons: lessons.map((lesson) => ({ id: lesson.id, ...lessonSnapshot(lesson) })),
        copiedFrom: { id: source.id, title: source.title },
      },
    });
    return row.id;
  });
  ctx.publicCache.invalidate();
  return getCourse(ctx, caller, id);
}
