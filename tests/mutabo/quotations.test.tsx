import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sharedContentMessages } from '../../common/mutabo/sharedContent.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { contentHandlers, page, quotation } from './contentData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

describe('the quotations of the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(), ...contentHandlers());
  });

  it('lists the quotations, searches on the server and pages', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/mutabo/quotations/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('search') === 'Гоголь') return HttpResponse.json(page([{ ...quotation, id: 9, source: 'Н. В. Гоголь' }]));
        const current = Number(url.searchParams.get('page') ?? 1);
        return HttpResponse.json(page([{ ...quotation, id: current, text: `Цитата со страницы ${current}` }], { count: 21, pages: 2, currentPage: current }));
      }),
    );
    const { user, router } = renderApp('/mutabo/quotations');
    const list = await screen.findByRole('list', { name: 'Цитаты' }, FIRST_RENDER);
    expect(within(list).getByRole('link', { name: 'Цитата со страницы 1' })).toHaveAttribute('href', '/mutabo/quotations/1');
    expect(list).toHaveTextContent('А. С. Пушкин · курс «Медленное чтение»');
    await user.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(await screen.findByRole('link', { name: 'Цитата со страницы 2' })).toBeInTheDocument();
    expect(screen.getByText('Страница 2 из 2')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Поиск по тексту, источнику или курсу'), 'Гоголь');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText(/Н\. В\. Гоголь/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=%D0%93%D0%BE%D0%B3%D0%BE%D0%BB%D1%8C');
    expect(asked).toEqual(['?page=1', '?page=2', '?search=%D0%93%D0%BE%D0%B3%D0%BE%D0%BB%D1%8C&page=1']);
  });

  it('checks a new quotation before sending it, then shows the server’s messages under the fields', async () => {
    let posted: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/quotations/', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ course: [sharedContentMessages.courseUnknown] }, { status: 400 });
      }),
    );
    const { user } = renderApp('/mutabo/quotations/new');
    await screen.findByRole('form', { name: 'Цитата' }, FIRST_RENDER);
    await user.click(screen.getByRole('button', { name: 'Добавить цитату' }));
    expect(screen.getByLabelText('Текст цитаты')).toHaveAccessibleDescription(sharedContentMessages.quotationRequired);
    expect(screen.getByLabelText('Источник')).toHaveAccessibleDescription(sharedContentMessages.sourceRequired);
    expect(posted).toBeNull();

    await user.type(screen.getByLabelText('Текст цитаты'), 'Мысль изречённая есть ложь.');
    await user.type(screen.getByLabelText('Источник'), 'Ф. И. Тютчев');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Медленное чтение' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Курс, к которому относится цитата'), 'Медленное чтение');
    await user.click(screen.getByRole('button', { name: 'Добавить цитату' }));
    await waitFor(() => expect(screen.getByLabelText('Курс, к которому относится цитата')).toHaveAccessibleDescription(sharedContentMessages.courseUnknown));
    expect(posted).toEqual({ source: 'Ф. И. Тютчев', text: 'Мысль изречённая есть ложь.', course: 5 });
    expect(screen.getByLabelText('Текст цитаты')).toHaveValue('Мысль изречённая есть ложь.');
  });

  it('saves with the version read; a stale copy (409) is explained and the current version loads on request', async () => {
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/mutabo/quotations/:id/', () => HttpResponse.json(quotation)),
      http.patch('*/api/v1/mutabo/quotations/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ detail: sharedContentMessages.staleQuotation }, { status: 409 });
      }),
    );
    const { user } = renderApp('/mutabo/quotations/3');
    const text = await screen.findByLabelText('Текст цитаты', {}, FIRST_RENDER);
    await user.clear(text);
    await user.type(text, 'Моя правка');
    await user.click(screen.getByRole('button', { name: 'Сохранить цитату' }));
    expect(await screen.findByText(sharedContentMessages.staleQuotation)).toBeInTheDocument();
    expect(sent).toEqual({ source: 'А. С. Пушкин', text: 'Моя правка', course: 5, version: 2 });
    expect(text).toHaveValue('Моя правка');

    server.use(http.get('*/api/v1/mutabo/quotations/:id/', () => HttpResponse.json({ ...quotation, text: 'Правка коллеги', version: 3 })));
    await user.click(screen.getByRole('button', { name: 'Загрузить текущую версию' }));
    await waitFor(() => expect(screen.getByLabelText('Текст цитаты')).toHaveValue('Правка коллеги'));
    expect(screen.queryByText(sharedContentMessages.staleQuotation)).not.toBeInTheDocument();
  });

  it('deletes only after confirmation and returns to the list', async () => {
    let deleted = 0;
    server.use(
      http.get('*/api/v1/mutabo/quotations/:id/', () => HttpResponse.json(quotation)),
      http.get('*/api/v1/mutabo/quotations/', () => HttpResponse.json(page([]))),
      http.delete('*/api/v1/mutabo/quotations/:id/', () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/mutabo/quotations/3');
    await user.click(await screen.findByRole('button', { name: 'Удалить цитату' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить цитату?' });
    expect(dialog).toHaveTextContent('Цитата «А. С. Пушкин» исчезнет с сайта');
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/quotations'));
    expect(deleted).toBe(1);
    expect(await screen.findByText('Цитат пока нет. Добавьте первую.')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    server.use(http.get('*/api/v1/mutabo/quotations/:id/', () => HttpResponse.json(quotation)));
    const { user, router } = renderApp('/mutabo/quotations/3');
    await user.type(await screen.findByLabelText('Источник', {}, FIRST_RENDER), ', 1825');
    await user.click(screen.getByRole('link', { name: '← К цитатам' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/mutabo/quotations/3');
    expect(screen.getByLabelText('Источник')).toHaveValue('А. С. Пушкин, 1825');
  });
});
