import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { seasonMessages } from '../../common/mutabo/season.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 20000 });

const baseLesson = editedCourse.lessons[0]!;
const lessonAt = (id: number, number: number, title: string, startsAt: string | null): MutaboLesson => ({
  ...baseLesson,
  id,
  number,
  title,
  startsAt,
  state: 'published',
});

const lessonsPanel = () => screen.findByRole('region', { name: 'Занятия' }, FIRST_RENDER);

/** Opens the series form of course 5 and answers its POST with `answer`; the bodies sent are collected. */
async function openSeriesForm(course: MutaboCourse, answer?: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    ...mutaboHandlers(undefined, course),
    http.post('*/api/v1/mutabo/courses/:id/lessons/series/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return answer ? answer(body) : HttpResponse.json([], { status: 201 });
    }),
  );
  const view = renderApp('/mutabo/courses/5');
  const panel = await lessonsPanel();
  await view.user.click(within(panel).getByRole('button', { name: 'Добавить серию занятий' }));
  const form = within(panel).getByRole('form', { name: 'Серия занятий' });
  return { ...view, panel, form: within(form), sent };
}

describe('a series of lessons in the course editor', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author));
  });

  it('previews the dates, saves the series in one request, lists the new lessons and stays where the author is', async () => {
    const created = [2, 3, 4, 5].map((number, index) =>
      lessonAt(60 + number, number, ['Гоголь', '', 'Лермонтов'][index] || `Занятие ${number}`, new Date(Date.UTC(2026, 11, 7 + 7 * index, 16)).toISOString()),
    );
    const { user, panel, form, sent } = await openSeriesForm(editedCourse, () => {
      // From now on the course has the new lessons.
      server.use(http.get('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ ...editedCourse, lessons: [baseLesson, ...created], version: 4 })));
      return HttpResponse.json(created, { status: 201 });
    });
    // The first field has the focus; the date starts as the course's start, eight weekly lessons of an hour, published.
    expect(form.getByLabelText('Дата')).toHaveFocus();
    expect(form.getByLabelText('Дата')).toHaveValue('2026-12-05');
    expect(form.getByRole('group', { name: 'Первое занятие по московскому времени' })).toBeInTheDocument();
    expect(form.getByLabelText('Через сколько дней повторять')).toHaveValue('7');
    expect(form.getByLabelText('Сразу опубликовать занятия', { exact: false })).toBeChecked();

    await user.clear(form.getByLabelText('Дата'));
    await user.type(form.getByLabelText('Дата'), '2026-12-07');
    await user.type(form.getByLabelText('Время'), '19:00');
    await user.clear(form.getByLabelText('Сколько занятий'));
    await user.type(form.getByLabelText('Сколько занятий'), '4');
    await user.type(form.getByLabelText('Названия — по одному в строке (необязательно)'), 'Гоголь{Enter}{Enter}Лермонтов');
    const preview = form.getByRole('region', { name: 'Будут добавлены 4 занятия:' });
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2. Гоголь — пн, 7 декабря 2026, 19:00',
      '3. Занятие 3 — пн, 14 декабря 2026, 19:00',
      '4. Лермонтов — пн, 21 декабря 2026, 19:00',
      '5. Занятие 5 — пн, 28 декабря 2026, 19:00',
    ]);

    vi.mocked(window.scrollTo).mockClear();
    await user.click(form.getByRole('button', { name: 'Добавить 4 занятия' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Добавлены 4 занятия: 2–5.'));
    expect(sent).toEqual([{ count: 4, firstStartsAt: '2026-12-07T16:00:00.000Z', everyDays: 7, duration: 60, titles: ['Гоголь', '', 'Лермонтов'], state: 'published', roomUrl: '' }]);
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(5));
    expect(within(panel).getAllByRole('listitem')[1]).toHaveTextContent(/^2\. Гоголь/);
    expect(within(panel).queryByRole('form', { name: 'Серия занятий' })).not.toBeInTheDocument();
    // The status line takes the focus where the form was; the page is not scrolled to its top.
    expect(within(panel).getByRole('status').parentElement).toHaveFocus();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the wall time in the course’s zone across the last Sunday of March, and sends drafts when asked', async () => {
    const { user, form, sent } = await openSeriesForm({ ...editedCourse, timeZone: 'Europe/Berlin', start: null });
    expect(form.getByRole('group', { name: /^Первое занятие по времени курса: / })).toBeInTheDocument();
    await user.type(form.getByLabelText('Дата'), '2027-03-24');
    await user.type(form.getByLabelText('Время'), '19:00');
    await user.clear(form.getByLabelText('Сколько занятий'));
    await user.type(form.getByLabelText('Сколько занятий'), '3');
    await user.click(form.getByLabelText('Сразу опубликовать занятия', { exact: false }));
    expect(within(form.getByRole('region', { name: 'Будут добавлены 3 занятия:' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2. Занятие 2 — ср, 24 марта 2027, 19:00',
      '3. Занятие 3 — ср, 31 марта 2027, 19:00',
      '4. Занятие 4 — ср, 7 апреля 2027, 19:00',
    ]);
    await user.click(form.getByRole('button', { name: 'Добавить 3 занятия' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ count: 3, firstStartsAt: '2027-03-24T18:00:00.000Z', everyDays: 7, state: 'draft' });
  });

  it('starts with the course’s room link and sends the one typed, to be the course’s', async () => {
    const { user, form, sent } = await openSeriesForm({ ...editedCourse, roomUrl: 'https://meet.example.org/weekly' });
    const room = form.getByLabelText('Комната вебинара для всех занятий (https://…)');
    expect(room).toHaveValue('https://meet.example.org/weekly');
    await user.type(form.getByLabelText('Время'), '19:00');
    await user.clear(room);
    await user.type(room, 'https://meet.example.org/spring');
    await user.click(form.getByRole('button', { name: 'Добавить 8 занятий' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ count: 8, roomUrl: 'https://meet.example.org/spring' });
  });

  it('shows a long series as its first ten lessons and the last', async () => {
    const { user, form } = await openSeriesForm(editedCourse);
    await user.type(form.getByLabelText('Время'), '10:00');
    await user.clear(form.getByLabelText('Сколько занятий'));
    await user.type(form.getByLabelText('Сколько занятий'), '30');
    const items = within(form.getByRole('region', { name: 'Будет добавлено 30 занятий:' })).getAllByRole('listitem', { hidden: true });
    expect(items).toHaveLength(12);
    expect(items[10]).toHaveTextContent('…');
    expect(items[11]).toHaveTextContent(/^31\. Занятие 31 — /);
  });

  it('checks the form before sending, and shows the server’s refusal under its field', async () => {
    const { user, form, sent } = await openSeriesForm(editedCourse, () =>
      HttpResponse.json({ count: [seasonMessages.tooManyLessons(3)] }, { status: 400 }),
    );
    await user.clear(form.getByLabelText('Сколько занятий'));
    await user.type(form.getByLabelText('Сколько занятий'), '0');
    await user.clear(form.getByLabelText('Через сколько дней повторять'));
    await user.click(form.getByRole('button', { name: 'Добавить занятия' }));
    expect(form.getByRole('group', { name: /^Первое занятие/ })).toHaveAccessibleDescription('Укажите дату и время первого занятия.');
    expect(form.getByLabelText('Сколько занятий')).toHaveAccessibleDescription(seasonMessages.countInvalid);
    expect(form.getByLabelText('Через сколько дней повторять')).toHaveAccessibleDescription(seasonMessages.everyDaysInvalid);
    expect(sent).toEqual([]);

    await user.type(form.getByLabelText('Время'), '19:00');
    await user.clear(form.getByLabelText('Сколько занятий'));
    await user.type(form.getByLabelText('Сколько занятий'), '5');
    await user.type(form.getByLabelText('Через сколько дней повторять'), '7');
    await user.type(form.getByLabelText('Названия — по одному в строке (необязательно)'), 'а{Enter}б{Enter}в{Enter}г{Enter}д{Enter}е');
    await user.click(form.getByRole('button', { name: 'Добавить 5 занятий' }));
    expect(form.getByLabelText('Названия — по одному в строке (необязательно)')).toHaveAccessibleDescription(seasonMessages.titlesTooMany);
    expect(sent).toEqual([]);

    await user.clear(form.getByLabelText('Названия — по одному в строке (необязательно)'));
    await user.click(form.getByRole('button', { name: 'Добавить 5 занятий' }));
    await waitFor(() => expect(form.getByLabelText('Сколько занятий')).toHaveAccessibleDescription(seasonMessages.tooManyLessons(3)));
    expect(sent).toHaveLength(1);
    // Cancelling closes the form and gives the focus back to its button.
    await user.click(form.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('form', { name: 'Серия занятий' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить серию занятий' })).toHaveFocus();
  });
});

describe('a lesson added one by one', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('is published unless the author chooses a draft', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/courses/:id/lessons/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...baseLesson, id: 70, number: 2, state: 'published' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/new');
    expect(await screen.findByLabelText('Состояние занятия', {}, FIRST_RENDER)).toHaveValue('published');
    await user.type(screen.getByLabelText('Название занятия'), 'Толстой');
    await user.click(screen.getByRole('button', { name: 'Добавить занятие' }));
    await waitFor(() => expect(sent).toMatchObject({ title: 'Толстой', state: 'published' }));
  });
});

describe('copying a course for the next season', () => {
  const timed: MutaboCourse = {
    ...editedCourse,
    lessons: [lessonAt(51, 1, 'Пушкин', '2026-12-07T16:00:00Z'), lessonAt(52, 2, 'Гоголь', null)],
  };
  const copy: MutaboCourse = { ...timed, id: 9, version: 1, lessons: timed.lessons.map((lesson) => ({ ...lesson, id: lesson.id + 100, state: 'draft' })) };

  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author));
  });

  it('asks for the new first date (a year later on the same weekday by default) and opens the new draft course', async () => {
    const sent: unknown[] = [];
    server.use(
      ...mutaboHandlers(undefined, timed),
      http.get('*/api/v1/mutabo/courses/9/', () => HttpResponse.json(copy)),
      http.post('*/api/v1/mutabo/courses/:id/copy/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(copy, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/mutabo/courses/5');
    await user.click(await screen.findByRole('button', { name: 'Скопировать курс' }, FIRST_RENDER));
    const dialog = screen.getByRole('dialog', { name: 'Скопировать курс для нового набора?' });
    const date = within(dialog).getByLabelText('Дата первого занятия нового курса');
    expect(date).toHaveValue('2027-12-06');
    expect(dialog).toHaveTextContent('Сейчас первое занятие — пн, 7 декабря 2026, 19:00 по московскому времени. В копии: пн, 6 декабря 2027, 19:00 по московскому времени.');
    await user.clear(date);
    await user.type(date, '2027-12-13');
    expect(dialog).toHaveTextContent('В копии: пн, 13 декабря 2027, 19:00');
    const publish = within(dialog).getByLabelText('Сразу опубликовать занятия копии (иначе они будут черновиками)');
    expect(publish).not.toBeChecked();
    await user.click(publish);
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses/9'));
    expect(sent).toEqual([{ start: '2027-12-13', publishLessons: true }]);
    expect(await screen.findByText('Это копия курса «Медленное чтение» — новый черновик. Проверьте даты занятий и цены, затем откройте запись.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a bad date under its field, from the form and from the server, and stays', async () => {
    let answer: Response = HttpResponse.json({ start: [seasonMessages.copyStartOutOfRange] }, { status: 400 });
    const sent: unknown[] = [];
    server.use(
      ...mutaboHandlers(undefined, timed),
      http.post('*/api/v1/mutabo/courses/:id/copy/', async ({ request }) => {
        sent.push(await request.json());
        return answer;
      }),
    );
    const { user, router } = renderApp('/mutabo/courses/5');
    await user.click(await screen.findByRole('button', { name: 'Скопировать курс' }, FIRST_RENDER));
    const dialog = screen.getByRole('dialog');
    const date = within(dialog).getByLabelText('Дата первого занятия нового курса');
    await user.clear(date);
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать' }));
    expect(date).toHaveAccessibleDescription(seasonMessages.copyStartRequired);
    expect(sent).toEqual([]);
    await user.type(date, '2100-12-27');
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(seasonMessages.copyStartOutOfRange));
    expect(router.state.location.pathname).toBe('/mutabo/courses/5');
    answer = HttpResponse.json({ detail: 'Курс не найден.' }, { status: 404 });
    await user.click(within(dialog).getByRole('button', { name: 'Скопировать' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Курс не найден.');
  });
});
