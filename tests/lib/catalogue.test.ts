import type { CourseState, DisciplesAge } from '../../common/wireTypes.ts';
import { catalogueCourses, isTestCourse } from '../../common/catalogue.ts';
import { libraryFiltersToSearch, parseLibraryFilters } from '../../common/libraryQuery.ts';

const course = (id: number, state: CourseState, title = `Курс ${id}`, disciplesAge: DisciplesAge = 'DISCIPLES_AGE_ADULTS') => ({
  id,
  state,
  title,
  disciplesAge,
});

describe('the catalogue', () => {
  it('lists open courses first, then announced ones, and hides drafts and test courses', () => {
    const courses = [
      course(1, 'announced'),
      course(2, 'draft'),
      course(3, 'can_be_subscribed'),
      course(4, 'can_be_subscribed', 'Тестовый курс'),
      course(5, 'announced', 'Про ТЕСТы'),
      course(6, 'can_be_subscribed'),
    ];
    expect(catalogueCourses(courses).map((c) => c.id)).toEqual([3, 6, 1]);
  });

  it('filters by the learners’ age', () => {
    const courses = [course(1, 'announced', 'А', 'DISCIPLES_AGE_CHILDREN'), course(2, 'announced', 'Б')];
    expect(catalogueCourses(courses, 'DISCIPLES_AGE_CHILDREN').map((c) => c.id)).toEqual([1]);
    expect(catalogueCourses(courses, 'DISCIPLES_AGE_ADULTS').map((c) => c.id)).toEqual([2]);
  });

  it('recognises «тест» in any case', () => {
    expect(isTestCourse('ТЕСТ')).toBe(true);
    expect(isTestCourse('Литература')).toBe(false);
  });
});

describe('library filters in the query string', () => {
  it('reads integers and ignores junk', () => {
    expect(parseLibraryFilters('?categories=4,1,x,-2,1&courses=2&page=abc')).toEqual({ categories: [1, 4], courses: [2], page: 1 });
    expect(parseLibraryFilters('page=3')).toEqual({ categories: [], courses: [], page: 3 });
  });

  it('round-trips', () => {
    const filters = { categories: [1, 4], courses: [2], page: 2 };
    expect(libraryFiltersToSearch(filters)).toBe('categories=1,4&courses=2&page=2');
    expect(parseLibraryFilters(libraryFiltersToSearch(filters))).toEqual(filters);
    expect(libraryFiltersToSearch({ categories: [], courses: [], page: 1 })).toBe('');
  });
});
