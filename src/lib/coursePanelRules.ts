// What the course panel's payment form decides (spec sections 4, 5 and 8): whether paying is possible, which lessons
// can be ticked, and the text of a lesson selection error with lesson ids replaced by quoted titles.
import type { RequestError } from '../api/requestError.ts';
import type { CourseDetails, Currency, Lesson } from '../../common/wireTypes.ts';
import { availableLessons, isApproved, type LessonForSale } from '../../common/lessonBlocks.ts';
import { pluralize, type PluralForms } from '../../common/plural.ts';
import { LESSON_ERROR_KEYS, LESSONS_MARKER, type LessonErrorKey } from '../../common/lessonErrors.ts';

export const NO_COURSE_PRICE = 'Нет цены курса';

export const CURRENCY_NAMES: Record<Currency, string> = {
  CURRENCY_CHOICE_RUB: 'Рубли',
  CURRENCY_CHOICE_EURO: 'Евро',
  CURRENCY_CHOICE_USD: 'Доллары',
};

const SESSION_FORMS: PluralForms = ['занятие', 'занятия', 'занятий'];
export const sessionsCount = (n: number) => pluralize(n, SESSION_FORMS);
/** After «из»: «из 1 занятия», «из 4 занятий». */
const SESSIONS_GENITIVE: PluralForms = ['занятия', 'занятий', 'занятий'];

/** The price list's line for a block: «Блок из 4 занятий». */
export const blockRowLabel = (blockSize: number) => `Блок из ${pluralize(blockSize, SESSIONS_GENITIVE)}`;

/**
 * What the page says before the first tick on a course sold by blocks (issue 32): «Занятия продаются блоками по 4:
 * 6 000 ₽ за блок.» `blockPrice` is common/coursePrices.ts blockTotal, written as money.
 */
export const blockSaleText = (blockSize: number, blockPrice: string) => `Занятия продаются блоками по ${blockSize}: ${blockPrice} за блок.`;

/**
 * Payment is possible when the course is open, has prices, and some lesson is not bought, has a free place and has
 * not begun (`past`, common/lessonBlocks.ts).
 */
export function paymentPossible(course: Pick<CourseDetails, 'state' | 'prices'>, lessons: readonly LessonForSale[]): boolean {
  return (
    course.state === 'can_be_subscribed' &&
    course.prices.length > 0 &&
    lessons.some((lesson) => !isApproved(lesson) && lesson.hasFreePlaces && !lesson.past)
  );
}

/**
 * The lessons whose checkbox can be ticked: not bought, with a free place and, with blocks, in an available
 * block. Every other checkbox is disabled (spec section 5).
 */
export function selectableLessonIds(lessons: LessonForSale[], blockSize: number): Set<number> {
  return new Set(availableLessons(lessons, blockSize).map((lesson) => lesson.id));
}

const ONLY_IDS = /^[\d\s,]+$/;

/** Our own wording, used when the server sends the key without a readable message; `titles` may be empty. */
const DEFAULT_TEXTS: Record<LessonErrorKey, (titles: string) => string> = {
  lessons_are_required: () => 'Выберите хотя бы одно занятие.',
  lessons_are_fully_occupied: (titles) =>
    titles ? `Нет свободных мест на занятия: ${titles}.` : 'На выбранные занятия нет свободных мест.',
  already_participated: (titles) => (titles ? `Вы уже участвуете в занятиях: ${titles}.` : 'Вы уже участвуете в выбранных занятиях.'),
  lessons_are_past: (titles) => (titles ? `Эти занятия уже прошли или идут: ${titles}. Обновите страницу и выберите другие.` : 'Выбранные занятия уже прошли или идут.'),
};

function idsOf(list: string): number[] {
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter(Number.isInteger);
}

/** «Ритм и рифма», «Образ»: the titles of the lessons, in the order of the ids; an unknown id stays a number. */
function quotedTitles(ids: readonly number[], lessons: readonly Pick<Lesson, 'id' | 'title'>[]): string {
  return ids
    .map((id) => {
      const lesson = lessons.find((candidate) => candidate.id === id);
      return lesson ? `«${lesson.title}»` : `№${id}`;
    })
    .join(', ');
}

/** Replaces every lesson marker in a server message by the quoted titles of the lessons it lists. */
export function replaceLessonMarkers(message: string, lessons: readonly Pick<Lesson, 'id' | 'title'>[]): string {
  return message.replace(LESSONS_MARKER, (_marker, list: string) => quotedTitles(idsOf(list), lessons));
}

function isLessonErrorKey(text: string): text is LessonErrorKey {
  return (LESSON_ERROR_KEYS as readonly string[]).includes(text);
}

function textFor(key: LessonErrorKey, serverText: string, lessons: readonly Pick<Lesson, 'id' | 'title'>[]): string {
  const text = serverText.trim();
  if (text && !ONLY_IDS.test(text) && text.toLowerCase() !== key) return replaceLessonMarkers(text, lessons);
  // A bare key, or a bare list of ids: our wording with the titles.
  return DEFAULT_TEXTS[key](quotedTitles(idsOf(ONLY_IDS.test(text) ? text : ''), lessons));
}

/**
 * The lessons message of a failed payment creation, or null when the error is not about the chosen lessons.
 * The keys may come at the top level or under `lessons` (both end up as leaf keys of `byFields`), or as the
 * value of the `lessons` field itself.
 */
export function lessonErrorMessage(error: RequestError, lessons: readonly Pick<Lesson, 'id' | 'title'>[]): string | null {
  for (const key of LESSON_ERROR_KEYS) {
    const serverText = error.byFields[key];
    if (serverText !== undefined) return textFor(key, serverText, lessons);
  }
  const lessonsField = error.byFields.lessons;
  if (lessonsField === undefined) return null;
  const asKey = lessonsField.trim().toLowerCase();
  if (isLessonErrorKey(asKey)) return textFor(asKey, '', lessons);
  return replaceLessonMarkers(lessonsField, lessons);
}
