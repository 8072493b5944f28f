import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const lesson = editedCourse.lessons[0]!;
const twoLessons: MutaboCourse = {
  ...editedCourse,
  lessons: [lesson, { ...lesson, id: 52, number: 2, title: 'Гоголь', state: 'published', startsAt: '2027-02-01T16:00:00Z', version: 2 }],
};

describe('the lessons of a course', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(undefined, twoLessons));
  });

  const lessonsPanel = async () => screen.findByRole('region', { name: 'Занятия' }, FIRST_RENDER);

  it('lists each lesson with its state, length and time in the course zone', async () => {
    renderApp('/mutabo/courses/5');
    const items = within(await lessonsPanel()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. ПушкинЧерновик · 60 мин. · время не назначено');
    expect(items[1]).toHaveTextContent(/^2\. ГогольОпубликовано · 60 мин. · .*1 февраля 2027.*19:00 по московскому времени/);
  });

  it('moves a lesson with its buttons, keeping focus on the lesson moved', async () => {
    let order: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/courses/:id/lessons/order/', async ({ request }) => {
        order = await request.json();
        server.use(
          http.get('*/api/v1/mutabo/courses/:id/', () =>
            HttpResponse.json({
              ...twoLessons,
              lessons: [
                { ...twoLessons.lessons[1]!, number: 1 },
                { ...lesson, number: 2 },
              ],
            }),
          ),
        );
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const panel = await lessonsPanel();
    expect(within(panel).getByRole('button', { name: 'Занятие «Пушкин»: выше' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Занятие «Пушкин»: ниже' }));
    expect(order).toEqual({ lessons: [52, 51] });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('1. Гоголь'));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Занятие «Пушкин»: выше' })).toHaveFocus());
  });

  it('publishes a draft lesson with the version it was read at', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/lessons/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...lesson, state: 'published', version: 2 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const panel = await lessonsPanel();
    await user.click(within(panel).getByRole('button', { name: 'Занятие «Пушкин»: опубликовать' }));
    await waitFor(() => expect(sent).toEqual({ state: 'published', version: 1 }));
    expect(await within(panel).findByRole('status')).toHaveTextContent('Занятие 1 опубликовано.');
  });

  describe('taking a published lesson back to draft', () => {
    const withPeople = (people: MutaboLesson['people'], title = 'Гоголь'): MutaboCourse => ({
      ...twoLessons,
      lessons: [twoLessons.lessons[0]!, { ...twoLessons.lessons[1]!, title, people }],
    });

    /** The PATCH bodies the server receives. */
    const patches = () => {
      const sent: unknown[] = [];
      server.use(
        http.patch('*/api/v1/mutabo/lessons/:id/', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json({ ...twoLessons.lessons[1]!, state: 'draft', version: 3 });
        }),
      );
      return sent;
    };

    const toDraft = 'Занятие «Гоголь»: скрыть в черновики';

    it('asks first when people hold the lesson, saying how many and that they get a letter; cancelling changes nothing', async () => {
      server.use(...mutaboHandlers(undefined, withPeople({ holding: 3, waiting: 2, toldIfDrafted: 3 })));
      const sent = patches();
      const { user } = renderApp('/mutabo/courses/5');
      const panel = await lessonsPanel();
      await user.click(within(panel).getByRole('button', { name: toDraft }));
      const dialog = await screen.findByRole('dialog', { name: 'Вернуть занятие в черновики?' });
      expect(dialog).toHaveTextContent('Занятие «Гоголь» скроется от посетителей: записаться на него будет нельзя.');
      expect(dialog).toHaveTextContent('Участники занятия: 3 человека с местом и 2 человека в очереди.');
      expect(dialog).toHaveTextContent('Письмо об отмене занятия (и отмену события в календаре) получат участники с подтверждённым местом: 3 человека.');
      await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: toDraft })).toHaveFocus();
      expect(sent).toEqual([]);
      expect(within(panel).getByRole('status')).toHaveTextContent(/^$/);

      await user.click(within(panel).getByRole('button', { name: toDraft }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Вернуть в черновики' }));
      const status = within(panel).getByRole('status');
      await waitFor(() => expect(status).toHaveTextContent('Занятие 2 снято с публикации; участникам отправлено письмо об отмене.'));
      expect(sent).toEqual([{ state: 'draft', version: 2 }]);
    });

    it('says when the people there get no letter, with one person in the right form', async () => {
      server.use(...mutaboHandlers(undefined, withPeople({ holding: 1, waiting: 0, toldIfDrafted: 0 }, '«Нос»')));
      const sent = patches();
      const { user } = renderApp('/mutabo/courses/5');
      const panel = await lessonsPanel();
      await user.click(within(panel).getByRole('button', { name: 'Занятие ««Нос»»: скрыть в черновики' }));
      const dialog = await screen.findByRole('dialog', { name: 'Вернуть занятие в черновики?' });
      // A title in quotes of its own is not quoted twice.
      expect(dialog).toHaveTextContent('Занятие «Нос» скроется от посетителей');
      expect(dialog).toHaveTextContent('Участники занятия: 1 человек с местом.');
      expect(dialog).toHaveTextContent('Письма об отмене не будет:');
      await user.click(within(dialog).getByRole('button', { name: 'Вернуть в черновики' }));
      await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^Занятие 2 снято с публикации\.$/));
      expect(sent).toEqual([{ state: 'draft', version: 2 }]);
    });

    it('goes without asking when nobody holds or waits for the lesson, and says what happened', async () => {
      const sent = patches();
      const { user } = renderApp('/mutabo/courses/5');
      const panel = await lessonsPanel();
      await user.click(within(panel).getByRole('button', { name: toDraft }));
      await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^Занятие 2 снято с публикации\.$/));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sent).toEqual([{ state: 'draft', version: 2 }]);
    });

    it("shows the server's refusal instead", async () => {
      server.use(
        http.patch('*/api/v1/mutabo/lessons/:id/', () =>
          HttpResponse.json({ state: ['Это последнее опубликованное занятие курса с открытой записью: сначала закройте запись на курс.'] }, { status: 400 }),
        ),
      );
      const { user } = renderApp('/mutabo/courses/5');
      const panel = await lessonsPanel();
      await user.click(within(panel).getByRole('button', { name: toDraft }));
      expect(await within(panel).findByText(/^Это последнее опубликованное занятие/)).toBeInTheDocument();
      expect(within(panel).getByRole('status')).toHaveTextContent(/^$/);
    });
  });

  it("deletes a lesson only after confirmation, and shows the server's refusal", async () => {
    let deleted = 0;
    server.use(
      http.delete('*/api/v1/mutabo/lessons/:id/', () => {
        deleted += 1;
        return HttpResponse.json({ detail: 'Занятие нельзя удалить: на него уже записаны.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const panel = await lessonsPanel();
    await user.click(within(panel).getByRole('button', { name: 'Занятие «Гоголь»: удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить занятие?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(deleted).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Занятие «Гоголь»: удалить' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await within(panel).findByText('Занятие нельзя удалить: на него уже записаны.')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it('adds a lesson and returns to the course', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/courses/:id/lessons/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...lesson, id: 53, number: 3, title: 'Толстой' }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/mutabo/courses/5/lessons/new');
    await user.type(await screen.findByLabelText('Название занятия', {}, FIRST_RENDER), 'Толстой');
    await user.clear(screen.getByLabelText('Продолжительность, минут'));
    await user.type(screen.getByLabelText('Продолжительность, минут'), '90');
    await user.selectOptions(screen.getByLabelText('Состояние занятия'), 'published');
    await user.click(screen.getByRole('button', { name: 'Добавить занятие' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses/5'));
    expect(sent).toEqual({
      title: 'Толстой',
      content: '',
      duration: 90,
      state: 'published',
      startsAt: null,
      roomUrl: '',
      recordingUrl: '',
      assignment: '',
      assignmentDueAt: null,
      assignmentRequired: false,
    });
  });
});

describe('a lesson’s time and links', () => {
  const scheduled = { ...lesson, startsAt: '2026-03-04T16:00:00.000Z', roomUrl: 'https://meet.example.org/pushkin', recordingUrl: '' };

  const answer = (course: MutaboCourse, onPatch: (body: unknown) => void) => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(undefined, course),
      http.get('*/api/v1/mutabo/lessons/:id/', () => HttpResponse.json(course.lessons[0])),
      http.patch('*/api/v1/mutabo/lessons/:id/', async ({ request }) => {
        const body = await request.json();
        onPatch(body);
        return HttpResponse.json({ ...course.lessons[0], ...(body as object), version: 2 });
      }),
    );
  };

  it('asks before saving a published lesson that people hold as a draft, as the lesson list does', async () => {
    const sent: unknown[] = [];
    const held = { ...scheduled, state: 'published' as const, people: { holding: 2, waiting: 0, toldIfDrafted: 2 } };
    answer({ ...editedCourse, lessons: [held] }, (body) => sent.push(body));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    await user.selectOptions(await screen.findByLabelText('Состояние занятия', {}, FIRST_RENDER), 'draft');
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вернуть занятие в черновики?' });
    expect(dialog).toHaveTextContent('Участники занятия: 2 человека с местом.');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сохранить как черновик' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ state: 'draft', version: 1 })]));
    expect(await screen.findByText('Занятие сохранено.')).toBeInTheDocument();
  });

  it('shows the start in the course’s zone, says which, and sends the new one in UTC', async () => {
    let sent: unknown = null;
    answer({ ...editedCourse, lessons: [scheduled] }, (body) => (sent = body));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const start = await screen.findByRole('group', { name: 'Начало занятия по московскому времени' }, FIRST_RENDER);
    expect(within(start).getByLabelText('Дата')).toHaveValue('2026-03-04');
    expect(within(start).getByLabelText('Время')).toHaveValue('19:00');
    expect(screen.getByLabelText('Ссылка на комнату вебинара (https://…)')).toHaveValue('https://meet.example.org/pushkin');
    await user.clear(within(start).getByLabelText('Время'));
    await user.type(within(start).getByLabelText('Время'), '18:30');
    await user.type(screen.getByLabelText('Ссылка на запись (если она на другом сайте)'), 'https://video.example.org/1');
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    await waitFor(() =>
      expect(sent).toMatchObject({ startsAt: '2026-03-04T15:30:00.000Z', roomUrl: 'https://meet.example.org/pushkin', recordingUrl: 'https://video.example.org/1', version: 1 }),
    );
    expect(await screen.findByText('Занятие сохранено.')).toBeInTheDocument();
  });

  it('converts a time entered for a Berlin course by that day’s offset (summer time from 29 March)', async () => {
    let sent: { startsAt?: string } = {};
    answer({ ...editedCourse, timeZone: 'Europe/Berlin', lessons: [{ ...scheduled, startsAt: null }] }, (body) => (sent = body as typeof sent));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const start = await screen.findByRole('group', { name: /^Начало занятия по времени курса: \(UTC\+0[12]:00\) Германия$/ }, FIRST_RENDER);
    await user.type(within(start).getByLabelText('Дата'), '2026-03-29');
    await user.type(within(start).getByLabelText('Время'), '19:00');
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    await waitFor(() => expect(sent.startsAt).toBe('2026-03-29T17:00:00.000Z'));
  });

  it('saves the assignment with its due time in the course’s zone and «стоп-занятие», with the version read', async () => {
    let sent: Record<string, unknown> = {};
    const assignment = JSON.stringify({
      blocks: [{ key: 'a1', text: 'Прочитайте «Пророка» вслух.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
      entityMap: {},
    });
    answer({ ...editedCourse, lessons: [{ ...scheduled, assignment }] }, (body) => (sent = body as typeof sent));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const due = await screen.findByRole('group', { name: 'Сдать до (по московскому времени)' }, FIRST_RENDER);
    expect(await screen.findByText('Прочитайте «Пророка» вслух.', {}, FIRST_RENDER)).toBeInTheDocument();
    await user.type(within(due).getByLabelText('Дата сдачи'), '2026-03-10');
    await user.type(within(due).getByLabelText('Время сдачи'), '20:00');
    await user.click(screen.getByLabelText('Стоп-занятие: запись следующего занятия откроется только после ответа'));
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    await waitFor(() => expect(sent).toMatchObject({ assignmentDueAt: '2026-03-10T17:00:00.000Z', assignmentRequired: true, version: 1 }));
    expect(JSON.parse(sent.assignment as string)).toMatchObject({ blocks: [expect.objectContaining({ text: 'Прочитайте «Пророка» вслух.' })] });
    expect(await screen.findByText('Занятие сохранено.')).toBeInTheDocument();
  });

  it('shows a saved due time in the course’s zone, and refuses a due date without a time', async () => {
    let patches = 0;
    answer(
      { ...editedCourse, lessons: [{ ...scheduled, assignment: '', assignmentDueAt: '2026-03-10T17:00:00.000Z', assignmentRequired: true }] },
      () => (patches += 1),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const due = await screen.findByRole('group', { name: 'Сдать до (по московскому времени)' }, FIRST_RENDER);
    expect(within(due).getByLabelText('Дата сдачи')).toHaveValue('2026-03-10');
    expect(within(due).getByLabelText('Время сдачи')).toHaveValue('20:00');
    expect(screen.getByLabelText('Стоп-занятие: запись следующего занятия откроется только после ответа')).toBeChecked();
    await user.clear(within(due).getByLabelText('Время сдачи'));
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    expect(await within(due).findByText('Укажите и дату, и время, до которого сдать задание, — или оставьте оба поля пустыми.')).toBeInTheDocument();
    expect(patches).toBe(0);
  });

  it('keeps what was typed and says what is wrong: a date without a time, a link that is not https', async () => {
    let patches = 0;
    answer({ ...editedCourse, lessons: [{ ...scheduled, startsAt: null, roomUrl: '' }] }, () => (patches += 1));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const start = await screen.findByRole('group', { name: 'Начало занятия по московскому времени' }, FIRST_RENDER);
    await user.type(within(start).getByLabelText('Дата'), '2026-04-01');
    await user.type(screen.getByLabelText('Ссылка на комнату вебинара (https://…)'), 'http://meet.example.org/x');
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    expect(await within(start).findByText('Укажите и дату, и время начала — или оставьте оба поля пустыми.')).toBeInTheDocument();
    expect(screen.getByText('Ссылка должна начинаться с https://.')).toBeInTheDocument();
    expect(within(start).getByLabelText('Дата')).toHaveValue('2026-04-01');
    expect(patches).toBe(0);
  });
});
