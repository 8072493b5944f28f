// Lesson blocks and which lessons can be bought (spec sections 4 and 5, and issue 32: a lesson that has begun is no
// longer sold); the server uses the same rules.

/** The part of a lesson these rules read. */
export interface LessonForSale {
  id: number;
  hasFreePlaces: boolean;
  /** 'approved' when the caller has bought the lesson. */
  participationState: string | null;
  /** The lesson has begun (lessonHasBegun): it is not sold any more. Absent: not begun. */
  past?: boolean;
}

/**
 * Whether a lesson has begun at `now` (ms since the epoch) and so is past for buying: a live course sells the lessons
 * still to come, and there are no recordings for sale. A lesson without a time has not begun.
 */
export function lessonHasBegun(lesson: { startsAt: string | Date | null }, now: number): boolean {
  if (lesson.startsAt === null) return false;
  const start = typeof lesson.startsAt === 'string' ? Date.parse(lesson.startsAt) : lesson.startsAt.getTime();
  return start <= now;
}

/** The lessons with `past` set for `now`, for the rules below. */
export function withPast<L extends LessonForSale & { startsAt: string | Date | null }>(lessons: readonly L[], now: number): L[] {
  return lessons.map((lesson) => ({ ...lesson, past: lessonHasBegun(lesson, now) }));
}


interface LessonBlock<L extends LessonForSale = LessonForSale> {
  lessons: L[];
  /** The caller has bought a lesson of this block. */
  participated: boolean;
  /** A lesson of this block has begun: the block is no longer sold. */
  begun: boolean;
  /** The block's lessons can be offered for purchase. */
  available: boolean;
}

export const isApproved = (lesson: LessonForSale) => lesson.participationState === 'approved';

/** A lesson that can be bought now, blocks aside: not bought, with a free place, not begun. */
const onSale = (lesson: LessonForSale) => !isApproved(lesson) && lesson.hasFreePlaces && !lesson.past;

/** Groups lessons in order: a block fills until it holds `blockSize` lessons. */
export function lessonBlocks<L extends LessonForSale>(lessons: L[], blockSize: number): LessonBlock<L>[] {
  const size = Math.max(1, Math.floor(blockSize) || 1);
  const blocks: LessonBlock<L>[] = [];
  for (let start = 0; start < lessons.length; start += size) {
    const blockLessons = lessons.slice(start, start + size);
    const participated = blockLessons.some(isApproved);
    const full = blockLessons.some((lesson) => !lesson.hasFreePlaces);
    const begun = blockLessons.some((lesson) => lesson.past === true);
    blocks.push({ lessons: blockLessons, participated, begun, available: !participated && !full && !begun });
  }
  return blocks;
}

export const usesBlocks = (blockSize: number) => blockSize > 1;

/** Lessons the caller may choose now: not bought, with a free place, not begun, and (with blocks) in an available block. */
export function availableLessons<L extends LessonForSale>(lessons: L[], blockSize: number): L[] {
  if (usesBlocks(blockSize)) {
    return lessonBlocks(lessons, blockSize)
      .filter((block) => block.available)
      .flatMap((block) => block.lessons);
  }
  return lessons.filter(onSale);
}

/** Lessons sent for a whole-course payment: every lesson not bought, with a free place and not begun. */
export function wholeCourseLessons<L extends LessonForSale>(lessons: L[]): L[] {
  return lessons.filter(onSale);
}

/**
 * Whether the whole-course price can be offered: every lesson of the course can be bought now (none
 * bought yet, each with a free place, none begun, and with blocks each block available, so the available lessons
 * are exactly the block-rounded count). A partly bought, partly full or running course is sold by the lesson.
 */
export function wholeCourseOffered(lessons: LessonForSale[], blockSize: number): boolean {
  return lessons.length > 0 && availableLessons(lessons, blockSize).length === lessons.length;
}

/** Toggling a lesson toggles its whole block; returns the new selection of lesson ids. */
export function toggleLesson(selected: ReadonlySet<number>, lessonId: number, lessons: LessonForSale[], blockSize: number): Set<number> {
  const next = new Set(selected);
  const group = usesBlocks(blockSize)
    ? (lessonBlocks(lessons, blockSize).find((block) => block.lessons.some((lesson) => lesson.id === lessonId))?.lessons ?? [])
    : lessons.filter((lesson) => lesson.id === lessonId);
  const offered = new Set(availableLessons(lessons, blockSize).map((lesson) => lesson.id));
  const ids = group.map((lesson) => lesson.id).filter((id) => offered.has(id));
  const turnOn = !selected.has(lessonId);
  for (const id of ids) {
    if (turnOn) next.add(id);
    else next.delete(id);
  }
  return next;
}
