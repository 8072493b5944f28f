// The authors' «Задания» (issue 35): the review queue (course and state filters and pages kept in the address, oldest
// first as the server answers), the numbers per assignment, one answer with its files shown inline and the decision
// (a return needs a comment, checked before sending; a 409 is said and the answer read again), and the summary's count.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  homeworkMessages,
  type HomeworkAnswer,
  type HomeworkAnswerDetail,
  type HomeworkAssignmentStats,
  type HomeworkQueueItem,
  type HomeworkQueuePage,
} from '../../common/homework.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboard, dashboardHandler } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const item = (id: number, patch: Partial<HomeworkQueueItem> = {}): HomeworkQueueItem => ({
  id,
  state: 'submitted',
  submittedAt: '2026-12-09T10:00:00Z',
  decidedAt: null,
  late: false,
  seen: false,
  files: 2,
  person: { id: 40 + id, name: `Ученик ${id}`, email: `pupil${id}@example.com` },
  lesson: { id: 51, number: 1, title: 'Пушкин' },
  course: { id: 5, title: 'Медленное чтение', timeZone: 'Asia/Yekaterinburg' },
  ...patch,
});

const queuePage = (results: HomeworkQueueItem[], count = results.length, waiting = 3): HomeworkQueuePage => ({ count, next: null, results, waiting });

const stats: HomeworkAssignmentStats[] = [
  {
    lesson: { id: 51, number: 1, title: 'Пушкин', dueAt: null },
    course: { id: 5, title: 'Медленное чтение' },
    answered: 12,
    waiting: 3,
    accepted: 7,
    returned: 2,
    late: 1,
    medianDecisionSeconds: 5 * 3600,
  },
  {
    lesson: { id: 52, number: 2, title: 'Гоголь', dueAt: null },
    course: { id: 5, title: 'Медленное чтение' },
    answered: 4,
    waiting: 0,
    accepted: 4,
    returned: 0,
    late: 0,
    medianDecisionSeconds: 3 * 86_400,
  },
];

const answer = (patch: Partial<HomeworkAnswer> = {}): HomeworkAnswer => ({
  id: 7,
  text: 'Ритм меняется в третьей строфе.',
  files: [
    { id: 1, name: 'Схема.png', size: 30_000, kind: 'png', url: '/media/homework/1?u=2&e=1&s=a' },
    { id: 2, name: 'Разбор.pdf', size: 2 * 1024 * 1024, kind: 'pdf', url: '/media/homework/2?u=2&e=1&s=b' },
    { id: 3, name: 'Черновик.docx', size: 12_000, kind: 'docx', url: '/media/homework/3?u=2&e=1&s=c' },
  ],
  state: 'submitted',
  comment: '',
  submittedAt: '2026-12-09T10:00:00Z',
  decidedAt: null,
  seen: true,
  late: true,
  ...patch,
});

const detail = (patch: Partial<HomeworkAnswerDetail> = {}): HomeworkAnswerDetail => {
  const current = answer();
  return {
    answer: current,
    thread: [answer({ id: 6, state: 'returned', files: [], text: 'Первый ответ.', comment: 'Посмотрите на цезуры.', late: false }), current],
    person: { id: 42, name: 'Иванова Маша', email: 'masha@example.com' },
    lesson: { id: 51, number: 1, title: 'Пушкин', assignment: 'Прочитайте «Пророка» вслух.', dueAt: '2026-12-08T17:00:00Z' },
    course: { id: 5, title: 'Медленное чтение', timeZone: 'Europe/Moscow' },
    ...patch,
  };
};

describe("the area's «Задания»", () => {
  const queries: URLSearchParams[] = [];
  beforeEach(() => {
    queries.length = 0;
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers([listItem(5, 'Медленное чтение'), listItem(6, 'Мастерская текста')]),
      http.get('*/api/v1/mutabo/homework/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const page = Number(query.get('page') ?? 1);
        const results = page === 2 ? [item(21, { late: true })] : Array.from({ length: 20 }, (_, index) => item(index + 1));
        return HttpResponse.json(queuePage(results, 21));
      }),
      http.get('*/api/v1/mutabo/homework/stats/', () => HttpResponse.json(stats)),
    );
  });

  it('is in the navigation and lists the answers waiting, oldest first as the server answers, with their facts', async () => {
    server.use(dashboardHandler());
    const { user } = renderApp('/mutabo');
    await user.click(await screen.findByRole('link', { name: 'Задания' }, FIRST_RENDER));
    const queue = await screen.findByRole('region', { name: 'Ответы' }, FIRST_RENDER);
    await within(queue).findByRole('link', { name: 'Ученик 1' });
    expect(queries[0]!.get('state')).toBe('submitted');
    expect(queries[0]!.has('page')).toBe(false);
    const rows = within(queue).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(rows[1]).toHaveTextContent('Ученик 1pupil1@example.comМедленное чтениеЗанятие 1. Пушкин');
    // Sent at 10:00 UTC: 15:00 in the course's zone, as on the answer's own page.
    expect(rows[1]).toHaveTextContent('09.12.2026, 15:00');
    expect(within(rows[1]!).getByRole('link', { name: 'Ученик 1' })).toHaveAttribute('href', '/mutabo/homework/1');
    expect(within(queue).getByText('Ждут проверки: 3')).toBeInTheDocument();

    // The second page: the one answer there came late.
    await user.click(within(queue).getByRole('button', { name: 'Дальше' }));
    await waitFor(() => expect(within(queue).getAllByRole('row')).toHaveLength(2));
    expect(queries.at(-1)!.get('page')).toBe('2');
    expect(within(queue).getAllByRole('row')[1]).toHaveTextContent('с опозданием');
    expect(within(queue).getByText('Страница 2 из 2')).toBeInTheDocument();
  });

  it('narrows the queue by course and state, kept in the address', async () => {
    const { user, router } = renderApp('/mutabo/homework');
    await screen.findByRole('link', { name: 'Ученик 1' }, FIRST_RENDER);
    await user.selectOptions(screen.getByLabelText('Курс'), '6');
    await waitFor(() => expect(queries.at(-1)!.get('course')).toBe('6'));
    await user.selectOptions(screen.getByLabelText('Состояние'), 'Все');
    await waitFor(() => expect(queries.at(-1)!.has('state')).toBe(false));
    expect(queries.at(-1)!.get('course')).toBe('6');
    expect(router.state.location.search).toBe('?course=6&state=all');
    await user.selectOptions(screen.getByLabelText('Состояние'), 'На доработке');
    await waitFor(() => expect(queries.at(-1)!.get('state')).toBe('returned'));
  });

  it('shows the numbers of each assignment, the median in hours or days', async () => {
    renderApp('/mutabo/homework');
    const region = await screen.findByRole('region', { name: 'Статистика' }, FIRST_RENDER);
    const rows = await within(region).findAllByRole('row');
    expect(rows[0]).toHaveTextContent('ЗаданиеОтветилиЖдутПринятоНа доработкеС опозданиемМедиана до решения');
    expect(rows[1]).toHaveTextContent('Занятие 1. ПушкинМедленное чтение1237215 часов');
    expect(rows[2]).toHaveTextContent('Занятие 2. ГогольМедленное чтение404003 дня');
  });
});

describe('one answer under review', () => {
  const decisions: unknown[] = [];
  beforeEach(() => {
    decisions.length = 0;
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      http.get('*/api/v1/mutabo/homework/answers/7/', () => HttpResponse.json(detail())),
      http.get('*/api/v1/mutabo/homework/', () => HttpResponse.json(queuePage([item(8)]))),
      http.get('*/api/v1/mutabo/homework/stats/', () => HttpResponse.json([])),
    );
  });

  const decisionHandler = (reply: () => Response) =>
    server.use(
      http.post('*/api/v1/mutabo/homework/answers/7/decision/', async ({ request }) => {
        decisions.push(await request.json());
        return reply();
      }),
    );

  it('shows the assignment, the person, the earlier answers and the files inline: image, pdf with download, other to download', async () => {
    renderApp('/mutabo/homework/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ответ: Иванова Маша' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Прочитайте «Пророка» вслух.')).toBeInTheDocument();
    const current = screen.getByRole('region', { name: 'Ответ' });
    expect(current).toHaveTextContent('Ритм меняется в третьей строфе.');
    expect(current).toHaveTextContent('с опозданием');
    expect(within(current).getByRole('img', { name: 'Схема.png' })).toHaveAttribute('src', '/media/homework/1?u=2&e=1&s=a');
    expect(within(current).getByTitle('PDF: Разбор.pdf')).toHaveAttribute('src', '/media/homework/2?u=2&e=1&s=b');
    expect(within(current).getByRole('link', { name: /^Скачать Разбор\.pdf/ })).toHaveAttribute('href', '/media/homework/2?u=2&e=1&s=b');
    expect(within(current).getByRole('link', { name: /^Скачать Черновик\.docx/ })).toHaveAttribute('download', 'Черновик.docx');
    const earlier = screen.getByRole('region', { name: 'Предыдущие ответы' });
    expect(earlier).toHaveTextContent('Первый ответ.');
    expect(earlier).toHaveTextContent('Комментарий: Посмотрите на цезуры.');
  });

  it('refuses «На доработку» without a comment before sending, then sends it with the comment', async () => {
    decisionHandler(() => HttpResponse.json(detail({ answer: answer({ state: 'returned', comment: 'Добавьте разбор второй строфы.' }) })));
    const { user, router } = renderApp('/mutabo/homework/7');
    const form = await screen.findByRole('form', { name: 'Решение по ответу' }, FIRST_RENDER);
    await user.click(within(form).getByRole('button', { name: 'На доработку' }));
    expect(within(form).getByLabelText('Комментарий участнику')).toHaveAccessibleDescription(homeworkMessages.commentRequired);
    expect(decisions).toEqual([]);
    await user.type(within(form).getByLabelText('Комментарий участнику'), 'Добавьте разбор второй строфы.');
    await user.click(within(form).getByRole('button', { name: 'На доработку' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/homework'));
    expect(decisions).toEqual([{ decision: 'returned', comment: 'Добавьте разбор второй строфы.' }]);
    expect(await screen.findByText('Иванова Маша: На доработку.')).toBeInTheDocument();
  });

  it('accepts with the body the API takes and goes back to the queue, where the next answer waits', async () => {
    decisionHandler(() => HttpResponse.json(detail({ answer: answer({ state: 'accepted' }) })));
    const { user, router } = renderApp('/mutabo/homework/7');
    const form = await screen.findByRole('form', { name: 'Решение по ответу' }, FIRST_RENDER);
    await user.click(within(form).getByRole('button', { name: 'Принято' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/homework'));
    expect(decisions).toEqual([{ decision: 'accepted', comment: '' }]);
    expect(await screen.findByRole('link', { name: 'Ученик 8' })).toHaveAttribute('href', '/mutabo/homework/8');
  });

  it('says when another author has decided already, and reads the answer again', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/v1/mutabo/homework/answers/7/', () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? detail() : detail({ answer: answer({ state: 'accepted', decidedAt: '2026-12-10T09:00:00Z' }) }));
      }),
    );
    decisionHandler(() => HttpResponse.json({ detail: homeworkMessages.decided }, { status: 409 }));
    const { user } = renderApp('/mutabo/homework/7');
    const form = await screen.findByRole('form', { name: 'Решение по ответу' }, FIRST_RENDER);
    await user.click(within(form).getByRole('button', { name: 'Принято' }));
    expect(await screen.findByText('Решение по этому ответу уже принято: Принято.')).toBeInTheDocument();
    expect(reads).toBe(2);
  });
});

describe('the summary', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('links the answers waiting to «Задания», and says nothing of them when none wait', async () => {
    server.use(dashboardHandler({ ...dashboard(), homeworkWaiting: 4 }));
    const view = renderApp('/mutabo');
    const link = await screen.findByRole('link', { name: 'Ответы на задания ждут проверки: 4' }, FIRST_RENDER);
    expect(link).toHaveAttribute('href', '/mutabo/homework');
    view.unmount();

    server.use(dashboardHandler({ ...dashboard(), homeworkWaiting: 0 }));
    renderApp('/mutabo');
    await screen.findByRole('heading', { level: 1, name: 'Сводка' }, FIRST_RENDER);
    await screen.findByRole('region', { name: 'Нужно вернуть деньги' });
    expect(screen.queryByText(/Ответы на задания ждут проверки/)).not.toBeInTheDocument();
  });
});
