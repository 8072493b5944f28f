// Lesson times as visitors read them: the course page and the timetable in the visitor's zone (the profile's when
// logged in, else the browser's), with summer time in Berlin and a zone far east; the calendar files; a room link
// only when the server gives one.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UpcomingLesson } from '../../common/wireTypes.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';
import { adultDisciple, discipleHandler } from './account/accountTestKit.ts';
import { answerCourse, course, lesson, renderAsUser } from './enrollment/enrollmentTestKit.ts';

// A weekly lesson at 19:00 Moscow time: the week Berlin moves to summer time lies between the two.
const beforeSummerTime = '2026-03-25T16:00:00Z';
const afterSummerTime = '2026-04-01T16:00:00Z';

const browserZone = process.env.TZ;
const setBrowserZone = (zone: string) => {
  process.env.TZ = zone;
};
afterEach(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

const scheduledCourse = (extra: Parameters<typeof lesson>[1] = {}) =>
  course({ lessons: [lesson(1, { startsAt: beforeSummerTime, ...extra }), lesson(2, { startsAt: afterSummerTime }), lesson(3)] });

const lessonItem = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('li')!;

describe('lesson times on the course page', () => {
  it('shows a guest each time in the browser’s zone and says which', async () => {
    setBrowserZone('Asia/Vladivostok');
    answerCourse(scheduledCourse());
    renderApp('/courses/5');
    const first = await lessonItem('1. Ритм и рифма');
    expect(within(first).getByText('чт, 26 марта 2026, 02:00 (Владивосток)')).toHaveAttribute('datetime', beforeSummerTime);
    // A lesson without a time shows none, and has no calendar file.
    const third = await lessonItem('3. Молчание');
    expect(within(third).queryByRole('time')).toBeNull();
    expect(within(third).queryByRole('link', { name: /Добавить в календарь/ })).toBeNull();
  });

  it('shows Moscow time in words to a guest in Moscow', async () => {
    setBrowserZone('Europe/Moscow');
    answerCourse(scheduledCourse());
    renderApp('/courses/5');
    expect(within(await lessonItem('2. Образ')).getByText('ср, 1 апреля 2026, 19:00 по московскому времени')).toBeInTheDocument();
  });

  it('uses the profile’s zone when logged in: Berlin summer time moves the weekly lesson by an hour', async () => {
    setBrowserZone('Asia/Vladivostok');
    server.use(discipleHandler(adultDisciple));
    answerCourse(scheduledCourse());
    renderAsUser('/courses/5');
    expect(await within(await lessonItem('1. Ритм и рифма')).findByText('ср, 25 марта 2026, 17:00 (Германия)')).toBeInTheDocument();
    expect(within(await lessonItem('2. Образ')).getByText('ср, 1 апреля 2026, 18:00 (Германия)')).toBeInTheDocument();
  });

  it('offers each lesson’s and the whole course’s calendar file', async () => {
    answerCourse(scheduledCourse());
    renderApp('/courses/5');
    const first = await lessonItem('1. Ритм и рифма');
    expect(within(first).getByRole('link', { name: 'Добавить в календарь занятие 1. Ритм и рифма' })).toHaveAttribute('href', '/api/v1/lessons/101/calendar.ics');
    expect(screen.getByRole('link', { name: 'Добавить все занятия курса в календарь' })).toHaveAttribute('href', '/api/v1/courses/5/calendar.ics');
  });

  it('shows the room and the recording only when the server gives them (an approved participant, in the window)', async () => {
    answerCourse(scheduledCourse({ participationState: 'approved', roomUrl: 'https://meet.example.org/r1', recordingUrl: 'https://video.example.org/v1' }));
    renderApp('/courses/5');
    const first = await lessonItem('1. Ритм и рифма');
    const room = within(first).getByRole('link', { name: 'Войти в комнату вебинара (занятие 1. Ритм и рифма)' });
    expect(room).toHaveAttribute('href', 'https://meet.example.org/r1');
    expect(room).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first).getByRole('link', { name: 'Запись занятия 1. Ритм и рифма' })).toHaveAttribute('href', 'https://video.example.org/v1');
    expect(within(await lessonItem('2. Образ')).queryByRole('link', { name: /комнату/ })).toBeNull();
  });

  it('tells an approved participant when the room link will appear, as the payment letter does', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    answerCourse(
      course({
        lessons: [
          lesson(1, { startsAt: future, participationState: 'approved' }),
          lesson(2, { startsAt: future }),
          lesson(3, { startsAt: beforeSummerTime, participationState: 'approved' }),
        ],
      }),
    );
    renderApp('/courses/5');
    const pending = 'Ссылка на комнату вебинара появится здесь за 30 минут до начала занятия.';
    expect(within(await lessonItem('1. Ритм и рифма')).getByText(pending)).toBeInTheDocument();
    // Not to someone without a place, nor for a lesson that is over.
    expect(within(await lessonItem('2. Образ')).queryByText(pending)).toBeNull();
    expect(within(await lessonItem('3. Молчание')).queryByText(/Ссылка на комнату/)).toBeNull();
  });
});

describe('the timetable’s upcoming lessons', () => {
  const upcoming: UpcomingLesson[] = [
    { id: 101, course: { id: 5, title: 'Как читать стихи' }, number: 1, title: 'Ритм и рифма', startsAt: beforeSummerTime, duration: 90 },
    { id: 102, course: { id: 5, title: 'Как читать стихи' }, number: 2, title: 'Образ', startsAt: afterSummerTime, duration: 90 },
  ];
  const answer = (lessons: UpcomingLesson[]) =>
    server.use(
      http.get('*/api/v2/user/pages-content/timetable/', () => HttpResponse.json({ name: 'Расписание', text: 'По средам.' })),
      http.get('*/api/v1/lessons/upcoming/', () => HttpResponse.json(lessons)),
    );

  it('lists them below the authors’ text, each time in the browser’s zone, with a link to the course', async () => {
    setBrowserZone('Europe/Berlin');
    answer(upcoming);
    renderApp('/timetable');
    const section = await screen.findByRole('region', { name: 'Занятия ближайших трёх недель' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'ср, 25 марта 2026, 17:00 (Германия)Как читать стихи: 1. Ритм и рифма',
      'ср, 1 апреля 2026, 18:00 (Германия)Как читать стихи: 2. Образ',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Как читать стихи' })).toHaveAttribute('href', '/courses/5');
    expect(screen.getByText('По средам.')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    answer([]);
    renderApp('/timetable');
    expect(await screen.findByText('В ближайшие три недели занятий нет.')).toBeInTheDocument();
  });
});
