// The profile editor: what it shows, the PATCH it sends, the minors' fields following the year, server errors.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Disciple, User } from '../../../common/wireTypes.ts';
import { server } from '../../support/server.ts';
import { storeSession } from '../../support/tokens.ts';
import { disciple as discipleUser } from '../../support/users.ts';
import {
  CURRENT_YEAR,
  EARLIER_LABEL,
  adultDisciple,
  dictionariesHandler,
  discipleWith,
  gate,
  renderAccountApp,
} from './accountTestKit.ts';

const editorHeading = () => screen.findByRole('heading', { level: 1, name: 'Личный кабинет участника' });

/** The server as the editor meets it: the disciple changes with each PATCH, and `me` follows. */
function serveAccount(start: Disciple = adultDisciple) {
  let current = start;
  const calls = { me: 0, disciple: 0, patches: [] as unknown[] };
  server.use(
    http.get('*/api/v1/users/me/', () => {
      calls.me += 1;
      const me: User = { ...discipleUser, firstName: current.firstName, lastName: current.lastName, email: current.email };
      return HttpResponse.json(me);
    }),
    http.get('*/api/v1/disciples/3/', () => {
      calls.disciple += 1;
      return HttpResponse.json(current);
    }),
    http.patch('*/api/v1/disciples/3/', async ({ request }) => {
      const patch = (await request.json()) as Partial<Disciple> & { currentPassword?: string };
      calls.patches.push(patch);
      // As the server: a new address waits for its letter, the rest is saved.
      const { email: _email, currentPassword: _password, ...saved } = patch;
      current = { ...current, ...saved, profile: { ...current.profile, ...patch.profile } };
      return HttpResponse.json(current);
    }),
    dictionariesHandler(),
  );
  return calls;
}

async function openEditor(start?: Disciple) {
  storeSession();
  const calls = serveAccount(start);
  const app = renderAccountApp('/account/profile/editor');
  await editorHeading();
  await screen.findByLabelText('Имя');
  return { ...app, calls };
}

describe('profile editor', () => {
  it('fills the fields from the disciple, with countries sorted by name and the dictionaries’ time zones', async () => {
    await openEditor();
    expect(screen.getByLabelText('Имя')).toHaveValue('Ольга');
    expect(screen.getByLabelText('Фамилия')).toHaveValue('Петрова');
    expect(screen.getByLabelText('Электронная почта')).toHaveValue('olga@example.com');
    expect(screen.getByLabelText('Страна')).toHaveValue('DE');
    expect(screen.getByLabelText('Основной язык')).toHaveValue('Russian');
    expect(screen.getByLabelText('Часовой пояс')).toHaveValue('Europe/Berlin');
    expect(screen.getByLabelText('Дополнительная информация')).toHaveValue('Люблю Чехова');
    // 1990 is older than the options: it stays chosen rather than being replaced, among sign-up's options.
    expect(screen.getByLabelText('Год рождения')).toHaveValue('1990');
    const years = within(screen.getByLabelText('Год рождения'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    const signupYears = Array.from({ length: 11 }, (_, index) => String(CURRENT_YEAR - 8 - index));
    expect(years).toEqual([...signupYears, '1990', `раньше ${CURRENT_YEAR - 18}`]);

    const countries = within(screen.getByLabelText('Страна'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(countries).toEqual(['Не выбрана', 'Армения', 'Германия', 'Израиль', 'Россия']);
    const languages = within(screen.getByLabelText('Основной язык'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(languages).toEqual(['Русский', 'Английский', 'Другой']);
    const zones = within(screen.getByLabelText('Часовой пояс'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(zones).toEqual(['Не выбран', '(UTC+01:00) Германия', '(UTC+03:00) Москва']);
    expect(screen.getByLabelText('Дополнительная информация').tagName).toBe('TEXTAREA');
    expect(screen.queryByLabelText('Посещает школу')).not.toBeInTheDocument();
  });

  it('keeps a stored time zone the dictionary does not list as a choice named in Russian', async () => {
    await openEditor(discipleWith({}, { timezone: 'Asia/Yekaterinburg' }));
    expect(screen.getByLabelText('Часовой пояс')).toHaveValue('Asia/Yekaterinburg');
    const zones = within(screen.getByLabelText('Часовой пояс'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(zones).toEqual(['Не выбран', '(UTC+05:00) Екатеринбург', '(UTC+01:00) Германия', '(UTC+03:00) Москва']);
  });

  it('shows and hides the minors’ fields as the year changes', async () => {
    const { user } = await openEditor();
    await user.selectOptions(screen.getByLabelText('Год рождения'), String(CURRENT_YEAR - 12));
    expect(screen.getByLabelText('Посещает школу')).toBeInTheDocument();
    expect(screen.getByLabelText('Проблемы с чтением и письмом').tagName).toBe('TEXTAREA');
    // Why they are asked, and that they are optional; the note's group holds the two questions it counts, and no more.
    expect(screen.getByText(/только участникам младше 18 лет/)).toHaveTextContent('Два вопроса ниже');
    expect(screen.getByText(/только участникам младше 18 лет/)).toHaveTextContent('Отвечать необязательно');
    const group = screen.getByRole('group', { name: 'Для участников младше 18 лет' });
    expect(within(group).getAllByRole('combobox').length + within(group).getAllByRole('textbox').length).toBe(2);
    expect(within(group).queryByLabelText('Дополнительная информация')).not.toBeInTheDocument();
    // Not answered until answered.
    expect(screen.getByLabelText('Посещает школу')).toHaveDisplayValue('Не указано');
    await user.selectOptions(screen.getByLabelText('Год рождения'), EARLIER_LABEL);
    expect(screen.queryByText(/только участникам младше 18 лет/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Посещает школу')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Проблемы с чтением и письмом')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Год рождения'), String(CURRENT_YEAR - 18));
    expect(screen.queryByLabelText('Посещает школу')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Год рождения'), String(CURRENT_YEAR - 17));
    expect(screen.getByLabelText('Посещает школу')).toBeInTheDocument();
  });

  it('sends «not answered» as null, not as «Нет»', async () => {
    const { user, calls } = await openEditor(discipleWith({ yearOfBirth: CURRENT_YEAR - 12 }, { visitSchool: null }));
    expect(screen.getByLabelText('Посещает школу')).toHaveDisplayValue('Не указано');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.patches).toHaveLength(1));
    expect((calls.patches[0] as { profile: { visitSchool: unknown } }).profile.visitSchool).toBeNull();
  });

  it('sends the PATCH for the user’s disciple, returns to the profile and asks for `me` again for the header', async () => {
    const { user, router, calls } = await openEditor();
    await user.clear(screen.getByLabelText('Имя'));
    await user.type(screen.getByLabelText('Имя'), 'Оля');
    await user.selectOptions(screen.getByLabelText('Год рождения'), String(CURRENT_YEAR - 13));
    await user.selectOptions(screen.getByLabelText('Страна'), 'Армения');
    await user.selectOptions(screen.getByLabelText('Основной язык'), 'Другой');
    await user.selectOptions(screen.getByLabelText('Часовой пояс'), '(UTC+03:00) Москва');
    await user.selectOptions(screen.getByLabelText('Посещает школу'), 'Да');
    await user.type(screen.getByLabelText('Проблемы с чтением и письмом'), 'Путает буквы');
    await user.clear(screen.getByLabelText('Дополнительная информация'));
    await user.type(screen.getByLabelText('Дополнительная информация'), 'Играет на скрипке');
    const meCallsBefore = calls.me;
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(router.state.location.search).toBe('');
    expect(calls.patches).toEqual([
      {
        email: 'olga@example.com',
        firstName: 'Оля',
        lastName: 'Петрова',
        yearOfBirth: CURRENT_YEAR - 13,
        profile: {
          country: 'AM',
          mainLanguage: 'Other',
          timezone: 'Europe/Moscow',
          visitSchool: true,
          readWriteProblems: 'Путает буквы',
          otherInfo: 'Играет на скрипке',
        },
      },
    ]);
    // The profile shows the saved values, and the header the new name.
    expect(await screen.findByText('Армения')).toBeInTheDocument();
    expect(screen.getByText('Путает буквы')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Оля Петрова' })).toBeInTheDocument();
    expect(calls.me).toBeGreaterThan(meCallsBefore);
  });

  it('asks for the current password only when the e-mail changes, and says the new address must be confirmed from its letter', async () => {
    const { user } = await openEditor();
    expect(screen.queryByLabelText(/Текущий пароль/)).not.toBeInTheDocument();
    // Another case of the same address is no change.
    await user.clear(screen.getByLabelText('Электронная почта'));
    await user.type(screen.getByLabelText('Электронная почта'), 'OLGA@example.com');
    expect(screen.queryByLabelText(/Текущий пароль/)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Электронная почта'));
    await user.type(screen.getByLabelText('Электронная почта'), 'Olya@Example.com');
    const password = screen.getByLabelText('Текущий пароль (нужен для смены адреса)');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Адрес изменится, когда вы подтвердите его: после сохранения мы отправим письмо на olya@example.com, откройте ссылку из этого письма. До тех пор для входа служит прежний адрес.',
    );

    server.use(http.patch('*/api/v1/disciples/3/', () => HttpResponse.json({ currentPassword: ['Текущий пароль введён неверно.'] }, { status: 400 })));
    await user.type(password, 'не тот');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByLabelText('Текущий пароль (нужен для смены адреса)')).toHaveAccessibleDescription('Текущий пароль введён неверно.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the current password with a new e-mail; the profile keeps the old address until the letter is used', async () => {
    const { user, router, calls } = await openEditor();
    await user.clear(screen.getByLabelText('Электронная почта'));
    await user.type(screen.getByLabelText('Электронная почта'), 'Olya@Example.com');
    await user.type(screen.getByLabelText('Текущий пароль (нужен для смены адреса)'), 'мой пароль 1');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(calls.patches).toEqual([expect.objectContaining({ email: 'olya@example.com', currentPassword: 'мой пароль 1' })]);
    expect(router.state.location.search).toBe('?email-change=requested');
    expect(await screen.findByText('olga@example.com')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Мы отправили письмо на новый адрес электронной почты. Адрес изменится, когда вы откроете ссылку из этого письма; до тех пор для входа служит прежний.',
    );
  });

  it('sends «раньше …» as null and leaves an adult’s hidden school answers out', async () => {
    const { user, calls } = await openEditor(discipleWith({ yearOfBirth: CURRENT_YEAR - 12 }, { visitSchool: true }));
    await user.selectOptions(screen.getByLabelText('Год рождения'), EARLIER_LABEL);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.patches).toHaveLength(1));
    expect(calls.patches[0]).toMatchObject({ yearOfBirth: null });
    expect((calls.patches[0] as { profile: object }).profile).not.toHaveProperty('visitSchool');
    expect((calls.patches[0] as { profile: object }).profile).not.toHaveProperty('readWriteProblems');
    expect(await screen.findByText(EARLIER_LABEL, { selector: 'dd' })).toBeInTheDocument();
  });

  it('shows every server error under its field, and keeps the typed values', async () => {
    const { user, router } = await openEditor(discipleWith({ yearOfBirth: CURRENT_YEAR - 12 }));
    server.use(
      http.patch('*/api/v1/disciples/3/', () =>
        HttpResponse.json(
          {
            email: ['Адрес занят.'],
            firstName: ['Слишком длинное имя.'],
            lastName: ['Укажите фамилию.'],
            yearOfBirth: ['Выберите год из списка.'],
            profile: {
              country: ['Неизвестная страна.'],
              mainLanguage: ['Неизвестный язык.'],
              timezone: ['Неизвестный часовой пояс.'],
              visitSchool: ['Ожидается да или нет.'],
              readWriteProblems: ['Слишком длинный текст.'],
              otherInfo: ['Слишком длинный текст о себе.'],
            },
          },
          { status: 400 },
        ),
      ),
    );
    await user.clear(screen.getByLabelText('Фамилия'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(screen.getByLabelText('Электронная почта')).toHaveAccessibleDescription('Адрес занят.'));
    expect(screen.getByLabelText('Имя')).toHaveAccessibleDescription('Слишком длинное имя.');
    expect(screen.getByLabelText('Фамилия')).toHaveAccessibleDescription('Укажите фамилию.');
    expect(screen.getByLabelText('Год рождения')).toHaveAccessibleDescription('Выберите год из списка.');
    expect(screen.getByLabelText('Страна')).toHaveAccessibleDescription('Неизвестная страна.');
    expect(screen.getByLabelText('Основной язык')).toHaveAccessibleDescription('Неизвестный язык.');
    expect(screen.getByLabelText('Часовой пояс')).toHaveAccessibleDescription('Неизвестный часовой пояс.');
    expect(screen.getByLabelText('Посещает школу')).toHaveAccessibleDescription('Ожидается да или нет.');
    expect(screen.getByLabelText('Проблемы с чтением и письмом')).toHaveAccessibleDescription('Слишком длинный текст.');
    expect(screen.getByLabelText('Дополнительная информация')).toHaveAccessibleDescription('Слишком длинный текст о себе.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Фамилия')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/account/profile/editor');
  });

  it('shows nonFieldErrors in the red block and the button busy while saving', async () => {
    const { user } = await openEditor();
    const answer = gate();
    server.use(
      http.patch('*/api/v1/disciples/3/', async () => {
        await answer.opened;
        return HttpResponse.json({ nonFieldErrors: ['Профиль сейчас нельзя изменить.'] }, { status: 400 });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    answer.open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Профиль сейчас нельзя изменить.');
    expect(screen.getByRole('button', { name: 'Сохранить' })).toBeEnabled();
  });

  it('goes back to the profile on «Отмена» without saving', async () => {
    const { user, router, calls } = await openEditor();
    await user.type(screen.getByLabelText('Имя'), 'ааа');
    await user.click(screen.getByRole('link', { name: 'Отмена' }));
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(await screen.findByText('Ольга')).toBeInTheDocument();
    expect(calls.patches).toEqual([]);
  });

  it('is reached from the profile’s «Редактировать»', async () => {
    storeSession();
    serveAccount();
    const { user, router } = renderAccountApp('/account/profile');
    await user.click(await screen.findByRole('link', { name: 'Редактировать' }));
    expect(await screen.findByLabelText('Имя')).toHaveValue('Ольга');
    expect(router.state.location.pathname).toBe('/account/profile/editor');
  });
});
