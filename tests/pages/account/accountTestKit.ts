// What the account page tests share: the app with sagas moving the memory router, fixtures and msw handlers.
import { http, HttpResponse } from 'msw';
import type { Dictionaries, Disciple } from '../../../common/wireTypes.ts';
import { ADULT_AGE } from '../../../common/yearOptions.ts';
import { renderApp } from '../../support/renderApp.tsx';

vi.setConfig({ testTimeout: 20000 });

// The route table loads pages lazily; loading the account pages once here keeps that cost out of each test's time limit.
await Promise.all([
  import('../../../src/pages/AccountPage.tsx'),
  import('../../../src/pages/ProfilePage.tsx'),
  import('../../../src/pages/ProfileEditorPage.tsx'),
  import('../../../src/pages/PasswordChangePage.tsx'),
  import('../../../src/pages/LoginPage.tsx'),
  import('../../../src/pages/SignupPage.tsx'),
  import('../../../src/pages/ConfirmSignupPage.tsx'),
  import('../../../src/pages/ResetPasswordPage.tsx'),
  import('../../../src/pages/ResetPasswordCompletionPage.tsx'),
  import('../../../src/pages/HomePage.tsx'),
]);

export const CURRENT_YEAR = new Date().getFullYear();
/** The label of the «earlier» year option, and how year 0 is shown in the profile. */
export const EARLIER_LABEL = `раньше ${CURRENT_YEAR - ADULT_AGE}`;

/** The whole site at `path` (renderApp already sends the sagas' redirects through its memory router). */
export const renderAccountApp = renderApp;

export const dictionaries: Dictionaries = {
  countries: [
    ['RU', 'Россия'],
    ['DE', 'Германия'],
    ['AM', 'Армения'],
    ['IL', 'Израиль'],
  ],
  timezones: [
    ['Europe/Berlin', '(UTC+01:00) Германия'],
    ['Europe/Moscow', '(UTC+03:00) Москва'],
  ],
};

export const adultDisciple: Disciple = {
  id: 3,
  email: 'olga@example.com',
  firstName: 'Ольга',
  lastName: 'Петрова',
  yearOfBirth: 1990,
  profile: {
    country: 'DE',
    mainLanguage: 'Russian',
    visitSchool: null,
    readWriteProblems: '',
    otherInfo: 'Люблю Чехова',
    timezone: 'Europe/Berlin',
  },
};

export function discipleWith(changes: Partial<Omit<Disciple, 'profile'>>, profile: Partial<Disciple['profile']> = {}): Disciple {
  return { ...adultDisciple, ...changes, profile: { ...adultDisciple.profile, ...profile } };
}

export const dictionariesHandler = () => http.get('*/api/v1/dictionaries/', () => HttpResponse.json(dictionaries));
export const discipleHandler = (disciple: Disciple) =>
  http.get(`*/api/v1/disciples/${disciple.id}/`, () => HttpResponse.json(disciple));

/** What the home page asks for, answered empty: several flows end there. */
export const homeHandlers = [
  http.get('*/api/v1/authors/', () => HttpResponse.json([])),
  http.get('*/api/v1/courses/', () => HttpResponse.json([])),
  http.get('*/api/v1/quotations/', () => HttpResponse.json([])),
  http.get('*/api/v1/feedback/', () => HttpResponse.json({ count: 0, next: null, results: [], currentPage: 1, nextPage: null, pages: 1 })),
];

export { gate } from '../../support/gate.ts';
