import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { participantsMessages, type MutaboParticipants } from '../../common/mutabo/participants.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { adult, freeCourseParticipants, minor, participantRow } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

/** The participants' API over one table; `queries` records each list request's query string. */
function participantsApi(table: MutaboParticipants = freeCourseParticipants()) {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v1/mutabo/courses/:id/participants/', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      const state = url.searchParams.get('state');
      const lesson = Number(url.searchParams.get('lesson'));
      return HttpResponse.json({
        ...table,
        participants: table.participants.filter((row) => (!state || row.state === state) && (!lesson || row.lessonId === lesson)),
      });
    }),
  );
  return { table, queries };
}

const open = async (path = '/mutabo/courses/5/participants') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Участники' }, FIRST_RENDER);
  await screen.findByRole('region', { name: 'Места по занятиям' });
  return view;
};

const lessonGroup = (name: string) => screen.getByRole('region', { name });

describe("a course's participants", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('shows the places of each lesson against the limit and the rows per lesson with state, payment and profile', async () => {
    participantsApi();
    await open('/mutabo/courses/5/participants?view=lessons');
    expect(screen.getByText('Курс «Медленное чтение»')).toBeInTheDocument();
    const places = within(screen.getByRole('region', { name: 'Места по занятиям' }));
    const placeRows = places.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(placeRows).toEqual([
      ['1. Пушкин', '2 из 2', '0'],
      ['2. Гоголь', '2 из 2', '2'],
    ]);

    const first = within(lessonGroup('Занятие 1. Пушкин'));
    const [approved, waiting] = first.getAllByRole('row').slice(1);
    expect(within(approved!).getByText('Соколова Екатерина')).toBeInTheDocument();
    expect(within(approved!).getByText('Подтверждено')).toBeInTheDocument();
    expect(within(approved!).getByText('Бесплатный курс')).toBeInTheDocument();
    expect(within(approved!).getByRole('link', { name: 'kate@example.com' })).toHaveAttribute('href', 'mailto:kate@example.com');
    expect(within(waiting!).getByText('Ждёт подтверждения')).toBeInTheDocument();
    // A minor's school and notes are there for the author.
    expect(within(waiting!).getByText('13 лет, несовершеннолетний(-яя)')).toBeInTheDocument();
    expect(within(waiting!).getByText('Пишет медленно')).toBeInTheDocument();
    expect(within(waiting!).getByText('Любит стихи')).toBeInTheDocument();

    const second = within(lessonGroup('Занятие 2. Гоголь'));
    expect(second.getByText('Занято 2 из 2 · в очереди 2')).toBeInTheDocument();
    expect(second.getByText('1-е место')).toBeInTheDocument();
    expect(second.getByText('2-е место')).toBeInTheDocument();
    // Only the second in the queue can move up.
    expect(second.getAllByRole('button', { name: /^Выше в очереди/ })).toHaveLength(1);
    expect(second.getByRole('button', { name: 'Выше в очереди: Орлова Вера, занятие 2. Гоголь' })).toBeInTheDocument();
    // The course's tabs.
    const tabs = screen.getByRole('navigation', { name: 'Страницы курса' });
    expect(within(tabs).getByRole('link', { name: 'Участники' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Курс' })).toHaveAttribute('href', '/mutabo/courses/5');
  });

  it("says a minor's unanswered school question is not answered, never «нет»", async () => {
    const table = freeCourseParticipants();
    const unanswered = { ...minor, school: { visitSchool: null, readWriteProblems: '', otherInfo: '' } };
    participantsApi({ ...table, participants: table.participants.map((row) => (row.person.id === minor.id ? { ...row, person: unanswered } : row)) });
    await open('/mutabo/courses/5/participants?view=lessons');
    const [, waiting] = within(lessonGroup('Занятие 1. Пушкин')).getAllByRole('row').slice(1);
    const school = within(waiting!).getByText('Ходит в школу').parentElement!;
    expect(within(school).getByText('не указано')).toBeInTheDocument();
    expect(within(school).queryByText('нет')).not.toBeInTheDocument();
  });

  it('filters by state and lesson through the server and keeps the filter in the address', async () => {
    const api = participantsApi();
    const { user, router } = await open();
    await user.selectOptions(screen.getByLabelText('Состояние'), 'Ждут подтверждения');
    await waitFor(() => expect(api.queries.at(-1)).toBe('?state=reserved'));
    expect(router.state.location.search).toBe('?state=reserved');
    // People, not rows: one person with two lessons.
    await waitFor(() => expect(screen.getByText('1 человек, записей на занятия: 2')).toBeInTheDocument());
    // Those approved are left out.
    expect(screen.queryByText('Соколова Екатерина')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Занятие'), '2. Гоголь');
    await waitFor(() => expect(api.queries.at(-1)).toBe('?state=reserved&lesson=52'));
    await waitFor(() => expect(screen.getByText('1 человек')).toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Иванов Петя' })).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['2. Гоголь']);
  });

  it('opens with the filter of a link from the start page', async () => {
    const api = participantsApi();
    await open('/mutabo/courses/5/participants?lesson=52&state=waiting_list');
    expect(api.queries[0]).toBe('?state=waiting_list&lesson=52');
    expect(screen.getByLabelText('Состояние')).toHaveValue('waiting_list');
    expect(screen.getByLabelText('Занятие')).toHaveValue('52');
    expect(await screen.findByText('2 человека')).toBeInTheDocument();
  });

  it('groups the rows per person by default, counted in people; per lesson on request', async () => {
    participantsApi();
    const { user, router } = await open();
    expect(screen.getByRole('radio', { name: 'По людям' })).toBeChecked();
    expect(screen.getByText('4 человека, записей на занятия: 6')).toBeInTheDocument();
    const kate = within(screen.getByRole('region', { name: 'Соколова Екатерина' }));
    expect(kate.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['1. Пушкин', '2. Гоголь']);
    expect(screen.getByRole('region', { name: 'Иванов Петя' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'По занятиям' }));
    expect(await screen.findByRole('region', { name: 'Занятие 1. Пушкин' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=lessons');
  });

  it('shows the chosen grouping and filter at once, before the address has changed (a radio never springs back)', async () => {
    participantsApi();
    await open();
    // Outside act(), as in a browser: the router applies the new address in a transition that React renders later,
    // so what the controls show right after the click is what the page itself decided.
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const people = screen.getByRole('radio', { name: 'По занятиям' });
      people.click();
      expect(people).toBeChecked();
      const state = screen.getByLabelText<HTMLSelectElement>('Состояние');
      state.value = 'waiting_list';
      state.dispatchEvent(new Event('change', { bubbles: true }));
      expect(state).toHaveValue('waiting_list');
      expect(await screen.findByRole('region', { name: 'Занятие 2. Гоголь' })).toBeInTheDocument();
      expect(people).toBeChecked();
    } finally {
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('approves after a confirmation, stays busy until the server answers (one request for two clicks), then reads the table again', async () => {
    const api = participantsApi();
    let approvals = 0;
    server.use(
      http.post('*/api/v1/mutabo/participants/:id/approve/', async ({ params }) => {
        approvals += 1;
        await delay(100);
        const row = api.table.participants.find((item) => item.id === Number(params.id))!;
        Object.assign(row, { state: 'approved', approvedAt: '2026-03-03T10:00:00Z' });
        return HttpResponse.json([row]);
      }),
    );
    const { user } = await open('/mutabo/courses/5/participants?view=lessons');
    const loadsBefore = api.queries.length;
    await user.click(screen.getByRole('button', { name: 'Подтвердить: Иванов Петя, занятие 1. Пушкин' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Подтвердить участие?' }));
    expect(dialog.getByText(/Иванов Петя, занятие 1\. Пушкин\./)).toBeInTheDocument();
    const confirm = dialog.getByRole('button', { name: 'Подтвердить' });
    await user.dblClick(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(approvals).toBe(1);
    expect(await screen.findByText('Участие подтверждено: Иванов Петя, занятие 1. Пушкин.')).toBeInTheDocument();
    await waitFor(() => expect(api.queries.length).toBe(loadsBefore + 1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Подтвердить: Иванов Петя, занятие 1. Пушкин' })).not.toBeInTheDocument());
  });

  it('disables the confirmation while the server works on it', async () => {
    participantsApi();
    let release: () => void = () => {};
    server.use(
      http.post('*/api/v1/mutabo/participants/:id/approve/', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json([]);
      }),
    );
    const { user } = await open('/mutabo/courses/5/participants?view=lessons');
    await user.click(screen.getByRole('button', { name: 'Подтвердить: Иванов Петя, занятие 1. Пушкин' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Подтвердить' })).toBeDisabled());
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's Russian refusal and reads the table again", async () => {
    const api = participantsApi();
    const refusal = participantsMessages.noFreePlace.replace('{lesson}', '2. «Гоголь»');
    server.use(http.post('*/api/v1/mutabo/participants/:id/approve/', () => HttpResponse.json({ detail: refusal }, { status: 409 })));
    const { user } = await open('/mutabo/courses/5/participants?view=lessons');
    const loadsBefore = api.queries.length;
    await user.click(screen.getByRole('button', { name: 'Подтвердить: Лебедев Игорь, занятие 2. Гоголь' }));
    expect(screen.getByRole('dialog', { name: 'Подтвердить участие?' })).toHaveTextContent('займёт свободное место вне очереди');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    await waitFor(() => expect(api.queries.length).toBe(loadsBefore + 1));
  });

  it('moves a person up the queue by one place', async () => {
    participantsApi();
    let body: unknown = null;
    let id = '';
    server.use(
      http.post('*/api/v1/mutabo/participants/:id/promote/', async ({ request, params }) => {
        body = await request.json();
        id = String(params.id);
        return HttpResponse.json([]);
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Выше в очереди: Орлова Вера, занятие 2. Гоголь' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Поднять в очереди?' }));
    expect(dialog.getByText(/Орлова Вера станет 1-м в очереди/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Поднять' }));
    expect(await screen.findByText('Поднят(а) в очереди: Орлова Вера, занятие 2. Гоголь.')).toBeInTheDocument();
    expect(id).toBe('106');
    expect(body).toEqual({ position: 1 });
  });

  it('rejects after a confirmation, and cancelling sends nothing', async () => {
    participantsApi();
    let rejected = 0;
    server.use(
      http.post('*/api/v1/mutabo/participants/:id/reject/', () => {
        rejected += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await open('/mutabo/courses/5/participants?view=lessons');
    await user.click(screen.getByRole('button', { name: 'Отклонить: Лебедев Игорь, занятие 2. Гоголь' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Убрать из очереди?' })).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rejected).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Отклонить: Иванов Петя, занятие 1. Пушкин' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Отклонить участие?' }));
    expect(dialog.getByText(/место перейдёт первому в очереди/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByText('Участие отклонено: Иванов Петя, занятие 1. Пушкин.')).toBeInTheDocument();
    expect(rejected).toBe(1);
  });

  it('offers a refund instead of a rejection for a paid place, and says a payment under way ends on approval', async () => {
    const table = freeCourseParticipants();
    table.course.paid = true;
    table.participants = [
      participantRow(201, adult, { state: 'approved', paid: true, payment: { id: 9, state: 'STATE_COMPLETED', amount: 1000, currency: 'CURRENCY_CHOICE_RUB' } }),
      participantRow(202, { ...adult, id: 30, firstName: 'Олег', lastName: 'Смирнов' }, {
        expiresAt: '2026-03-01T10:30:00Z',
        payment: { id: 10, state: 'STATE_IN_PROGRESS', amount: 1000, currency: 'CURRENCY_CHOICE_RUB' },
      }),
    ];
    participantsApi(table);
    const { user } = await open('/mutabo/courses/5/participants?view=lessons');
    const [paid, holding] = within(lessonGroup('Занятие 1. Пушкин')).getAllByRole('row').slice(1);
    expect(within(paid!).getByText('Оплачено, платёж № 9')).toBeInTheDocument();
    expect(within(paid!).queryByRole('button', { name: /^Отклонить/ })).not.toBeInTheDocument();
    expect(within(paid!).getByRole('link', { name: 'Вернуть деньги' })).toHaveAttribute('href', '/mutabo/courses/5/payments');
    expect(within(holding!).getByText('Бронь')).toBeInTheDocument();
    expect(within(holding!).getByText(/^до .*, пока идёт оплата$/)).toBeInTheDocument();
    expect(within(holding!).getByText('Не оплачено: платёж № 10 — ожидает оплаты')).toBeInTheDocument();
    await user.click(within(holding!).getByRole('button', { name: /^Подтвердить/ }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Незавершённый платёж № 10 за это место будет отменён.');
  });

  it("approves one person's places with one confirmation through the bulk endpoint, the lessons listed and all ticked", async () => {
    const api = participantsApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/mutabo/participants/approve/', async ({ request }) => {
        bodies.push(await request.json());
        await delay(50);
        return HttpResponse.json([]);
      }),
    );
    const { user } = await open();
    const petya = within(screen.getByRole('region', { name: 'Иванов Петя' }));
    expect(petya.getByText('Ждёт подтверждения: 2 занятия: 1, 2')).toBeInTheDocument();
    // One decision for the person: the rows it covers have no buttons of their own here.
    expect(petya.queryByRole('button', { name: /занятие 1\. Пушкин$/ })).not.toBeInTheDocument();
    const loadsBefore = api.queries.length;
    await user.click(petya.getByRole('button', { name: 'Подтвердить: Иванов Петя, 2 занятия' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Подтвердить участие?' }));
    expect(dialog.getByText('Иванов Петя: 2 занятия.')).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: '1. Пушкин' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: '2. Гоголь' })).toBeChecked();
    await user.dblClick(dialog.getByRole('button', { name: 'Подтвердить: 2 занятия' }));
    expect(await screen.findByText('Участие подтверждено: Иванов Петя, 2 занятия: 1, 2.')).toBeInTheDocument();
    expect(bodies).toEqual([{ participants: [102, 104] }]);
    await waitFor(() => expect(api.queries.length).toBe(loadsBefore + 1));
  });

  it("rejects one person's places together, or only the lessons left ticked; none ticked sends nothing", async () => {
    participantsApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/mutabo/participants/reject/', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Отклонить: Иванов Петя, 2 занятия' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Отклонить запись?' }));
    expect(dialog.getByText(/освободившиеся места перейдут первым в очереди/)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: '1. Пушкин' }));
    await user.click(dialog.getByRole('checkbox', { name: '2. Гоголь' }));
    expect(dialog.getByText('Отметьте хотя бы одно занятие.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: '2. Гоголь' }));
    await user.click(dialog.getByRole('button', { name: 'Отклонить: 1 занятие' }));
    expect(await screen.findByText('Запись отклонена: Иванов Петя, занятие 2. Гоголь.')).toBeInTheDocument();
    expect(bodies).toEqual([{ participants: [104] }]);
  });

  it("shows a checkout's holds as one person's decision that says the payment under way ends", async () => {
    const table = freeCourseParticipants();
    table.course.paid = true;
    const payment = { id: 10, state: 'STATE_IN_PROGRESS' as const, amount: 2000, currency: 'CURRENCY_CHOICE_RUB' as const };
    table.participants = [
      participantRow(202, adult, { expiresAt: '2026-03-01T10:30:00Z', payment }),
      participantRow(203, adult, { lessonId: 52, expiresAt: '2026-03-01T10:30:00Z', payment }),
    ];
    participantsApi(table);
    const { user } = await open();
    const kate = within(screen.getByRole('region', { name: 'Соколова Екатерина' }));
    expect(kate.getByText('Бронь, пока идёт оплата: 2 занятия: 1, 2')).toBeInTheDocument();
    // The holds of one checkout read the same: one line with both lessons.
    const lines = kate.getAllByRole('row').slice(1);
    expect(lines).toHaveLength(1);
    expect(within(lines[0]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1. Пушкин', '2. Гоголь']);
    expect(within(lines[0]!).getByText('Не оплачено: платёж № 10 — ожидает оплаты')).toBeInTheDocument();
    await user.click(kate.getByRole('button', { name: 'Подтвердить: Соколова Екатерина, 2 занятия' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Подтвердить участие?' }));
    expect(dialog.getByText('Незавершённый платёж № 10 будет отменён.')).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: '2. Гоголь' }));
    expect(dialog.getByText('Незавершённый платёж № 10 будет отменён, а неотмеченные занятия, которые он держит, освободятся.')).toBeInTheDocument();
  });

  it('exports the filtered rows as CSV with the token', async () => {
    participantsApi();
    let csvQuery = '';
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/mutabo/courses/:id/participants.csv', ({ request }) => {
        csvQuery = new URL(request.url).search;
        authorization = request.headers.get('authorization');
        return new HttpResponse('\uFEFFЗанятие\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="participants-5.csv"' } });
      }),
    );
    const created: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:participants';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await open('/mutabo/courses/5/participants?state=approved');
    await user.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(names).toEqual(['participants-5.csv']));
    expect(csvQuery).toBe('?state=approved');
    expect(authorization).toMatch(/^Bearer /);
    expect(await created[0]!.text()).toContain('Занятие');
    click.mockRestore();
  });

  it('says so for a course the author does not lead', async () => {
    server.use(http.get('*/api/v1/mutabo/courses/:id/participants/', () => HttpResponse.json({ detail: 'Курс не найден.' }, { status: 404 })));
    renderApp('/mutabo/courses/99/participants');
    expect(await screen.findByText('Курс не найден или вы его не ведёте.', {}, FIRST_RENDER)).toBeInTheDocument();
  });

  it("is one of the course editor's tabs", async () => {
    participantsApi();
    const { user } = renderApp('/mutabo/courses/5');
    const tabs = within(await screen.findByRole('navigation', { name: 'Страницы курса' }, FIRST_RENDER));
    expect(tabs.getByRole('link', { name: 'Курс' })).toHaveAttribute('aria-current', 'page');
    await user.click(tabs.getByRole('link', { name: 'Участники' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Участники' })).toBeInTheDocument();
  });
});
