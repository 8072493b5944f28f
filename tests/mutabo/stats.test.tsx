// «Статистика» in the authors' area (issue 37, item 5): money per currency, the funnel with the share of each step and
// attendance per lesson, each a chart (drawn by Chart.js on a stand-in canvas) followed by its table; the period, the
// grouping and the course kept in the address and checked as the server checks them; the CSV of each part with the
// token and the same query; loading, empty and error states; and the summary opening with three small charts.
import { screen, waitFor, within, fireEvent } from '@testing-library/react';
import { Chart } from 'chart.js';
import { delay, http, HttpResponse } from 'msw';
import {
  ATTENDANCE_COLUMNS,
  FUNNEL_COLUMNS,
  MONEY_COLUMNS,
  STATS_API,
  periodErrors,
  statsMessages,
  dayInMoscow,
  type AttendanceStats,
  type FunnelStats,
  type MoneyStats,
} from '../../common/stats.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboardHandler } from './runData.ts';
import { presetPeriod, presetOf, statsViewOf } from '../../src/mutabo/stats/statsPeriod.ts';
import { funnelSteps, periodText } from '../../src/mutabo/stats/statsText.ts';
import { attendanceChart, funnelChart, moneyChart } from '../../src/mutabo/stats/statsCharts.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 40000 });

const RUB = 'CURRENCY_CHOICE_RUB' as const;
const EUR = 'CURRENCY_CHOICE_EURO' as const;

const money: MoneyStats = {
  from: '2026-11-02',
  to: '2026-11-22',
  by: 'week',
  rows: [
    { period: '2026-11-02', currency: RUB, paid: '9000.00', refunded: '0.00', net: '9000.00', payments: 3, averageCheck: '3000.00' },
    { period: '2026-11-02', currency: EUR, paid: '0.00', refunded: '0.00', net: '0.00', payments: 0, averageCheck: '0.00' },
    { period: '2026-11-09', currency: RUB, paid: '4500.50', refunded: '1500.00', net: '3000.50', payments: 2, averageCheck: '2250.25' },
    { period: '2026-11-09', currency: EUR, paid: '120.00', refunded: '0.00', net: '120.00', payments: 1, averageCheck: '120.00' },
    { period: '2026-11-16', currency: RUB, paid: '0.00', refunded: '0.00', net: '0.00', payments: 0, averageCheck: '0.00' },
    { period: '2026-11-16', currency: EUR, paid: '0.00', refunded: '0.00', net: '0.00', payments: 0, averageCheck: '0.00' },
  ],
  courses: [
    { course: { id: 5, title: 'Медленное чтение' }, currency: RUB, paid: '13500.50', refunded: '1500.00', net: '12000.50', payments: 5 },
    { course: { id: 6, title: 'Мастерская текста' }, currency: EUR, paid: '120.00', refunded: '0.00', net: '120.00', payments: 1 },
  ],
  discounts: [
    { kind: 'promo', code: 'ВЕСНА', currency: RUB, uses: 2, cost: '1000.00' },
    { kind: 'personal', code: null, currency: RUB, uses: 1, cost: '500.00' },
  ],
};

const funnel: FunnelStats = { from: '2026-11-01', to: '2026-11-22', views: 200, checkouts: 20, paid: 10, attended: 8, signups: 5, subscriptions: 3 };

const attendance: AttendanceStats = {
  rows: [
    {
      lesson: { id: 51, number: 1, title: 'Пушкин', start: '2026-11-10T16:00:00Z', course: { id: 5, title: 'Медленное чтение' } },
      approved: 6,
      joined: 5,
      watched: 2,
      answered: null,
    },
    {
      lesson: { id: 71, number: 3, title: 'Диалог', start: null, course: { id: 7, title: 'Текст в записи' } },
      approved: 4,
      joined: null,
      watched: 3,
      answered: 1,
    },
  ],
};

interface Asked {
  money: URLSearchParams[];
  funnel: URLSearchParams[];
  attendance: URLSearchParams[];
}

/** Answers the three reads with the bodies above (or what a test gives), noting the query of each request. */
function answer(bodies: { money?: MoneyStats; funnel?: FunnelStats; attendance?: AttendanceStats } = {}): Asked {
  const asked: Asked = { money: [], funnel: [], attendance: [] };
  storeSession();
  server.use(
    ...siteApiHandlers(),
    meHandler(author),
    ...mutaboHandlers([listItem(5, 'Медленное чтение'), listItem(6, 'Мастерская текста')]),
  );
  // Added after the area's own (which answer empty statistics), so that these answer first.
  server.use(
    http.get(`*${STATS_API.money}`, ({ request }) => {
      asked.money.push(new URL(request.url).searchParams);
      return HttpResponse.json(bodies.money ?? money);
    }),
    http.get(`*${STATS_API.funnel}`, ({ request }) => {
      asked.funnel.push(new URL(request.url).searchParams);
      return HttpResponse.json(bodies.funnel ?? funnel);
    }),
    http.get(`*${STATS_API.attendance}`, ({ request }) => {
      asked.attendance.push(new URL(request.url).searchParams);
      return HttpResponse.json(bodies.attendance ?? attendance);
    }),
  );
  return asked;
}

/**
 * jsdom draws nothing: a 2D context whose every method does nothing (text measured at 6 px a letter), and a
 * ResizeObserver that never calls, are enough for Chart.js to build its charts, which the tests then read.
 */
function standInCanvas() {
  const context = (canvas: HTMLCanvasElement) => {
    const state: Record<string | symbol, unknown> = { canvas };
    return new Proxy(state, {
      get(target, property) {
        if (property in target) return target[property];
        if (property === 'measureText') return (text: string) => ({ width: String(text).length * 6, actualBoundingBoxAscent: 9, actualBoundingBoxDescent: 3 });
        if (property === 'createPattern') return () => ({ setTransform: () => undefined });
        if (property === 'getLineDash') return () => [];
        return () => undefined;
      },
      set(target, property, value) {
        target[property] = value;
        return true;
      },
    });
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return context(this) as unknown as CanvasRenderingContext2D;
  } as never);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

beforeEach(standInCanvas);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const chartOf = (figure: HTMLElement) => Chart.getChart(figure.querySelector('canvas')!);
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** A row's text with every space as a plain one (amounts are grouped with no-break spaces). */
const textOf = (row: HTMLElement) => (row.textContent ?? '').replace(/[\s\u202f]/g, ' ');
const headingsOf = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
const part = (name: string) => screen.getByRole('region', { name });

describe('«Статистика»', () => {
  it('is a section of the area, and shows money, the funnel and attendance as charts with their tables', async () => {
    const asked = answer();
    renderApp('/mutabo/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Статистика' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Статистика' })).toHaveAttribute('href', '/mutabo/stats');

    // Money: a chart and a table per currency, never summed across them.
    const moneyPart = within(await screen.findByRole('region', { name: 'Деньги' }));
    const rubles = await moneyPart.findByRole('table', { name: 'Деньги по неделям, рубли' });
    expect(headingsOf(rubles)).toEqual([...MONEY_COLUMNS]);
    const rubleRows = rowsOf(rubles);
    expect(rubleRows).toHaveLength(3);
    expect(rubleRows[1]).toHaveTextContent(`${periodText('2026-11-09', 'week')}Рубли4 500,5 ₽1 500 ₽3 000,5 ₽22 250,25 ₽`);
    expect(rowsOf(moneyPart.getByRole('table', { name: 'Деньги по неделям, евро' }))[1]).toHaveTextContent('120 €');
    const rubleChart = moneyPart.getByRole('img', { name: /^Итого по неделям, рубли: за 3 нед\. 12\s000,5\s₽; больше всего 9\s000\s₽ — неделя с 02\.11\.2026\.$/ });
    await waitFor(() => expect(chartOf(rubleChart)).toBeDefined());
    const drawn = chartOf(rubleChart)!;
    expect(drawn.data.labels).toEqual(['02.11', '09.11', '16.11']);
    expect(drawn.data.datasets.map((set) => set.label)).toEqual(['Оплачено', 'Возвращено', 'Итого']);
    expect(drawn.data.datasets[2]!.data).toEqual([9000, 3000.5, 0]);
    // Not colour alone: the refunds are striped (a pattern, not a colour) and the net is a dashed line.
    expect(typeof drawn.data.datasets[1]!.backgroundColor).toBe('object');
    expect((drawn.data.datasets[2] as { borderDash?: number[] }).borderDash).toEqual([6, 4]);

    const courses = moneyPart.getByRole('table', { name: 'По курсам с 02.11.2026 по 22.11.2026' });
    expect(rowsOf(courses).map(textOf)).toEqual(['Медленное чтениеРубли13 500,5 ₽1 500 ₽12 000,5 ₽5', 'Мастерская текстаЕвро120 €0 €120 €1']);
    const discounts = moneyPart.getByRole('table', { name: /^Скидки и промокоды/ });
    expect(rowsOf(discounts).map(textOf)).toEqual(['Промокод ВЕСНАРубли21 000 ₽', 'Личные скидкиРубли1500 ₽']);

    // The funnel: each step with the share of the one before.
    const funnelPart = within(part('Воронка'));
    const steps = funnelPart.getByRole('table', { name: 'Воронка с 01.11.2026 по 22.11.2026' });
    expect(headingsOf(steps)).toEqual([...FUNNEL_COLUMNS]);
    expect(rowsOf(steps).map((row) => row.textContent)).toEqual([
      'Просмотры страницы курса200—',
      'Начали оплату2010\u00a0%',
      'Оплатили1050\u00a0%',
      'Пришли хотя бы на одно занятие880\u00a0%',
    ]);
    expect(funnelPart.getByText('Регистрации на сайте').nextElementSibling).toHaveTextContent('5');
    expect(funnelPart.getByText('Подписки на новости курса').nextElementSibling).toHaveTextContent('3');
    const funnelChartFigure = funnelPart.getByRole('img', { name: /^Воронка с 01\.11\.2026 по 22\.11\.2026: просмотры страницы курса 200, начали оплату 20 \(10/ });
    await waitFor(() => expect(chartOf(funnelChartFigure)?.data.datasets[0]!.data).toEqual([200, 20, 10, 8]));

    // Attendance: people per lesson, «—» where it is not recorded.
    const attendancePart = within(part('Посещаемость'));
    const lessons = attendancePart.getByRole('table', { name: 'Посещаемость по занятиям' });
    expect(headingsOf(lessons)).toEqual([...ATTENDANCE_COLUMNS]);
    expect(rowsOf(lessons).map((row) => row.textContent)).toEqual(['Медленное чтение1. Пушкин10.11.2026652—', 'Текст в записи3. Диалог—4—31']);
    const attendanceFigure = attendancePart.getByRole('img', { name: 'Посещаемость 2 занятий, в комнате были 5 из 6 одобренных (83\u00a0%).' });
    await waitFor(() => expect(chartOf(attendanceFigure)?.data.datasets.map((set) => set.label)).toEqual(['Одобрено', 'Были в комнате', 'Смотрели запись', 'Сдали задание']));

    // Without a period in the address: 12 weeks by week, every course; attendance takes only the course.
    const weeks = presetPeriod('weeks', dayInMoscow());
    expect(Object.fromEntries(asked.money.at(-1)!)).toEqual({ from: weeks.from, to: weeks.to, by: 'week' });
    expect(Object.fromEntries(asked.funnel.at(-1)!)).toEqual({ from: weeks.from, to: weeks.to });
    expect(Object.fromEntries(asked.attendance.at(-1)!)).toEqual({});
    expect(screen.getByRole('button', { name: '12 недель' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads the period, the grouping and the course from the address, and asks for them', async () => {
    const asked = answer();
    renderApp('/mutabo/stats?from=2026-01-01&to=2026-03-31&by=month&course=5');
    await screen.findByRole('heading', { level: 1, name: 'Статистика' }, FIRST_RENDER);
    expect(screen.getByLabelText('С')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('По')).toHaveValue('2026-03-31');
    expect(screen.getByLabelText('Группировка')).toHaveValue('month');
    await waitFor(() => expect(screen.getByLabelText('Курс')).toHaveValue('5'));
    await waitFor(() => expect(asked.attendance).toHaveLength(1));
    expect(Object.fromEntries(asked.money[0]!)).toEqual({ from: '2026-01-01', to: '2026-03-31', by: 'month', course: '5' });
    expect(Object.fromEntries(asked.funnel[0]!)).toEqual({ from: '2026-01-01', to: '2026-03-31', course: '5' });
    expect(Object.fromEntries(asked.attendance[0]!)).toEqual({ course: '5' });
  });

  it('says under the field when the start is after the end, and keeps the address until the period is valid', async () => {
    const asked = answer();
    const { router, user } = renderApp('/mutabo/stats?from=2026-09-01&to=2026-11-20&by=week');
    await screen.findByRole('heading', { level: 1, name: 'Статистика' }, FIRST_RENDER);
    await waitFor(() => expect(asked.money).toHaveLength(1));
    const from = screen.getByLabelText('С');
    fireEvent.change(from, { target: { value: '2026-12-01' } });
    expect(await screen.findByText(statsMessages.fromAfterTo)).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(statsMessages.fromAfterTo);
    expect(router.state.location.search).toBe('?from=2026-09-01&to=2026-11-20&by=week');
    expect(asked.money).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-11-20&by=week'));
    expect(screen.queryByText(statsMessages.fromAfterTo)).not.toBeInTheDocument();
    await waitFor(() => expect(asked.money.at(-1)!.get('from')).toBe('2026-10-01'));

    // A preset, the grouping and the course go to the address too.
    await user.click(screen.getByRole('button', { name: 'Этот год' }));
    const year = presetPeriod('year', dayInMoscow());
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${year.from}&to=${year.to}&by=month`));
    expect(screen.getByRole('button', { name: 'Этот год' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('С')).toHaveValue(year.from);
    await user.selectOptions(screen.getByLabelText('Группировка'), 'week');
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${year.from}&to=${year.to}&by=week`));
    await user.selectOptions(screen.getByLabelText('Курс'), 'Мастерская текста');
    await waitFor(() => expect(router.state.location.search).toBe(`?from=${year.from}&to=${year.to}&by=week&course=6`));
    await waitFor(() => expect(Object.fromEntries(asked.attendance.at(-1)!)).toEqual({ course: '6' }));
    expect(Object.fromEntries(asked.money.at(-1)!)).toEqual({ from: year.from, to: year.to, by: 'week', course: '6' });
  });

  it('downloads each part’s CSV with the token and the same query', async () => {
    answer();
    const requests: { url: URL; authorization: string | null }[] = [];
    const csv = (name: string, headings: readonly string[]) =>
      http.get(`*${name}`, ({ request }) => {
        requests.push({ url: new URL(request.url), authorization: request.headers.get('authorization') });
        return new HttpResponse(`\uFEFF${headings.join(';')}\r\n`, { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="money-2026.csv"' } });
      });
    server.use(csv(STATS_API.moneyCsv, MONEY_COLUMNS), csv(STATS_API.funnelCsv, FUNNEL_COLUMNS), csv(STATS_API.attendanceCsv, ATTENDANCE_COLUMNS));
    const files: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:stats';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderApp('/mutabo/stats?from=2026-11-02&to=2026-11-22&by=week&course=5');
    await user.click(await screen.findByRole('button', { name: 'Скачать CSV: деньги' }, FIRST_RENDER));
    await waitFor(() => expect(names).toEqual(['money-2026.csv']));
    expect(requests[0]!.url.pathname).toBe(STATS_API.moneyCsv);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ from: '2026-11-02', to: '2026-11-22', by: 'week', course: '5' });
    expect(requests[0]!.authorization).toMatch(/^Bearer /);
    expect((await files[0]!.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(MONEY_COLUMNS.join(';'));

    await user.click(screen.getByRole('button', { name: 'Скачать CSV: воронка' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.url.pathname).toBe(STATS_API.funnelCsv);
    expect(Object.fromEntries(requests[1]!.url.searchParams)).toEqual({ from: '2026-11-02', to: '2026-11-22', course: '5' });

    await user.click(await screen.findByRole('button', { name: 'Скачать CSV: посещаемость' }));
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2]!.url.pathname).toBe(STATS_API.attendanceCsv);
    expect(Object.fromEntries(requests[2]!.url.searchParams)).toEqual({ course: '5' });
  });

  it('says so when a CSV cannot be downloaded', async () => {
    answer();
    server.use(http.get(`*${STATS_API.moneyCsv}`, () => HttpResponse.json({ detail: 'Сервер занят.' }, { status: 503 })));
    const { user } = renderApp('/mutabo/stats');
    await user.click(await screen.findByRole('button', { name: 'Скачать CSV: деньги' }, FIRST_RENDER));
    expect(await within(part('Деньги')).findByText('Не удалось скачать CSV: Сервер занят.')).toBeInTheDocument();
  });

  it('says when there is nothing yet for the period', async () => {
    answer({
      money: { ...money, rows: money.rows.map((row) => ({ ...row, paid: '0.00', refunded: '0.00', net: '0.00', payments: 0, averageCheck: '0.00' })), courses: [], discounts: [] },
      funnel: { ...funnel, views: 0, checkouts: 0, paid: 0, attended: null, signups: 0, subscriptions: 0 },
      attendance: { rows: [] },
    });
    renderApp('/mutabo/stats');
    expect(await within(await screen.findByRole('region', { name: 'Деньги' }, FIRST_RENDER)).findByText('Пока нет оплат за этот период.')).toBeInTheDocument();
    expect(await within(part('Воронка')).findByText('Пока нет просмотров и оплат за этот период.')).toBeInTheDocument();
    expect(await within(part('Посещаемость')).findByText('Пока нет занятий, по которым есть что считать.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Скачать CSV/ })).not.toBeInTheDocument();
  });

  it('shows a loading indicator, then an error with «Повторить» that reads again', async () => {
    answer();
    let reads = 0;
    server.use(
      http.get(`*${STATS_API.money}`, async () => {
        reads += 1;
        await delay(reads === 1 ? 200 : 0);
        return reads === 1 ? HttpResponse.json({ detail: 'Ошибка сервера.' }, { status: 500 }) : HttpResponse.json(money);
      }),
    );
    const { user } = renderApp('/mutabo/stats');
    const moneyPart = within(await screen.findByRole('region', { name: 'Деньги' }, FIRST_RENDER));
    expect(moneyPart.getByRole('status', { name: 'Загружаем деньги' })).toBeInTheDocument();
    expect(await moneyPart.findByText(/^Не удалось загрузить деньги: Ошибка сервера\./)).toBeInTheDocument();
    await user.click(moneyPart.getByRole('button', { name: 'Повторить' }));
    expect(await moneyPart.findByRole('table', { name: 'Деньги по неделям, рубли' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });
});

describe('the summary’s three small charts', () => {
  it('open the summary, each read once in parallel and linking to its part of «Статистика»; the summary follows', async () => {
    const asked = answer();
    server.use(dashboardHandler());
    renderApp('/mutabo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сводка' }, FIRST_RENDER)).toBeInTheDocument();
    const revenue = within(await screen.findByRole('region', { name: 'Выручка по неделям' }));
    const net = await revenue.findByRole('img', { name: /^Итого по неделям, рубли:/ });
    await waitFor(() => expect(chartOf(net)?.data.datasets[0]!.data).toEqual([9000, 3000.5, 0]));
    expect(revenue.getByText('Ещё в других валютах: 120 €.')).toBeInTheDocument();
    const today = dayInMoscow();
    const weeks = presetPeriod('weeks', today);
    expect(revenue.getByRole('link', { name: 'Деньги в статистике' })).toHaveAttribute('href', `/mutabo/stats?from=${weeks.from}&to=${weeks.to}&by=week#stats-money`);

    const month = within(screen.getByRole('region', { name: 'Воронка этого месяца' }));
    const funnelFigure = await month.findByRole('img', { name: /^Воронка с 01\.11\.2026/ });
    await waitFor(() => expect(chartOf(funnelFigure)?.data.labels).toEqual(['Просмотры', 'Начали оплату', 'Оплатили', 'Пришли']));
    expect(month.getByText('Регистрации: 5 · подписки на новости: 3')).toBeInTheDocument();
    const thisMonth = presetPeriod('month', today);
    expect(month.getByRole('link', { name: 'Воронка в статистике' })).toHaveAttribute('href', `/mutabo/stats?from=${thisMonth.from}&to=${thisMonth.to}&by=week#stats-funnel`);

    const lessons = within(screen.getByRole('region', { name: 'Посещаемость последних занятий' }));
    expect(await lessons.findByRole('img', { name: /^Посещаемость 2 занятий/ })).toBeInTheDocument();
    expect(lessons.getByRole('link', { name: 'Посещаемость в статистике' })).toHaveAttribute('href', '/mutabo/stats#stats-attendance');

    // The server's defaults: 12 weeks by week, this month's funnel, the last lessons of every course.
    expect(asked.money.map((query) => query.toString())).toEqual(['by=week']);
    expect(asked.funnel.map((query) => query.toString())).toEqual(['']);
    expect(asked.attendance.map((query) => query.toString())).toEqual(['']);
    // What the summary showed before is still there, under the charts.
    expect(await screen.findByRole('region', { name: 'Нужно вернуть деньги' })).toBeInTheDocument();
  });

  it('keeps each chart’s place while it loads, and says what failed with «Повторить»', async () => {
    answer();
    server.use(
      dashboardHandler(),
      http.get(`*${STATS_API.funnel}`, async () => {
        await delay(300);
        return HttpResponse.json({ detail: 'Сервер занят.' }, { status: 503 });
      }),
    );
    renderApp('/mutabo');
    const month = within(await screen.findByRole('region', { name: 'Воронка этого месяца' }, FIRST_RENDER));
    expect(month.getByRole('status', { name: 'Загружаем: воронка этого месяца' })).toBeInTheDocument();
    expect(await month.findByText('Не удалось загрузить: Сервер занят.')).toBeInTheDocument();
    expect(month.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    // The other two are not held up by it.
    expect(await within(screen.getByRole('region', { name: 'Выручка по неделям' })).findByRole('img')).toBeInTheDocument();
  });
});

describe('the period and the charts’ words', () => {
  it('makes the presets ending today', () => {
    // 2026-11-25 is a Wednesday: its week began on Monday the 23rd, and 11 weeks before that is 2026-09-07.
    expect(presetPeriod('weeks', '2026-11-25')).toEqual({ from: '2026-09-07', to: '2026-11-25', by: 'week' });
    expect(presetPeriod('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25', by: 'week' });
    expect(presetPeriod('year', '2026-11-25')).toEqual({ from: '2026-01-01', to: '2026-11-25', by: 'month' });
    expect(presetOf({ from: '2026-01-01', to: '2026-11-25', by: 'month' }, '2026-11-25')).toBe('year');
    expect(presetOf({ from: '2026-01-02', to: '2026-11-25', by: 'month' }, '2026-11-25')).toBeNull();
  });

  it('checks a period as the server does', () => {
    expect(periodErrors('2026-01-01', '2026-01-01')).toEqual({});
    expect(periodErrors('2026-02-30', '2026-03-01')).toEqual({ from: statsMessages.badDate });
    expect(periodErrors('2026-03-02', '')).toEqual({ to: statsMessages.badDate });
    expect(periodErrors('2026-03-02', '2026-03-01')).toEqual({ from: statsMessages.fromAfterTo });
    expect(periodErrors('2010-01-01', '2026-03-01')).toEqual({ from: statsMessages.tooLong });
  });

  it('falls back to 12 weeks for an address that cannot be read', () => {
    const params = new URLSearchParams('from=2026-05-01&to=2026-04-01&by=month&course=abc');
    expect(statsViewOf(params, '2026-11-25')).toEqual({ from: '2026-09-07', to: '2026-11-25', by: 'month', course: undefined });
  });

  it('gives each series a pattern, a line a dash, and leaves out what is not recorded', () => {
    expect(moneyChart(money.rows, EUR, 'week').series.map((series) => [series.pattern, Boolean(series.line)])).toEqual([
      ['plain', false],
      ['stripes', false],
      ['plain', true],
    ]);
    expect(funnelSteps({ ...funnel, attended: null }).map((step) => step.share)).toEqual([null, 10, 50, null]);
    expect(funnelChart({ ...funnel, attended: null }).labels).toHaveLength(3);
    expect(funnelSteps({ ...funnel, views: 0 })[1]!.share).toBeNull();
    const lessons = attendanceChart(attendance.rows, false);
    expect(lessons.series.map((series) => series.pattern)).toEqual(['plain', 'stripes', 'dots', 'cross']);
    expect(lessons.series[1]!.values).toEqual([5, null]);
    expect(lessons.labels).toEqual(['10.11', '№3']);
  });
});
