// The password change form: the request, field and form errors, the busy button, the way back to the profile.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../support/server.ts';
import { storeSession } from '../../support/tokens.ts';
import { disciple as discipleUser, meHandler } from '../../support/users.ts';
import { adultDisciple, dictionariesHandler, discipleHandler, gate, renderAccountApp } from './accountTestKit.ts';
import { passwordUpdateMutation } from '../../../src/features/account/index.ts';
import { selectMutation } from '../../../src/data/mutationState.ts';

const heading = () => screen.findByRole('heading', { level: 1, name: 'Смена пароля' });

function openForm(path = '/account/profile/password') {
  storeSession();
  server.use(meHandler(discipleUser), discipleHandler(adultDisciple), dictionariesHandler());
  return renderAccountApp(path);
}

describe('password change form', () => {
  it('is reached from the profile and has the three password fields', async () => {
    const { user, router } = openForm('/account/profile');
    await user.click(await screen.findByRole('link', { name: 'Сменить пароль' }));
    await heading();
    expect(router.state.location.pathname).toBe('/account/profile/password');
    expect(screen.getByLabelText('Текущий пароль')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Новый пароль')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Новый пароль ещё раз')).toHaveAttribute('type', 'password');
  });

  it('sends the passwords and returns to the profile on success', async () => {
    const answer = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/update-password/', async ({ request }) => {
        bodies.push(await request.json());
        await answer.opened;
        return HttpResponse.json({});
      }),
    );
    const { user, router, store } = openForm();
    await heading();
    await user.type(screen.getByLabelText('Текущий пароль'), 'staryi-parol-1');
    await user.type(screen.getByLabelText('Новый пароль'), 'novyi-parol-42');
    await user.type(screen.getByLabelText('Новый пароль ещё раз'), 'novyi-parol-42');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    answer.open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Личный кабинет участника' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(bodies).toEqual([{ oldPassword: 'staryi-parol-1', newPassword1: 'novyi-parol-42', newPassword2: 'novyi-parol-42' }]);
    await waitFor(() => expect(selectMutation(store.getState(), passwordUpdateMutation).status).toBe('idle'));
  });

  it('shows errors under oldPassword, newPassword1 and newPassword2, and nonFieldErrors in the red block', async () => {
    server.use(
      http.post('*/api/v1/users/update-password/', () =>
        HttpResponse.json(
          {
            oldPassword: ['Неверный текущий пароль.'],
            newPassword1: ['Пароль слишком простой.'],
            newPassword2: ['Пароли не совпадают.'],
            nonFieldErrors: ['Новый пароль совпадает со старым.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { user, router } = openForm();
    await heading();
    await user.type(screen.getByLabelText('Текущий пароль'), 'oshibka');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Новый пароль совпадает со старым.');
    expect(screen.getByLabelText('Текущий пароль')).toHaveAccessibleDescription('Неверный текущий пароль.');
    expect(screen.getByLabelText('Новый пароль')).toHaveAccessibleDescription('Пароль слишком простой.');
    expect(screen.getByLabelText('Новый пароль ещё раз')).toHaveAccessibleDescription('Пароли не совпадают.');
    expect(router.state.location.pathname).toBe('/account/profile/password');
  });

  it('goes back to the profile on «Отмена»', async () => {
    const { user, router } = openForm();
    await heading();
    await user.click(screen.getByRole('link', { name: 'Отмена' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
  });

  it('sends a guest to the login page', async () => {
    const { router } = renderAccountApp('/account/profile/password');
    await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' });
    expect(router.state.location.pathname).toBe('/user/login');
  });
});
