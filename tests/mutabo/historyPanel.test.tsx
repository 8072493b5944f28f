import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HistoryEntry, HistoryPage } from '../../common/mutabo/history.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { contentHandlers, historyEntry, review } from './contentData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

function historyPage(results: HistoryEntry[], currentPage: number, pages: number): HistoryPage {
  return { count: 60, next: currentPage < pages ? `?page=${currentPage + 1}` : null, results, currentPage, pages };
}

/** The review's history, newest first: two entries on page 1, the creation on page 2 (the last). */
const reviewHistory: Record<number, HistoryPage> = {
  1: historyPage(
    [
      historyEntry({ id: 3, at: '2026-11-22T15:30:00Z', user: { id: 2, name: 'Михаил Орлов' }, before: { footer: 'Ученица' }, after: { footer: 'Ученица 10 класса' } }),
      historyEntry({ id: 2, at: '2026-11-21T09:05:00Z', before: { authorAge: null }, after: { authorAge: 16 } }),
    ],
    1,
    2,
  ),
  2: historyPage([historyEntry({ id: 1, at: '2026-11-20T10:00:00Z', user: null, action: 'create', after: { author: 'Ольга Петрова' } })], 2, 2),
};

const historyRegion = () => screen.findByRole('region', { name: 'История изменений' }, FIRST_RENDER);
const lines = (region: HTMLElement) => within(region).getAllByRole('listitem').map((item) => item.textContent);

describe('the history panel of the area', () => {
  let asked: string[];
  /** What the server holds now (a save adds an entry to it). */
  let history: Record<number, HistoryPage>;

  beforeEach(() => {
    asked = [];
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      ...contentHandlers(),
      http.get('*/api/v1/mutabo/feedback/:id/', () => HttpResponse.json(review)),
    );
    history = { ...reviewHistory };
    // Added on top of the area's empty history.
    server.use(
      http.get('*/api/v1/mutabo/history/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return HttpResponse.json(history[Number(url.searchParams.get('page'))]);
      }),
    );
  });

  it('shows who changed what and when, newest first, and reads earlier pages on request until the last', async () => {
    const { user } = renderApp('/mutabo/feedback/7');
    const region = await historyRegion();
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(2));
    expect(lines(region)).toEqual([
      expect.stringMatching(/^22\.11\.2026, \d\d:30 · Михаил ОрловОтзыв: изменено — подпись$/),
      expect.stringMatching(/^21\.11\.2026, \d\d:05 · Анна МельниковаОтзыв: изменено — возраст: — → 16$/),
    ]);

    await user.click(within(region).getByRole('button', { name: 'Показать более ранние' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(lines(region)[2]).toMatch(/^20\.11\.2026, \d\d:00 · неизвестно ктоОтзыв: создано$/);
    // Page 2 of 2 is the last: nothing earlier to ask for.
    expect(within(region).queryByRole('button', { name: 'Показать более ранние' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?entity=feedback&id=7&page=1', '?entity=feedback&id=7&page=2']);
  });

  it('says why earlier entries did not load and keeps the button to try again', async () => {
    server.use(http.get('*/api/v1/mutabo/history/', ({ request }) => (new URL(request.url).searchParams.get('page') === '2' ? HttpResponse.error() : HttpResponse.json(reviewHistory[1]))));
    const { user } = renderApp('/mutabo/feedback/7');
    const region = await historyRegion();
    await user.click(await within(region).findByRole('button', { name: 'Показать более ранние' }));
    expect(await within(region).findByText('Ошибка запроса к серверу.')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(2);

    server.use(http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(reviewHistory[2])));
    await user.click(within(region).getByRole('button', { name: 'Показать более ранние' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));
    expect(within(region).queryByText('Ошибка запроса к серверу.')).not.toBeInTheDocument();
  });

  it('reads the history again from the first page after a save, so the new version shows at once', async () => {
    server.use(
      http.patch('*/api/v1/mutabo/feedback/:id/', async ({ request }) => {
        const body = (await request.json()) as { footer: string };
        history[1] = historyPage(
          [historyEntry({ id: 4, at: '2026-11-23T12:00:00Z', before: { footer: 'Ученица 10 класса' }, after: { footer: body.footer } }), ...history[1]!.results],
          1,
          2,
        );
        return HttpResponse.json({ ...review, footer: body.footer, version: 5 });
      }),
    );
    const { user } = renderApp('/mutabo/feedback/7');
    const region = await historyRegion();
    await user.click(await within(region).findByRole('button', { name: 'Показать более ранние' }));
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(3));

    await user.type(screen.getByLabelText('Подпись под отзывом'), ', Москва');
    await user.click(screen.getByRole('button', { name: 'Сохранить отзыв' }));
    await waitFor(() => expect(lines(region)[0]).toMatch(/^23\.11\.2026, \d\d:00 · Анна МельниковаОтзыв: изменено — подпись$/));
    // The first page again (three entries now), without the earlier page read for the older version.
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region).queryByText(/неизвестно кто/)).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Показать более ранние' })).toBeInTheDocument();
    expect(asked).toEqual(['?entity=feedback&id=7&page=1', '?entity=feedback&id=7&page=2', '?entity=feedback&id=7&page=1']);
  });

  it('is the same panel in the course editor, with the course’s own history', async () => {
    const courseAsked: string[] = [];
    server.use(
      http.get('*/api/v1/mutabo/courses/:id/history/', ({ request, params }) => {
        const current = Number(new URL(request.url).searchParams.get('page'));
        courseAsked.push(`${params.id as string}:${current}`);
        const entry = historyEntry({
          id: 10 - current,
          entity: 'course',
          entityId: editedCourse.id,
          at: current === 1 ? '2026-11-23T08:51:00Z' : '2026-11-01T08:00:00Z',
          before: { title: current === 1 ? 'Чтение' : 'Черновик' },
          after: { title: current === 1 ? 'Медленное чтение' : 'Чтение' },
        });
        return HttpResponse.json(historyPage([entry], current, 2));
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const region = await historyRegion();
    expect(await within(region).findByText('Изменено: название: Чтение → Медленное чтение')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Показать более ранние' }));
    expect(await within(region).findByText('Изменено: название: Черновик → Чтение')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Показать более ранние' })).not.toBeInTheDocument();
    expect(courseAsked).toEqual(['5:1', '5:2']);
  });
});
