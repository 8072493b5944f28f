// Login, logout and the 401 path with a real store and sagas.
import { http, HttpResponse } from 'msw';
import { setNavigator } from '../../src/app/navigation.ts';
import { makeStore } from '../../src/app/store.ts';
import { ensureResource } from '../../src/data/cache.ts';
import { selectIsLoggedIn, selectLoginState } from '../../src/features/session/selectors.ts';
import { clearTokens, saveTokens } from '../../src/api/tokens.ts';
import { loggedOut, loginRequested } from '../../src/features/session/slice.ts';
import { server } from '../support/server.ts';
import { fakeJwt, storeSession } from '../support/tokens.ts';

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('the session', () => {
  it('logs in with the username trimmed and lower-cased, and stores both tokens', async () => {
    const access = fakeJwt(1800);
    const refresh = fakeJwt(86400);
    let sent: unknown;
    server.use(
      http.post('/api/v1/token/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ access, refresh });
      }),
    );
    const store = makeStore();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    store.dispatch(loginRequested({ username: '  Anna@Example.COM ', password: 'secret-pass' }));
    await until(() => selectLoginState(store.getState()).status === 'success');
    expect(sent).toEqual({ username: 'anna@example.com', password: 'secret-pass' });
    expect(localStorage.getItem('accessToken')).toBe(access);
    expect(localStorage.getItem('refreshToken')).toBe(refresh);
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  it('ignores a new login while one is loading and keeps the error of a failed one', async () => {
    let calls = 0;
    server.use(
      http.post('/api/v1/token/', async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ detail: 'Неверный e-mail или пароль.' }, { status: 401 });
      }),
    );
    const store = makeStore();
    store.dispatch(loginRequested({ username: 'a@b.ru', password: '1' }));
    store.dispatch(loginRequested({ username: 'a@b.ru', password: '2' }));
    await until(() => selectLoginState(store.getState()).status === 'failure');
    expect(calls).toBe(1);
    expect(selectLoginState(store.getState()).error?.byFields.detail).toBe('Неверный e-mail или пароль.');
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('reads a stored session on start; logout clears both tokens and the cache', async () => {
    storeSession();
    server.use(http.get('/api/v1/users/me/', () => HttpResponse.json({ id: 1, firstName: 'Анна' })));
    const store = makeStore();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(ensureResource('me'));
    await until(() => Object.keys(store.getState().resources).length === 1 && !store.getState().resources.me?.loading);
    store.dispatch(loggedOut());
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().resources).toEqual({});
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('a 401 clears the session, wipes cached data and sends the browser to the login page', async () => {
    storeSession();
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(
      http.get('/api/v1/authors/', () => HttpResponse.json([{ id: 1 }])),
      http.get('/api/v1/users/me/', () => HttpResponse.json({ detail: 'Срок действия токена истёк.' }, { status: 401 })),
    );
    const store = makeStore();
    store.dispatch(ensureResource('authors'));
    await until(() => store.getState().resources.authors?.loaded === true);
    store.dispatch(ensureResource('me'));
    await until(() => navigate.mock.calls.length > 0);
    expect(navigate).toHaveBeenCalledWith('/user/login');
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(store.getState().resources.authors).toBeUndefined();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('a refused renewal ends the session once: signed out, cached data gone, one trip to the login page', async () => {
    storeSession(-60, 3600);
    const navigate = vi.fn();
    setNavigator(navigate);
    server.use(
      http.get('/api/v1/authors/', () => HttpResponse.json([{ id: 1 }])),
      http.post('/api/v1/token/refresh/', () => HttpResponse.json({ detail: 'Токен недействителен.' }, { status: 401 })),
    );
    const store = makeStore();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(ensureResource('me'));
    store.dispatch(ensureResource('participants'));
    await until(() => navigate.mock.calls.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(navigate.mock.calls).toEqual([['/user/login']]);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('follows the token store: tokens stored or cleared outside the session show at once', () => {
    const store = makeStore();
    saveTokens({ access: fakeJwt(1800), refresh: fakeJwt(86400) });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    clearTokens();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('follows a logout and a login in another tab of the site', () => {
    storeSession();
    const store = makeStore();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    localStorage.setItem('accessToken', fakeJwt(1800));
    localStorage.setItem('refreshToken', fakeJwt(86400));
    window.dispatchEvent(new StorageEvent('storage', { key: 'refreshToken' }));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  it('counts a session whose access token expired but can be renewed as logged in, and one with both expired as out', () => {
    storeSession(-60, 3600);
    expect(selectIsLoggedIn(makeStore().getState())).toBe(true);
    storeSession(-60, -10);
    expect(selectIsLoggedIn(makeStore().getState())).toBe(false);
  });
});
