// Password reset: the request, the instructions notice, the new password from the link, the success notice.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../support/server.ts';
import { gate, renderAccountApp } from './accountTestKit.ts';
import { passwordResetMutation } from '../../../src/features/account/index.ts';
import { selectMutation } from '../../../src/data/mutationState.ts';

describe('reset request page', () => {
  const heading = () => screen.findByRole('heading', { level: 1, name: 'ВОССТАНОВЛЕНИЕ ПАРОЛЯ' });

  it('sends the e-mail, shows the button busy, then the instructions notice', async () => {
    const answer = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/reset-password/', async ({ request }) => {
        bodies.push(await request.json());
        await answer.opened;
        return HttpResponse.json({});
      }),
    );
    const { user, router, store } = renderAccountApp('/user/reset-password');
    await heading();
    await user.type(screen.getByLabelText('Электронная почта'), 'Olga@Example.com');
    await user.click(screen.getByRole('button', { name: 'Восстановить' }));
    expect(screen.getByRole('button', { name: 'Восстановить' })).toBeDisabled();
    answer.open();

    expect(await screen.findByRole('heading', { level: 1, name: 'ИНСТРУКЦИИ ОТПРАВЛЕНЫ' })).toBeInTheDocument();
    expect(screen.getByText(/проверьте папку «Спам»/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/reset-password/instructions');
    expect(bodies).toEqual([{ email: 'olga@example.com' }]);
    await waitFor(() => expect(selectMutation(store.getState(), passwordResetMutation).status).toBe('idle'));
  });

  it('shows an e-mail error under the field and nonFieldErrors in the red block', async () => {
    server.use(
      http.post('*/api/v1/users/reset-password/', () =>
        HttpResponse.json({ email: ['Введите правильный адрес.'], nonFieldErrors: ['Слишком много попыток.'] }, { status: 400 }),
      ),
    );
    const { user, router } = renderAccountApp('/user/reset-password');
    await heading();
    await user.type(screen.getByLabelText('Электронная почта'), 'olga');
    await user.click(screen.getByRole('button', { name: 'Восстановить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток.');
    expect(screen.getByLabelText('Электронная почта')).toHaveAccessibleDescription('Введите правильный адрес.');
    expect(router.state.location.pathname).toBe('/user/reset-password');
  });
});

describe('reset completion page', () => {
  const heading = () => screen.findByRole('heading', { level: 1, name: 'НОВЫЙ ПАРОЛЬ' });

  it('sends the link parameters with both passwords, then shows the success notice with a link to login', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/reset-password/complete/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user, router } = renderAccountApp('/user/reset-password/completion/MTI/abc-123/');
    await heading();
    expect(screen.getByLabelText('Новый пароль')).toHaveAttribute('autocomplete', 'new-password');
    await user.type(screen.getByLabelText('Новый пароль'), 'novyi-parol-42');
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'novyi-parol-42');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'НОВЫЙ ПАРОЛЬ СОЗДАН' })).toBeInTheDocument();
    expect(screen.getByText(/пароль изменён/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти на сайт' })).toHaveAttribute('href', '/user/login');
    expect(router.state.location.pathname).toBe('/user/reset-password/success');
    expect(bodies).toEqual([{ uidb64: 'MTI', token: 'abc-123', password1: 'novyi-parol-42', password2: 'novyi-parol-42' }]);
  });

  it('shows password errors under their fields and a dead link in the red block', async () => {
    server.use(
      http.post('*/api/v1/users/reset-password/complete/', () =>
        HttpResponse.json(
          {
            password1: ['Пароль слишком простой.'],
            password2: ['Пароли не совпадают.'],
            token: ['Ссылка устарела или уже использована.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderAccountApp('/user/reset-password/completion/MTI/abc-123');
    await heading();
    await user.type(screen.getByLabelText('Новый пароль'), '12345678');
    await user.type(screen.getByLabelText('Повторите новый пароль'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка устарела или уже использована.');
    expect(screen.getByLabelText('Новый пароль')).toHaveAccessibleDescription('Пароль слишком простой.');
    expect(screen.getByLabelText('Повторите новый пароль')).toHaveAccessibleDescription('Пароли не совпадают.');
  });

  it.each([{ uidb64: ['Неверная ссылка.'] }, { nonFieldErrors: ['Неверная ссылка.'] }, { detail: 'Неверная ссылка.' }])(
    'shows %j in the red block',
    async (body) => {
      server.use(http.post('*/api/v1/users/reset-password/complete/', () => HttpResponse.json(body, { status: 400 })));
      const { user } = renderAccountApp('/user/reset-password/completion/MTI/abc-123');
      await heading();
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Неверная ссылка.');
    },
  );
});
