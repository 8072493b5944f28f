// Lesson blocks and which lessons can be bought (spec sections 4 and 5; issue 32: a lesson that has begun is no longer
// sold live; issue 34: a lesson with a ready recording is sold as that recording); the server uses the same rules.
import type { CourseFormat } from './recordings.ts';
import { hasFreePlace } from './places.ts';

/** The part of a lesson these rules read. */
export interface LessonForSale {
  id: number;
  hasFreePlaces: boolean;
  /** 'approved' when the caller has bought the lesson. */
  participationState: string | null;
  /**
   * The lesson is not on sale (lessonSale 'none'): it has begun and has no ready recording, or it is a recorded
   * course's lesson whose recording is not ready yet. Absent: on sale.
   */
  past?: boolean;
  /** The lesson is sold as its recording (lessonSale 'recording'). Absent: sold live, or not at all. */
  asRecording?: boolean;
}

/** What lessonSale reads of a lesson: its time and whether a ready recording stands for it (`hasRecording`). */
export interface LessonSaleFacts {
  startsAt: string | Date | null;
  /** A ready recording of the lesson exists. Absent: none. */
  hasRecording?: boolean;
}

/**
 * Whether a lesson has begun at `now` (ms since the epoch): from then on it is no longer sold live (its recording may
 * be, lessonSale). A lesson without a time has not begun.
 */
export function lessonHasBegun(lesson: { startsAt: string | Date | null }, now: number): boolean {
  if (lesson.startsAt === null) return false;
  const start = typeof lesson.startsAt === 'string' ? Date.parse(lesson.startsAt) : lesson.startsAt.getTime();
  return start <= now;
}

/**
 * How a lesson is sold at `now` (issue 34), the one rule of the site and the server:
 * - 'live': a place in the live room, within the course's participantsLimit (a live course's lesson still ahead);
 * - 'recording': its ready recording, watched at once after payment and without a place limit (a live course's
 *   lesson that has begun, or a recorded course's lesson, once it has a ready recording);
 * - 'none': not sold (a live course's lesson that has begun without a recording; a recorded course's lesson whose
 *   recording is not ready yet).
 */
export type LessonSale = 'live' | 'recording' | 'none';

export function lessonSale(lesson: LessonSaleFacts, format: CourseFormat, now: number): LessonSale {
  const hasRecording = lesson.hasRecording === true;
  if (format === 'recorded') return hasRecording ? 'recording' : 'none';
  if (!lessonHasBegun(lesson, now)) return 'live';
  return hasRecording ? 'recording' : 'none';
}

/**
 * Whether a lesson has a place for one more buyer: a lesson sold as a recording always has (the course's
 * participantsLimit is the live room's), any other when fewer than the limit are taken. Every count of free places on
 * the server (the course forms, joining, holds, the end of a payment, approvals) goes through this.
 */
export function placeFree(taken: number, participantsLimit: number, sale: LessonSale): boolean {
  return sale === 'recording' || hasFreePlace(taken, participantsLimit);
}

/** The lessons with `past` and `asRecording` set for `now` and the course's format, for the rules below. */
export function withPast<L extends LessonForSale & LessonSaleFacts>(lessons: readonly L[], now: number, format: CourseFormat = 'live'): L[] {
  return lessons.map((lesson) => {
    const sale = lessonSale(lesson, format, now);
    return { ...lesson, past: sale === 'none', asRecording: sale === 'recording', ...(sale === 'recording' ? { hasFreePlaces: true } : {}) };
  });
}


interface LessonBlock<L extends LessonForSale = LessonForSale> {
  lessons: L[];
  /** The caller has bought a lesson of this block. */
  participated: boolean;
  /** A lesson of this block is not on sale (`past`): the block is no longer sold. */
  begun: boolean;
  /** The block's lessons can be offered for purchase. */
  available: boolean;
}

export const isApproved = (lesson: LessonForSale) => lesson.participationState === 'approved';

/** A lesson that can be bought now, blocks aside: not bought, with a free place, on sale (live or as a recording). */
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
