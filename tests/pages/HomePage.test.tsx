import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Author, CourseShort, FeedbackPage, Quotation } from '../../common/wireTypes.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';

const authors: Author[] = [
  {
    id: 1,
    firstName: 'Анна',
    lastName: 'Мельникова',
    email: 'anna@example.com',
    user: 1,
    genitive: 'Анны Мельниковой',
    description: '',
    photo: '/demo/author-anna.svg',
  },
  {
    id: 2,
    firstName: 'Михаил',
    lastName: 'Орлов',
    email: 'mikhail@example.com',
    user: 2,
    genitive: 'Михаила Орлова',
    description: '',
    photo: '/demo/author-mikhail.svg',
  },
];

function course(id: number, title: string, overrides: Partial<CourseShort> = {}): CourseShort {
  return {
    id,
    title,
    subtitle: `Подзаголовок ${id}`,
    start: '2026-12-05',
    end: null,
    disciplesAge: 'DISCIPLES_AGE_ADULTS',
    image: `/demo/${id}.svg`,
    thumbnail: `/demo/${id}-thumb.svg`,
    state: 'can_be_subscribed',
    participantsLimit: 10,
    url: '',
    prices: [],
    fullYear: false,
    lessonsBlockSize: 1,
    subscribedForMailouts: false,
    format: 'live',
    recordingDays: null,
    authors: [1],
    lessons: [],
    ...overrides,
  };
}

// In the order the API sends them: the catalogue reorders and hides.
const courses: CourseShort[] = [
  course(10, 'Логика и искусство спора', { state: 'announced', disciplesAge: 'DISCIPLES_AGE_CHILDREN', authors: [2] }),
  course(1, 'Медленное чтение', { start: '2026-12-03' }),
  course(13, 'Тестовый курс (не показывать)'),
  course(12, 'Черновик курса', { state: 'draft' }),
  course(2, 'Мастерская текста для подростков', { disciplesAge: 'DISCIPLES_AGE_CHILDREN', authors: [1, 2] }),
  course(9, 'История культуры', { state: 'announced' }),
  course(14, 'Про ТЕСТирование', { state: 'announced' }),
];

const quotations: Quotation[] = [
  { id: 1, source: 'Александр Пушкин, «Евгений Онегин»', text: 'Мы все учились понемногу', course: null },
  {
    id: 2,
    source: 'Александр Пушкин, «Арап Петра Великого»',
    text: 'Следовать за мыслями великого человека есть наука самая занимательная.',
    course: { id: 1, title: 'Медленное чтение' },
  },
];

const feedbackPage: FeedbackPage = { count: 0, next: null, results: [], currentPage: 1, nextPage: null, pages: 1 };

const endpoints = {
  authors: ['/api/v1/authors/', authors],
  courses: ['/api/v1/courses/', courses],
  quotations: ['/api/v1/quotations/', quotations],
  feedback: ['/api/v1/feedback/', feedbackPage],
} as const;

function answerAll() {
  server.use(...Object.values(endpoints).map(([path, body]) => http.get(path, () => HttpResponse.json(body))));
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Курсы' });
const catalogue = () => screen.getByRole('list', { name: 'Каталог курсов' });
const cardTitles = () => within(catalogue()).getAllByRole('heading', { level: 2 }).map((title) => title.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the home page', () => {
  it('shows the loading indicator until all four lists have arrived, then the catalogue', async () => {
    let releaseFeedback = () => {};
    const feedbackHeld = new Promise<void>((resolve) => {
      releaseFeedback = resolve;
    });
    answerAll();
    server.use(
      http.get('/api/v1/feedback/', async ({ request }) => {
        expect(new URL(request.url).searchParams.get('page')).toBe('1');
        await feedbackHeld;
        return HttpResponse.json(feedbackPage);
      }),
    );
    const { store } = renderApp('/');
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    // Authors, courses and quotations are in; the reviews are not, so the page still waits.
    await waitFor(() => {
      const { resources } = store.getState();
      expect([resources.authors?.loaded, resources.courses?.loaded, resources.quotations?.loaded]).toEqual([true, true, true]);
    });
    expect(screen.getByRole('status', { name: 'Загрузка' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    releaseFeedback();
    expect(await heading()).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Загрузка' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Расписание текущих занятий' })).toHaveAttribute('href', '/timetable');
    await waitFor(() => expect(document.title).toMatch(/^Мутабор — /));
  });

  it.each(Object.keys(endpoints) as (keyof typeof endpoints)[])('shows the error screen when the %s list fails', async (name) => {
    answerAll();
    server.use(http.get(endpoints[name][0], () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перезагрузить' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Каталог курсов' })).not.toBeInTheDocument();
  });
});

describe('the catalogue', () => {
  it('lists open courses first, then announced ones, without drafts and test courses', async () => {
    answerAll();
    renderApp('/');
    await heading();
    expect(cardTitles()).toEqual(['Медленное чтение', 'Мастерская текста для подростков', 'Логика и искусство спора', 'История культуры']);
    expect(screen.queryByText(/Тестовый курс/)).not.toBeInTheDocument();
    expect(screen.queryByText('Черновик курса')).not.toBeInTheDocument();
  });

  it('filters by age with pressed buttons, and «Все» brings everything back', async () => {
    answerAll();
    const { user } = renderApp('/');
    await heading();
    const filters = screen.getByRole('group', { name: 'Для кого курс' });
    const all = within(filters).getByRole('button', { name: 'Все' });
    const children = within(filters).getByRole('button', { name: 'Для детей' });
    const adults = within(filters).getByRole('button', { name: 'Для взрослых' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(children).toHaveAttribute('aria-pressed', 'false');

    await user.click(children);
    expect(children).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(cardTitles()).toEqual(['Мастерская текста для подростков', 'Логика и искусство спора']);
    expect(screen.getByRole('status')).toHaveTextContent('Показано: 2 курса');

    await user.click(adults);
    expect(cardTitles()).toEqual(['Медленное чтение', 'История культуры']);

    await user.click(all);
    expect(cardTitles()).toHaveLength(4);
  });

  it('works from the keyboard', async () => {
    answerAll();
    const { user } = renderApp('/');
    await heading();
    const children = screen.getByRole('button', { name: 'Для детей' });
    children.focus();
    await user.keyboard('{Enter}');
    expect(children).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toHaveLength(2);
  });

  it('says so when a filter leaves nothing', async () => {
    answerAll();
    server.use(http.get('/api/v1/courses/', () => HttpResponse.json([course(1, 'Медленное чтение')])));
    const { user } = renderApp('/');
    await heading();
    await user.click(screen.getByRole('button', { name: 'Для детей' }));
    expect(screen.getByText('Таких курсов пока нет.')).toBeInTheDocument();
  });

  it('shows a card with its thumbnail, link, subtitle, authors and age label', async () => {
    answerAll();
    const { user, router } = renderApp('/');
    await heading();
    const workshop = within(catalogue()).getAllByRole('listitem')[1]!;
    const image = within(workshop).getByRole('img', { name: 'Иллюстрация к курсу «Мастерская текста для подростков»' });
    expect(image).toHaveAttribute('src', '/demo/2-thumb.svg');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '400');
    expect(within(workshop).getByText('Подзаголовок 2')).toBeInTheDocument();
    expect(within(workshop).getByText('Анна Мельникова, Михаил Орлов')).toBeInTheDocument();
    expect(within(workshop).getByText('Для детей')).toBeInTheDocument();

    const link = within(workshop).getByRole('link', { name: 'Мастерская текста для подростков' });
    expect(link).toHaveAttribute('href', '/courses/2');
    server.use(http.get('/api/v1/courses/2/', () => HttpResponse.json({ detail: 'Курс не найден.' }, { status: 404 })));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/2'));
  });

  it('loads the first row of thumbnails at once and the rest lazily', async () => {
    answerAll();
    renderApp('/');
    await heading();
    const loading = within(catalogue())
      .getAllByRole('img')
      .map((image) => image.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'lazy']);
  });

  it('marks open courses with the enrolment hint and its start date', async () => {
    answerAll();
    renderApp('/');
    await heading();
    const [reading, workshop, logic] = within(catalogue()).getAllByRole('listitem');
    expect(within(reading!).getByText('Идёт набор. Старт курса - 03.12.')).toBeInTheDocument();
    expect(within(workshop!).getByText('Идёт набор. Старт курса - 05.12.')).toBeInTheDocument();
    expect(within(logic!).queryByText(/Идёт набор/)).not.toBeInTheDocument();
  });
});

describe('the quotation banner', () => {
  it('shows a quotation from a course with the source in capitals and links to the library and the course', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    answerAll();
    renderApp('/');
    await heading();
    const banner = screen.getByRole('figure', { name: 'Цитата' });
    expect(within(banner).getByText('Следовать за мыслями великого человека есть наука самая занимательная.')).toBeInTheDocument();
    expect(within(banner).getByText('Александр Пушкин, «Арап Петра Великого»')).toHaveStyle({ textTransform: 'uppercase' });
    expect(within(banner).getByRole('link', { name: 'Библиотека' })).toHaveAttribute('href', '/library');
    expect(within(banner).getByRole('link', { name: 'Из материалов курса «Медленное чтение»' })).toHaveAttribute(
      'href',
      '/courses/1',
    );
  });

  it('shows a quotation without a course with no course link', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    answerAll();
    renderApp('/');
    await heading();
    const banner = screen.getByRole('figure', { name: 'Цитата' });
    expect(within(banner).getByText('Мы все учились понемногу')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Библиотека' })).toBeInTheDocument();
    expect(within(banner).queryByText(/Из материалов курса/)).not.toBeInTheDocument();
  });

  it('keeps the same quotation while the visitor uses the page', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    answerAll();
    const { user } = renderApp('/');
    await heading();
    random.mockReturnValue(0);
    await user.click(screen.getByRole('button', { name: 'Для детей' }));
    await user.click(screen.getByRole('button', { name: 'Все' }));
    expect(screen.getByText('Следовать за мыслями великого человека есть наука самая занимательная.')).toBeInTheDocument();
  });

  it('sets verse lines joined by « / » on lines of their own', async () => {
    answerAll();
    server.use(
      http.get('/api/v1/quotations/', () =>
        HttpResponse.json([{ id: 1, source: 'Пушкин', text: 'Мы все учились понемногу / Чему-нибудь и как-нибудь.', course: null }]),
      ),
    );
    renderApp('/');
    await heading();
    const text = screen.getByText(/Мы все учились понемногу/);
    expect(text.innerHTML).toBe('Мы все учились понемногу<br>Чему-нибудь и как-нибудь.');
  });

  it('is left out when there are no quotations', async () => {
    answerAll();
    server.use(http.get('/api/v1/quotations/', () => HttpResponse.json([])));
    renderApp('/');
    await heading();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });
});
