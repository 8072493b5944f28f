// Which courses the catalogue shows and in what order (spec section 2, "Course catalogue").
import type { CourseShort, DisciplesAge } from './wireTypes.ts';

export type AgeFilter = 'all' | DisciplesAge;

const STATE_ORDER: Record<string, number> = { can_be_subscribed: 0, announced: 1 };

/**
 * «тест» at the start of a word: not after a letter, a combining mark or a digit. JavaScript's `\b` knows only Latin
 * letters (it would find a word start inside «протест»), and a range such as [а-я] leaves out «ё».
 */
const TEST_WORD = /(?<![\p{L}\p{M}\p{N}])тест/u;

/**
 * Internal test courses are never listed (the catalogue, «Другие курсы», the library's course filter, the timetable,
 * the sitemap): a course whose title has a word starting with «тест» in any letter case («Тест», «Тестовый курс»,
 * «тестирование», «ТЕСТы»), not a word that merely contains it («Поэзия протеста», «аттестация»). Hyphens, quotes,
 * dashes and other punctuation part words, so «Тест-драйв», «Мини-тест» and «"Тест"» are test courses too; a word
 * is letters, digits and combining marks («ё» and «й» in either Unicode form). Only the Russian word counts: Latin
 * «test» («Testament») is an ordinary word, and «тёст» is not «тест».
 */
export function isTestCourse(title: string): boolean {
  return TEST_WORD.test(title.normalize('NFC').toLocaleLowerCase('ru'));
}

/** Open-enrollment courses first, then announced; drafts and test courses hidden; filtered by age. */
export function catalogueCourses<C extends Pick<CourseShort, 'state' | 'title' | 'disciplesAge'>>(
  courses: C[],
  filter: AgeFilter = 'all',
): C[] {
  return courses
    .filter((course) => course.state in STATE_ORDER && !isTestCourse(course.title))
    .filter((course) => filter === 'all' || course.disciplesAge === filter)
    .map((course, index) => ({ course, index }))
    .sort((a, b) => STATE_ORDER[a.course.state]! - STATE_ORDER[b.course.state]! || a.index - b.index)
    .map(({ course }) => course);
}
