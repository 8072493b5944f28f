// Login: the request it sends, its loading state, where the server's messages appear, and where success leads.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../support/server.ts';
import { fakeJwt } from '../../support/tokens.ts';
import { disciple, meHandler } from '../../support/users.ts';
import { gate, homeHandlers, renderAccountApp } from './accountTestKit.ts';

const heading = () => screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' });

describe('login page', () => {
  it('has labelled fields, the forgot-password link and a way to sign up', async () => {
    renderAccountApp('/user/login');
    await heading();
    expect(screen.getByLabelText('Электронная почта')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/user/reset-password');
    expect(screen.getByRole('main')).toContainElement(screen.getAllByRole('link', { name: 'Зарегистрироваться' }).at(-1) ?? null);
    await waitFor(() => expect(document.title).toBe('Вход на сайт — Мутабор'));
  });

  it('sends the e-mail trimmed and lower-cased, and shows the `detail` of a refusal as a red block', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/token/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Неверный адрес электронной почты или пароль.' }, { status: 401 });
      }),
    );
    const { user, router } = renderAccountApp('/user/login');
    await heading();
    await user.type(screen.getByLabelText('Электронная почта'), '  Olga@Example.COM ');
    await user.type(screen.getByLabelText('Пароль'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный адрес электронной почты или пароль.');
    expect(bodies).toEqual([{ username: 'olga@example.com', password: 'secret-pass' }]);
    expect(router.state.location.pathname).toBe('/user/login');
  });

  it('shows `username` errors under the e-mail field and `password` errors under the password field', async () => {
    server.use(
      http.post('*/api/v1/token/', () =>
        HttpResponse.json({ username: ['Обязательное поле.'], password: ['Введите пароль.'] }, { status: 400 }),
      ),
    );
    const { user } = renderAccountApp('/user/login');
    await heading();
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(screen.getByLabelText('Электронная почта')).toHaveAccessibleDescription('Обязательное поле.'));
    expect(screen.getByLabelText('Электронная почта')).toBeInvalid();
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription('Введите пароль.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells a network failure in the red block', async () => {
    server.use(http.post('*/api/v1/token/', () => HttpResponse.error()));
    const { user } = renderAccountApp('/user/login');
    await heading();
    await user.type(screen.getByLabelText('Электронная почта'), 'olga@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка запроса к серверу.');
  });

  it('disables the button while logging in, ignores a second submit, then goes home logged in', async () => {
    const answer = gate();
    let posts = 0;
    server.use(
      http.post('*/api/v1/token/', async () => {
        posts += 1;
        await answer.opened;
        return HttpResponse.json({ access: fakeJwt(1800), refresh: fakeJwt(86400) });
      }),
      meHandler(disciple),
      ...homeHandlers,
    );
    const { user, router, store } = renderAccountApp('/user/login');
    await heading();
    await user.type(screen.getByLabelText('Электронная почта'), 'olga@example.com');
    await user.type(screen.getByLabelText('Пароль'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    const button = screen.getByRole('button', { name: 'Войти' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('button-spinner')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Пароль'), '{Enter}');
    answer.open();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posts).toBe(1);
    expect(localStorage.getItem('accessToken')).not.toBeNull();
    // The login flow is reset once its page is left.
    await waitFor(() => expect(store.getState().session.login.status).toBe('idle'));
    expect(await screen.findByRole('link', { name: 'Ольга Петрова' })).toHaveAttribute('href', '/account/profile');
  });

  it('forgets an old error when the page is left and opened again', async () => {
    server.use(http.post('*/api/v1/token/', () => HttpResponse.json({ detail: 'Неверный пароль.' }, { status: 401 })));
    const { user } = renderAccountApp('/user/login');
    await heading();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный пароль.');
    await user.click(screen.getByRole('link', { name: 'Забыли пароль?' }));
    await screen.findByRole('heading', { level: 1, name: 'ВОССТАНОВЛЕНИЕ ПАРОЛЯ' });
    await user.click(screen.getByRole('link', { name: 'Вернуться ко входу на сайт' }));
    await heading();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
