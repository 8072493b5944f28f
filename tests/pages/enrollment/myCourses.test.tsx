// The account's courses: the table, the bought lessons, the news switch with its confirmation, the empty list.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Participation } from '../../../common/wireTypes.ts';
import { server } from '../../support/server.ts';
import { adultDisciple, discipleHandler } from '../account/accountTestKit.ts';
import { siteApiHandlers } from '../../support/siteData.ts';
import { renderApp } from '../../support/renderApp.tsx';
import { FIRST_RENDER } from '../../support/firstRender.ts';
import { anna, course, lesson, mikhail, renderAsUser } from './enrollmentTestKit.ts';

const poetry: Participation = {
  id: 1,
  course: { id: 5, title: 'Как читать стихи' },
  authors: [anna, mikhail],
  subscribed: true,
  lessons: [
    lesson(3, { participationState: 'approved' }),
    lesson(1, { participationState: 'approved' }),
    lesson(2, { participationState: 'reserved' }),
  ],
};
const philosophy: Participation = {
  id: 2,
  course: { id: 6, title: 'Философия для подростков' },
  authors: [mikhail],
  subscribed: false,
  lessons: [lesson(1, { id: 201, course: 6, participationState: 'waiting_list' })],
};
const news: Participation = {
  id: 3,
  course: { id: 7, title: 'Медленное чтение' },
  authors: [anna],
  subscribed: true,
  lessons: [],
};

function answerParticipants(rows: () => Participation[]) {
  const calls = { count: 0 };
  server.use(
    discipleHandler(adultDisciple),
    http.get('*/api/v1/participants/', () => {
      calls.count += 1;
      return HttpResponse.json(rows());
    }),
  );
  return calls;
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Курсы' });
const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;

describe('my courses', () => {
  it('lists the courses with who leads them, the status and the bought lessons', async () => {
    answerParticipants(() => [poetry, philosophy, news]);
    renderAsUser('/account/courses');
    await heading();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Курс', 'Кто ведёт курс', 'Статус']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.firstChild?.textContent))).toEqual([
      ['Как читать стихи', 'Курс Анны Мельниковой и Михаила Орлова', 'Участник курса'],
      ['Философия для подростков', 'Курс Михаила Орлова', 'В очереди'],
      ['Медленное чтение', 'Курс Анны Мельниковой', 'Подписка на новости'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Как читать стихи' })).toHaveAttribute('href', '/courses/5');
    const bought = within(rows[0]!).getByRole('list', { name: 'Оплаченные занятия курса «Как читать стихи»' });
    expect(within(bought).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1. Ритм и рифма', '3. Молчание']);
    expect(within(rows[1]!).queryByRole('list')).not.toBeInTheDocument();
    expect(
      rows.map((row) => within(row).getByRole('switch', { name: /^Получать новости курса/ }).getAttribute('aria-checked')),
    ).toEqual(['true', 'false', 'true']);
    await waitFor(() => expect(document.title).toBe('Мои курсы — Мутабор'));
  });

  it('asks before switching the news off, and reads the list again after', async () => {
    let subscribed = true;
    let unsubscribes = 0;
    const calls = answerParticipants(() => [{ ...poetry, subscribed }]);
    server.use(
      http.post('*/api/v1/courses/5/unsubscribe-from-mailouts/', () => {
        unsubscribes += 1;
        subscribed = false;
        return new HttpResponse(null, { status: 204 });
      }),
      // The mailing flow also refreshes the course itself.
      http.get('*/api/v1/courses/5/', () => HttpResponse.json(course({ subscribedForMailouts: subscribed }))),
    );
    const { user } = renderAsUser('/account/courses');
    await heading();
    const toggle = await screen.findByRole('switch', { name: 'Получать новости курса «Как читать стихи»' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(toggle);
    const question = 'Вы действительно хотите отписаться от новостей курса «Как читать стихи»?';
    await user.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Закрыть' }));
    expect(unsubscribes).toBe(0);
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(toggle);
    await user.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Да' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Получать новости курса «Как читать стихи»' })).toHaveAttribute('aria-checked', 'false'),
    );
    expect(unsubscribes).toBe(1);
    expect(calls.count).toBe(2);
  });

  it('switches the news on without asking', async () => {
    let subscribed = false;
    let subscribes = 0;
    answerParticipants(() => [{ ...philosophy, subscribed }]);
    server.use(
      http.post('*/api/v1/courses/6/subscribe-for-mailouts/', () => {
        subscribes += 1;
        subscribed = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/v1/courses/6/', () => HttpResponse.json(course({ id: 6 }))),
    );
    const { user } = renderAsUser('/account/courses');
    await heading();
    await user.click(await screen.findByRole('switch', { name: 'Получать новости курса «Философия для подростков»' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true'));
    expect(subscribes).toBe(1);
  });

  it('shows a failed switch in the dialog «Ошибка»', async () => {
    answerParticipants(() => [philosophy]);
    server.use(
      http.post('*/api/v1/courses/6/subscribe-for-mailouts/', () => HttpResponse.json({ detail: 'Рассылка недоступна.' }, { status: 503 })),
    );
    const { user } = renderAsUser('/account/courses');
    await heading();
    await user.click(await screen.findByRole('switch'));
    expect(await screen.findByRole('dialog', { name: 'Ошибка' })).toHaveTextContent('Рассылка недоступна.');
    expect(rowOf('Философия для подростков')).toBeInTheDocument();
  });

  it('says when there are no courses yet', async () => {
    answerParticipants(() => []);
    renderAsUser('/account/courses');
    await heading();
    expect(await screen.findByText('Вы пока не записались ни на один курс')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error screen when the list fails to load', async () => {
    server.use(
      discipleHandler(adultDisciple),
      http.get('*/api/v1/participants/', () => HttpResponse.json({ detail: 'Сбой' }, { status: 500 })),
    );
    renderAsUser('/account/courses');
    expect(await screen.findByRole('heading', { name: 'Упс... что-то пошло не так' })).toBeInTheDocument();
  });
});

describe('my courses: lesson times, the room and the recording, the calendar', () => {
  const withTimes: Participation = {
    ...poetry,
    lessons: [
      // A weekly 19:00 Moscow lesson, before and after Berlin moves to summer time.
      lesson(1, { participationState: 'approved', startsAt: '2026-03-25T16:00:00Z', recordingUrl: 'https://video.example.org/1' }),
      lesson(2, { participationState: 'approved', startsAt: '2026-04-01T16:00:00Z', roomUrl: 'https://meet.example.org/2' }),
      lesson(3, { participationState: 'approved' }),
    ],
  };

  it('shows each approved lesson’s time in the profile’s zone, and the links the server gives', async () => {
    answerParticipants(() => [withTimes]);
    renderAsUser('/account/courses');
    const lessons = await screen.findByRole('list', { name: 'Оплаченные занятия курса «Как читать стихи»' });
    expect(await within(lessons).findByText('ср, 25 марта 2026, 17:00 (Германия)')).toBeInTheDocument();
    const items = within(lessons).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1. Ритм и рифма — ср, 25 марта 2026, 17:00 (Германия)Запись занятия 1. Ритм и рифма',
      '2. Образ — ср, 1 апреля 2026, 18:00 (Германия)Войти в комнату вебинара (занятие 2. Образ)',
      '3. Молчание',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'Войти в комнату вебинара (занятие 2. Образ)' })).toHaveAttribute('href', 'https://meet.example.org/2');
    expect(within(items[0]!).getByRole('link', { name: 'Запись занятия 1. Ритм и рифма' })).toHaveAttribute('href', 'https://video.example.org/1');
  });

  it('asks again when the room opens, 30 minutes before the start', async () => {
    // The room's window opens a moment after the first answer (counted from it, not from the test's start: a slow
    // first render must not let the window open before the page has seen the lesson): the page fetches the list again
    // then, and the link appears.
    let startsAt: string | undefined;
    let answered = 0;
    const calls = answerParticipants(() => {
      startsAt ??= new Date(Date.now() + 30 * 60_000 + 2500).toISOString();
      answered += 1;
      // As the server does: no room before its window, the room once it is open.
      const roomOpen = answered > 1 && Date.now() >= Date.parse(startsAt) - 30 * 60_000;
      return [{ ...poetry, lessons: [lesson(1, { participationState: 'approved', startsAt, ...(roomOpen ? { roomUrl: 'https://meet.example.org/now' } : {}) })] }];
    });
    renderAsUser('/account/courses');
    await heading();
    expect(await screen.findByRole('link', { name: /Войти в комнату вебинара/ }, { timeout: 8000 })).toHaveAttribute('href', 'https://meet.example.org/now');
    expect(calls.count).toBe(2);
  });

  it('shows the personal calendar address to copy, and replaces it only after a confirmation', async () => {
    answerParticipants(() => [withTimes]);
    let renewed = 0;
    server.use(
      http.get('*/api/v1/calendar/feed/', () => HttpResponse.json({ url: 'https://school.example/api/v1/calendar/old-secret.ics' })),
      http.post('*/api/v1/calendar/feed/', () => {
        renewed += 1;
        return HttpResponse.json({ url: 'https://school.example/api/v1/calendar/new-secret.ics' });
      }),
    );
    const { user } = renderAsUser('/account/courses');
    const panel = await screen.findByRole('region', { name: 'Календарь занятий' });
    await user.click(within(panel).getByRole('button', { name: 'Показать ссылку на календарь' }));
    expect(await within(panel).findByLabelText('Ссылка на ваш календарь')).toHaveValue('https://school.example/api/v1/calendar/old-secret.ics');

    await user.click(within(panel).getByRole('button', { name: 'Заменить ссылку' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Заменить ссылку на календарь?' })).getByRole('button', { name: 'Отмена' }));
    expect(renewed).toBe(0);

    await user.click(within(panel).getByRole('button', { name: 'Заменить ссылку' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Заменить' }));
    expect(await within(panel).findByText('Ссылка заменена: подпишитесь на новую.')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Ссылка на ваш календарь')).toHaveValue('https://school.example/api/v1/calendar/new-secret.ics');
    expect(renewed).toBe(1);
  });
});

describe('the lesson about to start (issue 32, item 4)', () => {
  /**
   * An approved lesson starting in `minutes` (the room open, as the server gives it from 30 minutes before), less half
   * a minute: the site counts whole minutes up from its own clock, which it may have read a moment before the answer
   * came, so the text is «через {minutes} мин» whatever the moment, within 30 s.
   */
  const soon = (minutes: number): Participation => ({
    ...philosophy,
    lessons: [
      lesson(2, {
        id: 202,
        course: 6,
        title: 'Что такое справедливость',
        participationState: 'approved',
        startsAt: new Date(Date.now() + minutes * 60_000 - 30_000).toISOString(),
        duration: 90,
        roomUrl: 'https://meet.example.org/soon',
      }),
    ],
  });

  it('«Мои курсы» puts it first, with the room’s button, and its course at the head of the list', async () => {
    answerParticipants(() => [poetry, soon(6)]);
    renderAsUser('/account/courses');
    const panel = await screen.findByRole('region', { name: /^Занятие через 6 мин$/ }, FIRST_RENDER);
    expect(panel).toHaveTextContent('Философия для подростков: 2. Что такое справедливость');
    const room = within(panel).getByRole('link', { name: /^Войти в комнату/ });
    expect(room).toHaveAttribute('href', 'https://meet.example.org/soon');
    // The panel comes before the list.
    expect(panel.compareDocumentPosition(screen.getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'Философия для подростков' })).toBeInTheDocument();
    // The bar of every other page is not repeated here.
    expect(screen.queryByRole('region', { name: 'Занятие скоро начнётся' })).not.toBeInTheDocument();
  });

  it('opens the site’s join link (issue 35) from the panel and the list, in a new tab as the room was', async () => {
    const joining = soon(6);
    answerParticipants(() => [{ ...joining, lessons: joining.lessons.map((item) => ({ ...item, roomUrl: '/lessons/202/join' })) }]);
    renderAsUser('/account/courses');
    const panel = await screen.findByRole('region', { name: /^Занятие через 6 мин$/ }, FIRST_RENDER);
    const room = within(panel).getByRole('link', { name: /^Войти в комнату/ });
    expect(room).toHaveAttribute('href', '/lessons/202/join');
    expect(room).toHaveAttribute('target', '_blank');
    const listed = within(screen.getByRole('table')).getByRole('link', { name: /^Войти в комнату вебинара/ });
    expect(listed).toHaveAttribute('href', '/lessons/202/join');
  });

  it('every other page shows the bar with the room, one step from the home page', async () => {
    server.use(...siteApiHandlers());
    answerParticipants(() => [poetry, soon(6)]);
    renderAsUser('/');
    const bar = await screen.findByRole('region', { name: 'Занятие скоро начнётся' }, FIRST_RENDER);
    expect(bar).toHaveTextContent(/^Занятие через 6 мин — Философия для подростков/);
    const room = within(bar).getByRole('link', { name: /^Войти в комнату/ });
    expect(room).toHaveTextContent('Войти в комнату (занятие 2. Что такое справедливость, курс «Философия для подростков»)');
    expect(room).toHaveAttribute('href', 'https://meet.example.org/soon');
    expect(room).toHaveAttribute('target', '_blank');
  });

  it('shows no bar for a lesson more than 30 minutes away', async () => {
    server.use(...siteApiHandlers());
    answerParticipants(() => [{ ...soon(45), lessons: soon(45).lessons.map(({ roomUrl: _room, ...rest }) => rest) }]);
    renderAsUser('/');
    await screen.findByRole('heading', { level: 1, name: 'Курсы' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ольга Петрова' })).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Занятие скоро начнётся' })).not.toBeInTheDocument();
  });

  it('never asks for a guest’s courses', async () => {
    server.use(...siteApiHandlers());
    const calls = answerParticipants(() => [soon(6)]);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Курсы' });
    expect(screen.queryByRole('region', { name: 'Занятие скоро начнётся' })).not.toBeInTheDocument();
    expect(calls.count).toBe(0);
  });
});
