import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mutaboMessages } from '../../common/mutabo/fields.ts';
import type { MutaboLibraryCategory } from '../../common/mutabo/library.ts';
import { sharedContentMessages } from '../../common/mutabo/sharedContent.ts';
import { MAX_DOCUMENT_BYTES } from '../../common/mutabo/uploads.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { categories, contentHandlers, libraryItem, page } from './contentData.ts';
import { listItem, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const DOCUMENT_TYPE_REFUSAL = 'Этот тип файла не принимается: загрузите PDF, EPUB, MP3 или ZIP.';

/** A file as the browser hands it over; `size` stands in for its bytes (jsdom reads no disk). */
function chosenFile(name: string, type: string, size?: number): File {
  const file = new File(['%PDF-1.4'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The categories the panel reads, changed by the test's writes. */
function categoryHandlers(start: MutaboLibraryCategory[] = categories) {
  let current = [...start];
  return {
    set: (next: MutaboLibraryCategory[]) => {
      current = next;
    },
    handler: http.get('*/api/v1/mutabo/library-categories/', () => HttpResponse.json(current)),
  };
}

describe('the library of the area', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(), ...contentHandlers(), categoryHandlers().handler);
  });

  it('lists the materials with what each holds, searches on the server and pages', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/mutabo/library-items/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        if (url.searchParams.get('search') === 'Лотман') {
          return HttpResponse.json(page([{ ...libraryItem, id: 12, title: 'Беседы о русской культуре', author: 'Ю. М. Лотман', file: null, externalLink: 'https://example.org/lotman' }]));
        }
        const current = Number(url.searchParams.get('page') ?? 1);
        return HttpResponse.json(page([{ ...libraryItem, id: 20 + current, title: `Материал со страницы ${current}` }], { count: 21, pages: 2, currentPage: current }));
      }),
    );
    const { user, router } = renderApp('/mutabo/library');
    const list = await screen.findByRole('list', { name: 'Материалы библиотеки' }, FIRST_RENDER);
    expect(within(list).getByRole('link', { name: 'Материал со страницы 1' })).toHaveAttribute('href', '/mutabo/library/21');
    expect(list).toHaveTextContent('М. Л. Гаспаров · файл');
    await user.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(await screen.findByRole('link', { name: 'Материал со страницы 2' })).toBeInTheDocument();
    expect(screen.getByText('Страница 2 из 2')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Поиск по названию или автору'), 'Лотман');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    const found = await screen.findByRole('link', { name: 'Беседы о русской культуре' });
    expect(found.closest('li')).toHaveTextContent('Ю. М. Лотман · внешняя ссылка');
    expect(screen.getByText('Найдено: 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=%D0%9B%D0%BE%D1%82%D0%BC%D0%B0%D0%BD');
    expect(asked).toEqual(['?page=1', '?page=2', '?search=%D0%9B%D0%BE%D1%82%D0%BC%D0%B0%D0%BD&page=1']);
  });

  it('narrows the materials to a category, kept in the address with the search', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/mutabo/library-items/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const articles = url.searchParams.get('category') === '1';
        return HttpResponse.json(page([{ ...libraryItem, id: articles ? 31 : 30, title: articles ? 'Статья о Чехове' : 'Всё подряд' }]));
      }),
    );
    const { user, router } = renderApp('/mutabo/library?search=%D0%A7');
    await screen.findByRole('link', { name: 'Всё подряд' }, FIRST_RENDER);
    const choice = screen.getByLabelText('Категория');
    await waitFor(() => expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все категории', 'Статьи', 'Аудиокниги']));
    await user.selectOptions(choice, 'Статьи');
    expect(await screen.findByRole('link', { name: 'Статья о Чехове' })).toBeInTheDocument();
    expect(screen.getByText('Найдено: 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=%D0%A7&category=1');
    expect(asked).toEqual(['?search=%D0%A7&page=1', '?search=%D0%A7&page=1&category=1']);

    await user.selectOptions(choice, 'Все категории');
    expect(await screen.findByRole('link', { name: 'Всё подряд' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=%D0%A7');
  });

  it('asks for every material when the address names a category that cannot be one, and says the choice is unknown', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/mutabo/library-items/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(page([{ ...libraryItem, id: 30, title: 'Всё подряд' }]));
      }),
    );
    renderApp('/mutabo/library?category=0x1');
    await screen.findByRole('link', { name: 'Всё подряд' }, FIRST_RENDER);
    expect(asked).toEqual(['?page=1']);
    const choice = screen.getByLabelText('Категория');
    await waitFor(() => expect(within(choice).getByRole('option', { selected: true })).toHaveTextContent('Неизвестная категория'));
  });

  it('checks a document before uploading it, says what it uploads, and creates the material with the uploaded file', async () => {
    // The type of each upload's body (jsdom's File does not survive Node's fetch: the browser journey checks the bytes).
    const uploaded: string[] = [];
    let posted: unknown = null;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json({ ...libraryItem, id: 40 })),
      http.post('*/api/v1/mutabo/uploads/', async ({ request }) => {
        uploaded.push(request.headers.get('content-type') ?? '');
        await held;
        return HttpResponse.json({ url: '/media/fedcba9876543210/gasparov.pdf' }, { status: 201 });
      }),
      http.post('*/api/v1/mutabo/library-items/', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ ...libraryItem, id: 40 }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/mutabo/library/new');
    const input = await screen.findByLabelText('Файл: загрузить файл', {}, FIRST_RENDER);
    expect(input).toHaveAccessibleDescription('PDF, EPUB, MP3 или ZIP, до 50 МБ. Вместо файла можно дать внешнюю ссылку.');

    // A browser offers any file when the person switches the dialog to «all files»: the field refuses it itself.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, chosenFile('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));
    expect(await screen.findByText(DOCUMENT_TYPE_REFUSAL)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(DOCUMENT_TYPE_REFUSAL) as unknown as string);
    await user.upload(input, chosenFile('lectures.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1));
    expect(await screen.findByText(mutaboMessages.uploadTooLarge)).toBeInTheDocument();
    expect(uploaded).toEqual([]);

    await user.upload(input, chosenFile('gasparov.pdf', 'application/pdf', 2.4 * 1024 * 1024));
    expect(await screen.findByText('Загружаем «gasparov.pdf» (2,4 МБ): 0 %. Не закрывайте страницу.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Загрузка «gasparov.pdf»' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Загружаем…')).toBeInTheDocument();
    expect(input).toBeDisabled();
    expect(screen.queryByText(mutaboMessages.uploadTooLarge)).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByLabelText('Файл: адрес')).toHaveValue('/media/fedcba9876543210/gasparov.pdf'));
    expect(screen.getByRole('link', { name: 'gasparov.pdf' })).toHaveAttribute('href', '/media/fedcba9876543210/gasparov.pdf');
    expect(uploaded).toEqual([expect.stringMatching(/^multipart\/form-data; boundary=/)]);

    await user.type(screen.getByLabelText('Название'), 'Как читать стихи');
    await user.type(screen.getByLabelText('Автор материала'), 'М. Л. Гаспаров');
    await user.click(await screen.findByRole('checkbox', { name: 'Статьи' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Медленное чтение' })).toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Медленное чтение' }));
    await user.click(screen.getByRole('button', { name: 'Добавить материал' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/library/40'));
    expect(posted).toEqual({
      title: 'Как читать стихи',
      author: 'М. Л. Гаспаров',
      categories: [1],
      courses: [5],
      externalLink: null,
      file: '/media/fedcba9876543210/gasparov.pdf',
    });
  });

  it('says the categories and courses are loading, or could not load, instead of saying there are none', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json(libraryItem)),
      http.get('*/api/v1/mutabo/courses/', async () => {
        await held;
        return HttpResponse.json([listItem(5, 'Медленное чтение')]);
      }),
      http.get('*/api/v1/mutabo/library-categories/', () => HttpResponse.json({ detail: 'Сервер недоступен.' }, { status: 503 })),
    );
    renderApp('/mutabo/library/11');
    const courses = await screen.findByRole('group', { name: 'Курсы' }, FIRST_RENDER);
    const chosenCategories = await screen.findByRole('group', { name: 'Категории' });
    expect(await within(chosenCategories).findByText('Не удалось загрузить список: Сервер недоступен.')).toBeInTheDocument();
    expect(chosenCategories).not.toHaveTextContent('Категорий пока нет');
    // The chosen category stays chosen, so saving keeps it.
    expect(within(chosenCategories).getByRole('checkbox', { name: 'Категория № 1' })).toBeChecked();

    expect(within(courses).getByText('Загружаем список…')).toBeInTheDocument();
    expect(courses).not.toHaveTextContent('У вас пока нет курсов.');
    expect(within(courses).queryByRole('checkbox')).not.toBeInTheDocument();
    release();
    expect(await within(courses).findByRole('checkbox', { name: 'Медленное чтение' })).toBeChecked();
    expect(within(courses).queryByText('Загружаем список…')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of an upload under the field', async () => {
    server.use(http.post('*/api/v1/mutabo/uploads/', () => HttpResponse.json({ file: [mutaboMessages.uploadQuota] }, { status: 400 })));
    const { user } = renderApp('/mutabo/library/new');
    const input = await screen.findByLabelText('Файл: загрузить файл', {}, FIRST_RENDER);
    await user.upload(input, chosenFile('gasparov.pdf', 'application/pdf'));
    expect(await screen.findByText(mutaboMessages.uploadQuota)).toBeInTheDocument();
    expect(screen.getByLabelText('Файл: адрес')).toHaveValue('');
  });

  it('keeps a file or an external link on every material: the message shows under the file, before sending and from the server', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json(libraryItem)),
      http.patch('*/api/v1/mutabo/library-items/:id/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ externalLink: [sharedContentMessages.externalLinkInvalid] }, { status: 400 });
      }),
    );
    const { user } = renderApp('/mutabo/library/11');
    const fileAddress = await screen.findByLabelText('Файл: адрес', {}, FIRST_RENDER);
    expect(await screen.findByRole('checkbox', { name: 'Статьи' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Аудиокниги' })).not.toBeChecked();
    await user.clear(fileAddress);
    await user.click(screen.getByRole('button', { name: 'Сохранить материал' }));
    expect(fileAddress).toHaveAccessibleDescription(sharedContentMessages.linkOrFileRequired);
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Внешняя ссылка'), 'ftp://example.org/gasparov.pdf');
    await user.click(screen.getByRole('button', { name: 'Сохранить материал' }));
    expect(screen.getByLabelText('Внешняя ссылка')).toHaveAccessibleDescription(sharedContentMessages.externalLinkInvalid);
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Внешняя ссылка'));
    await user.type(screen.getByLabelText('Внешняя ссылка'), 'https://example.org/gasparov');
    await user.click(screen.getByRole('button', { name: 'Сохранить материал' }));
    await waitFor(() => expect(screen.getByLabelText('Внешняя ссылка')).toHaveAccessibleDescription(sharedContentMessages.externalLinkInvalid));
    expect(fileAddress).not.toHaveAccessibleDescription();
    expect(sent).toEqual([{ ...libraryItemBody(), externalLink: 'https://example.org/gasparov', file: null, version: 3 }]);
    expect(screen.getByLabelText('Внешняя ссылка')).toHaveValue('https://example.org/gasparov');
  });

  it('explains a stale material (409) and loads the current version on request', async () => {
    server.use(
      http.get('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json(libraryItem)),
      http.patch('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json({ detail: sharedContentMessages.staleLibraryItem }, { status: 409 })),
    );
    const { user } = renderApp('/mutabo/library/11');
    await user.type(await screen.findByLabelText('Название', {}, FIRST_RENDER), ' (конспект)');
    await user.click(screen.getByRole('button', { name: 'Сохранить материал' }));
    expect(await screen.findByText(sharedContentMessages.staleLibraryItem)).toBeInTheDocument();
    expect(screen.getByLabelText('Название')).toHaveValue('Как читать стихи (конспект)');
    server.use(http.get('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json({ ...libraryItem, title: 'Как читать стихи. Лекции', categories: [2], version: 4 })));
    await user.click(screen.getByRole('button', { name: 'Загрузить текущую версию' }));
    await waitFor(() => expect(screen.getByLabelText('Название')).toHaveValue('Как читать стихи. Лекции'));
    expect(screen.getByRole('checkbox', { name: 'Аудиокниги' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Статьи' })).not.toBeChecked();
  });

  it('deletes a material only after confirmation and returns to the library', async () => {
    let deleted = 0;
    server.use(
      http.get('*/api/v1/mutabo/library-items/:id/', () => HttpResponse.json(libraryItem)),
      http.get('*/api/v1/mutabo/library-items/', () => HttpResponse.json(page([]))),
      http.delete('*/api/v1/mutabo/library-items/:id/', () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = renderApp('/mutabo/library/11');
    await user.click(await screen.findByRole('button', { name: 'Удалить материал' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить материал?' });
    expect(dialog).toHaveTextContent('Материал «Как читать стихи» исчезнет из библиотеки без возможности восстановления.');
    expect(deleted).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/library'));
    expect(deleted).toBe(1);
    expect(await screen.findByText('В библиотеке пока нет материалов. Добавьте первый.')).toBeInTheDocument();
  });
});

describe('the categories of the library', () => {
  let stored: ReturnType<typeof categoryHandlers>;

  beforeEach(() => {
    storeSession();
    stored = categoryHandlers();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(),
      ...contentHandlers(),
      stored.handler,
      http.get('*/api/v1/mutabo/library-items/', () => HttpResponse.json(page([libraryItem]))),
    );
  });

  const panel = () => screen.findByRole('region', { name: 'Категории' }, FIRST_RENDER);

  it('adds a category; an empty or taken name shows under the field and what was typed stays', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/v1/mutabo/library-categories/', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        posted.push(body);
        if (body.name === 'статьи') return HttpResponse.json({ name: [sharedContentMessages.categoryNameTaken] }, { status: 400 });
        stored.set([...categories, { id: 3, name: body.name, itemsCount: 0, version: 1 }]);
        return HttpResponse.json({ id: 3, name: body.name, itemsCount: 0, version: 1 }, { status: 201 });
      }),
    );
    const { user } = renderApp('/mutabo/library');
    const region = await panel();
    const list = await within(region).findByRole('list', { name: 'Категории библиотеки' });
    expect(list).toHaveTextContent('Статьи · материалов: 4');
    const name = within(region).getByRole('textbox', { name: 'Новая категория' });
    await user.click(within(region).getByRole('button', { name: 'Добавить категорию' }));
    expect(name).toHaveAccessibleDescription(sharedContentMessages.categoryNameRequired);
    expect(posted).toEqual([]);

    await user.type(name, 'статьи');
    await user.click(within(region).getByRole('button', { name: 'Добавить категорию' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(sharedContentMessages.categoryNameTaken));
    expect(name).toHaveValue('статьи');

    await user.clear(name);
    await user.type(name, 'Лекции');
    await user.click(within(region).getByRole('button', { name: 'Добавить категорию' }));
    expect(await within(region).findByText('Категория добавлена.')).toBeInTheDocument();
    expect(within(list).getByText(/Лекции/)).toBeInTheDocument();
    expect(name).toHaveValue('');
    expect(name).not.toHaveAccessibleDescription();
    expect(posted).toEqual([{ name: 'статьи' }, { name: 'Лекции' }]);
  });

  it('renames a category with the version read; a taken name shows under the field', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('*/api/v1/mutabo/library-categories/:id/', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        sent.push(body);
        if (body.name === 'Статьи') return HttpResponse.json({ name: [sharedContentMessages.categoryNameTaken] }, { status: 400 });
        stored.set([categories[0]!, { ...categories[1]!, name: body.name, version: 3 }]);
        return HttpResponse.json({ ...categories[1]!, name: body.name, version: 3 });
      }),
    );
    const { user } = renderApp('/mutabo/library');
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Категория «Аудиокниги»: переименовать' }));
    const form = within(region).getByRole('form', { name: 'Категория «Аудиокниги»' });
    const name = within(form).getByLabelText('Новое название');
    expect(name).toHaveValue('Аудиокниги');
    await user.clear(name);
    await user.type(name, 'Статьи');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(sharedContentMessages.categoryNameTaken));
    expect(name).toHaveValue('Статьи');

    await user.clear(name);
    await user.type(name, 'Записи лекций');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(region).findByText('Категория переименована.')).toBeInTheDocument();
    expect(within(region).getByRole('list', { name: 'Категории библиотеки' })).toHaveTextContent('Записи лекций · материалов: 0');
    expect(sent).toEqual([
      { name: 'Статьи', version: 2 },
      { name: 'Записи лекций', version: 2 },
    ]);
  });

  it('deletes a category only after confirmation; a category in use is refused with the server’s reason', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/v1/mutabo/library-categories/:id/', ({ params }) => {
        deleted.push(params.id as string);
        if (params.id === '1') return HttpResponse.json({ detail: sharedContentMessages.categoryInUse }, { status: 409 });
        stored.set([categories[0]!]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/mutabo/library');
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Категория «Аудиокниги»: удалить' }));
    let dialog = await screen.findByRole('dialog', { name: 'Удалить категорию?' });
    expect(dialog).toHaveTextContent('Категория «Аудиокниги» будет удалена.');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(deleted).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Категория «Аудиокниги»: удалить' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить категорию?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await within(region).findByText('Категория удалена.')).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByText(/Аудиокниги/)).not.toBeInTheDocument());

    await user.click(within(region).getByRole('button', { name: 'Категория «Статьи»: удалить' }));
    dialog = await screen.findByRole('dialog', { name: 'Удалить категорию?' });
    await user.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await within(region).findByText(sharedContentMessages.categoryInUse)).toBeInTheDocument();
    expect(within(region).getByText(/Статьи/)).toBeInTheDocument();
    expect(deleted).toEqual(['2', '1']);
  });
});

/** The body a save of the unchanged `libraryItem` sends, without its version. */
function libraryItemBody() {
  const { title, author: itemAuthor, categories: itemCategories, courses, externalLink, file } = libraryItem;
  return { title, author: itemAuthor, categories: itemCategories, courses, externalLink, file };
}

