// What the catalogue and the course page say about a course: lessons shown, volume, start, age group, authors, panel heading.
import type { Author, CourseDetails, DisciplesAge, Lesson } from '../../common/wireTypes.ts';
import { formatFullDate } from './dates.ts';
import { isApproved } from '../../common/lessonBlocks.ts';
import { pluralForm, pluralize, type PluralForms } from '../../common/plural.ts';

const SESSION_FORMS: PluralForms = ['занятие', 'занятия', 'занятий'];
/** After the distributive «по»: «по 1 минуте», «по 2 минуты», «по 60 минут». */
const MINUTES_EACH_FORMS: PluralForms = ['минуте', 'минуты', 'минут'];

const FULL_YEAR_VOLUME = 'годовой курс';
const NO_LESSONS_VOLUME = 'список занятий ещё не опубликован';
const START_UNKNOWN = 'дата уточняется';

/** The short label of a card and of the catalogue filter buttons. */
export const AGE_GROUP_LABELS: Record<DisciplesAge, string> = {
  DISCIPLES_AGE_CHILDREN: 'Для детей',
  DISCIPLES_AGE_ADULTS: 'Для взрослых',
};

/** The age group as the course page's facts state it (spec section 9: teenagers 11 to 17, adults from 18). */
export const AGE_GROUP_FACTS: Record<DisciplesAge, string> = {
  DISCIPLES_AGE_CHILDREN: 'подростки 11–17 лет',
  DISCIPLES_AGE_ADULTS: 'взрослые',
};

/** The lessons a visitor sees: drafts hidden, in the order of their numbers. */
export function publishedLessons<L extends Pick<Lesson, 'state' | 'number'>>(lessons: readonly L[]): L[] {
  return lessons.filter((lesson) => lesson.state !== 'draft').sort((a, b) => a.number - b.number);
}

/** «8 занятий по 60–90 минут», «4 занятия по 90 минут», «годовой курс» or «список занятий ещё не опубликован». */
export function courseVolume(course: Pick<CourseDetails, 'fullYear'> & { lessons: readonly Pick<Lesson, 'state' | 'number' | 'duration'>[] }): string {
  if (course.fullYear) return FULL_YEAR_VOLUME;
  const lessons = publishedLessons(course.lessons);
  if (lessons.length === 0) return NO_LESSONS_VOLUME;
  const count = pluralize(lessons.length, SESSION_FORMS);
  const durations = lessons.map((lesson) => lesson.duration).filter((minutes) => minutes > 0);
  if (durations.length === 0) return count;
  const min = Math.min(...durations);
  const max = Math.max(...durations);
  const range = min === max ? String(max) : `${min}–${max}`;
  return `${count} по ${range} ${pluralForm(max, MINUTES_EACH_FORMS)}`;
}

/** «03.12.2026», or «дата уточняется» when the course has no start date yet. */
export function courseStart(start: string | null): string {
  return formatFullDate(start) || START_UNKNOWN;
}

/** «Курс Анны Мельниковой», «Курс Анны Мельниковой и Михаила Орлова»; empty without authors. */
export function courseByAuthors(authors: readonly Pick<Author, 'genitive'>[]): string {
  const names = authors.map((author) => author.genitive.trim()).filter(Boolean);
  if (names.length === 0) return '';
  const last = names[names.length - 1] ?? '';
  const joined = names.length === 1 ? last : `${names.slice(0, -1).join(', ')} и ${last}`;
  return `Курс ${joined}`;
}

export const authorFullName = (author: Pick<Author, 'firstName' | 'lastName'>) =>
  `${author.firstName} ${author.lastName}`.trim();

type EnrollmentHeading = 'Участник курса' | 'Идёт набор' | 'Все места распроданы';

/** The side panel's heading (spec section 4), read from what the server says about each shown lesson. */
export function enrollmentHeading(lessons: readonly Pick<Lesson, 'id' | 'hasFreePlaces' | 'participationState'>[]): EnrollmentHeading {
  if (lessons.some(isApproved)) return 'Участник курса';
  if (lessons.some((lesson) => lesson.hasFreePlaces)) return 'Идёт набор';
  return 'Все места распроданы';
}
