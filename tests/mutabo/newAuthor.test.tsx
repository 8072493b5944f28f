// A new author starts cleanly (issue 32, item 7): the course form lists them (the site's list of authors does not yet)
// and ticks them; the summary lists their first steps until they are done.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboAuthorChoice } from '../../common/mutabo/courses.ts';
import type { MutaboFirstSteps } from '../../common/mutabo/start.ts';
import type { User } from '../../common/wireTypes.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboard, dashboardHandler } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

/** Made an author by the operator a minute ago: no page text, no photo, no course. */
const newcomer: User = { id: 12, email: 'vera@example.com', firstName: 'Вера', lastName: 'Новикова', yearOfBirth: null, disciple: null, author: 9 };
const choices: MutaboAuthorChoice[] = [
  { id: 1, firstName: 'Анна', lastName: 'Мельникова' },
  { id: 2, firstName: 'Михаил', lastName: 'Орлов' },
  { id: 9, firstName: 'Вера', lastName: 'Новикова' },
];

beforeEach(() => {
  storeSession();
  server.use(...siteApiHandlers(), meHandler(newcomer), ...mutaboHandlers([]), http.get('*/api/v1/mutabo/authors/', () => HttpResponse.json(choices)));
});

it('lists the new author in the course form, ticked, though the site does not list them yet', async () => {
  renderApp('/mutabo/courses/new');
  const heading = await screen.findByRole('heading', { level: 1, name: 'Новый курс' }, FIRST_RENDER);
  expect(heading).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Курс' });
  const authors = within(form).getByRole('group', { name: 'Авторы' });
  expect(within(authors).getAllByRole('checkbox').map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked])).toEqual([
    ['Анна Мельникова', false],
    ['Михаил Орлов', false],
    ['Вера Новикова', true],
  ]);
});

it('shows the first steps on the summary, each a link until done', async () => {
  const steps: MutaboFirstSteps = { pageText: false, photo: false, seller: true, course: false };
  server.use(dashboardHandler({ ...dashboard(), courses: [] }), http.get('*/api/v1/mutabo/first-steps/', () => HttpResponse.json(steps)));
  renderApp('/mutabo');
  const panel = await screen.findByRole('region', { name: 'Первые шаги' }, FIRST_RENDER);
  const items = within(panel).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    'Напишите о себе на странице автора',
    'Добавьте фотографию на страницу автора',
    '✓ Заполните реквизиты продавца — сделано',
    'Создайте первый курс',
  ]);
  expect(within(panel).getByRole('link', { name: 'Напишите о себе на странице автора' })).toHaveAttribute('href', '/mutabo/author');
  expect(within(panel).getByRole('link', { name: 'Создайте первый курс' })).toHaveAttribute('href', '/mutabo/courses/new');
  expect(within(panel).queryByRole('link', { name: 'Заполните реквизиты продавца' })).toBeNull();
  expect(panel).toHaveTextContent('сайт не показывает вас среди авторов');
});

it('shows no first steps once all are done', async () => {
  server.use(dashboardHandler({ ...dashboard(), courses: [] }));
  renderApp('/mutabo');
  await screen.findByText(/Здесь появятся записи/, {}, FIRST_RENDER);
  expect(screen.queryByRole('region', { name: 'Первые шаги' })).toBeNull();
});
