import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MutaboCourse } from '../../common/mutabo.ts';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const lesson = editedCourse.lessons[0]!;
const twoLessons: MutaboCourse = {
  ...editedCourse,
  lessons: [lesson, { ...lesson, id: 52, number: 2, title: 'Гоголь', state: 'published', version: 2 }],
};

describe('the lessons of a course', () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(undefined, twoLessons));
  });

  const lessonsPanel = async () => screen.findByRole('region', { name: 'Уроки' }, FIRST_RENDER);

  it('moves a lesson with its buttons, keeping focus on the lesson moved', async () => {
    let order: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/courses/:id/lessons/order/', async ({ request }) => {
        order = await request.json();
        server.use(
          http.get('*/api/v1/mutabo/courses/:id/', () =>
            HttpResponse.json({
              ...twoLessons,
              lessons: [
                { ...twoLessons.lessons[1]!, number: 1 },
                { ...lesson, number: 2 },
              ],
            }),
          ),
        );
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const panel = await lessonsPanel();
    expect(within(panel).getByRole('button', { name: 'Урок «Пушкин»: выше' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Урок «Пушкин»: ниже' }));
    expect(order).toEqual({ lessons: [52, 51] });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('1. Гоголь'));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Урок «Пушкин»: выше' })).toHaveFocus());
  });

  it('publishes a draft lesson with the version it was read at', async () => {
    let sent: unknown = null;
    server.use(
      http.patch('*/api/v1/mutabo/lessons/:id/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...lesson, state: 'published', version: 2 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const panel = await lessonsPanel();
    await user.click(within(panel).getByRole('button', { name: 'Урок «Пушкин»: опубликовать' }));
    await waitFor(() => expect(sent).toEqual({ state: 'published', version: 1 }));
  });

  it("deletes a lesson only after confirmation, and shows the server's refusal", async () => {
    let deleted = 0;
    server.use(
      http.delete('*/api/v1/mutabo/lessons/:id/', () => {
        deleted += 1;
        return HttpResponse.json({ detail: 'Занятие нельзя удалить: на него уже записаны.' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/mutabo/courses/5');
    const panel = await lessonsPanel();
    await user.click(within(panel).getByRole('button', { name: 'Урок «Гоголь»: удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить урок?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(deleted).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Урок «Гоголь»: удалить' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await within(panel).findByText('Занятие нельзя удалить: на него уже записаны.')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it('adds a lesson and returns to the course', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/mutabo/courses/:id/lessons/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...lesson, id: 53, number: 3, title: 'Толстой' }, { status: 201 });
      }),
    );
    const { user, router } = renderApp('/mutabo/courses/5/lessons/new');
    await user.type(await screen.findByLabelText('Название урока', {}, FIRST_RENDER), 'Толстой');
    await user.clear(screen.getByLabelText('Продолжительность, минут'));
    await user.type(screen.getByLabelText('Продолжительность, минут'), '90');
    await user.selectOptions(screen.getByLabelText('Состояние урока'), 'published');
    await user.click(screen.getByRole('button', { name: 'Добавить урок' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses/5'));
    expect(sent).toEqual({ title: 'Толстой', content: '', duration: 90, state: 'published' });
  });
});
