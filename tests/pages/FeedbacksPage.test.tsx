// The reviews page: states, «Ещё отзывы», how a review names its author and course.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Feedback, FeedbackPage } from '../../common/wireTypes.ts';
import { feedbackAuthorLabel } from '../../src/features/feedback/feedbackLines.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';

const anna = { id: 1, firstName: 'Анна', lastName: 'Мельникова', genitive: 'Анны Мельниковой' };
const mikhail = { id: 2, firstName: 'Михаил', lastName: 'Орлов', genitive: 'Михаила Орлова' };

function review(id: number, overrides: Partial<Feedback> = {}): Feedback {
  return {
    id,
    author: `Автор ${id}`,
    authorAge: null,
    course: { id: 5, title: 'Медленное чтение' },
    courseAuthors: [anna],
    footer: '',
    text: `Текст отзыва ${id}`,
    ...overrides,
  };
}

function feedbackPage(page: number, pages: number, results: Feedback[]): FeedbackPage {
  return {
    count: results.length * pages,
    next: page < pages ? `/api/v1/feedback/?page=${page + 1}` : null,
    results,
    currentPage: page,
    nextPage: page < pages ? page + 1 : null,
    pages,
  };
}

/** Answers the pages given; records each page asked for. */
/** `wait`: milliseconds, or what a page's answer waits for (the test then sees the loading state for as long as it needs). */
function feedbackHandler(pages: Record<number, FeedbackPage>, wait: number | ((page: number) => Promise<void>) = 0) {
  const asked: string[] = [];
  server.use(
    http.get('*/api/v1/feedback/', async ({ request }) => {
      const page = new URL(request.url).searchParams.get('page') ?? '';
      asked.push(page);
      if (typeof wait === 'function') await wait(Number(page || 1));
      else if (wait) await delay(wait);
      const answer = pages[Number(page || 1)];
      return answer ? HttpResponse.json(answer) : HttpResponse.json({ detail: 'Страница не найдена.' }, { status: 404 });
    }),
  );
  return asked;
}

const reviewsList = () => screen.getByRole('list', { name: 'Отзывы' });
const reviewNames = () =>
  within(reviewsList())
    .getAllByRole('article')
    .map((article) => document.getElementById(article.getAttribute('aria-labelledby') ?? '')?.textContent);

describe('FeedbacksPage', () => {
  it('shows a loading indicator under the title until the first page arrives', async () => {
    feedbackHandler({ 1: feedbackPage(1, 1, [review(1)]) }, 50);
    renderApp('/feedbacks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Отзывы' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Загружаем отзывы' })).toBeInTheDocument();
    expect(await screen.findByText('Текст отзыва 1')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Загружаем отзывы' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Отзывы — Мутабор'));
  });

  it('shows the generic error screen when the reviews fail to load', async () => {
    server.use(http.get('*/api/v1/feedback/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })));
    renderApp('/feedbacks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Перезагрузить' })).toBeInTheDocument();
  });

  it('says so when there are no reviews yet, without a «more» button', async () => {
    feedbackHandler({ 1: { count: 0, next: null, results: [], currentPage: 1, nextPage: null, pages: 1 } });
    renderApp('/feedbacks');
    expect(await screen.findByText('Отзывов пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ещё отзывы' })).not.toBeInTheDocument();
  });

  it('shows a review: its text, author with age, the course line linking to the course, and the footer', async () => {
    feedbackHandler({
      1: feedbackPage(1, 1, [
        review(1, {
          author: 'Мария',
          authorAge: 14,
          courseAuthors: [anna, mikhail],
          course: { id: 7, title: 'Достоевский' },
          footer: 'Ученица 8 класса',
        }),
        review(2, { author: 'Сергей П.', authorAge: null, text: 'Просто текст.\nВторая строка.' }),
      ]),
    });
    renderApp('/feedbacks');
    const first = await screen.findByRole('article', { name: 'Мария, 14 лет' });
    expect(within(first).getByText('Текст отзыва 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'О курсе Анны Мельниковой и Михаила Орлова «Достоевский»' })).toHaveAttribute(
      'href',
      '/courses/7',
    );
    expect(within(first).getByText('Ученица 8 класса')).toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Сергей П.' });
    expect(within(second).getByText('Вторая строка.')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'О курсе Анны Мельниковой «Медленное чтение»' })).toHaveAttribute(
      'href',
      '/courses/5',
    );
    expect(second.querySelector('footer')?.textContent).not.toMatch(/Ученица/);
  });

  it('shows rich (draft-js) review text', async () => {
    const raw = JSON.stringify({
      blocks: [{ key: 'a', text: 'Лучший курс года', type: 'unstyled', depth: 0, inlineStyleRanges: [{ offset: 0, length: 6, style: 'BOLD' }], entityRanges: [], data: {} }],
      entityMap: {},
    });
    feedbackHandler({ 1: feedbackPage(1, 1, [review(1, { text: raw })]) });
    const { container } = renderApp('/feedbacks');
    expect(await screen.findByText('Лучший курс года')).toBeInTheDocument();
    expect(screen.queryByText(/"blocks"/)).not.toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('.public-DraftEditor-content')).not.toBeNull());
    expect(screen.getByText('Лучший')).toBeInTheDocument();
  });

  it.each([
    [1, 'Аня, 1 год'],
    [3, 'Аня, 3 года'],
    [11, 'Аня, 11 лет'],
    [14, 'Аня, 14 лет'],
    [21, 'Аня, 21 год'],
    [22, 'Аня, 22 года'],
    [35, 'Аня, 35 лет'],
    [null, 'Аня'],
    [0, 'Аня'],
  ])('writes the age %s as «%s»', (authorAge, label) => {
    expect(feedbackAuthorLabel({ author: 'Аня', authorAge })).toBe(label);
  });

  it('«Ещё отзывы» appends the next page after the loaded ones and disappears on the last page', async () => {
    // The second page is answered only once the test has seen it loading: under load, a timed delay can end first.
    let releaseSecond = () => {};
    const second = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const asked = feedbackHandler(
      {
        1: feedbackPage(1, 3, [review(1), review(2)]),
        2: feedbackPage(2, 3, [review(3), review(4)]),
        3: feedbackPage(3, 3, [review(5)]),
      },
      (page) => (page === 2 ? second : Promise.resolve()),
    );
    const { user } = renderApp('/feedbacks');
    await screen.findByText('Текст отзыва 2');
    expect(reviewNames()).toEqual(['Автор 1', 'Автор 2']);

    const more = screen.getByRole('button', { name: 'Ещё отзывы' });
    await user.click(more);
    // While the page loads, the button stays where it is, says it is busy, and shows a spinner.
    await waitFor(() => expect(more).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByText('Загружаем ещё отзывы…')).toHaveAttribute('role', 'status');
    releaseSecond();
    await screen.findByText('Текст отзыва 4');
    expect(reviewNames()).toEqual(['Автор 1', 'Автор 2', 'Автор 3', 'Автор 4']);
    // The reader continues from the first new review.
    expect(screen.getByRole('article', { name: 'Автор 3' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Ещё отзывы' }));
    await screen.findByText('Текст отзыва 5');
    expect(reviewNames()).toEqual(['Автор 1', 'Автор 2', 'Автор 3', 'Автор 4', 'Автор 5']);
    expect(screen.queryByRole('button', { name: 'Ещё отзывы' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Автор 5' })).toHaveFocus();
    expect(asked).toEqual(['1', '2', '3']);
  });

  it('ignores clicks while the next page is loading', async () => {
    const asked = feedbackHandler({ 1: feedbackPage(1, 3, [review(1)]), 2: feedbackPage(2, 3, [review(2)]) }, 50);
    const { user } = renderApp('/feedbacks');
    await screen.findByText('Текст отзыва 1');
    const more = screen.getByRole('button', { name: 'Ещё отзывы' });
    await user.click(more);
    await user.click(more);
    await screen.findByText('Текст отзыва 2');
    expect(asked).toEqual(['1', '2']);
  });

  it('keeps the loaded reviews when a next page fails, and asks for it again on the next click', async () => {
    let failures = 1;
    server.use(
      http.get('*/api/v1/feedback/', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        if (page === 1) return HttpResponse.json(feedbackPage(1, 2, [review(1)]));
        if (failures-- > 0) return HttpResponse.json({ detail: 'Сбой' }, { status: 500 });
        return HttpResponse.json(feedbackPage(2, 2, [review(2)]));
      }),
    );
    const { user } = renderApp('/feedbacks');
    await screen.findByText('Текст отзыва 1');
    await user.click(screen.getByRole('button', { name: 'Ещё отзывы' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('не удалось загрузить отзывы');
    expect(screen.getByText('Текст отзыва 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ещё отзывы' }));
    expect(await screen.findByText('Текст отзыва 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ещё отзывы' })).not.toBeInTheDocument();
  });
});
