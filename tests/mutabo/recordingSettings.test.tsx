// Recorded lectures around the lesson editor (issue 34): the course's «Формат» and «Запись доступна» with the server's
// messages under them, the storage on the summary, a person's extension of the window on their card, and the history
// naming the new fields.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboPersonCard } from '../../common/mutabo/people.ts';
import type { PersonRecordingAccess } from '../../common/recordings.ts';
import { describeHistoryEntry } from '../../src/mutabo/courses/historyText.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { openCourseEditor } from './courseEditorKit.ts';
import { historyEntry } from './historyData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { dashboardHandler } from './runData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
// The first test of a file loads the area's chunk, which on a busy two-core machine has taken over 10 s.
vi.setConfig({ testTimeout: 30000 });

beforeEach(() => {
  storeSession();
  server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
});

describe('the course’s format and its recordings’ window', () => {
  it('shows the course’s format and window and sends what is chosen', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...editedCourse, format: sent.format, recordingDays: sent.recordingDays, version: 4 });
      }),
    );
    const { user } = await openCourseEditor();
    const format = screen.getByRole('group', { name: 'Формат' });
    expect(within(format).getByRole('radio', { name: 'Вебинары' })).toBeChecked();
    const window = screen.getByRole('group', { name: 'Запись доступна' });
    expect(within(window).getByRole('radio', { name: 'всегда' })).toBeChecked();
    await user.click(within(format).getByRole('radio', { name: 'В записи' }));
    const days = within(window).getByRole('spinbutton', { name: 'Сколько дней после занятия доступна запись' });
    await user.clear(days);
    await user.type(days, '21');
    expect(within(window).getByRole('radio', { name: '21 день после занятия' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeInTheDocument();
    expect(sent).toMatchObject({ format: 'recorded', recordingDays: 21, version: 3 });
  });

  it('sends null for «всегда», and checks the days before sending', async () => {
    let patches = 0;
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        patches += 1;
        const body = (await request.json()) as Record<string, unknown>;
        expect(body.recordingDays).toBeNull();
        return HttpResponse.json({ ...editedCourse, version: 4 });
      }),
    );
    const { user } = await openCourseEditor({ ...editedCourse, recordingDays: 30 });
    const window = screen.getByRole('group', { name: 'Запись доступна' });
    expect(within(window).getByRole('radio', { name: '30 дней после занятия' })).toBeChecked();
    const days = within(window).getByRole('spinbutton');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(days).toHaveAccessibleDescription('Укажите число дней от 1 до 3650.');
    expect(patches).toBe(0);
    await user.click(within(window).getByRole('radio', { name: 'всегда' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(patches).toBe(1));
  });

  it('shows the server’s messages under «Формат» and «Запись доступна»', async () => {
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', () =>
        HttpResponse.json(
          { format: ['У курса в записи не может быть занятий со временем: уберите время у занятия 2.'], recordingDays: ['Не больше 3650 дней.'] },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openCourseEditor({ ...editedCourse, recordingDays: 30 });
    await user.click(screen.getByRole('radio', { name: 'В записи' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const format = screen.getByRole('group', { name: 'Формат' });
    expect(await within(format).findByText('У курса в записи не может быть занятий со временем: уберите время у занятия 2.')).toBeInTheDocument();
    expect(format).toHaveAccessibleDescription('У курса в записи не может быть занятий со временем: уберите время у занятия 2.');
    expect(within(screen.getByRole('group', { name: 'Запись доступна' })).getByRole('spinbutton')).toHaveAccessibleDescription('Не больше 3650 дней.');
  });

  it('the history names the new fields in Russian', () => {
    expect(describeHistoryEntry(historyEntry({ before: { format: 'live', recordingDays: null }, after: { format: 'recorded', recordingDays: 30 } })).what).toBe(
      'Изменено: формат: вебинары → в записи; запись доступна: всегда → 30 дней после занятия',
    );
  });
});

describe('the recordings’ storage on the summary', () => {
  it('says how much of the quota the recordings take, with a meter', async () => {
    server.use(
      dashboardHandler(),
      http.get('*/api/v1/mutabo/recordings/storage/', () => HttpResponse.json({ usedBytes: 13207024435, quotaBytes: 200 * 1024 ** 3, recordings: 12 })),
    );
    renderApp('/mutabo');
    const panel = await screen.findByRole('region', { name: 'Место для записей' }, FIRST_RENDER);
    expect(panel).toHaveTextContent('Записи: 12,3 ГБ из 200 ГБ');
    expect(within(panel).getByRole('meter', { name: 'Записи: 12,3 ГБ из 200 ГБ' })).toHaveAttribute('value', '13207024435');
  });
});

describe('a person’s window to a course’s recordings', () => {
  const card = (access: PersonRecordingAccess[]): MutaboPersonCard & { recordingAccess: PersonRecordingAccess[] } => ({
    id: 42,
    firstName: 'Ирина',
    lastName: 'Смирнова',
    email: 'irina@example.com',
    registeredAt: '2026-02-01T09:00:00Z',
    confirmed: true,
    isAuthor: false,
    deletedAt: null,
    yearOfBirth: 1994,
    lessons: [],
    payments: [],
    refunds: [],
    newsSubscriptions: [],
    consents: [],
    discounts: [],
    recordingAccess: access,
  });

  const answerCard = (access: PersonRecordingAccess[]) => {
    const current = { card: card(access) };
    server.use(
      http.get('*/api/v1/mutabo/people/:id/', () => HttpResponse.json(current.card)),
      http.get('*/api/v1/mutabo/history/', () => HttpResponse.json({ count: 0, next: null, currentPage: 1, pages: 1, results: [] })),
    );
    return current;
  };

  it('extends the window to the end of the chosen day', async () => {
    const current = answerCard([{ courseId: 5, courseTitle: 'Медленное чтение', timeZone: 'Europe/Moscow', recordingDays: 30, until: null, extendedUntil: null }]);
    let sent: { course?: number; until?: string } = {};
    server.use(
      http.put('*/api/v1/mutabo/people/:id/recording-access/', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        current.card = card([{ courseId: 5, courseTitle: 'Медленное чтение', timeZone: 'Europe/Moscow', recordingDays: 30, until: null, extendedUntil: sent.until! }]);
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/mutabo/people/42');
    const panel = await screen.findByRole('region', { name: 'Доступ к записям' }, FIRST_RENDER);
    expect(panel).toHaveTextContent('«Медленное чтение»Запись доступна 30 дней после занятия.');
    await user.type(within(panel).getByLabelText('Продлить доступ до'), '2027-01-31');
    await user.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    expect(await within(panel).findByText('Доступ продлён до 31.01.2027.')).toBeInTheDocument();
    expect(sent).toEqual({ course: 5, until: new Date('2027-01-31T23:59:59').toISOString() });
    expect(await within(panel).findByText('Продлено для этого человека до 31.01.2027.')).toBeInTheDocument();
  });

  it('shows an extension with «Отменить продление», which ends it', async () => {
    const current = answerCard([{ courseId: 5, courseTitle: 'Медленное чтение', timeZone: 'Europe/Moscow', recordingDays: 7, until: null, extendedUntil: new Date('2027-01-31T23:59:59').toISOString() }]);
    let ended: unknown = null;
    server.use(
      http.delete('*/api/v1/mutabo/people/:id/recording-access/', async ({ request }) => {
        ended = await request.json();
        if (ended && (ended as { course: number }).course !== 5) return HttpResponse.json({ detail: 'Нет такого курса.' }, { status: 400 });
        current.card = card([{ courseId: 5, courseTitle: 'Медленное чтение', timeZone: 'Europe/Moscow', recordingDays: 7, until: null, extendedUntil: null }]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/mutabo/people/42');
    const panel = await screen.findByRole('region', { name: 'Доступ к записям' }, FIRST_RENDER);
    expect(panel).toHaveTextContent('Запись доступна 7 дней после занятия.');
    expect(panel).toHaveTextContent('Продлено для этого человека до 31.01.2027.');
    await user.click(within(panel).getByRole('button', { name: 'Отменить продление' }));
    expect(await within(panel).findByText('Продление отменено.')).toBeInTheDocument();
    expect(ended).toEqual({ course: 5 });
    expect(await within(panel).findByLabelText('Продлить доступ до')).toBeInTheDocument();
  });

  it('shows the server’s message under the date', async () => {
    answerCard([{ courseId: 5, courseTitle: 'Медленное чтение', timeZone: 'Europe/Moscow', recordingDays: 30, until: null, extendedUntil: null }]);
    server.use(http.put('*/api/v1/mutabo/people/:id/recording-access/', () => HttpResponse.json({ until: ['Дата должна быть в будущем.'] }, { status: 400 })));
    const { user } = renderApp('/mutabo/people/42');
    const panel = await screen.findByRole('region', { name: 'Доступ к записям' }, FIRST_RENDER);
    await user.type(within(panel).getByLabelText('Продлить доступ до'), '2027-01-31');
    await user.click(within(panel).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(panel).getByLabelText('Продлить доступ до')).toHaveAccessibleDescription('Дата должна быть в будущем.'));
  });
});
