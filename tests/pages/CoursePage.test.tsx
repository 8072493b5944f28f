import userEvent from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Author, CourseDetails, CourseShort, Lesson } from '../../common/wireTypes.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, disciple, meHandler } from '../support/users.ts';

const anna: Author = {
  id: 1,
  firstName: 'Анна',
  lastName: 'Мельникова',
  email: 'anna@example.com',
  user: 1,
  genitive: 'Анны Мельниковой',
  description: '',
  photo: '/demo/author-anna.svg',
};
const mikhail: Author = { ...anna, id: 2, firstName: 'Михаил', lastName: 'Орлов', genitive: 'Михаила Орлова', photo: '/demo/author-mikhail.svg' };

const rawText = (...paragraphs: string[]) =>
  JSON.stringify({
    blocks: paragraphs.map((text, index) => ({ key: `k${index}`, text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} })),
    entityMap: {},
  });

function lesson(number: number, overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 100 + number,
    course: 5,
    number,
    title: `Тема ${number}`,
    content: rawText(`Содержание занятия ${number}`),
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

function details(overrides: Partial<CourseDetails> = {}): CourseDetails {
  return {
    id: 5,
    title: 'Медленное чтение: русская проза',
    subtitle: 'Восемь встреч с классикой',
    description: rawText('Мы читаем медленно.', 'По главе, по абзацу, по слову.'),
    start: '2026-12-03',
    end: '2027-02-04',
    disciplesAge: 'DISCIPLES_AGE_ADULTS',
    image: '/demo/course-slow-reading.svg',
    thumbnail: '/demo/course-slow-reading-thumb.svg',
    state: 'can_be_subscribed',
    participantsLimit: 16,
    url: '',
    prices: [],
    fullYear: false,
    lessonsBlockSize: 1,
    subscribedForMailouts: false,
    format: 'live',
    recordingDays: null,
    timeZone: 'Europe/Moscow',
    authors: [anna, mikhail],
    lessons: [lesson(1, { duration: 60 }), lesson(2), lesson(3, { duration: 75 })],
    ...overrides,
  };
}

function short(id: number, title: string, overrides: Partial<CourseShort> = {}): CourseShort {
  const { description: _description, authors: _authors, lessons: _lessons, ...common } = details();
  return { ...common, id, title, thumbnail: `/demo/${id}-thumb.svg`, authors: [1], lessons: [], ...overrides };
}

const catalogue: CourseShort[] = [
  short(7, 'История культуры', { state: 'announced' }),
  short(5, 'Медленное чтение: русская проза'),
  short(6, 'Мастерская текста', { disciplesAge: 'DISCIPLES_AGE_CHILDREN' }),
  short(8, 'Черновик', { state: 'draft' }),
  short(9, 'Тестовый курс'),
];

function answer(course: CourseDetails, courses: CourseShort[] = catalogue) {
  server.use(
    http.get(`/api/v1/courses/${course.id}/`, () => HttpResponse.json(course)),
    http.get('/api/v1/courses/', () => HttpResponse.json(courses)),
  );
}

const title = (name: string) => screen.findByRole('heading', { level: 1, name });
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const panel = () => screen.getByRole('complementary', { name: 'Запись на курс' });
const section = (name: string) => screen.getByRole('region', { name });

describe('the course page', () => {
  it('shows a loading indicator, then the hero with the authors in the genitive', async () => {
    answer(details());
    // The course is answered only once the indicator has been seen: with the page's chunk already loaded (an earlier
    // file of the same worker loaded it) the answer could otherwise come and go before findByRole looks.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/v1/courses/5/', async () => {
        await held;
        return HttpResponse.json(details());
      }),
    );
    renderApp('/courses/5');
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    release();
    expect(await title('Медленное чтение: русская проза')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Медленное чтение: русская проза — Мутабор'));
    expect(screen.getByText('Восемь встреч с классикой')).toBeInTheDocument();
    expect(screen.getByText('Курс Анны Мельниковой и Михаила Орлова')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Фото: Анна Мельникова' })).toHaveAttribute('src', '/demo/author-anna.svg');
    expect(screen.getByRole('img', { name: 'Фото: Михаил Орлов' })).toBeInTheDocument();
    const picture = screen.getByRole('img', { name: 'Иллюстрация к курсу «Медленное чтение: русская проза»' });
    expect(picture).toHaveAttribute('src', '/demo/course-slow-reading.svg');
    expect(picture).toHaveAttribute('width', '1200');
    expect(picture).toHaveAttribute('height', '630');
  });

  it('states the facts: volume, start date and age group', async () => {
    answer(details({ disciplesAge: 'DISCIPLES_AGE_CHILDREN' }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(fact('Объём')).toBe('3 занятия по 60–90 минут');
    expect(fact('Начало')).toBe('03.12.2026');
    expect(fact('Возраст')).toBe('подростки 11–17 лет');
  });

  it.each([
    ['lessons of one length', { lessons: [lesson(1), lesson(2), lesson(3, { state: 'draft', duration: 30 })] }, '2 занятия по 90 минут'],
    ['a full-year course', { fullYear: true }, 'годовой курс'],
    ['no lessons yet', { lessons: [] }, 'список занятий ещё не опубликован'],
  ] as [string, Partial<CourseDetails>, string][])('gives the volume of %s', async (_case, overrides, expected) => {
    answer(details(overrides));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(fact('Объём')).toBe(expected);
  });

  it('says when the start date is not known yet', async () => {
    answer(details({ start: null }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(fact('Начало')).toBe('дата уточняется');
    expect(fact('Возраст')).toBe('взрослые');
  });

  it('shows the description under «О курсе»', async () => {
    answer(details());
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    const about = section('О курсе');
    expect(await within(about).findByText('Мы читаем медленно.')).toBeInTheDocument();
    expect(within(about).getByText('По главе, по абзацу, по слову.')).toBeInTheDocument();
  });

  it('puts the enrollment panel right after the course facts, before the description and the contents', async () => {
    // On a phone the page is one column in this order: below a long description the panel was thousands of pixels down.
    answer(details());
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    const facts = screen.getByText('Объём', { selector: 'dt' });
    const following = (first: Node, second: Node) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(following(facts, panel())).toBe(true);
    expect(following(panel(), section('О курсе'))).toBe(true);
    expect(following(panel(), section('Содержание'))).toBe(true);
  });
});

describe('the contents', () => {
  it('lists the lessons in order with durations and content, and hides drafts', async () => {
    answer(
      details({
        lessons: [
          lesson(3, { content: 'Обычный текст без разметки' }),
          lesson(1),
          lesson(2, { state: 'draft', title: 'Черновая тема' }),
        ],
      }),
    );
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    const contents = section('Содержание');
    expect(within(contents).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      '1. Тема 1',
      '3. Тема 3',
    ]);
    expect(within(contents).queryByText(/Черновая тема/)).not.toBeInTheDocument();
    expect(within(contents).getAllByText('90 минут')).toHaveLength(2);
    // Descriptions are folded until the reader opens them.
    expect(within(contents).queryByText('Содержание занятия 1')).not.toBeInTheDocument();
    const user = userEvent.setup();
    for (const summary of within(contents).getAllByText('Описание занятия')) await user.click(summary);
    expect(await within(contents).findByText('Содержание занятия 1')).toBeInTheDocument();
    // Content that is not draft-js raw JSON shows as plain text.
    expect(within(contents).getByText('Обычный текст без разметки')).toBeInTheDocument();
    expect(within(contents).queryByRole('heading', { name: /Блок/ })).not.toBeInTheDocument();
  });

  it('marks a lesson without free places with «[нет мест]»', async () => {
    answer(details({ lessons: [lesson(1), lesson(2, { hasFreePlaces: false }), lesson(3)] }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    const items = within(section('Содержание')).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByText('[нет мест]') !== null)).toEqual([false, true, false]);
  });

  it('groups the lessons into blocks when the block size is above 1', async () => {
    answer(details({ lessonsBlockSize: 2, lessons: [1, 2, 3, 4, 5].map((number) => lesson(number)) }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    const contents = section('Содержание');
    const blocks = within(contents).getAllByRole('heading', { level: 3 });
    expect(blocks.map((heading) => heading.textContent)).toEqual(['Блок 1', 'Блок 2', 'Блок 3']);
    const lessonsOf = (index: number) =>
      within(blocks[index]!.closest('li')!)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent);
    expect(lessonsOf(0)).toEqual(['1. Тема 1', '2. Тема 2']);
    expect(lessonsOf(2)).toEqual(['5. Тема 5']);
  });

  it('says when the lesson list is not published', async () => {
    answer(details({ lessons: [] }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(within(section('Содержание')).getByText('Список занятий ещё не опубликован.')).toBeInTheDocument();
  });
});

describe('the side panel', () => {
  it('says enrolment is closed when the course is only announced', async () => {
    answer(details({ state: 'announced' }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(within(panel()).getByRole('heading', { name: 'Запись на курс закрыта' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('asks a guest on an open course to log in or register', async () => {
    answer(details());
    const { user, router } = renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(within(panel()).getByRole('heading', { name: 'Идёт набор' })).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'зарегистрируйтесь' })).toHaveAttribute('href', '/user/signup');
    const login = within(panel()).getByRole('link', { name: 'войдите' });
    expect(login).toHaveAttribute('href', '/user/login');
    await user.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.state).toEqual({ from: '/courses/5' });
  });

  it('tells a guest when every place is sold', async () => {
    answer(details({ lessons: [lesson(1, { hasFreePlaces: false })] }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(within(panel()).getByRole('heading', { name: 'Все места распроданы' })).toBeInTheDocument();
  });

  it.each([
    ['Участник курса', [lesson(1, { participationState: 'approved', hasFreePlaces: false }), lesson(2)]],
    ['Идёт набор', [lesson(1, { participationState: 'reserved' }), lesson(2)]],
    ['Все места распроданы', [lesson(1, { hasFreePlaces: false }), lesson(2, { hasFreePlaces: false, state: 'published' })]],
  ] as [string, Lesson[]][])('heads the panel of a logged-in user «%s»', async (heading, lessons) => {
    storeSession();
    server.use(meHandler(disciple));
    answer(details({ lessons }));
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    expect(within(panel()).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: 'войдите' })).not.toBeInTheDocument();
  });
});

describe('other courses', () => {
  it('lists the rest of the catalogue in catalogue order and leads to them', async () => {
    answer(details());
    const other = details({ id: 6, title: 'Мастерская текста', lessons: [] });
    server.use(http.get('/api/v1/courses/6/', () => HttpResponse.json(other)));
    const { user } = renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    const others = await screen.findByRole('region', { name: 'Другие курсы' });
    const links = within(others).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Мастерская текста', '/courses/6'],
      ['История культуры', '/courses/7'],
    ]);
    await user.click(links[0]!);
    expect(await title('Мастерская текста')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Другие курсы' })).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Медленное чтение: русская проза',
      'История культуры',
    ]);
  });

  it('is left out when the catalogue fails, and the course still shows', async () => {
    server.use(
      http.get('/api/v1/courses/5/', () => HttpResponse.json(details())),
      http.get('/api/v1/courses/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })),
    );
    renderApp('/courses/5');
    await title('Медленное чтение: русская проза');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Загрузка' })).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Другие курсы' })).not.toBeInTheDocument();
  });
});

describe('a course that cannot be shown', () => {
  it('shows «Курс не найден» for an unknown or draft course (404)', async () => {
    server.use(
      http.get('/api/v1/courses/404/', () => HttpResponse.json({ detail: 'Курс не найден.' }, { status: 404 })),
      http.get('/api/v1/courses/', () => HttpResponse.json(catalogue)),
    );
    const { user, router } = renderApp('/courses/404');
    expect(await title('Курс не найден')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Курс не найден — Мутабор'));
    expect(screen.queryByText('Упс... что-то пошло не так')).not.toBeInTheDocument();
    server.use(
      http.get('/api/v1/authors/', () => HttpResponse.json([anna])),
      http.get('/api/v1/quotations/', () => HttpResponse.json([])),
      http.get('/api/v1/feedback/', () => HttpResponse.json({ count: 0, next: null, results: [], currentPage: 1, nextPage: null, pages: 1 })),
    );
    await user.click(screen.getByRole('link', { name: 'Перейти к каталогу курсов' }));
    expect(await title('Курсы')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('treats a draft course that a backend does answer as not found', async () => {
    answer(details({ state: 'draft' }));
    renderApp('/courses/5');
    expect(await title('Курс не найден')).toBeInTheDocument();
  });

  it("shows a draft to its own author as the authors' area preview, marked as a draft", async () => {
    storeSession();
    server.use(meHandler(author));
    answer(details({ state: 'draft' }));
    renderApp('/courses/5');
    expect(await title(details().title)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Черновик: этот курс видите только вы и другие его авторы.');
  });

  it('treats a draft answered to a logged-in user who is not its author as not found', async () => {
    storeSession();
    server.use(meHandler(disciple));
    answer(details({ state: 'draft' }));
    renderApp('/courses/5');
    expect(await title('Курс не найден')).toBeInTheDocument();
  });

  it('shows «Курс не найден» for an address that is not a course id, without asking the API', async () => {
    renderApp('/courses/abc');
    expect(await title('Курс не найден')).toBeInTheDocument();
  });

  it('shows the error screen when the course fails to load for another reason', async () => {
    server.use(
      http.get('/api/v1/courses/5/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })),
      http.get('/api/v1/courses/', () => HttpResponse.json(catalogue)),
    );
    renderApp('/courses/5');
    expect(await title('Упс... что-то пошло не так')).toBeInTheDocument();
  });
});
