// The public offer at /offer (issue 19): the name as the heading, the rich text, and the seller's details under it;
// a friendly word while the authors have not published it; reached from the footer.
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { Seller } from '../../common/wireTypes.ts';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';

const OFFER_URL = '*/api/v2/user/pages-content/offer/';

const raw = JSON.stringify({
  blocks: [
    { key: 'a', text: '1. Предмет договора', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
    { key: 'b', text: 'Исполнитель проводит вебинары курса.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
  ],
  entityMap: {},
});

const seller: Seller = {
  name: 'ИП Мельникова Анна Викторовна',
  inn: '771234567859',
  ogrn: '319774600123453',
  address: '109012, г. Москва, Демонстрационный пер., д. 1, кв. 1',
  email: 'school@example.com',
  phone: '+7 495 000-00-00',
};

beforeEach(() => server.use(...siteApiHandlers(), http.get('*/api/v1/seller/', () => HttpResponse.json(seller))));

describe('OfferPage', () => {
  it('shows a loading indicator, then the name as the only h1, the text and the seller’s details', async () => {
    server.use(
      http.get(OFFER_URL, async () => {
        await delay(300);
        return HttpResponse.json({ name: 'Договор-оферта на участие в онлайн-курсах', text: raw });
      }),
    );
    renderApp('/offer');
    // The page is a lazy chunk: on a busy machine its first load takes more than the default second.
    expect(await screen.findByRole('status', { name: 'Загружаем договор-оферту' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Договор-оферта на участие в онлайн-курсах' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('Исполнитель проводит вебинары курса.')).toBeInTheDocument();
    const details = await screen.findByRole('region', { name: 'Реквизиты исполнителя' });
    expect(within(details).getByText(seller.name)).toBeInTheDocument();
    expect(within(details).getByText('ИНН 771234567859, ОГРНИП 319774600123453')).toBeInTheDocument();
    expect(within(details).getByText(`Адрес: ${seller.address}`)).toBeInTheDocument();
    expect(within(details).getByText('Эл. почта school@example.com, тел. +7 495 000-00-00')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Договор-оферта на участие в онлайн-курсах — Мутабор'));
  });

  it('says the offer is not published yet while the API has none (404)', async () => {
    server.use(http.get(OFFER_URL, () => HttpResponse.json({ detail: 'Не найдено.' }, { status: 404 })));
    renderApp('/offer');
    expect(await screen.findByText('Договор-оферта пока не опубликован.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Договор-оферта' })).toBeInTheDocument();
  });

  it('shows the generic error screen when the offer fails to load otherwise', async () => {
    server.use(http.get(OFFER_URL, () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })));
    renderApp('/offer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });

  it('is linked from the footer of every page', async () => {
    server.use(http.get(OFFER_URL, () => HttpResponse.json({ name: 'Договор-оферта', text: raw })));
    const { user, router } = renderApp('/');
    const pages = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'О сайте' });
    await user.click(within(pages).getByRole('link', { name: 'Договор-оферта' }));
    expect(await screen.findByText('Исполнитель проводит вебинары курса.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/offer');
  });
});
