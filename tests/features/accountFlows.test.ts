// The account request state machines of spec section 4, with a real store, sagas and msw.
import { http, HttpResponse } from 'msw';
import { setNavigator } from '../../src/app/navigation.ts';
import { makeStore } from '../../src/app/store.ts';
import { ensureResource } from '../../src/data/cache.ts';
import { loginSucceeded } from '../../src/features/session/slice.ts';
import { server } from '../support/server.ts';
import { fakeJwt, storeSession } from '../support/tokens.ts';
import { discipleUpdateMutation, passwordResetMutation, passwordUpdateMutation, selectSignupConfirmation, signupConfirmationMutation, signupMutation } from '../../src/features/account/index.ts';
import { startMutation } from '../../src/data/mutation.ts';
import { selectMutation } from '../../src/data/mutationState.ts';

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));
const navigate = vi.fn();
beforeEach(() => {
  navigate.mockReset();
  setNavigator(navigate);
});

const signupPayload = {
  email: 'new@example.com',
  password1: 'dlinnyi-parol-1',
  password2: 'dlinnyi-parol-1',
  firstName: 'Вера',
  lastName: 'Соколова',
  agreement: true,
  yearOfBirth: null,
};

describe('account flows', () => {
  it('signup: completes and goes to the sent notice; a field error is kept by field', async () => {
    server.use(http.post('/api/v1/users/', () => HttpResponse.json({ id: 5 }, { status: 201 })));
    const store = makeStore();
    void startMutation(store, signupMutation, signupPayload);
    expect(selectMutation(store.getState(), signupMutation).status).toBe('loading');
    await until(() => selectMutation(store.getState(), signupMutation).status === 'success');
    expect(navigate).toHaveBeenCalledWith('/user/signup-email-sent');
    store.dispatch(signupMutation.reset());
    expect(selectMutation(store.getState(), signupMutation).status).toBe('idle');

    server.use(http.post('/api/v1/users/', () => HttpResponse.json({ lastName: ['обязательное поле.'] }, { status: 400 })));
    void startMutation(store, signupMutation, signupPayload);
    await until(() => selectMutation(store.getState(), signupMutation).status === 'failure');
    expect(selectMutation(store.getState(), signupMutation).error?.byFields.lastName).toBe('Обязательное поле.');
  });

  it('confirmation: posts the link once; a login also counts as confirmed', async () => {
    let posts = 0;
    server.use(
      http.post('/api/v1/users/registration-confirm/', async ({ request }) => {
        posts += 1;
        expect(await request.json()).toEqual({ uidb64: 'MTI', token: 'abc-123' });
        return HttpResponse.json({});
      }),
    );
    const store = makeStore();
    void startMutation(store, signupConfirmationMutation, { uidb64: 'MTI', token: 'abc-123' });
    await until(() => selectMutation(store.getState(), signupConfirmationMutation).status === 'success');
    void startMutation(store, signupConfirmationMutation, { uidb64: 'MTI', token: 'abc-123' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(posts).toBe(1);

    const other = makeStore();
    other.dispatch(loginSucceeded({ access: fakeJwt(1800), refresh: fakeJwt(86400) }));
    expect(selectSignupConfirmation(other.getState()).status).toBe('success');
  });

  it('reset request: skipped while loading, then goes to the instructions', async () => {
    let posts = 0;
    server.use(
      http.post('/api/v1/users/reset-password/', async () => {
        posts += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({});
      }),
    );
    const store = makeStore();
    void startMutation(store, passwordResetMutation, { email: 'a@b.ru' });
    void startMutation(store, passwordResetMutation, { email: 'a@b.ru' });
    await until(() => selectMutation(store.getState(), passwordResetMutation).status === 'success');
    expect(posts).toBe(1);
    expect(navigate).toHaveBeenCalledWith('/user/reset-password/instructions');
  });

  it('password update: success returns to the profile and resets; failure keeps the field errors', async () => {
    storeSession();
    const fresh = { access: fakeJwt(1800), refresh: fakeJwt(86400) };
    server.use(http.post('/api/v1/users/update-password/', () => HttpResponse.json(fresh)));
    const store = makeStore();
    void startMutation(store, passwordUpdateMutation, { oldPassword: 'a', newPassword1: 'b', newPassword2: 'b' });
    await until(() => navigate.mock.calls.length === 1);
    expect(navigate).toHaveBeenCalledWith('/account/profile');
    expect(selectMutation(store.getState(), passwordUpdateMutation).status).toBe('idle');
    // The earlier tokens died with the old password: the session goes on with the new ones.
    expect(localStorage.getItem('accessToken')).toBe(fresh.access);
    expect(store.getState().session.refreshToken).toBe(fresh.refresh);

    server.use(
      http.post('/api/v1/users/update-password/', () => HttpResponse.json({ oldPassword: ['неверный пароль.'] }, { status: 400 })),
    );
    void startMutation(store, passwordUpdateMutation, { oldPassword: 'a', newPassword1: 'b', newPassword2: 'b' });
    await until(() => selectMutation(store.getState(), passwordUpdateMutation).status === 'failure');
    expect(selectMutation(store.getState(), passwordUpdateMutation).error?.byFields.oldPassword).toBe('Неверный пароль.');
  });

  it('disciple update: sends the patch, invalidates the cached disciple and returns to the profile', async () => {
    storeSession();
    let gets = 0;
    let patch: unknown;
    server.use(
      http.get('/api/v1/disciples/3/', () => {
        gets += 1;
        return HttpResponse.json({ id: 3 });
      }),
      http.patch('/api/v1/disciples/3/', async ({ request }) => {
        patch = await request.json();
        return HttpResponse.json({ id: 3 });
      }),
    );
    const store = makeStore();
    store.dispatch(ensureResource('disciple', 3));
    await until(() => store.getState().resources['disciple:3']?.loaded === true);
    void startMutation(store, discipleUpdateMutation, { id: 3, patch: { firstName: 'Вера', profile: { country: 'RU' } } });
    await until(() => navigate.mock.calls.length === 1);
    expect(patch).toEqual({ firstName: 'Вера', profile: { country: 'RU' } });
    expect(store.getState().resources['disciple:3']?.invalid).toBe(true);
    store.dispatch(ensureResource('disciple', 3));
    await until(() => gets === 2);
  });
});
