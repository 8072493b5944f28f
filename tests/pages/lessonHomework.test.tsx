// Homework on the public pages (issue 35): «Задание» under a lesson with its state, the homework page with the
// assignment, the thread and the answer form (text and files checked here and by the server, a draft kept while typing,
// one sending with its progress), and what the page offers for each `next`: a form, a change, or a status line.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  HOMEWORK_FILE_MAX_BYTES,
  homeworkMessages,
  homeworkText,
  type HomeworkAnswer,
  type LessonHomework,
} from '../../common/homework.ts';
import { server } from '../support/server.ts';
import { gate } from '../support/gate.ts';
import { FIRST_RENDER } from '../support/firstRender.ts';
import type { Participation } from '../../common/wireTypes.ts';
import { adultDisciple, discipleHandler } from './account/accountTestKit.ts';
import { anna, answerCourse, course, lesson, renderAsUser } from './enrollment/enrollmentTestKit.ts';

vi.setConfig({ testTimeout: 15000 });

const assignment = JSON.stringify({
  blocks: [{ key: 'a1', text: 'Прочитайте «Пророка» вслух и напишите, где меняется ритм.', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [] }],
  entityMap: {},
});

const homework = (patch: Partial<LessonHomework> = {}): LessonHomework => ({
  lessonId: 101,
  courseId: 5,
  lesson: { number: 1, title: 'Ритм и рифма' },
  courseTitle: 'Пушкин вслух',
  assignment,
  dueAt: '2026-12-10T17:00:00Z',
  required: true,
  timeZone: 'Europe/Moscow',
  answers: [],
  next: 'new',
  ...patch,
});

const sentAnswer = (patch: Partial<HomeworkAnswer> = {}): HomeworkAnswer => ({
  id: 71,
  text: 'Ритм меняется в третьей строфе.',
  files: [],
  state: 'submitted',
  comment: '',
  submittedAt: '2026-12-09T10:00:00Z',
  decidedAt: null,
  seen: false,
  late: false,
  ...patch,
});

/** The homework answers in turn: each GET the next of `reads` (the last one repeated). */
function answerHomework(...reads: LessonHomework[]) {
  let read = 0;
  server.use(
    http.get('*/api/v1/lessons/101/homework/', () => {
      const shown = reads[Math.min(read, reads.length - 1)]!;
      read += 1;
      return HttpResponse.json(shown);
    }),
  );
}

const formOf = async () => screen.findByRole('form', { name: 'Ответ на задание' }, FIRST_RENDER);
const pdf = (name = 'Разбор.pdf', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

/** The FormData a request carried, as plain entries (files by name). */
async function entries(request: Request): Promise<[string, string][]> {
  const form = await request.formData();
  return [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : `file:${value.name}`]);
}

describe('«Задание» under a lesson', () => {
  it('shows the state, the due time and the stop-lesson note on the course page, linking to the homework page', async () => {
    answerCourse(
      course({
        lessons: [
          lesson(1, { participationState: 'approved', homework: { state: null, dueAt: '2026-12-10T17:00:00Z', required: true } }),
          lesson(2, { participationState: 'approved', homework: { state: 'returned', dueAt: null, required: false } }),
          lesson(3, { participationState: 'approved' }),
        ],
      }),
    );
    answerHomework(homework());
    const { user } = renderAsUser('/courses/5');
    const first = (await screen.findByRole('heading', { name: '1. Ритм и рифма' }, FIRST_RENDER)).closest('li')!;
    const link = within(first).getByRole('link', { name: 'Задание к занятию 1. Ритм и рифма: Нужно ответить' });
    expect(link).toHaveAttribute('href', '/lessons/101/homework');
    expect(first).toHaveTextContent(/до .*10 декабря 2026/);
    expect(first).toHaveTextContent('стоп-занятие');
    const second = screen.getByRole('heading', { name: '2. Образ' }).closest('li')!;
    expect(within(second).getByRole('link', { name: /^Задание к занятию 2\. Образ: На доработку$/ })).toBeInTheDocument();
    expect(second).not.toHaveTextContent('стоп-занятие');
    const third = screen.getByRole('heading', { name: '3. Молчание' }).closest('li')!;
    expect(within(third).queryByRole('link', { name: /Задание/ })).not.toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByText('Прочитайте «Пророка» вслух и напишите, где меняется ритм.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/^Сдать до .*10 декабря 2026, 20:00 по московскому времени$/)).toBeInTheDocument();
    expect(screen.getByText(/^Стоп-занятие/)).toBeInTheDocument();
  });
});

describe('«Задание» in «Мои курсы»', () => {
  it('shows the bought lesson’s homework state with its link', async () => {
    const row: Participation = {
      id: 1,
      course: { id: 5, title: 'Как читать стихи' },
      authors: [anna],
      subscribed: true,
      lessons: [
        lesson(1, { participationState: 'approved', homework: { state: 'submitted', dueAt: null, required: false } }),
        lesson(2, { participationState: 'approved' }),
      ],
    };
    server.use(discipleHandler(adultDisciple), http.get('*/api/v1/participants/', () => HttpResponse.json([row])));
    renderAsUser('/account/courses');
    const bought = await screen.findByRole('list', { name: 'Оплаченные занятия курса «Как читать стихи»' }, FIRST_RENDER);
    const [first, second] = within(bought).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Задание к занятию 1. Ритм и рифма: Отправлено' })).toHaveAttribute('href', '/lessons/101/homework');
    expect(within(second!).queryByRole('link', { name: /Задание/ })).not.toBeInTheDocument();
  });
});

describe('the homework page', () => {
  it('sends the text and a file once, with the progress shown and the button held, then offers to change the answer', async () => {
    const bodies: [string, string][][] = [];
    const answerSent = gate();
    const sent = sentAnswer({ files: [{ id: 9, name: 'Разбор.pdf', size: 2048, kind: 'pdf', url: '/media/homework/9?u=7&e=1&s=x' }] });
    answerHomework(homework(), homework({ answers: [sent], next: 'edit' }));
    server.use(
      http.post('*/api/v1/lessons/101/homework/answers/', async ({ request }) => {
        bodies.push(await entries(request));
        await answerSent.opened;
        return HttpResponse.json(sent, { status: 201 });
      }),
    );
    const { user } = renderAsUser('/lessons/101/homework');
    const form = await formOf();
    // The page names the lesson and leads back to its course.
    expect(screen.getByRole('heading', { level: 1, name: 'Задание к занятию 1 «Ритм и рифма»' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Курс «Пушкин вслух»' })).toHaveAttribute('href', '/courses/5');
    await user.type(within(form).getByLabelText('Ваш ответ'), 'Ритм меняется в третьей строфе.');
    expect(within(form).getByText('31 из 20 000 символов')).toBeInTheDocument();
    await user.upload(within(form).getByLabelText('Файлы'), pdf());
    const files = within(form).getByRole('list', { name: 'Приложенные файлы' });
    expect(files).toHaveTextContent('Разбор.pdf (2 КБ)');
    expect(within(files).getByRole('button', { name: 'Убрать файл Разбор.pdf' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Отправить' })).toBeDisabled());
    expect(within(form).getByRole('status')).toHaveTextContent(/Отправляем файлы: \d+/);
    await user.click(within(form).getByRole('button', { name: 'Отправить' }));
    answerSent.open();

    expect(await screen.findByRole('heading', { name: 'Изменить ответ' })).toBeInTheDocument();
    // (jsdom's XMLHttpRequest hands msw the file without its name: a file it is.)
    expect(bodies).toEqual([
      [
        ['text', 'Ритм меняется в третьей строфе.'],
        ['files', expect.stringMatching(/^file:/)],
        ['submit', 'true'],
      ],
    ]);
    expect(screen.getByText('Ответ отправлен. Авторы курса посмотрят его и напишут, что думают.')).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'Ваши ответы' });
    expect(within(thread).getByRole('link', { name: /^Разбор\.pdf \(2\sКБ\)$/ })).toHaveAttribute('href', '/media/homework/9?u=7&e=1&s=x');
    // The sent answer is in the form to change until the authors open it.
    expect(screen.getByLabelText('Ваш ответ')).toHaveValue('Ритм меняется в третьей строфе.');
    expect(screen.getByRole('button', { name: 'Сохранить изменения' })).toBeInTheDocument();
  });

  it('checks the number and size of files before sending, with the server’s words', async () => {
    answerHomework(homework());
    const { user } = renderAsUser('/lessons/101/homework');
    const form = await formOf();
    const big = pdf('Большой.pdf');
    Object.defineProperty(big, 'size', { value: HOMEWORK_FILE_MAX_BYTES + 1 });
    await user.upload(within(form).getByLabelText('Файлы'), big);
    expect(within(form).getByLabelText('Файлы')).toHaveAccessibleDescription(expect.stringContaining(homeworkText(homeworkMessages.fileTooLarge, { name: 'Большой.pdf' })));
    expect(within(form).queryByRole('list', { name: 'Приложенные файлы' })).not.toBeInTheDocument();

    await user.upload(within(form).getByLabelText('Файлы'), [1, 2, 3, 4, 5, 6].map((n) => pdf(`${n}.pdf`)));
    expect(within(form).getByText(homeworkMessages.tooManyFiles)).toBeInTheDocument();
    expect(within(within(form).getByRole('list', { name: 'Приложенные файлы' })).getAllByRole('listitem')).toHaveLength(5);

    // Nothing typed and no file: said before anything is sent.
    await user.click(within(form).getByRole('button', { name: 'Убрать файл 1.pdf' }));
    for (const n of [2, 3, 4, 5]) await user.click(within(form).getByRole('button', { name: `Убрать файл ${n}.pdf` }));
    await user.click(within(form).getByRole('button', { name: 'Отправить' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(homeworkMessages.emptyAnswer);
  });

  it('shows the server’s field errors under the text and the files', async () => {
    answerHomework(homework());
    const broken = homeworkText(homeworkMessages.fileBroken, { name: 'Разбор.pdf' });
    server.use(
      http.post('*/api/v1/lessons/101/homework/answers/', () => HttpResponse.json({ text: [homeworkMessages.textTooLong], files: [broken] }, { status: 400 })),
    );
    const { user } = renderAsUser('/lessons/101/homework');
    const form = await formOf();
    await user.type(within(form).getByLabelText('Ваш ответ'), 'Ответ');
    await user.upload(within(form).getByLabelText('Файлы'), pdf());
    await user.click(within(form).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(within(form).getByLabelText('Ваш ответ')).toHaveAccessibleDescription(expect.stringContaining(homeworkMessages.textTooLong)));
    expect(within(form).getByLabelText('Файлы')).toHaveAccessibleDescription(expect.stringContaining(broken));
    expect(within(form).getByLabelText('Ваш ответ')).toHaveValue('Ответ');
    expect(within(form).getByRole('button', { name: 'Отправить' })).toBeEnabled();
  });

  it('keeps a draft while typing: created the first time, changed after', async () => {
    answerHomework(homework());
    const posts: [string, string][][] = [];
    const patches: [string, string][][] = [];
    server.use(
      http.post('*/api/v1/lessons/101/homework/answers/', async ({ request }) => {
        posts.push(await entries(request));
        return HttpResponse.json(sentAnswer({ id: 80, state: 'draft', submittedAt: null, text: 'Первая' }), { status: 201 });
      }),
      http.patch('*/api/v1/homework/answers/80/', async ({ request }) => {
        patches.push(await entries(request));
        return HttpResponse.json(sentAnswer({ id: 80, state: 'draft', submittedAt: null }));
      }),
    );
    const { user } = renderAsUser('/lessons/101/homework');
    const form = await formOf();
    await user.type(within(form).getByLabelText('Ваш ответ'), 'Первая');
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Черновик сохранён'), { timeout: 4000 });
    expect(posts).toEqual([
      [
        ['text', 'Первая'],
        ['submit', 'false'],
      ],
    ]);
    await user.type(within(form).getByLabelText('Ваш ответ'), ' мысль');
    await waitFor(() => expect(patches).toHaveLength(1), { timeout: 4000 });
    expect(patches[0]).toEqual([
      ['text', 'Первая мысль'],
      ['submit', 'false'],
    ]);
    expect(posts).toHaveLength(1);
  });

  it('changes a sent answer not yet seen with PATCH, and shows only a status line once it is seen or accepted', async () => {
    const patches: [string, string][][] = [];
    const kept = { id: 9, name: 'Старый.pdf', size: 4096, kind: 'pdf' as const, url: '/media/homework/9?s=x' };
    answerHomework(homework({ answers: [sentAnswer({ files: [kept] })], next: 'edit' }), homework({ answers: [sentAnswer({ seen: true })], next: 'wait' }));
    server.use(
      http.patch('*/api/v1/homework/answers/71/', async ({ request }) => {
        patches.push(await entries(request));
        return HttpResponse.json(sentAnswer({ text: 'Ритм меняется во второй строфе.' }));
      }),
    );
    const { user } = renderAsUser('/lessons/101/homework');
    const form = await formOf();
    expect(screen.getByText('Ответ отправлен. Пока авторы его не открыли, его можно изменить.')).toBeInTheDocument();
    const text = within(form).getByLabelText('Ваш ответ');
    await user.clear(text);
    await user.type(text, 'Ритм меняется во второй строфе.');
    await user.click(within(form).getByRole('button', { name: 'Убрать файл Старый.pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() =>
      expect(patches).toEqual([
        [
          ['text', 'Ритм меняется во второй строфе.'],
          ['removeFiles', '9'],
          ['submit', 'true'],
        ],
      ]),
    );
    // Read again: the authors have opened it meanwhile.
    expect(await screen.findByText(/^Ответ отправлен, авторы уже смотрят его/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ответ на задание' })).not.toBeInTheDocument();
  });

  it('stays ready for another change after a change is saved while the answer is not seen', async () => {
    const changed = sentAnswer({ text: 'Во второй строфе.' });
    answerHomework(homework({ answers: [sentAnswer()], next: 'edit' }), homework({ answers: [changed], next: 'edit' }));
    let patches = 0;
    server.use(
      http.patch('*/api/v1/homework/answers/71/', () => {
        patches += 1;
        return HttpResponse.json(changed);
      }),
    );
    const { user } = renderAsUser('/lessons/101/homework');
    const form = await formOf();
    await user.clear(within(form).getByLabelText('Ваш ответ'));
    await user.type(within(form).getByLabelText('Ваш ответ'), 'Во второй строфе.');
    await user.click(within(form).getByRole('button', { name: 'Сохранить изменения' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Сохранить изменения' })).toBeEnabled());
    await user.click(within(form).getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(patches).toBe(2));
  });

  it('shows the thread with the author’s comment, and «done» once accepted', async () => {
    const returned = sentAnswer({ id: 70, state: 'returned', comment: 'Посмотрите ещё на цезуры.', decidedAt: '2026-12-09T12:00:00Z', seen: true, late: true });
    const accepted = sentAnswer({ id: 72, state: 'accepted', decidedAt: '2026-12-10T12:00:00Z', seen: true });
    answerHomework(homework({ answers: [returned, accepted], next: 'done' }));
    renderAsUser('/lessons/101/homework');
    const thread = await screen.findByRole('list', { name: 'Ваши ответы' }, FIRST_RENDER);
    const items = within(thread).getAllByRole('listitem');
    expect(items[0]).toHaveAccessibleName('Ответ 1: На доработку');
    expect(items[0]).toHaveTextContent('Комментарий автора: Посмотрите ещё на цезуры.');
    expect(items[0]).toHaveTextContent('с опозданием');
    expect(items[1]).toHaveAccessibleName('Ответ 2: Принято');
    expect(screen.getByText('Ответ принят. Задание выполнено.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ответ на задание' })).not.toBeInTheDocument();
  });

  it('says why the page is refused in the server’s words', async () => {
    server.use(http.get('*/api/v1/lessons/101/homework/', () => HttpResponse.json({ detail: homeworkMessages.notParticipant }, { status: 403 })));
    renderAsUser('/lessons/101/homework');
    expect(await screen.findByText(homeworkMessages.notParticipant, {}, FIRST_RENDER)).toBeInTheDocument();
  });
});
