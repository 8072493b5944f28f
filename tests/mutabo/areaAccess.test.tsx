import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, disciple, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboardHandler } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const title = (name: string) => screen.findByRole('heading', { level: 1, name }, FIRST_RENDER);

describe('who may enter /mutabo', () => {
  beforeEach(() => server.use(...siteApiHandlers(), ...mutaboHandlers()));

  it('sends a guest to the login page, remembering where they were going', async () => {
    const { router } = renderApp('/mutabo/courses/5');
    expect(await title('ВХОД НА САЙТ')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.state).toEqual({ from: '/mutabo/courses/5' });
  });

  it('tells a logged-in user who is not an author that the area is for authors', async () => {
    storeSession();
    server.use(meHandler(disciple));
    renderApp('/mutabo');
    expect(await title('Раздел только для авторов')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Раздел авторов' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти на главную' })).toHaveAttribute('href', '/');
  });

  it('shows the same page when the API refuses the user (403)', async () => {
    storeSession();
    server.use(
      meHandler(author),
      http.get('*/api/v1/mutabo/courses/', () => HttpResponse.json({ detail: 'Раздел только для авторов.' }, { status: 403 })),
    );
    renderApp('/mutabo/courses');
    expect(await title('Раздел только для авторов')).toBeInTheDocument();
  });

  it("opens an author's area on its start page, with the sections and the ways out", async () => {
    storeSession();
    server.use(meHandler(author), dashboardHandler());
    const { router } = renderApp('/mutabo');
    expect(await title('Сводка')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mutabo');
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Сводка',
      'Статистика',
      'Курсы',
      'Задания',
      'Платежи',
      'Промокоды',
      'Люди',
      'Цитаты',
      'Отзывы',
      'Библиотека',
      'Расписание',
      'Реквизиты продавца',
      'Договор-оферта',
      'Политика конфиденциальности',
      'Моя страница автора',
    ]);
    expect(within(nav).getByRole('link', { name: 'Сводка' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Курсы' })).not.toHaveAttribute('aria-current');
    const exits = screen.getByRole('navigation', { name: 'Выход из раздела' });
    expect(within(exits).getByRole('link', { name: 'На сайт' })).toHaveAttribute('href', '/');
    expect(within(exits).getByRole('link', { name: 'Профиль' })).toHaveAttribute('href', '/account/profile');
    expect(within(exits).getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
  });

  it("opens another section from the area's navigation", async () => {
    storeSession();
    server.use(meHandler(author), http.get('*/api/v1/mutabo/quotations/', () => HttpResponse.json({ count: 0, next: null, results: [], currentPage: 1, pages: 1 })));
    const { user } = renderApp('/mutabo/courses');
    await title('Курсы');
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    // The start page is the area's root: it is not marked current on the pages below it.
    expect(within(nav).getByRole('link', { name: 'Сводка' })).not.toHaveAttribute('aria-current');
    await user.click(within(nav).getByRole('link', { name: 'Цитаты' }));
    expect(await title('Цитаты')).toBeInTheDocument();
    expect(await screen.findByText('Цитат пока нет. Добавьте первую.')).toBeInTheDocument();
  });

  it('logs out from the area to the home page', async () => {
    storeSession();
    server.use(meHandler(author));
    const { user, router } = renderApp('/mutabo/courses');
    await title('Курсы');
    await user.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
