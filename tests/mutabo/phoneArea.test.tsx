// The authors' area on a phone (issue 22, item 6): the sections behind one menu button that opens, closes (Escape,
// a section chosen) and says so; a save's notice or error brought into the window where the author looks.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { author, meHandler } from '../support/users.ts';
import { renderApp } from '../support/renderApp.tsx';
import { siteApiHandlers } from '../support/siteData.ts';
import { editedCourse, mutaboHandlers } from './mutaboData.ts';
import { FIRST_RENDER, preloadArea } from './preloadArea.ts';
import { dashboardHandler } from './runData.ts';

beforeAll(preloadArea);
vi.setConfig({ testTimeout: 15000 });

const lesson = editedCourse.lessons[0]!;

/** The scrollIntoView calls of the test (jsdom has none), with the element each was called on. */
function watchScrolling(): Element[] {
  const scrolled: Element[] = [];
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push(this);
  };
  return scrolled;
}

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe("the area's sections menu", () => {
  beforeEach(() => {
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), dashboardHandler(), ...mutaboHandlers());
  });

  it('opens with its button naming the current section, closes on Escape with the focus back on the button', async () => {
    const { user } = renderApp('/mutabo');
    await screen.findByRole('heading', { level: 1, name: 'Сводка' }, FIRST_RENDER);
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    // The button is shown only below the tablet's width (a media query jsdom does not apply).
    const button = within(nav).getByRole('button', { hidden: true });
    expect(button).toHaveTextContent('Разделы: Сводка');
    const list = nav.querySelector('ul')!;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', list.id);
    expect(list).toHaveAttribute('data-open', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open', 'true');
    expect(within(list).getAllByRole('link')).toHaveLength(15);
    expect(within(list).getByRole('link', { name: 'Задания' })).toBeInTheDocument();

    within(list).getByRole('link', { name: 'Люди' }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when a section is chosen, and then names that section', async () => {
    const { user, router } = renderApp('/mutabo');
    await screen.findByRole('heading', { level: 1, name: 'Сводка' }, FIRST_RENDER);
    const nav = screen.getByRole('navigation', { name: 'Раздел авторов' });
    await user.click(within(nav).getByRole('button', { hidden: true }));
    await user.click(within(nav).getByRole('link', { name: 'Курсы' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mutabo/courses'));
    const button = within(nav).getByRole('button', { hidden: true });
    expect(button).toHaveTextContent('Разделы: Курсы');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Курсы' })).toHaveAttribute('aria-current', 'page');
  });
});

describe("a save's message where the author looks", () => {
  const answer = (patch: () => Response | Promise<Response>) => {
    storeSession();
    server.use(
      ...siteApiHandlers(),
      meHandler(author),
      ...mutaboHandlers(undefined, editedCourse),
      http.get('*/api/v1/mutabo/lessons/:id/', () => HttpResponse.json(lesson)),
      http.patch('*/api/v1/mutabo/lessons/:id/', patch),
    );
  };

  it('scrolls the notice of a saved lesson into view and announces it', async () => {
    const scrolled = watchScrolling();
    answer(() => HttpResponse.json({ ...lesson, version: lesson.version + 1 }));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    await user.click(await screen.findByRole('button', { name: 'Сохранить занятие' }, FIRST_RENDER));
    const notice = await screen.findByText('Занятие сохранено.');
    expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() => expect(scrolled).toContain(notice));
  });

  it("scrolls the server's refusal into view: the form's red block, announced as an alert", async () => {
    const scrolled = watchScrolling();
    answer(() => HttpResponse.json({ nonFieldErrors: ['Занятие уже прошло: его нельзя изменить.'] }, { status: 400 }));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    await user.click(await screen.findByRole('button', { name: 'Сохранить занятие' }, FIRST_RENDER));
    const alert = (await screen.findByText('Занятие уже прошло: его нельзя изменить.')).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    await waitFor(() => expect(scrolled).toContain(alert));
  });

  it('scrolls to the first field in error when the form is refused before sending', async () => {
    const scrolled = watchScrolling();
    answer(() => HttpResponse.json(lesson));
    const { user } = renderApp('/mutabo/courses/5/lessons/51');
    const room = await screen.findByLabelText('Ссылка на комнату вебинара (https://…)', {}, FIRST_RENDER);
    await user.clear(room);
    await user.type(room, 'http://meet.example.org/x');
    await user.click(screen.getByRole('button', { name: 'Сохранить занятие' }));
    await waitFor(() => expect(room).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(scrolled).toContain(room));
  });
});

describe('the course editor as it opens', () => {
  it('stays at its top: the empty status line of the lessons is not brought into view', async () => {
    const scrolled = watchScrolling();
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(undefined, editedCourse));
    renderApp(`/mutabo/courses/${editedCourse.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Занятия' }, FIRST_RENDER);
    await screen.findByRole('button', { name: 'Сохранить' });
    // Effects of the first renders have run; nothing asked the window to move.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrolled).toEqual([]);
  });

  it('stays at its top when it opens with the notice of a course just created', async () => {
    const scrolled = watchScrolling();
    storeSession();
    server.use(...siteApiHandlers(), meHandler(author), ...mutaboHandlers(undefined, editedCourse));
    renderApp({ pathname: `/mutabo/courses/${editedCourse.id}`, state: { created: true } });
    expect(await screen.findByText('Курс создан. Теперь добавьте занятия.', {}, FIRST_RENDER)).toHaveAttribute('role', 'status');
    await screen.findByRole('heading', { level: 2, name: 'Занятия' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scrolled).toEqual([]);
  });
});
