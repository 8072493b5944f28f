// The area's writes make the public site read again what they changed (issue 24, item 4): the names the resource
// cache gives its resources (their tags) are the ones the area invalidates by.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers, siteCourse, siteCourses } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 20000 });

describe('the public pages after a change in the area', () => {
  it('show a course under the title an author has just saved', async () => {
    storeSession();
    const course = { ...editedCourse, id: siteCourse.id, title: siteCourse.title };
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(undefined, course));
    const { user, router } = renderApp(`/courses/${siteCourse.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: siteCourse.title }, FIRST_RENDER)).toBeInTheDocument();

    await router.navigate(`/mutabo/courses/${siteCourse.id}`);
    const form = await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
    const title = within(form).getByLabelText('Название');
    await user.clear(title);
    await user.type(title, 'Быстрое чтение');
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ ...course, title: 'Быстрое чтение', version: 4 })),
      http.get('*/api/v1/courses/:id/', () => HttpResponse.json({ ...siteCourse, title: 'Быстрое чтение' })),
      http.get('*/api/v1/courses/', () => HttpResponse.json(siteCourses.map((item) => ({ ...item, title: 'Быстрое чтение' })))),
    );
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Изменения сохранены.');

    await router.navigate(`/courses/${siteCourse.id}`);
    // The public page, not the area's form (whose heading is the new title too).
    await screen.findByText(siteCourse.subtitle, {}, FIRST_RENDER);
    expect(screen.queryByRole('form', { name: 'Курс' })).not.toBeInTheDocument();
    // The cached page may show first while its data is asked for again (a busy machine took longer than one render):
    // the new title must come, which it would not if the area's save had not invalidated the course.
    expect(await screen.findByRole('heading', { level: 1, name: 'Быстрое чтение' }, FIRST_RENDER)).toBeInTheDocument();
  });
});
