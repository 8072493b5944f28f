// Test courses in the site's listings (issue 22, item 5): the catalogue, «Другие курсы» and the library's course filter
// hide «Тест-драйв» and «Тестовый курс» and show «Поэзия протеста» and «Аттестация» (common/catalogue.ts isTestCourse).
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { makeStore } from '../../src/app/store.ts';
import { CatalogueGrid } from '../../src/features/catalogue/CatalogueGrid.tsx';
import { OtherCourses } from '../../src/features/course/OtherCourses.tsx';
import { selectLibraryCourses } from '../../src/features/library/selectors.ts';
import { fetchSucceeded } from '../../src/data/cache.ts';
import type { CourseShort } from '../../common/wireTypes.ts';
import { siteAuthors, siteCourses } from '../support/siteData.ts';

const course = (id: number, title: string): CourseShort => ({ ...siteCourses[0]!, id, title, state: 'can_be_subscribed' });

const courses = [course(1, 'Поэзия протеста'), course(2, 'Тест-драйв'), course(3, 'Аттестация по литературе'), course(4, 'Тестовый курс'), course(5, 'Медленное чтение')];
const listed = ['Поэзия протеста', 'Аттестация по литературе', 'Медленное чтение'];

function renderWithProviders(element: React.ReactNode) {
  return render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>{element}</MemoryRouter>
    </AppProviders>,
  );
}

describe('test courses in the listings', () => {
  it('the catalogue shows a title that merely contains «тест» and hides a word that starts with it', () => {
    renderWithProviders(<CatalogueGrid courses={courses} authors={siteAuthors} />);
    for (const title of listed) expect(screen.getByText(title)).toBeInTheDocument();
    expect(screen.queryByText('Тест-драйв')).not.toBeInTheDocument();
    expect(screen.queryByText('Тестовый курс')).not.toBeInTheDocument();
  });

  it('«Другие курсы» follows the same rule', () => {
    renderWithProviders(<OtherCourses courses={courses} currentId={5} />);
    const region = screen.getByRole('region', { name: 'Другие курсы' });
    const links = within(region)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(expect.arrayContaining(['Поэзия протеста', 'Аттестация по литературе']));
    expect(links.some((text) => /Тест/.test(text ?? ''))).toBe(false);
  });

  it('the library offers the same courses to filter by', () => {
    const store = makeStore();
    store.dispatch(fetchSucceeded({ key: 'courses', data: courses }));
    expect(selectLibraryCourses(store.getState()).map((c) => c.title)).toEqual(['Аттестация по литературе', 'Медленное чтение', 'Поэзия протеста']);
  });
});
