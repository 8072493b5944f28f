// Recordings on the public pages (issue 34): «Смотреть запись» only for an approved participant of a lesson with a
// recording, opening the player below the lesson (course page and «Мои курсы»); a recorded course says «В записи» in
// the catalogue and on its page, with no times and nothing for a calendar; a held lesson's recording is offered for
// sale instead of its past time; and the player's code stays out of the public pages' first load.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RecordingPlayback } from '../../common/recordings.ts';
import type { CourseShort, Participation } from '../../common/wireTypes.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';
import { adultDisciple, discipleHandler } from './account/accountTestKit.ts';
import { anna, answerCourse, course, lesson, renderAsUser } from './enrollment/enrollmentTestKit.ts';

const held = '2026-03-25T16:00:00Z';
const ahead = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const playback: RecordingPlayback = {
  url: '/media/recordings/101/g1.mp4?u=7&e=1&s=x',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  poster: '/media/recordings/101/g1.jpg?u=7&e=1&s=x',
  duration: 3909,
  position: 0,
  availableUntil: null,
};

function answerPlayback(lessonId: number) {
  const calls = { count: 0 };
  server.use(
    http.get(`*/api/v1/lessons/${lessonId}/recording/`, () => {
      calls.count += 1;
      return HttpResponse.json(playback);
    }),
    http.put(`*/api/v1/lessons/${lessonId}/recording/position/`, () => new HttpResponse(null, { status: 204 })),
  );
  return calls;
}

const lessonItem = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('recordings on the course page', () => {
  const liveCourse = () =>
    course({
      lessons: [
        lesson(1, { startsAt: held, participationState: 'approved', hasRecording: true, recordingDuration: 3909, recordingUrl: 'https://video.example.org/v1' }),
        lesson(2, { startsAt: held, hasRecording: true, recordingDuration: 247 }),
        lesson(3, { startsAt: held, participationState: 'approved', recordingUrl: 'https://video.example.org/v3' }),
        lesson(4, { startsAt: ahead(), participationState: 'approved' }),
      ],
    });

  it('offers «Смотреть запись» only to an approved participant of a lesson with a recording, and opens the player below it', async () => {
    server.use(discipleHandler(adultDisciple));
    answerCourse(liveCourse());
    const calls = answerPlayback(101);
    const { user } = renderAsUser('/courses/5');

    const first = await lessonItem('1. Ритм и рифма');
    const watch = within(first).getByRole('button', { name: 'Смотреть запись занятия 1. Ритм и рифма (1:05:09)' });
    expect(watch).toHaveAttribute('aria-expanded', 'false');
    // The uploaded recording replaces the pasted link.
    expect(within(first).queryByRole('link', { name: /Запись занятия/ })).toBeNull();
    expect(calls.count).toBe(0);

    await user.click(watch);
    const player = await within(first).findByLabelText('Запись занятия 1. Ритм и рифма');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', playback.url);
    expect(calls.count).toBe(1);
    const hide = within(first).getByRole('button', { name: 'Скрыть запись занятия 1. Ритм и рифма' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(hide.getAttribute('aria-controls')!)).toContainElement(player);
    await user.click(hide);
    expect(within(first).queryByLabelText('Запись занятия 1. Ритм и рифма')).toBeNull();

    // Not bought: no player; the held lesson's recording is for sale instead of its past time, with no calendar.
    const second = await lessonItem('2. Образ');
    expect(within(second).queryByRole('button', { name: /Смотреть запись/ })).toBeNull();
    expect(within(second).getByText('Можно купить запись')).toBeInTheDocument();
    expect(within(second).getByText('Запись · 4:07')).toBeInTheDocument();
    expect(within(second).queryByRole('time')).toBeNull();
    expect(within(second).queryByText('Прошло')).toBeNull();
    expect(within(second).queryByRole('link', { name: /Добавить в календарь/ })).toBeNull();

    // Bought, no uploaded recording: the pasted link stays, no player.
    const third = await lessonItem('3. Молчание');
    expect(within(third).queryByRole('button', { name: /Смотреть запись/ })).toBeNull();
    expect(within(third).getByRole('link', { name: 'Запись занятия 3. Молчание' })).toHaveAttribute('href', 'https://video.example.org/v3');

    // A lesson to come keeps its time and its calendar file.
    const fourth = await lessonItem('4. Город');
    expect(within(fourth).getByRole('time')).toBeInTheDocument();
    expect(within(fourth).getByRole('link', { name: 'Добавить в календарь занятие 4. Город' })).toBeInTheDocument();
    expect(within(fourth).queryByRole('button', { name: /Смотреть запись/ })).toBeNull();
  });

  it('shows a guest no player, only that the held lesson’s recording can be bought', async () => {
    const forGuest = liveCourse();
    answerCourse({ ...forGuest, lessons: forGuest.lessons.map((item) => ({ ...item, participationState: null, recordingUrl: undefined })) });
    renderApp('/courses/5');
    await lessonItem('1. Ритм и рифма');
    expect(screen.queryByRole('button', { name: /Смотреть запись/ })).toBeNull();
    expect(screen.getAllByText('Можно купить запись')).toHaveLength(2);
  });

  it('says «В записи» for a recorded course: its facts, each lesson’s recording, and no calendar', async () => {
    answerCourse(
      course({
        format: 'recorded',
        start: null,
        lessons: [
          lesson(1, { hasRecording: true, recordingDuration: 3909 }),
          lesson(2, { hasRecording: true, recordingDuration: 1800 }),
          lesson(3),
        ],
      }),
    );
    renderApp('/courses/5');
    expect(within(await lessonItem('1. Ритм и рифма')).getByText('Запись · 1:05:09')).toBeInTheDocument();
    expect(fact('Формат')).toBe('В записи');
    expect(screen.queryByText('Начало', { selector: 'dt' })).toBeNull();
    expect(within(await lessonItem('2. Образ')).getByText('Запись · 30:00')).toBeInTheDocument();
    expect(within(await lessonItem('3. Молчание')).getByText('Запись скоро появится')).toBeInTheDocument();
    expect(screen.queryByText('Дата пока не назначена')).toBeNull();
    expect(screen.queryByRole('link', { name: /в календарь/ })).toBeNull();
  });

  it('lets an approved participant of a recorded course watch at once', async () => {
    server.use(discipleHandler(adultDisciple));
    answerCourse(course({ format: 'recorded', lessons: [lesson(1, { hasRecording: true, recordingDuration: 3909, participationState: 'approved' }), lesson(2, { hasRecording: true, recordingDuration: 60 })] }));
    answerPlayback(101);
    const { user } = renderAsUser('/courses/5');
    const first = await lessonItem('1. Ритм и рифма');
    await user.click(within(first).getByRole('button', { name: /^Смотреть запись занятия 1\. Ритм и рифма/ }));
    expect(await within(first).findByLabelText('Запись занятия 1. Ритм и рифма')).toBeInTheDocument();
    expect(within(await lessonItem('2. Образ')).queryByRole('button', { name: /Смотреть запись/ })).toBeNull();
  });
});

describe('recordings in «Мои курсы»', () => {
  it('offers «Смотреть запись» for a bought lesson with a recording, and plays it there', async () => {
    const row: Participation = {
      id: 1,
      course: { id: 5, title: 'Как читать стихи' },
      authors: [anna],
      subscribed: true,
      lessons: [
        lesson(1, { participationState: 'approved', startsAt: held, hasRecording: true, recordingDuration: 3909 }),
        lesson(2, { participationState: 'approved', startsAt: held, recordingUrl: 'https://video.example.org/v2' }),
        lesson(3, { participationState: 'reserved', hasRecording: true, recordingDuration: 60 }),
      ],
    };
    server.use(
      discipleHandler(adultDisciple),
      http.get('*/api/v1/participants/', () => HttpResponse.json([row])),
    );
    answerPlayback(101);
    const { user } = renderAsUser('/account/courses');
    const bought = await screen.findByRole('list', { name: 'Оплаченные занятия курса «Как читать стихи»' });
    const [first, second] = within(bought).getAllByRole('listitem');
    expect(within(second!).queryByRole('button', { name: /Смотреть запись/ })).toBeNull();
    expect(within(second!).getByRole('link', { name: 'Запись занятия 2. Образ' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Смотреть запись/ })).toHaveLength(1);
    await user.click(within(first!).getByRole('button', { name: 'Смотреть запись занятия 1. Ритм и рифма (1:05:09)' }));
    expect(await within(first!).findByLabelText('Запись занятия 1. Ритм и рифма')).toHaveAttribute('poster', playback.poster);
  });

  it('names a course sold in recordings «В записи», and says nothing of a live one', async () => {
    const rows: Participation[] = [
      { id: 5, course: { id: 5, title: 'Как читать стихи', format: 'recorded' }, authors: [anna], subscribed: false, lessons: [lesson(1, { participationState: 'approved', hasRecording: true, recordingDuration: 60 })] },
      { id: 6, course: { id: 6, title: 'Живой семинар', format: 'live' }, authors: [anna], subscribed: false, lessons: [lesson(1, { id: 601, course: 6, participationState: 'approved', startsAt: held })] },
    ];
    server.use(
      discipleHandler(adultDisciple),
      http.get('*/api/v1/participants/', () => HttpResponse.json(rows)),
    );
    renderAsUser('/account/courses');
    const recorded = (await screen.findByRole('link', { name: 'Как читать стихи' })).closest('td')!;
    expect(recorded).toHaveTextContent('Как читать стихиВ записи');
    const live = screen.getByRole('link', { name: 'Живой семинар' }).closest('td')!;
    expect(live).toHaveTextContent(/^Живой семинар$/);
  });
});

describe('a recorded course in the catalogue', () => {
  it('says «В записи» on its card, and no start date', async () => {
    const card = (id: number, title: string, overrides: Partial<CourseShort>): CourseShort => {
      const { description: _d, authors: _a, lessons: _l, timeZone: _t, ...common } = course();
      return { ...common, id, title, authors: [1], lessons: [], ...overrides };
    };
    server.use(
      http.get('*/api/v1/courses/', () =>
        HttpResponse.json([card(1, 'Медленное чтение', { start: '2026-12-03' }), card(2, 'Лекции о Пушкине', { format: 'recorded', start: '2026-12-03' })]),
      ),
      http.get('*/api/v1/quotations/', () => HttpResponse.json([])),
      http.get('*/api/v1/feedback/', () => HttpResponse.json({ count: 0, next: null, results: [], currentPage: 1, nextPage: null, pages: 1 })),
    );
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Каталог курсов' });
    const [live, recorded] = within(list).getAllByRole('listitem');
    expect(within(recorded!).getByText('В записи · Для взрослых')).toBeInTheDocument();
    expect(within(recorded!).getByText('Идёт набор.')).toBeInTheDocument();
    expect(within(live!).queryByText(/В записи/)).toBeNull();
    expect(within(live!).getByText('Идёт набор. Старт курса - 03.12.')).toBeInTheDocument();
  });
});

describe('the player’s code', () => {
  it('is loaded only when a recording is opened: nothing in src imports it but dynamically', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    const importers = files('src').filter((file) => /RecordingPlayer(\.tsx)?['"]/.test(readFileSync(file, 'utf8')));
    expect(importers).toEqual([join('src', 'features', 'recordings', 'LessonRecording.tsx')]);
    const source = readFileSync(importers[0]!, 'utf8');
    expect(source).toMatch(/lazy\(\(\) => import\('\.\/RecordingPlayer\.tsx'\)\)/);
    expect(source).not.toMatch(/^import[^;]*RecordingPlayer/m);
  });
});
