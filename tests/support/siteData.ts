// A small, consistent set of API answers for tests that render whole pages without caring about the data.
import { http, HttpResponse } from 'msw';
import type { Policy } from '../../common/policy.ts';
import type {
  Author,
  CourseDetails,
  CourseShort,
  Dictionaries,
  Disciple,
  FeedbackPage,
  LibraryPage,
  Quotation,
  Seller,
  Timetable,
} from '../../common/wireTypes.ts';

export const siteAuthors: Author[] = [
  {
    id: 1,
    firstName: 'Анна',
    lastName: 'Мельникова',
    email: 'anna@example.com',
    user: 1,
    genitive: 'Анны Мельниковой',
    description: 'Филолог, преподаёт литературу. Ведёт мастерскую текста.\nЛюбит Чехова.',
    photo: '/demo/author-anna.svg',
    quote: 'Хорошая книга учит задавать вопросы точнее.',
  },
  {
    id: 2,
    firstName: 'Михаил',
    lastName: 'Орлов',
    email: 'mikhail@example.com',
    user: 2,
    genitive: 'Михаила Орлова',
    description: 'Историк культуры. Ведёт философский кружок.',
    photo: '/demo/author-mikhail.svg',
    quote: 'Философия начинается с честного «я не понимаю».',
  },
];

/** The authors' list: the header and footer of every page read it, so every test's server answers it. */
export const authorsHandler = http.get('*/api/v1/authors/', () => HttpResponse.json(siteAuthors));

export const siteSeller: Seller = {
  name: 'ИП Мельникова Анна Викторовна',
  inn: '771234567859',
  ogrn: '319774600123453',
  address: '109012, г. Москва, Демонстрационный пер., д. 1, кв. 1',
  email: 'school@example.com',
  phone: '+7 495 000-00-00',
};

/** The seller's details: the footer of every page shows them, so every test's server answers them. */
export const sellerHandler = http.get('*/api/v1/seller/', () => HttpResponse.json(siteSeller));

/** A signed-in person's course list, which the bar of a lesson about to start reads on every page: none by default. */
export const noParticipationsHandler = http.get('*/api/v1/participants/', () => HttpResponse.json([]));

export const siteCourse: CourseDetails = {
  id: 12,
  title: 'Медленное чтение',
  subtitle: 'Как читать классику',
  description: 'Курс о внимательном чтении.',
  authors: [siteAuthors[0]!],
  start: '2026-12-05',
  end: null,
  disciplesAge: 'DISCIPLES_AGE_ADULTS',
  image: '/demo/course.svg',
  thumbnail: '/demo/course-thumb.svg',
  state: 'announced',
  participantsLimit: 10,
  url: '',
  prices: [],
  fullYear: false,
  lessonsBlockSize: 1,
  subscribedForMailouts: false,
  format: 'live',
  recordingDays: null,
  timeZone: 'Europe/Moscow',
  lessons: [],
};

const { description: _description, ...courseCommon } = siteCourse;
export const siteCourses: CourseShort[] = [{ ...courseCommon, authors: [1], lessons: [] }];

export const siteQuotations: Quotation[] = [{ id: 1, text: 'Чтение — вот лучшее учение.', source: 'Пушкин', course: null }];
export const siteFeedback: FeedbackPage = { count: 0, next: null, results: [], currentPage: 1, nextPage: null, pages: 1 };
export const siteLibrary: LibraryPage = { count: 0, next: null, results: [], currentPage: 1, pages: 1 };
export const siteTimetable: Timetable = { name: 'Расписание занятий', text: 'Занятия по средам.' };
export const sitePolicy: Policy = { name: 'Политика конфиденциальности', text: 'Оператор обрабатывает персональные данные.', version: 0, publishedAt: '2026-11-26T00:00:00.000Z' };
export const siteDictionaries: Dictionaries = { countries: [['RU', 'Россия']], timezones: [['Europe/Moscow', '(UTC+03:00) Москва']] };
export const siteDisciple: Disciple = {
  id: 3,
  email: 'olga@example.com',
  firstName: 'Ольга',
  lastName: 'Петрова',
  yearOfBirth: 1990,
  profile: { country: 'RU', mainLanguage: 'Russian', visitSchool: null, readWriteProblems: '', otherInfo: '', timezone: 'Europe/Moscow' },
};

/** Handlers for every read the public and account pages make; a test adds its own on top with server.use. */
export function siteApiHandlers() {
  return [
    authorsHandler,
    http.get('*/api/v1/courses/', () => HttpResponse.json(siteCourses)),
    http.get('*/api/v1/courses/:id/', ({ params }) =>
      Number(params.id) === siteCourse.id
        ? HttpResponse.json(siteCourse)
        : HttpResponse.json({ detail: 'Курс не найден.' }, { status: 404 }),
    ),
    http.get('*/api/v1/quotations/', () => HttpResponse.json(siteQuotations)),
    http.get('*/api/v1/feedback/', () => HttpResponse.json(siteFeedback)),
    http.get('*/api/v1/library-items/', () => HttpResponse.json(siteLibrary)),
    http.get('*/api/v1/library-categories/', () => HttpResponse.json([])),
    http.get('*/api/v2/user/pages-content/timetable/', () => HttpResponse.json(siteTimetable)),
    http.get('*/api/v2/user/pages-content/policy/', () => HttpResponse.json(sitePolicy)),
    http.get('*/api/v1/lessons/upcoming/', () => HttpResponse.json([])),
    http.get('*/api/v1/dictionaries/', () => HttpResponse.json(siteDictionaries)),
    http.get('*/api/v1/disciples/:id/', () => HttpResponse.json(siteDisciple)),
    http.get('*/api/v1/participants/', () => HttpResponse.json([])),
    http.post('*/api/v1/users/registration-confirm/', () => HttpResponse.json({})),
    http.get('*/api/v1/payments/current/', () => HttpResponse.json({ id: 1, details: { state: 'STATE_IN_PROGRESS' } })),
  ];
}
