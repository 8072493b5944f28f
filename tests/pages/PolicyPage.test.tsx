// The privacy policy at /policy (issue 20): the version in force as the API answers it — its name as the heading,
// «Редакция от <date> (версия N)», the text — and the seller of the courses under it; a loading state, a clear error
// with a retry, and the sign-up form's link to it.
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Policy } from '../../common/policy.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';

const POLICY_URL = '*/api/v2/user/pages-content/policy/';

const block = (key: string, text: string, type = 'unstyled') => ({ key, text, type, depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} });

const policy: Policy = {
  name: 'Политика обработки персональных данных',
  text: JSON.stringify({
    blocks: [block('a', '1. Общие положения', 'header-two'), block('b', '1.2. Оператор персональных данных: ИП Мельникова Анна Викторовна.')],
    entityMap: {},
  }),
  version: 3,
  // 21:30 in UTC is 00:30 of the next day in Moscow: the edition is dated as in Moscow.
  publishedAt: '2026-11-26T21:30:00.000Z',
};

beforeEach(() => server.use(...siteApiHandlers()));

describe('PolicyPage', () => {
  it('shows a loading indicator, then the name as the only h1, the edition with its date and number, the text and the seller', async () => {
    server.use(
      http.get(POLICY_URL, async () => {
        await delay(300);
        return HttpResponse.json(policy);
      }),
    );
    renderApp('/policy');
    // The page is a lazy chunk: on a busy machine its first load takes more than the default second.
    expect(await screen.findByRole('status', { name: 'Загружаем политику конфиденциальности' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: policy.name })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Редакция от 27 ноября 2026 г. (версия 3)')).toBeInTheDocument();
    expect(await screen.findByText('1.2. Оператор персональных данных: ИП Мельникова Анна Викторовна.')).toBeInTheDocument();
    const seller = await screen.findByRole('region', { name: 'Продавец курсов' });
    expect(within(seller).getByText('ИП Мельникова Анна Викторовна')).toBeInTheDocument();
    expect(within(seller).getByText('ИНН 771234567859, ОГРНИП 319774600123453')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${policy.name} — Мутабор`));
  });

  it('shows the default text as version 0 with its date', async () => {
    server.use(http.get(POLICY_URL, () => HttpResponse.json({ ...policy, name: 'Политика конфиденциальности', version: 0, publishedAt: '2026-11-26T00:00:00.000Z' })));
    renderApp('/policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Редакция от 26 ноября 2026 г. (версия 0)')).toBeInTheDocument();
  });

  it('says clearly when the policy cannot be loaded, and loads it again on request', async () => {
    let calls = 0;
    server.use(
      http.get(POLICY_URL, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ detail: 'База данных недоступна.' }, { status: 503 }) : HttpResponse.json(policy);
      }),
    );
    const { user } = renderApp('/policy');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Не удалось загрузить политику конфиденциальности: База данных недоступна.');
    expect(screen.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Загрузить снова' }));
    expect(await screen.findByText('Редакция от 27 ноября 2026 г. (версия 3)')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('is where the sign-up form’s agreement links to', async () => {
    server.use(http.get(POLICY_URL, () => HttpResponse.json(policy)));
    const { router } = renderApp('/user/signup');
    const link = await screen.findByRole('link', { name: 'политикой обработки персональных данных' }, { timeout: 5000 });
    await act(() => router.navigate(link.getAttribute('href')!));
    expect(await screen.findByRole('heading', { level: 1, name: policy.name }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/policy');
  });
});
