import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboFeedback } from '../../common/mutabo/feedback.ts';
import { sharedContentMessages } from '../../common/mutabo/sharedContent.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { contentHandlers, page, review, richText } from './contentData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

// draft-js cannot be typed into in jsdom (its input handler needs a real selection); pasting goes through it.
const REVIEW_TEXT = 'Курс научил меня читать медленно.';

describe('the reviews of the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(), ...contentHandlers());
  });

  it('lists the reviews with their course and date, searches on the server and pages', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/mutabo/feedback/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('search') === 'Чехов') return HttpResponse.json(page([]));
        const current = Number(url.searchParams.get('page') ?? 1);
        const row = current === 1 ? review : { ...review, id: 8, author: 'Пётр Сидоров', authorAge: null, createdAt: '2026-10-02T09:00:00Z' };
        return HttpResponse.json(page([row], { count: 21, pages: 2, currentPage: current }));
      }),
    );
    const { user, router } = renderApp('/mutabo/feedback');
    const list = await screen.findByRole('list', { name: 'Отзывы' }, FIRST_RENDER);
    expect(within(list).getByRole('link', { name: 'Ольга Петрова, 16' })).toHaveAttribute('href', '/mutabo/feedback/7');
    expect(list).toHaveTextContent('Курс «Медленное чтение» · 20.11.2026');
    expect(screen.getByText('Всего: 21')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Дальше' }));
    // Without an age the name stands alone.
    expect(await screen.findByRole('link', { name: 'Пётр Сидоров' })).toHaveAttribute('href', '/mutabo/feedback/8');
    expect(screen.getByText('Страница 2 из 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Дальше' })).toBeDisabled();

    await user.type(screen.getByLabelText('Поиск по автору, тексту или курсу'), 'Чехов');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Ничего не найдено. Измените поиск.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=%D0%A7%D0%B5%D1%85%D0%BE%D0%B2');
    expect(asked).toEqual(['?page=1', '?page=2', '?search=%D0%A7%D0%B5%D1%85%D0%BE%D0%B2&page=1']);
  });

  it('checks a new review before sending it, then shows the server’s messages under the fields and keeps what was typed', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/v1/mutabo/feedback/', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ course: [sharedContentMessages.courseUnknown], footer: [sharedContentMessages.footerTooLong] }, { status: 400 });
      }),
    );
    const { user } = renderApp('/mutabo/feedback/new');
    await screen.findByRole('form', { name: 'Отзыв' }, FIRST_RENDER);
    await user.type(screen.getByLabelText('Возраст (можно не указывать)'), 'шестнадцать');
    await user.click(screen.getByRole('button', { name: 'Добавить отзыв' }));
    expect(screen.getByLabelText('Кто написал отзыв')).toHaveAccessibleDescription(sharedContentMessages.reviewerRequired);
    expect(screen.getByLabelText('Возраст (можно не указывать)')).toHaveAccessibleDescription(sharedContentMessages.authorAgeInvalid);
    expect(screen.getByLabelText('Курс')).toHaveAccessibleDescription(sharedContentMessages.courseInvalid);
    expect(screen.getByRole('textbox', { name: 'Текст отзыва' })).toHaveAccessibleDescription(sharedContentMessages.reviewTextRequired);
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText('Кто написал отзыв'), 'Ольга Петрова');
    await user.clear(screen.getByLabelText('Возраст (можно не указывать)'));
    await user.type(screen.getByLabelText('Возраст (можно не указывать)'), '16');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Медленное чтение' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Курс'), 'Медленное чтение');
    await user.click(screen.getByRole('textbox', { name: 'Текст отзыва' }));
    await user.paste(REVIEW_TEXT);
    await user.type(screen.getByLabelText('Подпись под отзывом'), 'Ученица 10 класса');
    await user.click(screen.getByRole('button', { name: 'Добавить отзыв' }));

    await waitFor(() => expect(screen.getByLabelText('Курс')).toHaveAccessibleDescription(sharedContentMessages.courseUnknown));
    expect(screen.getByLabelText('Подпись под отзывом')).toHaveAccessibleDescription(sharedContentMessages.footerTooLong);
    expect(screen.getByLabelText('Кто написал отзыв')).not.toHaveAccessibleDescription();
    expect(posted).toHaveLength(1);
    const sent = posted[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ author: 'Ольга Петрова', authorAge: '16', course: 5, footer: 'Ученица 10 класса' });
    // The text goes as draft-js raw content, the form the site's review page displays.
    expect((JSON.parse(sent.text as string) as { blocks: { text: string }[] }).blocks.map((block) => block.text)).toEqual([REVIEW_TEXT]);
    expect(screen.getByLabelText('Кто написал отзыв')).toHaveValue('Ольга Петрова');
    expect(screen.getByRole('textbox', { name: 'Текст отзыва' })).toHaveTextContent(REVIEW_TEXT);
    expect(screen.getByLabelText('Подпись под отзывом')).toHaveValue('Ученица 10 класса');
  });

  it('creates a review and opens it', async () => {
    server.use(
      http.post('*/api/v1/mutabo/feedback/', async ({ request }) => {
        const body = (await request.json()) as { text: string };
        return HttpResponse.json({ ...review, id: 31, author: 'Ольга Петрова', authorAge: null, text: body.text, version: 1 }, { status: 201 });
      }),
      http.get('*/api/v1/mutabo/feedback/:id/', () => HttpResponse.json({ ...review, id: 31, authorAge: null, text: richText(REVIEW_TEXT), version: 1 })),
    );
    const { user, router } = renderApp('/mutabo/feedback/new');
    await user.type(await screen.findByLabelText('Кто написал отзыв', {}, FIRST_RENDER), 'Ольга Петрова');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Медленное чтение' })).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Курс'), 'Медленное чтение');
    await user.click(screen.getByRole('textbox', { name: 'Текст отзыва' }));
    await user.paste(REVIEW_TEXT);
    await user.click(screen.getByRole('button', { name: 'Добавить отзыв' }));
    // A created review moves to its own address without asking about unsaved changes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/feedback/31'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Отзыв: Ольга Петрова' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves with the version read; a stale copy (409) is explained and the current version replaces what was typed on request', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v1/mutabo/feedback/:id/', () => HttpResponse.json(review)),
      http.patch('*/api/v1/mutabo/feedback/:id/', async ({ request }) => {
        const body = (await request.json()) as Partial<MutaboFeedback>;
        sent.push(body);
        if (sent.length === 1) return HttpResponse.json({ ...review, footer: body.footer ?? review.footer, version: 5 });
        return HttpResponse.json({ detail: sharedContentMessages.staleFeedback }, { status: 409 });
      }),
    );
    const { user } = renderApp('/mutabo/feedback/7');
    const footer = await screen.findByLabelText('Подпись под отзывом', {}, FIRST_RENDER);
    expect(screen.getByRole('textbox', { name: 'Текст отзыва' })).toHaveTextContent('Теперь я читаю медленно и с удовольствием.');
    await user.clear(footer);
    await user.type(footer, 'Ученица 11 класса');
    await user.click(screen.getByRole('button', { name: 'Сохранить отзыв' }));
    expect(await screen.findByText('Отзыв сохранён. На сайте уже новая версия.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ author: 'Ольга Петрова', authorAge: '16', course: 5, footer: 'Ученица 11 класса', text: review.text, version: 4 });

    // The next save sends the version the server answered, and this time someone saved first.
    await user.type(footer, '!');
    await user.click(screen.getByRole('button', { name: 'Сохранить отзыв' }));
    expect(await screen.findByText(sharedContentMessages.staleFeedback)).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ footer: 'Ученица 11 класса!', version: 5 });
    expect(footer).toHaveValue('Ученица 11 класса!');

    server.use(
      http.get('*/api/v1/mutabo/feedback/:id/', () =>
        HttpResponse.json({ ...review, author: 'О. Петрова', footer: 'Правка коллеги', text: richText('Текст коллеги.'), version: 6 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Загрузить текущую версию' }));
    await waitFor(() => expect(screen.getByLabelText('Подпись под отзывом')).toHaveValue('Правка коллеги'));
    expect(screen.getByLabelText('Кто написал отзыв')).toHaveValue('О. Петрова');
    // The rich-text editor opens again with the current text.
    expect(screen.getByRole('textbox', { name: 'Текст отзыва' })).toHaveTextContent('Текст коллеги.');
    expect(screen.queryByText(sharedContentMessages.staleFeedback)).not.toBeInTheDocument();
  });

  it('deletes only after confirmation and returns to the list', async () => {
    let deleted = 0;
    server.use(
      http.get('*/api/v1/mutabo/feedback/:id/', () => HttpResponse.json(review)),
      http.get('*/api/v1/mutabo/feedback/', () => HttpResponse.json(page([]))),
      http.delete('*/api/v1/mutabo/feedback/:id/', () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/mutabo/feedback/7');
    await user.click(await screen.findByRole('button', { name: 'Удалить отзыв' }, FIRST_RENDER));
    let dialog = await screen.findByRole('dialog', { name: 'Удалить отзыв?' });
    expect(dialog).toHaveTextContent('Отзыв «Ольга Петрова» о курсе «Медленное чтение» исчезнет с сайта без возможности восстановления.');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Удалить отзыв' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить отзыв?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/feedback'));
    expect(deleted).toBe(1);
    expect(await screen.findByText('Отзывов пока нет. Добавьте первый.')).toBeInTheDocument();
  });
});
