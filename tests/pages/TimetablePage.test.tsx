// The timetable page: the name as the heading and the rich text, with loading, error and empty states.
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { renderApp } from '../support/renderApp.tsx';

const TIMETABLE_URL = '*/api/v2/user/pages-content/timetable/';

const raw = JSON.stringify({
  blocks: [
    { key: 'a', text: 'Занятия декабря', type: 'header-two', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
    { key: 'b', text: '3 декабря, 19:30 — «Медленное чтение»', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
  ],
  entityMap: {},
});

beforeEach(() => {
  server.use(http.get('*/api/v1/lessons/upcoming/', () => HttpResponse.json([])));
});

describe('TimetablePage', () => {
  it('shows a loading indicator, then the name as the only h1 and the rich text', async () => {
    server.use(
      http.get(TIMETABLE_URL, async () => {
        await delay(40);
        return HttpResponse.json({ name: 'Расписание на декабрь', text: raw });
      }),
    );
    const { container } = renderApp('/timetable');
    expect(await screen.findByRole('status', { name: 'Загружаем расписание' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Расписание на декабрь' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('3 декабря, 19:30 — «Медленное чтение»')).toBeInTheDocument();
    // Paragraphs and a heading only: shown as they are, without draft-js.
    expect(screen.getByRole('heading', { level: 2, name: 'Занятия декабря' })).toBeInTheDocument();
    expect(container.querySelector('.public-DraftEditor-content')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Расписание на декабрь — Мутабор'));
  });

  it('shows plain text as paragraphs', async () => {
    server.use(http.get(TIMETABLE_URL, () => HttpResponse.json({ name: 'Расписание', text: 'Первая строка\nВторая строка' })));
    renderApp('/timetable');
    expect(await screen.findByText('Вторая строка')).toBeInTheDocument();
    expect(screen.getByText('Первая строка').tagName).toBe('P');
  });

  it('says the timetable is not published yet when its text is empty', async () => {
    server.use(http.get(TIMETABLE_URL, () => HttpResponse.json({ name: '', text: '' })));
    renderApp('/timetable');
    expect(await screen.findByText('Расписание занятий пока не опубликовано.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Расписание занятий' })).toBeInTheDocument();
  });

  it('shows the generic error screen when the timetable fails to load', async () => {
    server.use(http.get(TIMETABLE_URL, () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })));
    renderApp('/timetable');
    expect(await screen.findByRole('heading', { level: 1, name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });
});
