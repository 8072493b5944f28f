// The public offer's editor in the authors' area (issue 19): the text in the rich-text editor, saved with the version
// read; a stale copy; the history; the first save of an offer that does not exist yet.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { DEFAULT_OFFER_NAME, sellerMessages, type MutaboOffer } from '../../common/mutabo/seller.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { contentHandlers } from './contentData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const offer: MutaboOffer = {
  name: 'Договор-оферта на участие в онлайн-курсах',
  text: JSON.stringify({ blocks: [{ key: 'a', text: '1. Предмет договора: вебинары.', type: 'unstyled' }], entityMap: {} }),
  version: 2,
};

describe('the public offer in the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      ...contentHandlers(),
      http.get('*/api/v1/mutabo/pages-content/offer/', () => HttpResponse.json(offer)),
    );
  });

  it('is a section of the area that shows the text and saves the heading with the version read', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.patch('*/api/v1/mutabo/pages-content/offer/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...offer, name: sent.name, version: 3 });
      }),
    );
    const { user } = renderApp('/mutabo/offer');
    expect(await screen.findByText('1. Предмет договора: вебинары.', {}, FIRST_RENDER)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    expect(within(nav).getByRole('link', { name: 'Договор-оферта' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '/offer' })).toHaveAttribute('href', '/offer');

    await user.clear(screen.getByLabelText('Заголовок страницы'));
    await user.click(screen.getByRole('button', { name: 'Сохранить договор' }));
    expect(screen.getByLabelText('Заголовок страницы')).toHaveAccessibleDescription(mutaboMessages.titleRequired);
    expect(sent).toBeNull();

    await user.type(screen.getByLabelText('Заголовок страницы'), 'Оферта');
    await user.click(screen.getByRole('button', { name: 'Сохранить договор' }));
    expect(await screen.findByText('Договор сохранён. На сайте уже новая редакция.')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Оферта', text: offer.text, version: 2 });
  });

  it('explains a stale copy (409)', async () => {
    server.use(http.patch('*/api/v1/mutabo/pages-content/offer/', () => HttpResponse.json({ detail: sellerMessages.staleOffer }, { status: 409 })));
    const { user } = renderApp('/mutabo/offer');
    await user.type(await screen.findByLabelText('Заголовок страницы', {}, FIRST_RENDER), '!');
    await user.click(screen.getByRole('button', { name: 'Сохранить договор' }));
    expect(await screen.findByText(sellerMessages.staleOffer)).toBeInTheDocument();
  });

  it('makes the offer with its first save (version 0) and shows who changed it', async () => {
    let sent: Record<string, unknown> | null = null;
    const history: HistoryPage = {
      count: 1,
      next: null,
      currentPage: 1,
      pages: 1,
      results: [{ id: 1, at: '2026-11-20T10:00:00Z', user: { id: 2, name: 'Борис Орлов' }, entity: 'offer', entityId: 7, action: 'update', before: { text: 'a' }, after: { text: 'b' } }],
    };
    server.use(
      http.get('*/api/v1/mutabo/pages-content/offer/', () => HttpResponse.json({ name: DEFAULT_OFFER_NAME, text: '', version: 0 })),
      http.patch('*/api/v1/mutabo/pages-content/offer/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ name: DEFAULT_OFFER_NAME, text: '', version: 1 });
      }),
      http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(history)),
    );
    const { user } = renderApp('/mutabo/offer');
    expect(await screen.findByText('Договор-оферта: изменено — текст', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByLabelText('Заголовок страницы')).toHaveValue(DEFAULT_OFFER_NAME);
    await user.click(screen.getByRole('button', { name: 'Сохранить договор' }));
    expect(await screen.findByText('Договор сохранён. На сайте уже новая редакция.')).toBeInTheDocument();
    expect(sent).toEqual({ name: DEFAULT_OFFER_NAME, text: '', version: 0 });
  });
});
