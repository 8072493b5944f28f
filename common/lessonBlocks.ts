// Lesson blocks and which lessons can be bought (spec sections 4 and 5); the server uses the same rules.

/** The part of a lesson these rules read. */
export interface LessonForSale {
  id: number;
  hasFreePlaces: boolean;
  /** 'approved' when the caller has bought the lesson. */
  participationState: string | null;
}

export interface LessonBlock<L extends LessonForSale = LessonForSale> {
  lessons: L[];
  /** The caller has bought a lesson of this block. */
  participated: boolean;
  /** The block's lessons can be offered for purchase. */
  available: boolean;
}

export const isApproved = (lesson: LessonForSale) => lesson.participationState === 'approved';

/** Groups lessons in order: a block fills until it holds `blockSize` lessons. */
export function lessonBlocks<L extends LessonForSale>(lessons: L[], blockSize: number): LessonBlock<L>[] {
  const size = Math.max(1, Math.floor(blockSize) || 1);
  const blocks: LessonBlock<L>[] = [];
  for (let start = 0; start < lessons.length; start += size) {
    const blockLessons = lessons.slice(start, start + size);
    const participated = blockLessons.some(isApproved);
    const full = blockLessons.some((lesson) => !lesson.hasFreePlaces);
    blocks.push({ lessons: blockLessons, participated, available: !participated && !full });
  }
  return blocks;
}

export const usesBlocks = (blockSize: number) => blockSize > 1;

/** Lessons the caller may choose now: not bought, with a free place, and (with blocks) in an available block. */
export function availableLessons<L extends LessonForSale>(lessons: L[], blockSize: number): L[] {
  if (usesBlocks(blockSize)) {
    return lessonBlocks(lessons, blockSize)
      .filter((block) => block.available)
      .flatMap((block) => block.lessons);
  }
  return lessons.filter((lesson) => !isApproved(lesson) && lesson.hasFreePlaces);
}

/** Lessons sent for a whole-course payment: every lesson not bought and with a free place. */
export function wholeCourseLessons<L extends LessonForSale>(lessons: L[]): L[] {
  return lessons.filter((lesson) => !isApproved(lesson) && lesson.hasFreePlaces);
}

/**
 * Whether the whole-course price can be offered: every lesson of the course can be bought now (none
 * bought yet, each with a free place, and with blocks each block available, so the available lessons
 * are exactly the block-rounded count). A partly bought or partly full course is sold by the lesson.
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
