// The account area: page gating on the user and the disciple, the read-only profile, logout, the guest redirect.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../support/server.ts';
import { storeSession } from '../../support/tokens.ts';
import { author, disciple as discipleUser, meHandler } from '../../support/users.ts';
import {
  CURRENT_YEAR,
  EARLIER_LABEL,
  adultDisciple,
  dictionariesHandler,
  discipleHandler,
  discipleWith,
  gate,
  homeHandlers,
  renderAccountApp,
} from './accountTestKit.ts';

const profileHeading = () => screen.findByRole('heading', { level: 1, name: 'Личный кабинет участника' });

/** The value shown for a label in the profile's definition list. */
function shown(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('account area gating', () => {
  it('sends a guest to the login page', async () => {
    const { router } = renderAccountApp('/account/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'ВХОД НА САЙТ' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
  });

  it('waits for the user, then for their disciple, before showing the page', async () => {
    storeSession();
    const meAnswer = gate();
    const discipleAnswer = gate();
    server.use(
      http.get('*/api/v1/users/me/', async () => {
        await meAnswer.opened;
        return HttpResponse.json(discipleUser);
      }),
      http.get('*/api/v1/disciples/3/', async () => {
        await discipleAnswer.opened;
        return HttpResponse.json(adultDisciple);
      }),
      dictionariesHandler(),
    );
    renderAccountApp('/account/profile');
    const tabs = await screen.findByRole('navigation', { name: 'Личный кабинет' });
    expect(within(tabs).getByRole('link', { name: 'Курсы' })).toHaveAttribute('href', '/account/courses');
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();

    meAnswer.open();
    // The user is known (the header shows the name) but the disciple is not: still waiting.
    expect(await screen.findByRole('link', { name: 'Ольга Петрова' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    discipleAnswer.open();
    expect(await profileHeading()).toBeInTheDocument();
    expect(await screen.findByText('Германия')).toBeInTheDocument();
  });

  it('does not wait for the disciple of an author', async () => {
    storeSession();
    let discipleAsked = false;
    server.use(
      meHandler({ ...author, disciple: 9 }),
      http.get('*/api/v1/participants/', () => HttpResponse.json([])),
      http.get('*/api/v1/disciples/9/', () => {
        discipleAsked = true;
        return new Promise<never>(() => {});
      }),
    );
    renderAccountApp('/account/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'Курсы' })).toBeInTheDocument();
    expect(discipleAsked).toBe(false);
  });

  it('shows the generic error screen when the user cannot be loaded', async () => {
    storeSession();
    server.use(http.get('*/api/v1/users/me/', () => HttpResponse.json({ detail: 'Сбой.' }, { status: 500 })));
    renderAccountApp('/account/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перезагрузить' })).toBeInTheDocument();
  });

  it('shows the generic error screen when the disciple cannot be loaded', async () => {
    storeSession();
    server.use(
      meHandler(discipleUser),
      http.get('*/api/v1/disciples/3/', () => HttpResponse.json({ detail: 'Не найдено.' }, { status: 404 })),
      dictionariesHandler(),
    );
    renderAccountApp('/account/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });

  it('opens /account on the profile tab', async () => {
    storeSession();
    server.use(meHandler(discipleUser), discipleHandler(adultDisciple), dictionariesHandler());
    const { router } = renderAccountApp('/account');
    expect(await profileHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account/profile');
  });
});

describe('profile view', () => {
  function openProfile(discipleData = adultDisciple) {
    storeSession();
    server.use(meHandler(discipleUser), discipleHandler(discipleData), dictionariesHandler());
    return renderAccountApp('/account/profile');
  }

  it('names a time zone the dictionary does not list in Russian too', async () => {
    openProfile(discipleWith({}, { timezone: 'Asia/Yekaterinburg' }));
    await profileHeading();
    await screen.findByText('Германия');
    expect(shown('Часовой пояс')).toBe('(UTC+05:00) Екатеринбург');
  });

  it('shows an adult’s fields read-only, the country by name, and no minor fields', async () => {
    openProfile();
    await profileHeading();
    await screen.findByText('Германия');
    expect(shown('Имя')).toBe('Ольга');
    expect(shown('Фамилия')).toBe('Петрова');
    expect(shown('Электронная почта')).toBe('olga@example.com');
    expect(shown('Год рождения')).toBe('1990');
    expect(shown('Страна')).toBe('Германия');
    expect(shown('Основной язык')).toBe('Русский');
    expect(shown('Часовой пояс')).toBe('(UTC+01:00) Германия');
    expect(shown('Дополнительная информация')).toBe('Люблю Чехова');
    expect(screen.queryByText('Посещает школу')).not.toBeInTheDocument();
    expect(screen.queryByText('Проблемы с чтением и письмом')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', '/account/profile/editor');
    expect(screen.getByRole('link', { name: 'Сменить пароль' })).toHaveAttribute('href', '/account/profile/password');
    const tabs = screen.getByRole('navigation', { name: 'Личный кабинет' });
    expect(within(tabs).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds a minor’s school answer, and «не указано» for reading and writing problems not written about', async () => {
    openProfile(discipleWith({ yearOfBirth: CURRENT_YEAR - 12 }, { visitSchool: true, readWriteProblems: '', mainLanguage: 'English' }));
    await profileHeading();
    await screen.findByText('Посещает школу');
    expect(shown('Посещает школу')).toBe('Да');
    expect(shown('Проблемы с чтением и письмом')).toBe('не указано');
    expect(shown('Основной язык')).toBe('Английский');
  });

  it('says «не указано» for a minor’s questions not answered, never a «Нет» or «отсутствуют» no one said', async () => {
    openProfile(discipleWith({ yearOfBirth: CURRENT_YEAR - 14 }, { visitSchool: null, readWriteProblems: '' }));
    await profileHeading();
    await screen.findByText('Посещает школу');
    expect(shown('Посещает школу')).toBe('не указано');
    expect(shown('Проблемы с чтением и письмом')).toBe('не указано');
    expect(screen.queryByText('Нет')).not.toBeInTheDocument();
    expect(screen.queryByText('отсутствуют')).not.toBeInTheDocument();
  });

  it('shows a minor’s reading and writing problems as written, and «Нет» for no school', async () => {
    openProfile(discipleWith({ yearOfBirth: CURRENT_YEAR - 17 }, { visitSchool: false, readWriteProblems: 'Путает буквы' }));
    await profileHeading();
    await screen.findByText('Посещает школу');
    expect(shown('Посещает школу')).toBe('Нет');
    expect(shown('Проблемы с чтением и письмом')).toBe('Путает буквы');
  });

  it('counts an 18-year-old as an adult', async () => {
    openProfile(discipleWith({ yearOfBirth: CURRENT_YEAR - 18 }));
    await profileHeading();
    await screen.findByText('Германия');
    expect(screen.queryByText('Посещает школу')).not.toBeInTheDocument();
  });

  it.each([0, null])('shows year %s as «раньше {current year − 18}»', async (year) => {
    openProfile(discipleWith({ yearOfBirth: year }, { mainLanguage: 'Other' }));
    await profileHeading();
    await screen.findByText('Германия');
    expect(shown('Год рождения')).toBe(EARLIER_LABEL);
    expect(shown('Основной язык')).toBe('Другой');
    expect(screen.queryByText('Посещает школу')).not.toBeInTheDocument();
  });

  it('shows a country code the dictionary does not know as it is', async () => {
    openProfile(discipleWith({}, { country: 'XK' }));
    await profileHeading();
    await screen.findByText('Страна');
    expect(shown('Страна')).toBe('XK');
  });

  it('shows country codes when the dictionaries fail, rather than hiding the profile', async () => {
    storeSession();
    server.use(
      meHandler(discipleUser),
      discipleHandler(adultDisciple),
      http.get('*/api/v1/dictionaries/', () => HttpResponse.json({ detail: 'Сбой.' }, { status: 500 })),
    );
    renderAccountApp('/account/profile');
    await profileHeading();
    await screen.findByText('Страна');
    expect(shown('Страна')).toBe('DE');
  });

  it('shows an author without a disciple their user fields, without an edit button', async () => {
    storeSession();
    server.use(meHandler(author), dictionariesHandler());
    renderAccountApp('/account/profile');
    await profileHeading();
    await screen.findByText('Имя');
    expect(shown('Имя')).toBe('Анна');
    expect(shown('Год рождения')).toBe(EARLIER_LABEL);
    expect(screen.queryByText('Страна')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Редактировать' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Сменить пароль' })).toBeInTheDocument();
  });

  it('logs out: goes home, forgets the tokens and shows the guest header', async () => {
    const { user, router, store } = openProfile();
    server.use(...homeHandlers);
    await profileHeading();
    await user.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    // The user's cached data went with the session (the home page has fetched its own since).
    expect(Object.keys(store.getState().resources).filter((key) => /^(me|disciple|dictionaries)/.test(key))).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/user/login');
  });
});
