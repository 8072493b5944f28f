// What the library page reads besides its items: the courses to filter by, and names of categories and courses by id.
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store.ts';
import { isTestCourse } from '../../../common/catalogue.ts';
import { selectResource } from '../../data/selectors.ts';

const selectCourses = (state: RootState) => selectResource(state, 'courses');
const selectCategories = (state: RootState) => selectResource(state, 'libraryCategories');

/** The courses offered as filters: internal test courses left out, sorted by title as Russian readers sort. */
export const selectLibraryCourses = createSelector([selectCourses], (courses) =>
  (courses.data ?? []).filter((course) => !isTestCourse(course.title)).sort((a, b) => a.title.localeCompare(b.title, 'ru')),
);

export const selectCategoryNames = createSelector(
  [selectCategories],
  (categories) => new Map((categories.data ?? []).map((category) => [category.id, category.name])),
);

export const selectCourseTitles = createSelector(
  [selectLibraryCourses],
  (courses) => new Map(courses.map((course) => [course.id, course.title])),
);

/** The state of everything the page needs besides the current page of items. */
export const selectLibraryLookups = createSelector([selectCourses, selectCategories], (courses, categories) => ({
  loaded: courses.loaded && categories.loaded,
  failed: courses.error !== null || categories.error !== null,
}));
