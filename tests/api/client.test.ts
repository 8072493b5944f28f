// The HTTP client against the error catalogue of spec section 8.
import { http, HttpResponse } from 'msw';
import { configureClient, request, requestFile } from '../../src/api/client.ts';
import { subscribeToTokens, type StoredTokens } from '../../src/api/tokens.ts';
import { NETWORK_ERROR_MESSAGE, UNREADABLE_BODY_MESSAGE, asRequestError } from '../../src/api/requestError.ts';
import { login } from '../../src/api/endpoints.ts';
import { server } from '../support/server.ts';
import { fakeJwt, storeSession } from '../support/tokens.ts';

const onUnauthorized = vi.fn();
/** What the token store told its subscribers during the test. */
let tokenChanges: StoredTokens[] = [];
let unsubscribe = () => {};

beforeEach(() => {
  onUnauthorized.mockReset();
  configureClient({ onUnauthorized });
  tokenChanges = [];
  unsubscribe = subscribeToTokens((tokens) => tokenChanges.push(tokens));
});
afterEach(() => unsubscribe());

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('the HTTP client', () => {
  it('sends JSON with Accept-Language ru and the bearer token when one is stored', async () => {
    storeSession();
    let seen: Request | undefined;
    let body: unknown;
    server.use(
      http.post('/api/v1/payments/', async ({ request }) => {
        seen = request;
        body = await request.json();
        return HttpResponse.json({ details: { redirectTo: 'https://pay.example/1' } });
      }),
    );
    const answer = await request('/api/v1/payments/', { method: 'POST', body: { lessons: [1, 2] } });
    expect(answer).toEqual({ details: { redirectTo: 'https://pay.example/1' } });
    expect(seen?.headers.get('accept-language')).toBe('ru');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('accessToken')}`);
    expect(body).toEqual({ lessons: [1, 2] });
  });

  it('sends no authorization header without a stored token', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('/api/v1/courses/', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await request('/api/v1/courses/');
    expect(authorization).toBeNull();
  });

  it('treats a 204 answer as an empty object', async () => {
    server.use(http.post('/api/v1/courses/1/subscribe-for-mailouts/', () => new HttpResponse(null, { status: 204 })));
    await expect(request('/api/v1/courses/1/subscribe-for-mailouts/', { method: 'POST' })).resolves.toEqual({});
  });

  it('gives the field-less network message when the server cannot be reached', async () => {
    server.use(http.get('/api/v1/courses/', () => HttpResponse.error()));
    expect(await failure(request('/api/v1/courses/'))).toEqual({
      message: NETWORK_ERROR_MESSAGE,
      statusCode: 0,
      byFields: {},
    });
  });

  it('gives the unreadable-body message when the answer is not JSON', async () => {
    server.use(http.get('/api/v1/courses/', () => new HttpResponse('<html>oops', { status: 200 })));
    const error = asRequestError(await failure(request('/api/v1/courses/')));
    expect(error.message).toBe(UNREADABLE_BODY_MESSAGE);
    expect(error.byFields).toEqual({});
  });

  it('turns a non-OK answer into field messages: nested objects flattened, arrays capitalised and joined', async () => {
    server.use(
      http.patch('/api/v1/disciples/3/', () =>
        HttpResponse.json(
          { email: ['неверный адрес.', 'уже занят.'], profile: { country: ['выберите страну.'] } },
          { status: 400 },
        ),
      ),
    );
    const error = asRequestError(await failure(request('/api/v1/disciples/3/', { method: 'PATCH', body: {} })));
    expect(error.statusCode).toBe(400);
    expect(error.byFields).toEqual({ email: 'Неверный адрес. Уже занят.', country: 'Выберите страну.' });
  });

  it('keeps nonFieldErrors and detail as their own keys', async () => {
    server.use(
      http.post('/api/v1/users/', () => HttpResponse.json({ nonFieldErrors: ['пароли не совпадают.'] }, { status: 400 })),
      http.get('/api/v1/courses/9/', () => HttpResponse.json({ detail: 'Не найдено.' }, { status: 404 })),
    );
    const signupError = asRequestError(await failure(request('/api/v1/users/', { method: 'POST', body: {} })));
    expect(signupError.byFields).toEqual({ nonFieldErrors: 'Пароли не совпадают.' });
    const notFound = asRequestError(await failure(request('/api/v1/courses/9/')));
    expect(notFound).toEqual({ message: 'Не найдено.', statusCode: 404, byFields: { detail: 'Не найдено.' } });
  });

  it('on a 401 clears the token store once, rejects with an empty field error and reports the session ended', async () => {
    storeSession();
    server.use(http.get('/api/v1/users/me/', () => HttpResponse.json({ detail: 'Нет доступа.' }, { status: 401 })));
    expect(await failure(request('/api/v1/users/me/'))).toEqual({ message: '', statusCode: 401, byFields: {} });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(tokenChanges).toEqual([{ access: null, refresh: null }]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads or lets go of the body of every answer, a 401 and a refused renewal included', async () => {
    // Chromium keeps a request open while its answer's body is unread: a page with a stale token never went idle.
    const realFetch = globalThis.fetch;
    const answers: Response[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (...args: Parameters<typeof fetch>) => {
      const answer = await realFetch(...args);
      answers.push(answer);
      return answer;
    });
    try {
      server.use(
        http.get('/api/v1/users/me/', () => HttpResponse.json({ detail: 'Нет доступа.' }, { status: 401 })),
        http.post('/api/v1/token/refresh/', () => HttpResponse.json({ detail: 'Токен недействителен.' }, { status: 401 })),
        http.post('/api/v1/courses/1/subscribe-for-mailouts/', () => new HttpResponse(null, { status: 204 })),
        http.get('/api/v1/courses/', () => HttpResponse.json([])),
      );
      storeSession();
      await failure(request('/api/v1/users/me/'));
      storeSession(-60, 3600);
      await failure(request('/api/v1/users/me/'));
      await request('/api/v1/courses/1/subscribe-for-mailouts/', { method: 'POST' });
      await request('/api/v1/courses/');
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 204, 200]);
      expect(answers.filter((answer) => answer.body !== null && !answer.bodyUsed)).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a 401 on login is an ordinary error shown on the form, not a session end', async () => {
    server.use(
      http.post('/api/v1/token/', () => HttpResponse.json({ detail: 'Неверный e-mail или пароль.' }, { status: 401 })),
    );
    const error = asRequestError(await failure(login({ username: 'a@b.ru', password: 'x' })));
    expect(error).toEqual({
      message: 'Неверный e-mail или пароль.',
      statusCode: 401,
      byFields: { detail: 'Неверный e-mail или пароль.' },
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('renews an expired access token once with the refresh token, then makes the call with it', async () => {
    storeSession(-60, 3600);
    const renewed = fakeJwt(1800);
    let refreshCalls = 0;
    const authorizations: (string | null)[] = [];
    server.use(
      http.post('/api/v1/token/refresh/', async ({ request }) => {
        refreshCalls += 1;
        expect(await request.json()).toEqual({ refresh: localStorage.getItem('refreshToken') });
        return HttpResponse.json({ access: renewed });
      }),
      http.get('/api/v1/courses/', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    await Promise.all([request('/api/v1/courses/'), request('/api/v1/courses/')]);
    expect(refreshCalls).toBe(1);
    expect(authorizations).toEqual([`Bearer ${renewed}`, `Bearer ${renewed}`]);
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    expect(tokenChanges).toEqual([{ access: renewed, refresh: localStorage.getItem('refreshToken') }]);
  });

  it('ends the session when the renewal fails', async () => {
    storeSession(-60, 3600);
    server.use(http.post('/api/v1/token/refresh/', () => HttpResponse.json({ detail: 'Токен недействителен.' }, { status: 401 })));
    expect(await failure(request('/api/v1/users/me/'))).toEqual({ message: '', statusCode: 401, byFields: {} });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(tokenChanges).toEqual([{ access: null, refresh: null }]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session once when calls waiting on the same renewal all fail', async () => {
    storeSession(-60, 3600);
    server.use(http.post('/api/v1/token/refresh/', () => HttpResponse.json({ detail: 'Токен недействителен.' }, { status: 401 })));
    const failures = await Promise.all([failure(request('/api/v1/users/me/')), failure(request('/api/v1/participants/'))]);
    expect(failures.map((error) => asRequestError(error).statusCode)).toEqual([401, 401]);
    expect(tokenChanges).toEqual([{ access: null, refresh: null }]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('calls anonymously when both tokens have expired', async () => {
    storeSession(-60, -30);
    let authorization: string | null = 'unset';
    server.use(
      http.get('/api/v1/quotations/', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await request('/api/v1/quotations/');
    expect(authorization).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('a file from the API', () => {
  it('is fetched with the bearer token and named by its Content-Disposition', async () => {
    storeSession();
    let authorization: string | null = null;
    server.use(
      http.get('/api/v1/mutabo/courses/5/participants.csv', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('\uFEFFЗанятие;Фамилия\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="participants-5.csv"' },
        });
      }),
    );
    const file = await requestFile('/api/v1/mutabo/courses/5/participants.csv', { query: { state: 'reserved', lesson: undefined } });
    expect(authorization).toBe(`Bearer ${localStorage.getItem('accessToken')}`);
    expect(file.filename).toBe('participants-5.csv');
    expect(await file.blob.text()).toContain('Занятие;Фамилия');
  });

  it('gives the server\'s message in the usual shape when it is refused', async () => {
    storeSession();
    server.use(http.get('/api/v1/mutabo/courses/5/participants.csv', () => HttpResponse.json({ detail: 'Курс не найден.' }, { status: 404 })));
    expect(await failure(requestFile('/api/v1/mutabo/courses/5/participants.csv'))).toEqual({
      message: 'Курс не найден.',
      statusCode: 404,
      byFields: { detail: 'Курс не найден.' },
    });
  });
});

describe('asRequestError', () => {
  it('passes an API error through and throws anything else', () => {
    const apiError = { message: 'x', statusCode: 400, byFields: {} };
    expect(asRequestError(apiError)).toBe(apiError);
    const bug = new TypeError('bug');
    expect(() => asRequestError(bug)).toThrow(bug);
  });
});
