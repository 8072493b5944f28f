// Sign-up, the sent notice and the confirmation link: requests, field errors, redirects, the one-time post.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../../src/app/AppProviders.tsx';
import { routes } from '../../../src/app/routes.tsx';
import { makeStore } from '../../../src/app/store.ts';
import { server } from '../../support/server.ts';
import { accountMessages } from '../../../common/accountMessages.ts';
import { storeSession } from '../../support/tokens.ts';
import { disciple, meHandler } from '../../support/users.ts';
import { CURRENT_YEAR, EARLIER_LABEL, gate, homeHandlers, renderAccountApp } from './accountTestKit.ts';
import { signupMutation } from '../../../src/features/account/index.ts';
import { selectMutation } from '../../../src/data/mutationState.ts';

type User = ReturnType<typeof renderAccountApp>['user'];

const signupHeading = () => screen.findByRole('heading', { level: 1, name: 'РЕГИСТРАЦИЯ НОВОГО УЧАСТНИКА' });

async function fillSignup(user: User, year: string) {
  await user.type(screen.getByLabelText('Электронная почта'), ' Vera.Sokolova@Example.com');
  await user.type(screen.getByLabelText('Имя'), 'Вера');
  await user.type(screen.getByLabelText('Фамилия'), 'Соколова');
  await user.type(screen.getByLabelText('Пароль'), 'dlinnyi-parol-1');
  await user.type(screen.getByLabelText('Повторите пароль'), 'dlinnyi-parol-1');
  await user.selectOptions(screen.getByLabelText('Год рождения'), year);
  await user.click(screen.getByRole('checkbox', { name: /Я согласен\(на\) с политикой обработки персональных данных/ }));
}

describe('sign-up page', () => {
  it('offers eleven years from the current year minus 8 and «раньше …», and links the agreement to the policy', async () => {
    renderAccountApp('/user/signup');
    await signupHeading();
    const select = screen.getByLabelText('Год рождения');
    const options = within(select)
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => option.textContent);
    expect(options).toHaveLength(12);
    expect(options[0]).toBe(String(CURRENT_YEAR - 8));
    expect(options[10]).toBe(String(CURRENT_YEAR - 18));
    expect(options[11]).toBe(EARLIER_LABEL);
    expect(screen.getByRole('link', { name: 'политикой обработки персональных данных' })).toHaveAttribute('href', '/policy');
    // Who the account is for: the learner, also a teenager registered by a parent.
    expect(screen.getByText(/Учётная запись — для того, кто будет учиться/)).toHaveTextContent('его может зарегистрировать родитель');
    expect(screen.getByLabelText('Электронная почта')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Имя')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Фамилия')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Повторите пароль')).toHaveAttribute('autocomplete', 'new-password');
  });

  it('sends the e-mail lower-cased and «раньше …» as null, then shows the sent notice and resets the flow', async () => {
    const answer = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/', async ({ request }) => {
        bodies.push(await request.json());
        await answer.opened;
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    const { user, router, store } = renderAccountApp('/user/signup');
    await signupHeading();
    await fillSignup(user, EARLIER_LABEL);
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'ПИСЬМО ОТПРАВЛЕНО' })).toBeInTheDocument();
    expect(screen.getByText(/проверьте папку «Спам»/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/signup-email-sent');
    expect(bodies).toEqual([
      {
        email: 'vera.sokolova@example.com',
        firstName: 'Вера',
        lastName: 'Соколова',
        password1: 'dlinnyi-parol-1',
        password2: 'dlinnyi-parol-1',
        yearOfBirth: null,
        agreement: true,
      },
    ]);
    await waitFor(() => expect(selectMutation(store.getState(), signupMutation).status).toBe('idle'));

    // Coming back finds an empty form.
    await act(() => router.navigate('/user/signup'));
    await signupHeading();
    expect(screen.getByLabelText('Электронная почта')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Я согласен/ })).not.toBeChecked();
  });

  it('sends a chosen year as a number', async () => {
    let sentYear: unknown;
    server.use(
      http.post('*/api/v1/users/', async ({ request }) => {
        sentYear = ((await request.json()) as { yearOfBirth: unknown }).yearOfBirth;
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    const { user } = renderAccountApp('/user/signup');
    await signupHeading();
    await fillSignup(user, String(CURRENT_YEAR - 12));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await screen.findByRole('heading', { level: 1, name: 'ПИСЬМО ОТПРАВЛЕНО' });
    expect(sentYear).toBe(CURRENT_YEAR - 12);
  });

  it('shows every missing field at the first submit of an empty form, sends nothing and focuses the first', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/v1/users/', () => {
        posts += 1;
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    const { user } = renderAccountApp('/user/signup');
    await signupHeading();
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getByLabelText('Электронная почта')).toHaveAccessibleDescription('Введите адрес электронной почты.');
    expect(screen.getByLabelText('Имя')).toHaveAccessibleDescription('Заполните это поле.');
    expect(screen.getByLabelText('Фамилия')).toHaveAccessibleDescription('Заполните это поле.');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(`${accountMessages.passwordRules} Введите пароль.`);
    expect(screen.getByLabelText('Повторите пароль')).toHaveAccessibleDescription('Повторите пароль.');
    expect(screen.getByLabelText('Год рождения')).toHaveAccessibleDescription('Выберите год рождения.');
    expect(screen.getByRole('checkbox', { name: /Я согласен/ })).toHaveAccessibleDescription(
      'Для регистрации нужно согласие на обработку персональных данных.',
    );
    expect(screen.getByLabelText('Электронная почта')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('shows every missing field of a half-filled form at once, and a filled field loses its message', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/v1/users/', () => {
        posts += 1;
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    const { user } = renderAccountApp('/user/signup');
    await signupHeading();
    await user.type(screen.getByLabelText('Электронная почта'), 'vera@example.com');
    await user.type(screen.getByLabelText('Имя'), 'Вера');
    await user.type(screen.getByLabelText('Пароль'), 'dlinnyi-parol-1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getByLabelText('Электронная почта')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Имя')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(accountMessages.passwordRules);
    expect(screen.getByLabelText('Фамилия')).toHaveAccessibleDescription('Заполните это поле.');
    expect(screen.getByLabelText('Повторите пароль')).toHaveAccessibleDescription('Повторите пароль.');
    expect(screen.getByLabelText('Год рождения')).toHaveAccessibleDescription('Выберите год рождения.');
    expect(screen.getByRole('checkbox', { name: /Я согласен/ })).toHaveAccessibleDescription(/нужно согласие/);
    expect(screen.getByLabelText('Фамилия')).toHaveFocus();
    await user.type(screen.getByLabelText('Фамилия'), 'Соколова');
    expect(screen.getByLabelText('Фамилия')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Год рождения')).toHaveAccessibleDescription('Выберите год рождения.');
    expect(posts).toBe(0);
  });

  it('shows each server error under its field, the agreement error under the checkbox, nonFieldErrors in the red block', async () => {
    server.use(
      http.post('*/api/v1/users/', () =>
        HttpResponse.json(
          {
            email: ['Пользователь с таким адресом уже есть.'],
            firstName: ['Укажите имя.'],
            lastName: ['Укажите фамилию.'],
            password1: ['Пароль слишком короткий.'],
            password2: ['Пароли не совпадают.'],
            yearOfBirth: ['Выберите год из списка.'],
            agreement: ['Нужно согласие с политикой.'],
            nonFieldErrors: ['Пароль слишком похож на адрес.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { user, router } = renderAccountApp('/user/signup');
    await signupHeading();
    await fillSignup(user, String(CURRENT_YEAR - 10));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Пароль слишком похож на адрес.');
    expect(screen.getByLabelText('Электронная почта')).toHaveAccessibleDescription('Пользователь с таким адресом уже есть.');
    expect(screen.getByLabelText('Имя')).toHaveAccessibleDescription('Укажите имя.');
    expect(screen.getByLabelText('Фамилия')).toHaveAccessibleDescription('Укажите фамилию.');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(`${accountMessages.passwordRules} Пароль слишком короткий.`);
    expect(screen.getByLabelText('Повторите пароль')).toHaveAccessibleDescription('Пароли не совпадают.');
    expect(screen.getByLabelText('Год рождения')).toHaveAccessibleDescription('Выберите год из списка.');
    expect(screen.getByRole('checkbox', { name: /Я согласен/ })).toHaveAccessibleDescription('Нужно согласие с политикой.');
    expect(router.state.location.pathname).toBe('/user/signup');
    // What the person typed stays.
    expect(screen.getByLabelText('Имя')).toHaveValue('Вера');
  });

  it('sends a logged-in user home', async () => {
    storeSession();
    server.use(meHandler(disciple), ...homeHandlers);
    const { router } = renderAccountApp('/user/signup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('signup confirmation page', () => {
  const heading = () => screen.findByRole('heading', { level: 1, name: 'ПОДТВЕРЖДЕНИЕ РЕГИСТРАЦИИ' });

  it('posts the link parameters once, shows a spinner, then the success with a link to login', async () => {
    const answer = gate();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/users/registration-confirm/', async ({ request }) => {
        bodies.push(await request.json());
        await answer.opened;
        return HttpResponse.json({});
      }),
    );
    const { router } = renderAccountApp('/user/confirm-signup/MTI/abc-123/');
    await heading();
    expect(screen.getByRole('status', { name: 'Подтверждаем регистрацию' })).toBeInTheDocument();
    answer.open();
    expect(await screen.findByText(/Регистрация подтверждена/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти на сайт' })).toHaveAttribute('href', '/user/login');

    // Opening the page again in the same visit does not post the link again.
    await act(() => router.navigate('/user/login'));
    await act(() => router.navigate('/user/confirm-signup/MTI/abc-123/'));
    await heading();
    expect(screen.getByText(/Регистрация подтверждена/)).toBeInTheDocument();
    expect(bodies).toEqual([{ uidb64: 'MTI', token: 'abc-123' }]);
  });

  it('posts once under strict mode too, where the opening effect runs twice', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/v1/users/registration-confirm/', () => {
        posts += 1;
        return HttpResponse.json({});
      }),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/user/confirm-signup/MTI/abc-123/'] });
    render(
      <StrictMode>
        <AppProviders store={makeStore()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByText(/Регистрация подтверждена/)).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it.each([
    [{ detail: 'Ссылка Устарела. Зарегистрируйтесь снова.' }, 'ссылка устарела. зарегистрируйтесь снова.'],
    [{ nonFieldErrors: ['Ссылка уже использована.'] }, 'ссылка уже использована.'],
  ])('tells a failure (%j) as the fixed text and the lower-cased message', async (body, lowered) => {
    server.use(http.post('*/api/v1/users/registration-confirm/', () => HttpResponse.json(body, { status: 400 })));
    renderAccountApp('/user/confirm-signup/MTI/abc-123');
    await heading();
    expect(await screen.findByRole('alert')).toHaveTextContent(`Ошибка подверждения регистрации: ${lowered}`);
  });

  it('reads the server’s one-clause message as one sentence and offers both ways on: log in, or sign up for a new letter', async () => {
    server.use(http.post('*/api/v1/users/registration-confirm/', () => HttpResponse.json({ nonFieldErrors: ['Срок действия ссылки истёк.'] }, { status: 400 })));
    renderAccountApp('/user/confirm-signup/MTI/abc-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Ошибка подверждения регистрации: срок действия ссылки истёк\.$/);
    expect(screen.getByRole('link', { name: 'Войти на сайт' })).toHaveAttribute('href', '/user/login');
    expect(screen.getByRole('link', { name: 'Зарегистрироваться снова' })).toHaveAttribute('href', '/user/signup');
  });
});
