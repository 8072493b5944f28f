import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import { MAX_IMAGE_BYTES } from '../../common/mutabo/uploads.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers, siteAuthors } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const openEditor = async (path = '/mutabo/courses/5') => {
  const view = renderApp(path);
  await screen.findByRole('form', { name: 'Курс' }, FIRST_RENDER);
  return view;
};

describe('the course editor', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers());
  });

  it('checks a new course before sending it and shows each message under its field', async () => {
    let posted = false;
    server.use(
      http.post('*/api/v1/mutabo/courses/', () => {
        posted = true;
        return HttpResponse.json(editedCourse, { status: 201 });
      }),
    );
    const { user } = await openEditor('/mutabo/courses/new');
    await user.clear(screen.getByLabelText('Количество мест'));
    await user.type(screen.getByLabelText('Количество мест'), 'десять');
    await user.click(screen.getByRole('button', { name: 'Создать курс' }));
    expect(screen.getByLabelText('Название')).toHaveAccessibleDescription(mutaboMessages.titleRequired);
    expect(screen.getByLabelText('Количество мест')).toHaveAccessibleDescription(mutaboMessages.participantsLimitInvalid);
    expect(posted).toBe(false);
  });

  it("shows the server's field errors under their fields and keeps what was typed", async () => {
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', () =>
        HttpResponse.json(
          { title: ['Курс с таким названием уже есть.'], 'prices.0.lessonPrice': [mutaboMessages.amountInvalid] },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openEditor();
    const titleInput = screen.getByLabelText('Название');
    await user.clear(titleInput);
    await user.type(titleInput, 'Быстрое чтение');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(titleInput).toHaveAccessibleDescription('Курс с таким названием уже есть.'));
    expect(screen.getByLabelText('Цена занятия')).toHaveAccessibleDescription(mutaboMessages.amountInvalid);
    expect(titleInput).toHaveValue('Быстрое чтение');
  });

  it('saves with the version read and says so', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...editedCourse, title: sent.title, version: 4 });
      }),
    );
    const { user } = await openEditor();
    await user.clear(screen.getByLabelText('Название'));
    await user.type(screen.getByLabelText('Название'), 'Быстрое чтение');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeInTheDocument();
    expect(sent).toMatchObject({
      title: 'Быстрое чтение',
      version: 3,
      prices: [{ currency: 'CURRENCY_CHOICE_RUB', coursePrice: '5000', lessonPrice: '1000', lessonWholesalePrice: '900' }],
    });
  });

  it('saves the time zone the lesson times are entered in, chosen from the site’s list', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/v1/dictionaries/', () =>
        HttpResponse.json({ countries: [], timezones: [['Europe/Berlin', '(UTC+01:00) Германия'], ['Europe/Moscow', '(UTC+03:00) Москва']] }),
      ),
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...editedCourse, timeZone: sent.timeZone, version: 4 });
      }),
    );
    const { user } = await openEditor();
    const select = screen.getByLabelText('Часовой пояс занятий');
    expect(select).toHaveValue('Europe/Moscow');
    await screen.findByRole('option', { name: '(UTC+01:00) Германия' });
    await user.selectOptions(select, 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeInTheDocument();
    expect(sent).toMatchObject({ timeZone: 'Europe/Berlin', version: 3 });
  });

  it('explains a stale copy (409), keeps the typed text, and loads the current version on request', async () => {
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ detail: mutaboMessages.staleCourse }, { status: 409 })),
    );
    const { user } = await openEditor();
    await user.clear(screen.getByLabelText('Название'));
    await user.type(screen.getByLabelText('Название'), 'Моё название');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(mutaboMessages.staleCourse)).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveValue('Моё название');

    server.use(
      http.get('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ ...editedCourse, title: 'Название коллеги', version: 4 })),
    );
    await user.click(screen.getByRole('button', { name: 'Загрузить текущую версию' }));
    await waitFor(() => expect(screen.getByLabelText('Название')).toHaveValue('Название коллеги'));
    expect(screen.queryByText(mutaboMessages.staleCourse)).not.toBeInTheDocument();
  });

  it('asks before leaving a form with unsaved changes', async () => {
    const { user, router } = await openEditor();
    await user.type(screen.getByLabelText('Подзаголовок'), ' и современников');
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    await user.click(within(nav).getByRole('link', { name: 'Курсы' }));
    const dialog = await screen.findByRole('dialog', { name: 'Уйти без сохранения?' });
    await user.click(within(dialog).getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/mutabo/courses/5');
    expect(screen.getByLabelText('Подзаголовок')).toHaveValue('Как читать классику и современников');

    await user.click(within(nav).getByRole('link', { name: 'Курсы' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses'));
  });

  it('leaves an unchanged form without asking', async () => {
    const { user, router } = await openEditor();
    await user.click(within(screen.getByRole('navigation', { name: 'Раздел авторов' })).getByRole('link', { name: 'Курсы' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says what visitors will see before changing the state, and shows the server's refusal", async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ state: [mutaboMessages.openWithoutLessons] }, { status: 400 });
      }),
    );
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Открыть запись' }));
    const dialog = await screen.findByRole('dialog', { name: 'Открыть запись?' });
    expect(dialog).toHaveTextContent('Курс виден посетителям, и на него можно записаться и оплатить.');
    await user.click(within(dialog).getByRole('button', { name: 'Открыть запись' }));
    expect(await screen.findByText(mutaboMessages.openWithoutLessons)).toBeInTheDocument();
    expect(sent).toEqual({ state: 'can_be_subscribed', version: 3 });
  });

  /** The confirmation the «Вернуть в черновики» button asks, for a course with `peopleCount` people in it. */
  const draftConfirmation = async (state: string, peopleCount: number) => {
    server.use(http.get('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ ...editedCourse, state, peopleCount })));
    const { user } = await openEditor();
    await user.click(await screen.findByRole('button', { name: 'Вернуть в черновики' }));
    const dialog = await screen.findByRole('dialog', { name: 'Вернуть в черновики?' });
    expect(dialog).toHaveTextContent('Курс скрыт: посетители его не видят.');
    return dialog;
  };

  it('warns, before a course goes back to draft, that the people in it lose its page too', async () => {
    const dialog = await draftConfirmation('can_be_subscribed', 3);
    expect(dialog).toHaveTextContent('В курсе есть участники: 3 человека. Страница курса скроется и от них;');
  });

  it('has nothing to warn of when nobody is in the course', async () => {
    expect(await draftConfirmation('announced', 0)).not.toHaveTextContent('участники');
  });

  it('creates a course as a draft and opens it for its lessons', async () => {
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('*/api/v1/mutabo/courses/', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...editedCourse, id: 8, title: sent.title, lessons: [] }, { status: 201 });
      }),
    );
    const { user, router } = await openEditor('/mutabo/courses/new');
    await user.type(screen.getByLabelText('Название'), 'Новый курс о Гоголе');
    await user.click(screen.getByRole('button', { name: 'Создать курс' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses/8'));
    expect(await screen.findByText('Курс создан. Теперь добавьте занятия.')).toBeInTheDocument();
    expect(sent).toMatchObject({ title: 'Новый курс о Гоголе', state: 'draft', authors: [1] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('uploads an image and shows its preview; a refused file says why under the field', async () => {
    // jsdom's File does not survive the trip through Node's fetch (name and bytes are lost), so the handler answers
    // by order: the first upload is taken, the next refused as the server refuses a file of the wrong type.
    const answers = [
      HttpResponse.json({ url: '/media/0123456789abcdef/cover.png' }, { status: 201 }),
      HttpResponse.json({ file: [mutaboMessages.uploadType] }, { status: 400 }),
    ];
    let uploads = 0;
    server.use(
      http.post('*/api/v1/mutabo/uploads/', async ({ request }) => {
        expect((await request.formData()).has('file')).toBe(true);
        return answers[uploads++]!;
      }),
    );
    const { user } = await openEditor();
    await user.upload(screen.getByLabelText('Картинка курса: загрузить файл'), new File(['png'], 'cover.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByLabelText('Картинка курса: адрес')).toHaveValue('/media/0123456789abcdef/cover.png'), FIRST_RENDER);
    expect(screen.getByRole('img', { name: 'Картинка курса: предпросмотр' })).toHaveAttribute('src', '/media/0123456789abcdef/cover.png');

    await user.upload(screen.getByLabelText('Картинка курса: загрузить файл'), new File(['%PDF'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText(mutaboMessages.uploadType)).toBeInTheDocument();
    const tooLarge = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Миниатюра для каталога: загрузить файл'), tooLarge);
    expect(await screen.findByText(mutaboMessages.uploadImageTooLarge)).toBeInTheDocument();
    // The oversized file was refused before sending.
    expect(uploads).toBe(2);
  });

  it('asks before a save takes the caller out of the authors, then opens the course list and says so', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...editedCourse, authors: [siteAuthors[1]!], version: 4 });
      }),
    );
    const { user } = await openEditor();
    await user.click(screen.getByLabelText(`${siteAuthors[1]!.firstName} ${siteAuthors[1]!.lastName}`));
    await user.click(screen.getByLabelText(`${siteAuthors[0]!.firstName} ${siteAuthors[0]!.lastName}`));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Убрать себя из авторов?' });
    expect(dialog).toHaveTextContent('он пропадёт из вашего раздела');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Убрать себя и сохранить' }));
    expect(await screen.findByText(`Вы больше не автор курса «${editedCourse.title}».`, {}, FIRST_RENDER)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ authors: [siteAuthors[1]!.id], version: 3 });
  });

  it('saves edits with the version the form was read at, even when the course was read again meanwhile', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/lessons/:id/', () => {
        // Another author saved the course in between: the course is now at version 9.
        server.use(http.get('*/api/v1/mutabo/courses/:id/', () => HttpResponse.json({ ...editedCourse, title: 'Чужое название', version: 9 })));
        return HttpResponse.json({ ...editedCourse.lessons[0]!, state: 'published', version: 2 });
      }),
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ detail: mutaboMessages.staleCourse }, { status: 409 });
      }),
    );
    const { user } = await openEditor();
    await user.type(screen.getByLabelText('Подзаголовок'), ' и современников');
    await user.click(screen.getByRole('button', { name: 'Занятие «Пушкин»: опубликовать' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Чужое название' })).toBeInTheDocument();
    expect(screen.getByLabelText('Подзаголовок')).toHaveValue('Как читать классику и современников');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(mutaboMessages.staleCourse)).toBeInTheDocument();
    expect(sent).toMatchObject({ version: 3, subtitle: 'Как читать классику и современников' });
  });
});
