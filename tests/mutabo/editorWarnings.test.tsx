// Warnings before surprises in the course editor (issue 22, item 5): a title the catalogue hides is flagged beside the
// course's state (tests/mutabo/titleWarning.test.tsx: beside the title field), and opening enrollment without prices asks
// whether the course is free.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { siteApiHandlers } from '../support/siteData.ts';
import { openCourseEditor, TEST_TITLE_WARNING } from './courseEditorKit.ts';
import { editedCourse } from './mutaboData.ts';
import { preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

describe('the course editor warns', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author));
  });

  it('beside «Запись открыта» for an open test course, and in the dialog before opening one', async () => {
    const { unmount } = await openCourseEditor({ ...editedCourse, title: 'Тестовый курс', state: 'can_be_subscribed' });
    const statePanel = screen.getByRole('region', { name: 'Состояние курса' });
    expect(statePanel).toHaveTextContent('Сейчас: Запись открыта.');
    expect(within(statePanel).getByText(TEST_TITLE_WARNING)).toBeInTheDocument();
    unmount();

    const draft = await openCourseEditor({ ...editedCourse, title: 'Тестовый курс', state: 'draft' });
    expect(within(screen.getByRole('region', { name: 'Состояние курса' })).queryByText(TEST_TITLE_WARNING)).not.toBeInTheDocument();
    await draft.user.click(screen.getByRole('button', { name: 'Анонсировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Анонсировать?' });
    expect(dialog).toHaveTextContent(`${TEST_TITLE_WARNING} Его страница откроется только по прямой ссылке.`);
  });

  it('before opening enrollment without prices: asks whether it is free and says how the course page will show it', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...editedCourse, prices: [], state: 'can_be_subscribed', version: 4 });
      }),
    );
    const { user } = await openCourseEditor({ ...editedCourse, prices: [] });
    await user.click(screen.getByRole('button', { name: 'Открыть запись' }));
    const dialog = await screen.findByRole('dialog', { name: 'Открыть запись на бесплатный курс?' });
    expect(dialog).toHaveTextContent('У курса нет цен, поэтому запись на него будет бесплатной.');
    expect(dialog).toHaveTextContent('На странице курса вместо цен будет написано «Нет цены курса» и кнопка «Участвовать в курсе».');
    expect(dialog).toHaveTextContent('подтверждаете участие вы');
    await user.click(within(dialog).getByRole('button', { name: 'Открыть бесплатно' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Состояние курса' })).toHaveTextContent('Сейчас: Запись открыта.'));
    expect(sent).toEqual({ state: 'can_be_subscribed', version: 3 });
  });

  it('and «Сначала задать цены» sends nothing and takes the author to the prices', async () => {
    let sent = false;
    server.use(
      http.patch('*/api/v1/mutabo/courses/:id/', () => {
        sent = true;
        return HttpResponse.json(editedCourse);
      }),
    );
    const { user } = await openCourseEditor({ ...editedCourse, prices: [] });
    await user.click(screen.getByRole('button', { name: 'Открыть запись' }));
    const dialog = await screen.findByRole('dialog', { name: 'Открыть запись на бесплатный курс?' });
    await user.click(within(dialog).getByRole('button', { name: 'Сначала задать цены' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Продавать за рубли' })).toHaveFocus());
    expect(sent).toBe(false);
  });

  it('not when the course has prices: the usual question', async () => {
    const { user } = await openCourseEditor();
    await user.click(screen.getByRole('button', { name: 'Открыть запись' }));
    const dialog = await screen.findByRole('dialog', { name: 'Открыть запись?' });
    expect(dialog).not.toHaveTextContent('бесплатн');
    expect(dialog).not.toHaveTextContent(TEST_TITLE_WARNING);
  });
});
