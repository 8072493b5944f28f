// PROVISIONAL: the area's wire types until common/mutabo.ts (h7) is merged; then this file re-exports from there.
import type { CourseState, Currency, DisciplesAge, LessonState, Price } from '../../common/wireTypes.ts';
import type { CourseDetails, Lesson } from '../../common/wireTypes.ts';

export interface MutaboLesson extends Lesson {
  version: number;
}

export interface MutaboCourse extends Omit<CourseDetails, 'lessons'> {
  version: number;
  lessons: MutaboLesson[];
}

export interface MutaboCourseRow {
  id: number;
  title: string;
  state: CourseState;
  start: string | null;
  participantsLimit: number;
  placesTaken: number;
}

export interface CourseWrite {
  title: string;
  subtitle: string;
  description: string;
  authors: number[];
  start: string | null;
  end: string | null;
  disciplesAge: DisciplesAge;
  image: string;
  thumbnail: string;
  state?: CourseState;
  participantsLimit: number;
  fullYear: boolean;
  lessonsBlockSize: number;
  prices: Price[];
}

export interface LessonWrite {
  title: string;
  content: string;
  duration: number;
  state: LessonState;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  summary: string;
}

export type { Currency };
