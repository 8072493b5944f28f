// What the enrollment tests share: a course with lessons and prices, the msw answers of the course page, and the panel.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Author, CourseDetails, Lesson, Price } from '../../../common/wireTypes.ts';
import { setNavigator } from '../../../src/app/navigation.ts';
import { renderApp } from '../../support/renderApp.tsx';
import { server } from '../../support/server.ts';
import { storeSession } from '../../support/tokens.ts';
import { disciple, meHandler } from '../../support/users.ts';

vi.setConfig({ testTimeout: 20000 });

// Loading the lazy pages once here keeps that cost out of each test's time limit.
await Promise.all([
  import('../../../src/pages/CoursePage.tsx'),
  import('../../../src/pages/AccountPage.tsx'),
  import('../../../src/pages/AccountCoursesPage.tsx'),
  import('../../../src/pages/WaitingForPaymentPage.tsx'),
  import('../../../src/pages/LoginPage.tsx'),
  import('../../../src/pages/SignupPage.tsx'),
]);

export const anna: Author = {
  id: 1,
  firstName: 'Анна',
  lastName: 'Мельникова',
  email: 'anna@example.com',
  user: 1,
  genitive: 'Анны Мельниковой',
  description: '',
  photo: '',
};
export const mikhail: Author = { ...anna, id: 2, firstName: 'Михаил', lastName: 'Орлов', email: 'mikhail@example.com', genitive: 'Михаила Орлова' };

export const RUB: Price = { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 12000, lessonPrice: 1800, lessonWholesalePrice: 1500 };
export const EURO: Price = { currency: 'CURRENCY_CHOICE_EURO', coursePrice: 140, lessonPrice: 20, lessonWholesalePrice: 17 };

export const TITLES = ['Ритм и рифма', 'Образ', 'Молчание', 'Город', 'Дорога', 'Сад', 'Море', 'Дом'];

export function lesson(number: number, overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 100 + number,
    course: 5,
    number,
    title: TITLES[number - 1] ?? `Тема ${number}`,
    content: '',
    duration: 90,
    state: 'published',
    hasFreePlaces: true,
    participationState: null,
    participant: null,
    startsAt: null,
    hasRecording: false,
    recordingDuration: null,
    ...overrides,
  };
}

export const lessons = (count: number, overrides: (number: number) => Partial<Lesson> = () => ({})) =>
  Array.from({ length: count }, (_, index) => lesson(index + 1, overrides(index + 1)));

export const COURSE_TITLE = 'Как читать стихи';

export function course(overrides: Partial<CourseDetails> = {}): CourseDetails {
  return {
    id: 5,
    title: COURSE_TITLE,
    subtitle: '',
    description: '',
    start: '2026-12-03',
    end: null,
    disciplesAge: 'DISCIPLES_AGE_ADULTS',
    image: '',
    thumbnail: '',
    state: 'can_be_subscribed',
    participantsLimit: 16,
    url: '',
    prices: [RUB, EURO],
    fullYear: false,
    lessonsBlockSize: 1,
    subscribedForMailouts: false,
    format: 'live',
    recordingDays: null,
    timeZone: 'Europe/Moscow',
    authors: [anna, mikhail],
    lessons: lessons(8),
    ...overrides,
  };
}

/** The course page's answers: the course (fixed, or computed on each request) and an empty catalogue. */
export function answerCourse(details: CourseDetails | (() => CourseDetails)) {
  const current = typeof details === 'function' ? details : () => details;
  server.use(
    http.get(`*/api/v1/courses/${current().id}/`, () => HttpResponse.json(current())),
    http.get('*/api/v1/courses/', () => HttpResponse.json([])),
  );
}

/** The site at `path` for a logged-in disciple, with the sagas' redirects going through the memory router. */
export function renderAsUser(path: string) {
  storeSession();
  server.use(meHandler(disciple));
  return renderWithNavigation(path);
}

export function renderWithNavigation(path: string) {
  const app = renderApp(path);
  setNavigator((target) => {
    void app.router.navigate(target);
  });
  return app;
}

export const coursePanel = async () => {
  await screen.findByRole('heading', { level: 1, name: COURSE_TITLE });
  return screen.getByRole('complementary', { name: 'Запись на курс' });
};

export const inPanel = (panel: HTMLElement) => within(panel);

export { gate } from '../../support/gate.ts';

/** Money as the site writes it: «7 200 ₽» with a no-break space between the thousands. */
export const rub = (amount: number) => `${new Intl.NumberFormat('ru-RU').format(amount)} ₽`;
export const euro = (amount: number) => `${new Intl.NumberFormat('ru-RU').format(amount)} €`;
