// The join link /lessons/{id}/join (issue 35): a logged-in person sees the room opening, the POST is sent with the
// token and the browser leaves for the room; each refusal says its Russian heading and text with the ways on; a guest
// is asked to log in and comes back here; the «Войти в комнату» panel keeps its button readable on a site path.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { joinRefusals, type JoinRefusal } from '../../common/attendance.ts';
import { setSiteExit } from '../../src/app/navigation.ts';
import { renderApp } from '../support/renderApp.tsx';
import { server } from '../support/server.ts';
import { storeSession } from '../support/tokens.ts';
import { disciple, meHandler } from '../support/users.ts';
import { siteApiHandlers } from '../support/siteData.ts';

vi.setConfig({ testTimeout: 20000 });

let exits: string[] = [];
beforeEach(() => {
  exits = [];
  setSiteExit((url) => exits.push(url));
  server.use(...siteApiHandlers());
});

function asParticipant() {
  storeSession();
  server.use(meHandler(disciple));
}

describe('the join page of a logged-in person', () => {
  it('shows the room opening, sends the join with the token once and leaves for the room', async () => {
    asParticipant();
    const calls: { authorization: string | null; lesson: string }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/v1/lessons/:id/join/', async ({ request, params }) => {
        calls.push({ authorization: request.headers.get('authorization'), lesson: String(params.id) });
        await held;
        return HttpResponse.json({ url: 'https://meet.example.org/room-51' });
      }),
    );
    renderApp('/lessons/51/join');
    const status = (await screen.findByText('Открываем комнату занятия…', {}, { timeout: 10000 })).closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(exits).toEqual([]);
    release();
    await waitFor(() => expect(exits).toEqual(['https://meet.example.org/room-51']));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.lesson).toBe('51');
    expect(calls[0]!.authorization).toMatch(/^Bearer /);
  });

  it.each(Object.keys(joinRefusals) as JoinRefusal[])('says why the room does not open: %s', async (reason) => {
    asParticipant();
    const status = reason === 'notFound' ? 404 : 403;
    server.use(
      http.post('*/api/v1/lessons/:id/join/', () => HttpResponse.json({ detail: 'Текст сервера.', reason, course: 12 }, { status })),
    );
    renderApp('/lessons/51/join');
    expect(await screen.findByRole('heading', { level: 1, name: joinRefusals[reason].title }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByText(joinRefusals[reason].text).closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    const ways = screen.getByRole('list', { name: 'Куда перейти' });
    expect(within(ways).getByRole('link', { name: 'Мои курсы' })).toHaveAttribute('href', '/account/courses');
    expect(within(ways).getByRole('link', { name: 'Страница курса' })).toHaveAttribute('href', '/courses/12');
    expect(exits).toEqual([]);
  });

  it('shows the server’s detail for a reason it does not know, and the catalogue without a course', async () => {
    asParticipant();
    server.use(http.post('*/api/v1/lessons/:id/join/', () => HttpResponse.json({ detail: 'Комната на обслуживании.', reason: 'somethingNew' }, { status: 403 })));
    renderApp('/lessons/51/join');
    expect(await screen.findByRole('heading', { level: 1, name: 'Не удалось открыть комнату' }, { timeout: 10000 })).toBeInTheDocument();
    expect(screen.getByText('Комната на обслуживании.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Все курсы' })).toHaveAttribute('href', '/');
  });

  it('does not call the server for an address that is not a lesson', async () => {
    asParticipant();
    const join = vi.fn();
    server.use(http.post('*/api/v1/lessons/:id/join/', () => (join(), HttpResponse.json({ url: 'https://x.example' }))));
    renderApp('/lessons/abc/join');
    expect(await screen.findByRole('heading', { level: 1, name: joinRefusals.notFound.title }, { timeout: 10000 })).toBeInTheDocument();
    expect(join).not.toHaveBeenCalled();
  });
});

describe('the join page of a guest', () => {
  it('asks to log in and comes back here after login', async () => {
    const join = vi.fn();
    server.use(http.post('*/api/v1/lessons/:id/join/', () => (join(), HttpResponse.json({ url: 'https://x.example' }))));
    const { router, user } = renderApp('/lessons/51/join');
    expect(await screen.findByText('Войдите, чтобы попасть на занятие.', {}, { timeout: 10000 })).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Войти на сайт' });
    expect(login).toHaveAttribute('href', '/user/login');
    await user.click(login);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
    expect(router.state.location.state).toEqual({ from: '/lessons/51/join' });
    expect(join).not.toHaveBeenCalled();
  });
});
