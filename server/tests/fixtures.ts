// A small, predictable demo content for tests, and helpers that build an app on a test database.
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { loadConfig, type EnvConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import type { DemoContent, DemoCourse, DemoLesson } from '../src/db/demo/types.ts';
import { seedDemo } from '../src/db/seed.ts';
import { hashPassword } from '../src/services/accounts/passwords.ts';

const lesson = (title: string, extra: Partial<DemoLesson> = {}): DemoLesson => ({ title, content: [`Содержание: ${title}.`], duration: 90, ...extra });

const course = (key: string, extra: Partial<DemoCourse>): DemoCourse => ({
  key,
  title: `Курс ${key}`,
  subtitle: `Подзаголовок ${key}`,
  description: ['Первый абзац описания.', 'Второй абзац описания.'],
  authors: ['anna'],
  start: '2030-01-10',
  end: '2030-03-10',
  disciplesAge: 'DISCIPLES_AGE_ADULTS',
  state: 'can_be_subscribed',
  participantsLimit: 3,
  fullYear: false,
  lessonsBlockSize: 1,
  image: `/demo/${key}.svg`,
  thumbnail: `/demo/${key}-thumb.svg`,
  prices: [],
  lessons: [lesson('Первое занятие')],
  ...extra,
});

const profile = { country: 'RU', mainLanguage: 'Russian' as const, visitSchool: false, readWriteProblems: '', otherInfo: '', timezone: 'Europe/Moscow' };

/** Courses in the order they are inserted: ids 1..5 in a fresh database. */
export const fixtureContent: DemoContent = {
  accounts: [
    { key: 'anna', email: 'Anna@Example.org', password: 'anna-password', firstName: 'Анна', lastName: 'Петрова', yearOfBirth: 1980, profile },
    { key: 'boris', email: 'boris@example.org', password: 'boris-password', firstName: 'Борис', lastName: 'Иванов', yearOfBirth: 1975, profile },
    { key: 'pupil', email: 'pupil@example.org', password: 'pupil-password', firstName: 'Пётр', lastName: 'Учеников', yearOfBirth: 2010, profile },
  ],
  authors: [
    { key: 'anna', account: 'anna', firstName: 'Анна', lastName: 'Петрова', genitive: 'Анны Петровой', email: 'anna@example.org', description: 'Филолог.', photo: '/demo/anna.svg', quote: 'Читайте медленно.' },
    { key: 'boris', account: 'boris', firstName: 'Борис', lastName: 'Иванов', genitive: 'Бориса Иванова', email: 'boris@example.org', description: 'Историк.', photo: '/demo/boris.svg', quote: 'История — это люди.' },
  ],
  courses: [
    course('open', {
      title: 'Открытый курс',
      authors: ['boris', 'anna'],
      participantsLimit: 2,
      lessonsBlockSize: 2,
      prices: [
        { currency: 'CURRENCY_CHOICE_EURO', coursePrice: 40, lessonPrice: 12, lessonWholesalePrice: 10 },
        { currency: 'CURRENCY_CHOICE_RUB', coursePrice: 4000.5, lessonPrice: 1200, lessonWholesalePrice: 1000 },
      ],
      lessons: [lesson('Свободное занятие'), lesson('Занятие без мест', { full: true }), lesson('Черновик занятия', { draft: true }), lesson('Последнее занятие', { duration: 60 })],
    }),
    course('announced', { title: 'Анонс', state: 'announced', start: null, end: null, disciplesAge: 'DISCIPLES_AGE_CHILDREN' }),
    course('draft', { title: 'Секретный черновик', state: 'draft' }),
    course('yearly', { title: 'Годовой курс', fullYear: true, start: '2029-09-01', end: '2030-05-31', authors: ['anna', 'boris'], lessons: [] }),
    course('free', { title: 'Курс без цены', participantsLimit: 0 }),
  ],
  feedback: Array.from({ length: 12 }, (_, index) => ({
    author: `Слушатель ${index + 1}`,
    authorAge: index % 2 === 0 ? 30 + index : null,
    course: index === 11 ? 'draft' : 'open',
    text: [`Отзыв номер ${index + 1}.`],
    footer: index === 0 ? 'Москва' : '',
  })),
  quotations: [
    { source: 'Пушкин', text: 'Чтение — вот лучшее учение.', course: 'open' },
    { source: 'Неизвестный автор', text: 'Из черновика.', course: 'draft' },
    { source: 'Толстой', text: 'Без цитаты курса.', course: null },
  ],
  libraryCategories: [
    { key: 'articles', name: 'Статьи' },
    { key: 'books', name: 'Книги' },
    { key: 'video', name: 'Видео' },
  ],
  library: Array.from({ length: 20 }, (_, index) => ({
    title: `Материал ${index + 1}`,
    author: `Автор ${index + 1}`,
    categories: index < 16 ? ['articles'] : ['books', 'video'],
    courses: index % 5 === 0 ? ['open', 'draft'] : [],
    externalLink: index % 2 === 0 ? `https://example.org/item-${index + 1}` : null,
    file: index % 2 === 1 ? `/demo/library/item-${index + 1}.pdf` : null,
  })),
  timetable: { name: 'Расписание занятий', intro: ['Понедельник: чтение.', 'Среда: письмо.'], outro: [] },
  purchases: [],
  seller: {
    name: 'ИП Петрова Анна Сергеевна',
    inn: '500100732259',
    ogrn: '304500116000157',
    address: '123456, г. Москва, ул. Тестовая, д. 1',
    email: 'seller@example.org',
    phone: '+7 495 000-00-00',
  },
  offer: { name: 'Договор-оферта', text: ['1. Предмет договора: участие в вебинарах.', '2. Оплата и возврат.'] },
};

/** Ids in a freshly seeded fixture database. */
export const ids = {
  users: { anna: 1, boris: 2, pupil: 3 },
  authors: { anna: 1, boris: 2 },
  courses: { open: 1, announced: 2, draft: 3, yearly: 4, free: 5 },
  lessons: { free: 1, full: 2, draft: 3, last: 4, announced: 5, draftCourse: 6, freeCourse: 7 },
  libraryCategories: { articles: 1, books: 2, video: 3 },
} as const;

/** Seeds the fixture with cheap (but valid) password hashes. */
export function seedFixture(db: Db, content: DemoContent = fixtureContent) {
  return seedDemo(db, content, { hashPassword: (password) => hashPassword(password, { cost: 2 ** 10 }) });
}

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(env: NodeJS.ProcessEnv = {}): EnvConfig {
  return loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'webinar-courses-test-data'), JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', ...env });
}

export async function buildTestApp(options: Omit<BuildAppOptions, 'config'> & { config?: EnvConfig }): Promise<FastifyInstance> {
  const app = await buildApp({ ...options, config: options.config ?? testConfig() });
  await app.ready();
  return app;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
