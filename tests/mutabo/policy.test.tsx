// The privacy policy's editor in the authors' area (issue 20): a section of the area next to the offer; it opens on
// the site's default text (version 0) and saves it as the first version; the version in force with its date; a
// stale copy; the server's refusal of an empty text under the field; the history.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { policyMessages, type MutaboPolicy } from '../../common/policy.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { contentHandlers } from './contentData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
// The area is a large lazy chunk and the policy a long text: on a busy machine the first test alone takes 15 s.
vi.setConfig({ testTimeout: 30000 });

const POLICY_URL = '*/api/v1/mutabo/pages-content/policy/';

const defaultPolicy: MutaboPolicy = {
  name: 'Политика конфиденциальности',
  text: JSON.stringify({
    blocks: [
      { key: 'a', text: '1. Общие положения', type: 'header-two' },
      { key: 'b', text: '1.2. Оператор персональных данных: ИП Петрова Анна Сергеевна.', type: 'unstyled' },
    ],
    entityMap: {},
  }),
  version: 0,
  publishedAt: '2026-11-26T00:00:00.000Z',
};

describe('the privacy policy in the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(), ...contentHandlers(), http.get(POLICY_URL, () => HttpResponse.json(defaultPolicy)));
  });

  it('is a section of the area that opens on the default text and saves it as the first version', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.patch(POLICY_URL, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...defaultPolicy, version: 1, publishedAt: '2026-11-27T09:15:00.000Z' });
      }),
    );
    const { user } = renderApp('/mutabo/policy');
    expect(await screen.findByText('1.2. Оператор персональных данных: ИП Петрова Анна Сергеевна.', {}, FIRST_RENDER)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    expect(within(nav).getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '/policy' })).toHaveAttribute('href', '/policy');
    expect(screen.getByText(/Сейчас действует исходный текст сайта \(редакция 0\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Заголовок страницы')).toHaveValue('Политика конфиденциальности');

    await user.click(screen.getByRole('button', { name: 'Сохранить политику' }));
    expect(await screen.findByText('Политика сохранена. На сайте уже новая редакция.')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Политика конфиденциальности', text: defaultPolicy.text, version: 0 });
    expect(screen.getByText(/Сейчас действует редакция 1 от 27 ноября 2026 г\./)).toBeInTheDocument();
  });

  it('explains a stale copy (409)', async () => {
    server.use(http.patch(POLICY_URL, () => HttpResponse.json({ detail: policyMessages.stale }, { status: 409 })));
    const { user } = renderApp('/mutabo/policy');
    await user.type(await screen.findByLabelText('Заголовок страницы', {}, FIRST_RENDER), '!');
    await user.click(screen.getByRole('button', { name: 'Сохранить политику' }));
    expect(await screen.findByText(policyMessages.stale)).toBeInTheDocument();
  });

  it('shows the server’s refusal of an empty text under the text', async () => {
    server.use(http.patch(POLICY_URL, () => HttpResponse.json({ text: [policyMessages.textRequired] }, { status: 400 })));
    const { user } = renderApp('/mutabo/policy');
    await user.type(await screen.findByLabelText('Заголовок страницы', {}, FIRST_RENDER), '!');
    await user.click(screen.getByRole('button', { name: 'Сохранить политику' }));
    expect(await screen.findByText(policyMessages.textRequired)).toBeInTheDocument();
  });

  it('shows the version in force with its date, and who changed it', async () => {
    const history: HistoryPage = {
      count: 1,
      next: null,
      currentPage: 1,
      pages: 1,
      results: [{ id: 1, at: '2026-11-20T10:00:00Z', user: { id: 2, name: 'Борис Орлов' }, entity: 'policy', entityId: 7, action: 'update', before: { text: 'a' }, after: { text: 'b' } }],
    };
    server.use(
      http.get(POLICY_URL, () => HttpResponse.json({ ...defaultPolicy, version: 4, publishedAt: '2026-11-20T10:00:00.000Z' })),
      http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(history)),
    );
    renderApp('/mutabo/policy');
    expect(await screen.findByText('Политика конфиденциальности: изменено — текст', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/Сейчас действует редакция 4 от 20 ноября 2026 г\./)).toBeInTheDocument();
  });
});
