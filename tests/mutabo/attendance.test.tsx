// «Кто пришёл» in the lesson editor (issue 35): the counts, who joined with their first join in the course's zone, who
// did not, «смотрел запись», «Скачать CSV» with the token, the error state, and no panel before the join link opens.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { LessonAttendance } from '../../common/attendance.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { attendanceCounts } from '../../src/mutabo/lessons/attendance/AttendancePanel.tsx';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 40000 });

const base = editedCourse.lessons[0]!;
const held: MutaboLesson = { ...base, state: 'published', startsAt: '2026-03-05T15:00:00Z' };

const attendance: LessonAttendance = {
  joined: [
    { user: 7, name: 'Ирина Смирнова', email: 'irina@example.com', firstJoinedAt: '2026-03-05T14:52:00Z', watchedRecording: false },
    { user: 8, name: 'Олег Петров', email: 'oleg@example.com', firstJoinedAt: '2026-03-05T15:03:00Z', watchedRecording: true },
    { user: 9, name: '', email: 'anon@example.com', firstJoinedAt: '2026-03-05T15:10:00Z', watchedRecording: false },
  ],
  absent: [{ user: 10, name: 'Анна Козлова', email: 'anna@example.com', watchedRecording: true }],
};

function answer(lesson: MutaboLesson, list: () => Response = () => HttpResponse.json(attendance)) {
  storeSession();
  server.use(
    ...siteApiHandlers(),
    meHandler(author),
    ...mutaboHandlers(undefined, { ...editedCourse, lessons: [lesson] }),
    http.get('*/api/v1/mutabo/lessons/:id/', () => HttpResponse.json(lesson)),
    http.get('*/api/v1/mutabo/lessons/:id/attendance/', list),
  );
}

const panel = () => screen.findByRole('region', { name: 'Кто пришёл' }, FIRST_RENDER);

describe('«Кто пришёл» of a lesson that has begun', () => {
  it('counts who came and lists them with their first join in the course’s zone', async () => {
    answer(held);
    renderApp('/mutabo/courses/5/lessons/51');
    const region = within(await panel());
    expect(await region.findByText('Пришли 3 из 4 (75 %)')).toBeInTheDocument();
    const joined = region.getByRole('table', { name: 'Пришли' });
    const rows = within(joined).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Ирина Смирнова');
    expect(rows[0]).toHaveTextContent('irina@example.com');
    // 14:52 UTC is 17:52 in Moscow, the course's zone.
    expect(rows[0]).toHaveTextContent('05.03.2026, 17:52');
    expect(rows[0]).not.toHaveTextContent('смотрел запись');
    expect(rows[1]).toHaveTextContent('смотрел запись');
    expect(rows[2]).toHaveTextContent('anon@example.com');
    expect(region.getByText('Время входа — по московскому времени.')).toBeInTheDocument();
    const absent = region.getByRole('table', { name: 'Не пришли' });
    const absentRows = within(absent).getAllByRole('row').slice(1);
    expect(absentRows).toHaveLength(1);
    expect(absentRows[0]).toHaveTextContent('Анна Козлова');
    expect(absentRows[0]).toHaveTextContent('смотрел запись');
  });

  it('downloads the CSV with the token', async () => {
    answer(held);
    let authorization: string | null = null;
    server.use(
      http.get('*/api/v1/mutabo/lessons/:id/attendance.csv', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('\uFEFFУчастник\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="attendance-51.csv"' } });
      }),
    );
    const created: Blob[] = [];
    const names: string[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:attendance';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = within(await panel());
    await user.click(await region.findByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(names).toEqual(['attendance-51.csv']));
    expect(authorization).toMatch(/^Bearer /);
    expect(await created[0]!.text()).toContain('Участник');
    click.mockRestore();
  });

  it('says so when the CSV cannot be downloaded', async () => {
    answer(held);
    server.use(http.get('*/api/v1/mutabo/lessons/:id/attendance.csv', () => HttpResponse.json({ detail: 'Сервер занят.' }, { status: 503 })));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = within(await panel());
    await user.click(await region.findByRole('button', { name: 'Скачать CSV' }));
    expect(await region.findByText('Не удалось скачать CSV: Сервер занят.')).toBeInTheDocument();
  });

  it('shows the error of a list that did not load', async () => {
    answer(held, () => HttpResponse.json({ detail: 'Ошибка сервера.' }, { status: 500 }));
    renderApp('/mutabo/courses/5/lessons/51');
    const region = within(await panel());
    expect(await region.findByText(/Не удалось загрузить, кто пришёл/)).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Скачать CSV' })).not.toBeInTheDocument();
  });

  it('is not shown before the join link opens', async () => {
    answer({ ...held, startsAt: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    renderApp('/mutabo/courses/5/lessons/51');
    expect(await screen.findByRole('region', { name: 'Занятие' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Кто пришёл' })).not.toBeInTheDocument();
  });
});

describe('attendanceCounts', () => {
  it('says the share, and when nobody is approved', () => {
    expect(attendanceCounts(attendance)).toBe('Пришли 3 из 4 (75\u00a0%)');
    expect(attendanceCounts({ joined: [], absent: [] })).toBe('На занятие никто не записан.');
    expect(attendanceCounts({ joined: [], absent: attendance.absent })).toBe('Пришли 0 из 1 (0\u00a0%)');
  });
});
