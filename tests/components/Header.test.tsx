import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, disciple, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers, siteAuthors } from '../support/siteData.ts';

function header() {
  return screen.getByRole('banner');
}

describe('Header', () => {
  // The home page behind the header reads its public data.
  beforeEach(() => server.use(...siteApiHandlers()));

  it('offers a guest sign-up and login without asking who the visitor is', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Курсы' });
    server.events.removeAllListeners();
    expect(asked).toContain('/api/v1/courses/');
    expect(asked.filter((path) => path.startsWith('/api/v1/users/'))).toEqual([]);
    const banner = header();
    expect(within(banner).getByRole('link', { name: 'Зарегистрироваться' })).toHaveAttribute('href', '/user/signup');
    expect(within(banner).getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/user/login');
    expect(within(banner).getByRole('link', { name: 'Мутабор' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'Анна Мельникова' })).toHaveAttribute('href', '/about#anna');
    expect(within(banner).getByRole('link', { name: 'Михаил Орлов' })).toHaveAttribute('href', '/about#mikhail');
    expect(banner.querySelector('img')).toHaveAttribute('width', '80');
  });

  it('names the authors as their records say, each linking to the section of the about page', async () => {
    const [anna, mikhail] = siteAuthors;
    server.use(http.get('*/api/v1/authors/', () => HttpResponse.json([{ ...anna, firstName: 'Анастасия' }, mikhail])));
    renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' });
    expect(await within(header()).findByRole('link', { name: 'Анастасия Мельникова' })).toHaveAttribute('href', '/about#anastasiya');
    expect(within(header()).getByRole('link', { name: 'Михаил Орлов' })).toHaveAttribute('href', '/about#mikhail');
    expect(within(header()).queryByRole('link', { name: 'Анна Мельникова' })).not.toBeInTheDocument();
  });

  it('keeps the description without names when the authors cannot be loaded', async () => {
    server.use(http.get('*/api/v1/authors/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })));
    renderApp('/policy');
    await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' });
    expect(within(header()).getByText('Курсы-вебинары для взрослых и подростков.')).toBeInTheDocument();
    expect(within(header()).queryByText(/Ведут/)).not.toBeInTheDocument();
  });

  it('shows a logged-in user their full name, linking to the profile', async () => {
    storeSession();
    server.use(meHandler(disciple));
    renderApp('/');
    const name = await within(header()).findByRole('link', { name: 'Ольга Петрова' });
    expect(name).toHaveAttribute('href', '/account/profile');
    expect(within(header()).queryByRole('link', { name: 'Войти' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Зарегистрироваться' })).not.toBeInTheDocument();
  });

  it('links an author’s name to the admin area with a plain link', async () => {
    storeSession();
    server.use(meHandler(author));
    const { user, router } = renderApp('/');
    const name = await within(header()).findByRole('link', { name: 'Анна Мельникова', description: 'Раздел авторов' });
    expect(name).toHaveAttribute('href', '/mutabo');
    // A plain link leaves the site: the router does not handle the click.
    name.addEventListener('click', (event) => event.preventDefault());
    await user.click(name);
    expect(router.state.location.pathname).toBe('/');
  });

  it('gives an author a menu beside the name: profile, courses and logout in one click, Escape closes it', async () => {
    storeSession();
    server.use(meHandler(author));
    const { user, router } = renderApp('/');
    await within(header()).findByRole('link', { name: 'Анна Мельникова' });
    const toggle = within(header()).getByRole('button', { name: 'Меню учётной записи' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(header()).queryByRole('link', { name: 'Личный кабинет' })).not.toBeInTheDocument();

    // Keyboard: Enter opens, Tab reaches the items, Escape closes and gives focus back to the button.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(menu).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/profile');
    expect(within(menu).getByRole('link', { name: 'Мои курсы' })).toHaveAttribute('href', '/account/courses');
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Личный кабинет' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(within(header()).queryByRole('link', { name: 'Мои курсы' })).not.toBeInTheDocument();

    // A click outside closes it; a followed link goes there and closes it.
    await user.click(toggle);
    await user.click(screen.getByRole('heading', { level: 1, name: 'Курсы' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.click(within(header()).getByRole('link', { name: 'Мои курсы' }));
    expect(router.state.location.pathname).toBe('/account/courses');
    // The router renders the new page in a transition: until it has, the menu would open on the page being left, and
    // close again as the move to the courses (already under way) completes.
    await waitFor(() => expect(document.title).toBe('Мои курсы — Мутабор'));
    expect(within(header()).getByRole('button', { name: 'Меню учётной записи' })).toHaveAttribute('aria-expanded', 'false');

    // Logout from the menu: home, the guest links again.
    await user.click(within(header()).getByRole('button', { name: 'Меню учётной записи' }));
    await user.click(within(header()).getByRole('button', { name: 'Выйти' }));
    expect(await within(header()).findByRole('link', { name: 'Войти' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('gives a non-author no menu: the name alone leads to the profile', async () => {
    storeSession();
    server.use(meHandler(disciple));
    renderApp('/');
    await within(header()).findByRole('link', { name: 'Ольга Петрова' });
    expect(within(header()).queryByRole('button', { name: 'Меню учётной записи' })).not.toBeInTheDocument();
  });

  it('shows neither guest links nor a name while the user loads', async () => {
    storeSession();
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/v1/users/me/', async () => {
        await answered;
        return HttpResponse.json(disciple);
      }),
    );
    renderApp('/');
    const account = within(header()).getByRole('navigation', { name: 'Учётная запись' });
    expect(account).toHaveAttribute('aria-busy', 'true');
    expect(within(account).queryAllByRole('link')).toHaveLength(0);
    release();
    expect(await within(account).findByRole('link', { name: 'Ольга Петрова' })).toBeInTheDocument();
    expect(account).toHaveAttribute('aria-busy', 'false');
  });

  it('still leads to the account when the user cannot be loaded', async () => {
    storeSession();
    server.use(http.get('*/api/v1/users/me/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })));
    renderApp('/');
    expect(await within(header()).findByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/profile');
  });

  it('uses a 50 px logo and no description on the login page', async () => {
    renderApp('/user/login');
    await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' });
    expect(header().querySelector('img')).toHaveAttribute('width', '50');
    expect(within(header()).queryByRole('link', { name: 'Михаил Орлов' })).not.toBeInTheDocument();
  });
});
