// «Запись занятия» in the lesson editor (issue 34): an upload through tus against a tus server mocked in msw (POST →
// 201 with Location, PATCH → 204 with Upload-Offset), the states of a recording as the lesson says them, the server's
// refusals under the field, the confirmation before deleting, and who has watched.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { NO_RECORDING, RECORDING_UPLOAD_CHUNK_BYTES as CHUNK_SIZE, type MutaboLessonRecording, type RecordingViewer } from '../../common/recordings.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

// tus-js-client is its browser build here too (vite.config.ts, the site project's alias), over jsdom's XMLHttpRequest
// and msw.
beforeAll(preloadArea);
// The first test of a file loads the area's chunk, which on a busy two-core machine has taken over 10 s.
vi.setConfig({ testTimeout: 40000 });

const base = editedCourse.lessons[0]!;
const withRecording = (recording: Partial<MutaboLessonRecording>): MutaboLesson => ({ ...base, recording: { ...NO_RECORDING, ...recording } });

/** The lesson the mocked API answers now; a test changes it as the server would. */
let current: MutaboLesson;

function answer(lesson: MutaboLesson, viewers: RecordingViewer[] = []) {
  current = lesson;
  storeSession();
  server.use(
    ...siteApiHandlers(),
    meHandler(author),
    ...mutaboHandlers(undefined, { ...editedCourse, lessons: [lesson] }),
    http.get('*/api/v1/mutabo/lessons/:id/', () => HttpResponse.json(current)),
    http.get('*/api/v1/mutabo/lessons/:id/recording/viewers/', () => HttpResponse.json(viewers)),
  );
}

const panel = async () => screen.findByRole('region', { name: 'Запись занятия' }, FIRST_RENDER);
const video = (name = 'lesson.mp4', bytes = 3000) => new File([new Uint8Array(bytes)], name, { type: 'video/mp4' });

/**
 * A tus 1.0.0 server for one upload: creation (POST → 201 Location), PATCH → 204 with the new offset, HEAD → the
 * offset, DELETE (termination). msw cannot read a Blob body sent through jsdom's XMLHttpRequest (it arrives as the
 * text «undefined»), so each PATCH counts as one whole chunk (32 MiB, or what is left). `beforePatch` may hold a PATCH.
 */
function tusServer(
  options: {
    onCreate?: (request: Request) => Response | undefined;
    onLastPatch?: () => Response | undefined;
    beforePatch?: (patch: number) => Promise<void> | undefined;
    /** An answer instead of the PATCH's 204, after which the server holds `offset` bytes (what arrived of it). */
    cutPatch?: (patch: number) => { response: Response; offset: number } | undefined;
  } = {},
) {
  const seen = {
    created: null as null | { length: string | null; metadata: string | null; authorization: string | null },
    posts: 0,
    patches: 0,
    patchOffsets: [] as number[],
    offset: 0,
  };
  server.use(
    http.post('*/api/v1/mutabo/lessons/:id/recording/uploads/', ({ request }) => {
      seen.posts += 1;
      seen.created = {
        length: request.headers.get('upload-length'),
        metadata: request.headers.get('upload-metadata'),
        authorization: request.headers.get('authorization'),
      };
      const refused = options.onCreate?.(request);
      if (refused) return refused;
      current = withRecording({ state: 'uploading', fileName: 'lesson.mp4', size: Number(seen.created.length), uploadUrl: 'http://localhost/api/v1/mutabo/recording-uploads/abc' });
      return new HttpResponse(null, { status: 201, headers: { Location: 'http://localhost/api/v1/mutabo/recording-uploads/abc', 'Tus-Resumable': '1.0.0' } });
    }),
    http.patch('*/api/v1/mutabo/recording-uploads/abc', async ({ request }) => {
      seen.patches += 1;
      seen.patchOffsets.push(Number(request.headers.get('upload-offset')));
      await options.beforePatch?.(seen.patches);
      const cut = options.cutPatch?.(seen.patches);
      if (cut) {
        seen.offset = cut.offset;
        return cut.response;
      }
      const total = Number(seen.created?.length);
      seen.offset = Math.min(total, Number(request.headers.get('upload-offset')) + CHUNK_SIZE);
      if (seen.offset >= total) {
        const refused = options.onLastPatch?.();
        if (refused) return refused;
        current = withRecording({ state: 'processing', fileName: 'lesson.mp4', size: total });
      }
      return new HttpResponse(null, { status: 204, headers: { 'Upload-Offset': String(seen.offset), 'Tus-Resumable': '1.0.0' } });
    }),
    http.head('*/api/v1/mutabo/recording-uploads/abc', () =>
      new HttpResponse(null, { status: 200, headers: { 'Upload-Offset': String(seen.offset), 'Upload-Length': String(seen.created?.length), 'Tus-Resumable': '1.0.0' } }),
    ),
    http.delete('*/api/v1/mutabo/recording-uploads/abc', () => {
      current = withRecording({});
      return new HttpResponse(null, { status: 204, headers: { 'Tus-Resumable': '1.0.0' } });
    }),
  );
  return seen;
}

describe('uploading a recording', () => {
  it('sends the file with tus (length, file name, the author’s token), then says it is processing and reads the lesson until it is ready', async () => {
    answer(withRecording({}));
    const seen = tusServer();
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    expect(region).toHaveTextContent('Записи пока нет.');
    await user.upload(within(region).getByLabelText('Загрузить запись'), video());
    expect(await within(region).findByText(/Обрабатывается…/, { selector: 'p > span' }, { timeout: 15000 })).toBeInTheDocument();
    expect(seen.created).toEqual({ length: '3000', metadata: expect.stringContaining(`filename ${btoa('lesson.mp4')}`), authorization: expect.stringMatching(/^Bearer [^ ,]+$/) });
    expect(seen.offset).toBe(3000);
    expect(within(region).getByRole('status')).toHaveTextContent('Файл загружен, запись обрабатывается.');
    // The server finishes: the page reads the lesson again on its own and says so.
    current = withRecording({ state: 'ready', duration: 3909, size: 1288490189, fileName: 'lesson.mp4' });
    expect(await within(region).findByText(/Запись готова: 1:05:09, 1,2 ГБ/, { selector: 'p' }, { timeout: 15000 })).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('Запись готова: 1:05:09, 1,2 ГБ.');
    expect(await screen.findByText('Пока никто не смотрел.')).toBeInTheDocument();
  });

  it('sends a large file in 32 MiB requests with its progress, pauses and goes on from where it stopped', async () => {
    answer(withRecording({}));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen = tusServer({ beforePatch: (patch) => (patch === 2 ? held : undefined) });
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    await user.upload(within(region).getByLabelText('Загрузить запись'), video('long.mp4', CHUNK_SIZE * 2 + 1024));
    const bar = await within(region).findByRole('progressbar', { name: 'Загрузка «long.mp4»' });
    // The first chunk is in: 49 % of the file.
    await waitFor(() => expect(bar).toHaveAttribute('value', String(CHUNK_SIZE)), { timeout: 15000 });
    expect(region).toHaveTextContent(/49\s%/);
    await user.click(within(region).getByRole('button', { name: 'Пауза' }));
    expect(within(region).getByRole('status')).toHaveTextContent('Загрузка приостановлена.');
    expect(region).toHaveTextContent(/Пауза · 49\s%/);
    release();
    await user.click(within(region).getByRole('button', { name: 'Продолжить' }));
    expect(await within(region).findByText(/Обрабатывается…/, { selector: 'p > span' }, { timeout: 15000 })).toBeInTheDocument();
    expect(seen.offset).toBe(CHUNK_SIZE * 2 + 1024);
  });

  it('a PATCH the server cut off for taking too long (408) is tried again from what the server kept', async () => {
    answer(withRecording({}));
    const seen = tusServer({ cutPatch: (patch) => (patch === 1 ? { response: new HttpResponse('Request Timeout', { status: 408 }), offset: 1000 } : undefined) });
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    await user.upload(within(region).getByLabelText('Загрузить запись'), video('slow.mp4', 3000));
    expect(await within(region).findByText(/Обрабатывается…/, { selector: 'p > span' }, { timeout: 15000 })).toBeInTheDocument();
    expect(seen.patchOffsets).toEqual([0, 1000]);
    expect(seen.posts).toBe(1);
  });

  it('after a closed tab, the same file chosen again goes on from the server’s offset', async () => {
    answer(withRecording({}));
    const seen = tusServer({ beforePatch: (patch) => (patch === 2 ? new Promise(() => {}) : undefined) });
    const first = renderApp('/mutabo/courses/5/lessons/51');
    const file = video('long.mp4', CHUNK_SIZE * 2 + 1024);
    await first.user.upload(within(await panel()).getByLabelText('Загрузить запись'), file);
    await waitFor(() => expect(seen.patches).toBe(2), { timeout: 15000 });
    first.unmount();

    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    expect(region).toHaveTextContent('Загрузка «lesson.mp4» не закончена.');
    await user.upload(within(region).getByLabelText('Продолжить загрузку'), file);
    expect(await within(region).findByText(/Обрабатывается…/, { selector: 'p > span' }, { timeout: 15000 })).toBeInTheDocument();
    expect(seen.posts).toBe(1);
    expect(seen.patchOffsets).toEqual([0, CHUNK_SIZE, CHUNK_SIZE, CHUNK_SIZE * 2]);
  });

  it('cancels an upload under way: the server removes what it had', async () => {
    answer(withRecording({}));
    let terminated = false;
    const seen = tusServer({ beforePatch: () => new Promise(() => {}) });
    server.use(
      http.delete('*/api/v1/mutabo/recording-uploads/abc', () => {
        terminated = true;
        current = withRecording({});
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    await user.upload(within(region).getByLabelText('Загрузить запись'), video());
    await waitFor(() => expect(seen.patches).toBe(1), { timeout: 15000 });
    await user.click(within(region).getByRole('button', { name: 'Отменить' }));
    await waitFor(() => expect(terminated).toBe(true));
    expect(await within(region).findByText(/Записи пока нет/, { selector: 'p' })).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('Загрузка отменена.');
  });

  it('refuses a file that is not a video by its extension before sending anything', async () => {
    answer(withRecording({}));
    const seen = tusServer();
    renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    // The file dialog's «All files» lets any file through `accept`.
    fireEvent.change(within(region).getByLabelText('Загрузить запись'), { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Загрузите видео в формате mp4, webm, mov.');
    expect(seen.created).toBeNull();
  });

  it('shows the server’s refusal of the upload under the field: a quota at the start', async () => {
    answer(withRecording({}));
    tusServer({ onCreate: () => HttpResponse.json({ detail: 'Место для записей закончилось: занято 199,9 ГБ из 200 ГБ.' }, { status: 413 }) });
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    await user.upload(within(region).getByLabelText('Загрузить запись'), video());
    expect(await within(region).findByRole('alert', {}, { timeout: 15000 })).toHaveTextContent('Место для записей закончилось: занято 199,9 ГБ из 200 ГБ.');
    expect(within(region).getByLabelText('Загрузить запись')).toHaveAccessibleDescription('Место для записей закончилось: занято 199,9 ГБ из 200 ГБ.');
  });

  it('shows the server’s refusal of the upload under the field: an unreadable file at the end (422)', async () => {
    answer(withRecording({}));
    tusServer({
      onLastPatch: () => {
        current = withRecording({});
        return HttpResponse.json({ recording: ['Файл не читается как видео: загрузите mp4, webm или mov.'] }, { status: 422 });
      },
    });
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    await user.upload(within(region).getByLabelText('Загрузить запись'), video());
    expect(await within(region).findByRole('alert', {}, { timeout: 15000 })).toHaveTextContent('Файл не читается как видео: загрузите mp4, webm или mov.');
    expect(within(region).getByLabelText('Загрузить запись')).toBeInTheDocument();
  });
});

describe('the states of a recording', () => {
  it('an upload left unfinished asks for the same file, and can be cancelled', async () => {
    answer(withRecording({ state: 'uploading', fileName: 'lesson.mp4', size: 3000, uploadUrl: 'http://localhost/api/v1/mutabo/recording-uploads/abc' }));
    let terminated = false;
    server.use(
      http.delete('*/api/v1/mutabo/recording-uploads/abc', () => {
        terminated = true;
        current = withRecording({});
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    expect(region).toHaveTextContent('Загрузка «lesson.mp4» не закончена. Чтобы продолжить с того же места, выберите тот же файл.');
    expect(within(region).getByLabelText('Продолжить загрузку')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Отменить загрузку' }));
    await waitFor(() => expect(terminated).toBe(true));
    expect(await within(region).findByText(/Записи пока нет/, { selector: 'p' })).toBeInTheDocument();
  });

  it('a recording in processing says so, and that participants still watch the one it replaces', async () => {
    answer(withRecording({ state: 'processing', fileName: 'new.mov', size: 5000, replaces: { duration: 3600, size: 734003200 } }));
    renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    expect(region).toHaveTextContent('Обрабатывается…');
    expect(region).toHaveTextContent('Пока новая запись не готова, участники смотрят прежнюю (1:00:00, 700 МБ).');
  });

  it('a failed recording says why and is processed again on «Повторить обработку»', async () => {
    answer(withRecording({ state: 'failed', fileName: 'lesson.mp4', size: 3000, reason: 'В файле нет видеодорожки.' }));
    let retried = false;
    server.use(
      http.post('*/api/v1/mutabo/lessons/:id/recording/retry/', () => {
        retried = true;
        current = withRecording({ state: 'processing', fileName: 'lesson.mp4', size: 3000 });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    expect(region).toHaveTextContent('Обработать запись «lesson.mp4» не удалось: В файле нет видеодорожки.');
    await user.click(within(region).getByRole('button', { name: 'Повторить обработку' }));
    expect(await within(region).findByText(/Обрабатывается…/, { selector: 'p > span' })).toBeInTheDocument();
    expect(retried).toBe(true);
    expect(within(region).getByRole('status')).toHaveTextContent('Запись снова обрабатывается.');
  });

  it('a retry the server refuses shows its message under the field', async () => {
    answer(withRecording({ state: 'failed', fileName: 'lesson.mp4', size: 3000, reason: 'ffmpeg не установлен на сервере.' }));
    server.use(http.post('*/api/v1/mutabo/lessons/:id/recording/retry/', () => HttpResponse.json({ detail: 'Обработка записей недоступна: на сервере не установлен ffmpeg.' }, { status: 503 })));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: 'Повторить обработку' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Обработка записей недоступна: на сервере не установлен ffmpeg.');
  });

  it('a ready recording is deleted only after the confirmation', async () => {
    answer(withRecording({ state: 'ready', duration: 245, size: 52428800, fileName: 'lesson.mp4' }));
    let deleted = 0;
    server.use(
      http.delete('*/api/v1/mutabo/lessons/:id/recording/', () => {
        deleted += 1;
        current = withRecording({});
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const region = await panel();
    expect(region).toHaveTextContent('Запись готова: 4:05, 50 МБ («lesson.mp4»).');
    expect(within(region).getByLabelText('Заменить запись')).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Удалить запись' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить запись?' });
    expect(dialog).toHaveTextContent('Участники больше не смогут её посмотреть.');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(deleted).toBe(0);
    await user.click(within(region).getByRole('button', { name: 'Удалить запись' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить запись' }));
    expect(await within(region).findByText(/Записи пока нет/, { selector: 'p' })).toBeInTheDocument();
    expect(deleted).toBe(1);
    expect(within(region).getByRole('status')).toHaveTextContent('Запись удалена.');
  });

  it('lists who watched a ready recording: people, how far, when last', async () => {
    answer(withRecording({ state: 'ready', duration: 3600, size: 52428800, fileName: 'lesson.mp4' }), [
      { userId: 7, name: 'Ирина Смирнова', email: 'irina@example.com', furthest: 2700, share: 0.75, firstWatchedAt: '2026-03-05T10:00:00Z', lastWatchedAt: '2026-03-06T18:30:00Z' },
    ]);
    renderApp('/mutabo/courses/5/lessons/51');
    const viewers = await screen.findByRole('region', { name: 'Кто смотрел' }, FIRST_RENDER);
    const row = (await within(viewers).findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('Ирина Смирнова');
    expect(row).toHaveTextContent('75 %');
    expect(row).toHaveTextContent('до 45:00');
    expect(row).toHaveTextContent(new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' }).format(new Date('2026-03-06T18:30:00Z')));
  });
});

describe('a lesson of a course in recordings', () => {
  it('has no start to set', async () => {
    answer(withRecording({}));
    server.use(http.get('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ ...editedCourse, format: 'recorded' })));
    renderApp('/mutabo/courses/5/lessons/51');
    await panel();
    expect(screen.queryByRole('group', { name: /Начало занятия/ })).not.toBeInTheDocument();
    expect(screen.getByText('Курс в записи: у занятий нет времени, участники смотрят запись сразу после оплаты.')).toBeInTheDocument();
  });
});
