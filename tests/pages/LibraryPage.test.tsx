// The library page: states, plural forms, filters in the query string, pagination.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CourseShort, LibraryCategory, LibraryItem, LibraryPage } from '../../common/wireTypes.ts';
import { server } from '../support/server.ts';
import { gate } from '../support/gate.ts';
import { renderApp } from '../support/renderApp.tsx';

const categories: LibraryCategory[] = [
  { id: 1, name: 'Статьи' },
  { id: 2, name: 'Книги' },
  { id: 4, name: 'Рабочие листы' },
];

function course(id: number, title: string): CourseShort {
  return {
    id,
    title,
    subtitle: '',
    start: null,
    end: null,
    disciplesAge: 'DISCIPLES_AGE_ADULTS',
    image: '',
    thumbnail: '',
    state: 'announced',
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
  };
}

const courses = [course(3, 'Философия для подростков'), course(2, 'Достоевский'), course(9, 'Тестовый курс оплаты'), course(5, 'Ёлочные стихи'), course(6, 'Античность')];

const pushkin: LibraryItem = {
  id: 10,
  title: 'Евгений Онегин',
  author: 'Александр Пушкин',
  categories: [2],
  courses: [2, 9],
  externalLink: 'https://ru.wikisource.org/wiki/Евгений_Онегин',
  file: null,
};
const worksheet: LibraryItem = {
  id: 11,
  title: 'Как читать медленно',
  author: 'Анна Мельникова',
  categories: [4, 1],
  courses: [],
  externalLink: null,
  file: '/demo/files/worksheet.txt',
};

function libraryPage(results: LibraryItem[], count = results.length, page = 1): LibraryPage {
  const pages = Math.max(1, Math.ceil(count / 15));
  return { count, next: null, results, currentPage: page, pages };
}

/**
 * The library API: categories, courses and items; records the query of every items request. `hold` names what an
 * items answer waits for (a gate the test opens), if anything.
 */
function libraryApi(
  answer: (params: URLSearchParams) => LibraryPage = () => libraryPage([pushkin, worksheet]),
  hold: (params: URLSearchParams) => Promise<void> | undefined = () => undefined,
) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/library-categories/', () => HttpResponse.json(categories)),
    http.get('*/api/v1/courses/', () => HttpResponse.json(courses)),
    http.get('*/api/v1/library-items/', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      await hold(params);
      return HttpResponse.json(answer(params));
    }),
  );
  return asked;
}

const asText = (params: URLSearchParams | undefined) => params?.toString().replace(/%2C/g, ',');
const filterToggle = () => screen.getByRole('button', { name: /^Фильтры/ });

describe('LibraryPage', () => {
  it('shows the title and a loading indicator until the materials arrive', async () => {
    const answer = gate();
    libraryApi(undefined, () => answer.opened);
    renderApp('/library');
    expect(await screen.findByRole('heading', { level: 1, name: 'Библиотека' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Загружаем материалы' })).toBeInTheDocument();
    answer.open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Александр Пушкин. Евгений Онегин' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Загружаем материалы' })).not.toBeInTheDocument();
  });

  it('shows the generic error screen when the materials fail to load', async () => {
    libraryApi();
    server.use(http.get('*/api/v1/library-items/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 502 })));
    renderApp('/library');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });

  it('shows the generic error screen when the categories fail to load', async () => {
    libraryApi();
    server.use(http.get('*/api/v1/library-categories/', () => HttpResponse.error()));
    renderApp('/library');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });

  it('says «Материалы не найдены» when nothing matches', async () => {
    libraryApi(() => libraryPage([]));
    renderApp('/library');
    expect(await screen.findByText('Материалы не найдены')).toBeInTheDocument();
    expect(screen.getByText('Всего 0 материалов')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы библиотеки' })).not.toBeInTheDocument();
  });

  it('shows each material as «author. title» with its download link and chips', async () => {
    libraryApi();
    renderApp('/library');
    const title = await screen.findByRole('heading', { level: 2, name: 'Александр Пушкин. Евгений Онегин' });
    const item = title.closest('li')!;
    const download = within(item).getByRole('link', { name: /^Скачать/ });
    expect(download).toHaveAttribute('href', 'https://ru.wikisource.org/wiki/Евгений_Онегин');
    expect(download).toHaveAttribute('target', '_blank');
    expect(download.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(download).not.toHaveAttribute('download');
    expect(download).toHaveAccessibleName('Скачать: Александр Пушкин. Евгений Онегин (откроется в новой вкладке)');
    expect(within(item).getByText('Книги')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Достоевский' })).toHaveAttribute('href', '/courses/2');
    // A test course has no chip.
    expect(within(item).queryByText('Тестовый курс оплаты')).not.toBeInTheDocument();

    const sheet = screen.getByRole('heading', { level: 2, name: 'Анна Мельникова. Как читать медленно' }).closest('li')!;
    const file = within(sheet).getByRole('link', { name: /^Скачать/ });
    expect(file).toHaveAttribute('href', '/demo/files/worksheet.txt');
    expect(file).toHaveAttribute('download');
    expect(file).not.toHaveAttribute('target');
    expect(within(sheet).getByText('Рабочие листы')).toBeInTheDocument();
    expect(within(sheet).getByText('Статьи')).toBeInTheDocument();
  });

  it.each([
    [1, 'Всего 1 материал'],
    [3, 'Всего 3 материала'],
    [15, 'Всего 15 материалов'],
    [21, 'Всего 21 материал'],
    [44, 'Всего 44 материала'],
    [111, 'Всего 111 материалов'],
  ])('counts %i materials as «%s»', async (count, text) => {
    libraryApi(() => libraryPage([pushkin], count));
    renderApp('/library');
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('opens and closes the filters; courses are sorted by title, without test courses', async () => {
    libraryApi();
    const { user } = renderApp('/library');
    await screen.findByText('Всего 2 материала');
    const toggle = filterToggle();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Тип материала' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeVisible();
    const types = screen.getByRole('group', { name: 'Тип материала' });
    expect(within(types).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Статьи',
      'Книги',
      'Рабочие листы',
    ]);
    const byCourse = screen.getByRole('group', { name: 'Курс' });
    expect(within(byCourse).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Античность',
      'Достоевский',
      'Ёлочные стихи',
      'Философия для подростков',
    ]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Тип материала' })).not.toBeInTheDocument();
  });

  it('puts a checked category into the query string and asks for page 1 of it', async () => {
    const asked = libraryApi();
    const { user, router } = renderApp('/library?page=2');
    await screen.findByText('Всего 2 материала');
    expect(asText(asked.at(-1))).toBe('page=2&limit=15');

    await user.click(filterToggle());
    await user.click(screen.getByRole('checkbox', { name: 'Рабочие листы' }));
    expect(router.state.location.search).toBe('?categories=4');
    await waitFor(() => expect(asText(asked.at(-1))).toBe('page=1&limit=15&categories=4'));
    expect(screen.getByRole('checkbox', { name: 'Рабочие листы' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Рабочие листы' })).toHaveFocus();

    await user.click(screen.getByRole('checkbox', { name: 'Статьи' }));
    await user.click(screen.getByRole('checkbox', { name: 'Достоевский' }));
    expect(router.state.location.search).toBe('?categories=1,4&courses=2');
    await waitFor(() => expect(asText(asked.at(-1))).toBe('page=1&limit=15&categories=1,4&courses=2'));
    expect(filterToggle()).toHaveTextContent('Фильтры (3)');

    await user.click(screen.getByRole('checkbox', { name: 'Рабочие листы' }));
    expect(router.state.location.search).toBe('?categories=1&courses=2');
  });

  it('reads the filters from the address on load, ignoring junk', async () => {
    const asked = libraryApi(() => libraryPage([pushkin], 40, 2));
    renderApp('/library?categories=4,abc,-1,2&courses=x,2.5,3&page=2&foo=bar');
    await screen.findByText('Всего 40 материалов');
    expect(asText(asked[0])).toBe('page=2&limit=15&categories=2,4&courses=3');
    // The filters are open, so the reader sees what is chosen.
    expect(filterToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'Книги' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Рабочие листы' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Статьи' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Философия для подростков' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('treats a wholly junk address as no filters at page 1', async () => {
    const asked = libraryApi();
    renderApp('/library?categories=,,&courses=abc&page=-3');
    await screen.findByText('Всего 2 материала');
    expect(asText(asked[0])).toBe('page=1&limit=15');
    expect(filterToggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers numeric page links when there is more than one page, keeping the filters', async () => {
    const asked = libraryApi((params) => libraryPage([pushkin], 38, Number(params.get('page'))));
    const { user, router } = renderApp('/library?categories=2');
    await screen.findByText('Всего 38 материалов');
    const pages = screen.getByRole('navigation', { name: 'Страницы библиотеки' });
    expect(within(pages).getAllByRole('link').map((link) => link.textContent)).toEqual(['1', '2', '3']);
    expect(within(pages).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Страница 2' })).not.toHaveAttribute('aria-current');

    // jsdom lays nothing out: the test sees where the page asks the window to scroll.
    const scrolledTo: Element[] = [];
    const jsdomScroll = Element.prototype.scrollIntoView;
    onTestFinished(() => {
      Element.prototype.scrollIntoView = jsdomScroll;
    });
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolledTo.push(this);
    });
    await user.click(within(pages).getByRole('link', { name: 'Страница 3' }));
    expect(router.state.location.search).toBe('?categories=2&page=3');
    // The window goes to the top of the list, not left at the page numbers below it.
    expect(scrolledTo).toEqual([screen.getByRole('region', { name: 'Материалы' })]);
    await waitFor(() => expect(asText(asked.at(-1))).toBe('page=3&limit=15&categories=2'));
    expect(await screen.findByRole('link', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
    // The focus goes to the top of the list, not to the page number now at the bottom.
    expect(screen.getByRole('region', { name: 'Материалы' })).toHaveFocus();
  });

  it('keeps the current materials on screen, marked busy, while the next page loads', async () => {
    const other: LibraryItem = { ...worksheet, id: 12, title: 'Вторая страница' };
    const secondPage = gate();
    libraryApi(
      (params) => (params.get('page') === '2' ? libraryPage([other], 20, 2) : libraryPage([pushkin], 20)),
      (params) => (params.get('page') === '2' ? secondPage.opened : undefined),
    );
    const { user } = renderApp('/library');
    await screen.findByText('Всего 20 материалов');
    await user.click(screen.getByRole('link', { name: 'Страница 2' }));
    const results = screen.getByRole('region', { name: 'Материалы' });
    await waitFor(() => expect(results).toHaveAttribute('aria-busy', 'true'));
    expect(within(results).getByRole('heading', { level: 2, name: 'Александр Пушкин. Евгений Онегин' })).toBeInTheDocument();
    secondPage.open();
    expect(await within(results).findByRole('heading', { level: 2, name: 'Анна Мельникова. Вторая страница' })).toBeInTheDocument();
    expect(results).not.toHaveAttribute('aria-busy');
    expect(screen.queryByRole('heading', { level: 2, name: 'Александр Пушкин. Евгений Онегин' })).not.toBeInTheDocument();
  });

  it('shows no page links for a single page', async () => {
    libraryApi(() => libraryPage([pushkin], 15));
    renderApp('/library');
    await screen.findByText('Всего 15 материалов');
    expect(screen.queryByRole('navigation', { name: 'Страницы библиотеки' })).not.toBeInTheDocument();
  });

  it('restores the filters on Back and Forward', async () => {
    libraryApi();
    const { user, router } = renderApp('/library');
    await screen.findByText('Всего 2 материала');
    await user.click(filterToggle());
    await user.click(screen.getByRole('checkbox', { name: 'Книги' }));
    await user.click(screen.getByRole('checkbox', { name: 'Античность' }));
    expect(router.state.location.search).toBe('?categories=2&courses=6');

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?categories=2');
    expect(screen.getByRole('checkbox', { name: 'Античность' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Книги' })).toBeChecked();

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Книги' })).not.toBeChecked();

    await act(() => router.navigate(1));
    expect(screen.getByRole('checkbox', { name: 'Книги' })).toBeChecked();
  });

  it('«Все материалы» clears every filter and the page', async () => {
    const asked = libraryApi((params) => libraryPage([pushkin], 38, Number(params.get('page'))));
    const { user, router } = renderApp('/library?categories=1,2&courses=3&page=2');
    await screen.findByText('Всего 38 материалов');
    await user.click(screen.getByRole('button', { name: 'Все материалы' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(asText(asked.at(-1))).toBe('page=1&limit=15'));
    expect(screen.getByRole('checkbox', { name: 'Статьи' })).not.toBeChecked();
    expect(filterToggle()).toHaveTextContent(/^Фильтры$/);
  });
});
