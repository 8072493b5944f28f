import { screen, waitFor, within } from '@testing-library/react';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { disciple, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers, siteCourse } from '../support/siteData.ts';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { isSitePage, SITE_ROUTES } from '../../common/sitePaths.ts';
import { preloadPage, routes } from '../../src/app/routes.tsx';

const title = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route table', () => {
  beforeEach(() => server.use(...siteApiHandlers()));

  it('shows a page whose code was preloaded in the first render, with no loader before it', async () => {
    await preloadPage('/user/reset-password');
    renderApp('/user/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'ВОССТАНОВЛЕНИЕ ПАРОЛЯ' })).toBeInTheDocument();
    expect(screen.queryByText('Загрузка')).toBeNull();
  });

  it('preloads nothing, and fails nothing, where the page is in the first chunk or there is no page', async () => {
    await expect(preloadPage('/')).resolves.toBeUndefined();
    await expect(preloadPage('/no/such/page')).resolves.toBeUndefined();
  });

  it.each([
    ['/', 'Курсы'],
    ['/about', 'О проекте'],
    ['/policy', 'Политика конфиденциальности'],
    ['/courses/12', siteCourse.title],
    ['/feedbacks', 'Отзывы'],
    ['/library', 'Библиотека'],
    ['/timetable', 'Расписание занятий'],
    ['/user/signup-email-sent', 'ПИСЬМО ОТПРАВЛЕНО'],
    ['/user/reset-password', 'ВОССТАНОВЛЕНИЕ ПАРОЛЯ'],
    ['/user/reset-password/instructions', 'ИНСТРУКЦИИ ОТПРАВЛЕНЫ'],
    ['/user/reset-password/instructions/', 'ИНСТРУКЦИИ ОТПРАВЛЕНЫ'],
    ['/user/reset-password/completion/MTI/abc-123', 'НОВЫЙ ПАРОЛЬ'],
    ['/user/reset-password/completion/MTI/abc-123/', 'НОВЫЙ ПАРОЛЬ'],
    ['/user/reset-password/success', 'НОВЫЙ ПАРОЛЬ СОЗДАН'],
    ['/waiting-for-payment', 'Оплата курса'],
    ['/user/login', 'ВХОД НА САЙТ'],
    ['/user/signup', 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА'],
    ['/user/confirm-signup/MTI/abc-123', 'ПОДТВЕРЖДЕНИЕ РЕГИСТРАЦИИ'],
    ['/user/confirm-signup/MTI/abc-123/', 'ПОДТВЕРЖДЕНИЕ РЕГИСТРАЦИИ'],
  ])('a guest at %s sees «%s»', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await title(heading)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(document.title).toMatch(/Мутабор/));
  });

  it.each([
    ['/account/profile', 'Личный кабинет участника'],
    ['/account/profile/', 'Личный кабинет участника'],
    ['/account/profile/editor', 'Личный кабинет участника'],
    ['/account/courses', 'Курсы'],
  ])('a logged-in user at %s sees «%s» under the account tabs', async (path, heading) => {
    storeSession();
    server.use(meHandler(disciple));
    renderApp(path);
    expect(await title(heading)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Личный кабинет' });
    expect(within(tabs).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/profile');
    expect(within(tabs).getByRole('link', { name: 'Курсы' })).toHaveAttribute('href', '/account/courses');
  });

  it('marks the current account tab', async () => {
    storeSession();
    server.use(meHandler(disciple));
    const { user } = renderApp('/account/profile');
    const tabs = await screen.findByRole('navigation', { name: 'Личный кабинет' });
    expect(within(tabs).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: 'Курсы' }));
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'Курсы' })).toHaveAttribute('aria-current', 'page'));
    expect(await title('Курсы')).toBeInTheDocument();
  });

  it('shows a Russian 404 page with a way home for an unknown address', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(await title('Страница не найдена')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Страница не найдена — Мутабор'));
    await user.click(screen.getByRole('link', { name: 'Перейти на главную' }));
    expect(await title('Курсы')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/user', '/user/reset-password/completion', '/courses', '/account/unknown'])('treats %s as unknown', async (path) => {
    storeSession();
    server.use(meHandler(disciple));
    renderApp(path);
    expect(await title('Страница не найдена')).toBeInTheDocument();
    // The server answers these with status 404 by the same list.
    expect(isSitePage(path)).toBe(false);
  });

  it('counts the authors’ area below /mutabo and the e-mail confirmation link as pages of the site', () => {
    for (const path of ['/mutabo', '/mutabo/courses/12', '/user/confirm-email/NDI/a%40b.ru/abc-def/']) expect(isSitePage(path), path).toBe(true);
    expect(isSitePage('/mutabor')).toBe(false);
  });

  it('renders the authors’ area from a splat route, at /mutabo itself too (no React Router warning of descendant routes)', () => {
    for (const path of ['/mutabo', '/mutabo/', '/mutabo/courses/12']) {
      const matched = matchRoutes(routes, path) ?? [];
      // useRoutes inside the area warns unless the route that renders it ends in «*».
      expect(matched.at(-1)?.route.path, path).toMatch(/\*$/);
    }
  });

  it('has exactly the pages of the shared list the server answers 404 by (common/sitePaths.ts)', () => {
    // An index route is its parent's address (the home page, and /account leading to the profile).
    const patterns = (list: RouteObject[], parent: string): string[] =>
      list.flatMap((route) => {
        const own = route.index ? parent : (route.path ?? null);
        // A splat below a page is that page's own route table (the authors' area); the top-level splat is «not found».
        const pattern = own === '*' ? (parent === '/' ? null : `${parent}/*`) : own;
        // A splat matches its base address too: /mutabo/* is the page at /mutabo.
        const base = pattern?.endsWith('/*') ? [pattern.slice(0, -2)] : [];
        return [...(pattern ? [pattern] : []), ...base, ...patterns(route.children ?? [], route.path ?? parent)];
      });
    expect([...new Set(patterns(routes, '/'))].sort()).toEqual(Object.values(SITE_ROUTES).sort());
  });
});

describe('route guards', () => {
  beforeEach(() => server.use(...siteApiHandlers()));

  it.each(['/account', '/account/profile', '/account/profile/editor', '/account/courses', '/mutabo'])(
    'sends a guest at %s to the login page',
    async (path) => {
      const { router } = renderApp(path);
      expect(await title('ВХОД НА САЙТ')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/user/login');
    },
  );

  it('treats an expired session as a guest', async () => {
    storeSession(-60, -60);
    const { router } = renderApp('/account/profile');
    expect(await title('ВХОД НА САЙТ')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
  });

  it('opens the profile tab at /account', async () => {
    storeSession();
    server.use(meHandler(disciple));
    const { router } = renderApp('/account');
    expect(await title('Личный кабинет участника')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
  });

  it.each(['/user/login', '/user/signup', '/user/confirm-signup/MTI/abc-123/'])(
    'sends a logged-in user at %s home',
    async (path) => {
      storeSession();
      server.use(meHandler(disciple));
      const { router } = renderApp(path);
      expect(await title('Курсы')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('lets a logged-in user open the password reset pages', async () => {
    storeSession();
    server.use(meHandler(disciple));
    const { router } = renderApp('/user/reset-password/success');
    expect(await title('НОВЫЙ ПАРОЛЬ СОЗДАН')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/reset-password/success');
  });
});

describe('returning after login', () => {
  beforeEach(() => server.use(...siteApiHandlers()));

  it('sends the user back to the page that asked them to log in, and never to another site', async () => {
    storeSession();
    server.use(meHandler(disciple));
    const back = renderApp({ pathname: '/user/login', state: { from: '/courses/12' } });
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/courses/12'));
    back.unmount();
    const away = renderApp({ pathname: '/user/login', state: { from: '//evil.example/x' } });
    await waitFor(() => expect(away.router.state.location.pathname).toBe('/'));
    away.unmount();
    // A browser reads a backslash as a slash: `/\\evil.example` is another host too.
    const backslash = renderApp({ pathname: '/user/login', state: { from: '/\\evil.example/x' } });
    await waitFor(() => expect(backslash.router.state.location.pathname).toBe('/'));
  });
});
