// Which courses the catalogue shows and in what order (spec section 2, "Course catalogue").
import type { CourseShort, DisciplesAge } from './wireTypes.ts';

export type AgeFilter = 'all' | DisciplesAge;

const STATE_ORDER: Record<string, number> = { can_be_subscribed: 0, announced: 1 };

/** Courses whose title contains the word «тест» in any letter case are internal and never listed. */
export function isTestCourse(title: string): boolean {
  return title.toLocaleLowerCase('ru').includes('тест');
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
