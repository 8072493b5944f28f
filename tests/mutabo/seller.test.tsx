// The seller's details in the authors' area (issue 19): the form, its checks of ИНН and ОГРН before sending, the
// server's refusals under the fields, a stale copy, and the history.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import { sellerMessages, type MutaboSeller } from '../../common/mutabo/seller.ts';
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

const seller: MutaboSeller = {
  name: 'ИП Мельникова Анна Викторовна',
  inn: '771234567859',
  ogrn: '319774600123453',
  address: '109012, г. Москва, Демонстрационный пер., д. 1, кв. 1',
  email: 'school@example.com',
  phone: '',
  version: 3,
};

const LABELS = {
  name: 'Название организации или ФИО индивидуального предпринимателя',
  inn: 'ИНН',
  ogrn: 'ОГРН или ОГРНИП',
  address: 'Адрес',
  email: 'Электронная почта',
  phone: 'Телефон',
};

describe("the seller's details in the area", () => {
  beforeEach(() => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      ...contentHandlers(),
      http.get('*/api/v1/mutabo/seller/', () => HttpResponse.json(seller)),
    );
  });

  it('is a section of the area, shows the details and saves them with the version read', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.patch('*/api/v1/mutabo/seller/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...seller, ...sent, version: 4 });
      }),
    );
    const { user } = renderApp('/mutabo/seller');
    expect(await screen.findByLabelText(LABELS.name, {}, FIRST_RENDER)).toHaveValue(seller.name);
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    expect(within(nav).getByRole('link', { name: 'Реквизиты продавца' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Реквизиты продавца' })).toBeInTheDocument();
    expect(screen.getByLabelText(LABELS.inn)).toHaveValue(seller.inn);
    expect(screen.getByLabelText(LABELS.ogrn)).toHaveValue(seller.ogrn);
    // What is missing is named: a real payment provider takes no payment until it is filled in.
    expect(screen.getByText(/Не заполнено: Телефон/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(LABELS.phone), '+7 495 000-00-00');
    await user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText('Реквизиты сохранены. На сайте уже новая версия.')).toBeInTheDocument();
    expect(sent).toEqual({ ...seller, phone: '+7 495 000-00-00', version: 3 });
    expect(screen.queryByText(/Не заполнено/)).not.toBeInTheDocument();
  });

  it('changes what the site’s footer says once saved', async () => {
    server.use(
      http.patch('*/api/v1/mutabo/seller/', async ({ request }) => HttpResponse.json({ ...seller, ...((await request.json()) as object), version: 4 })),
    );
    // The site's footer has read the seller before the author goes to the area.
    const { user, router } = renderApp('/');
    await within(screen.getByRole('contentinfo')).findByText(/тел\. \+7 495 000-00-00/, {}, FIRST_RENDER);
    await router.navigate('/mutabo/seller');
    await user.type(await screen.findByLabelText(LABELS.phone, {}, FIRST_RENDER), '+7 812 111-22-33');
    server.use(http.get('*/api/v1/seller/', () => HttpResponse.json({ ...seller, phone: '+7 812 111-22-33' })));
    await user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    await screen.findByText('Реквизиты сохранены. На сайте уже новая версия.');
    await user.click(screen.getByRole('link', { name: 'На сайт' }));
    expect(await within(await screen.findByRole('contentinfo')).findByText(/тел\. \+7 812 111-22-33/, {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it('checks ИНН and ОГРН with their check digits before sending', async () => {
    let sent = false;
    server.use(
      http.patch('*/api/v1/mutabo/seller/', () => {
        sent = true;
        return HttpResponse.json(seller);
      }),
    );
    const { user } = renderApp('/mutabo/seller');
    const inn = await screen.findByLabelText(LABELS.inn, {}, FIRST_RENDER);
    await user.clear(inn);
    await user.type(inn, '771234567850');
    const ogrn = screen.getByLabelText(LABELS.ogrn);
    await user.clear(ogrn);
    await user.type(ogrn, '12345');
    await user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(inn).toHaveAccessibleDescription(sellerMessages.innChecksum);
    expect(ogrn).toHaveAccessibleDescription(sellerMessages.ogrnFormat);
    expect(sent).toBe(false);
  });

  it('shows the server’s refusal under its field, and explains a stale copy', async () => {
    server.use(http.patch('*/api/v1/mutabo/seller/', () => HttpResponse.json({ ogrn: [sellerMessages.innOgrnMismatch] }, { status: 400 })));
    const { user } = renderApp('/mutabo/seller');
    const ogrn = await screen.findByLabelText(LABELS.ogrn, {}, FIRST_RENDER);
    await user.clear(ogrn);
    await user.type(ogrn, '1027700132195');
    await user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText(sellerMessages.innOgrnMismatch)).toBeInTheDocument();
    expect(ogrn).toHaveAccessibleDescription(sellerMessages.innOgrnMismatch);

    server.use(http.patch('*/api/v1/mutabo/seller/', () => HttpResponse.json({ detail: sellerMessages.stale }, { status: 409 })));
    await user.clear(ogrn);
    await user.type(ogrn, seller.ogrn);
    await user.click(screen.getByRole('button', { name: 'Сохранить реквизиты' }));
    expect(await screen.findByText(sellerMessages.stale)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Загрузить текущую версию' })).toBeInTheDocument();
  });

  it('shows who changed the details', async () => {
    const history: HistoryPage = {
      count: 1,
      next: null,
      currentPage: 1,
      pages: 1,
      results: [
        { id: 1, at: '2026-11-20T10:00:00Z', user: { id: 2, name: 'Борис Орлов' }, entity: 'seller', entityId: 1, action: 'update', before: { inn: '500100732259', address: 'Старый' }, after: { inn: '771234567859', address: 'Новый' } },
      ],
    };
    server.use(http.get('*/api/v1/mutabo/history/', () => HttpResponse.json(history)));
    renderApp('/mutabo/seller');
    expect(await screen.findByText('Реквизиты продавца: изменено — ИНН: 500100732259 → 771234567859; адрес', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/Борис Орлов/)).toBeInTheDocument();
  });
});
