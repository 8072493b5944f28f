// The page a sign-up came from (issue 22, item 8): `next` in POST /api/v1/users/ rides in the confirmation letter's
// link (and in the login link of the letter to an address that already has an account), only a page of this site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingMessages } from '../../common/landing.ts';
import { letterTo, post, PUBLIC_URL, registeredUser, signupPayload, startAccountsApp, type AccountsContext } from './accountsSupport.ts';
import { linkIn, linkParams } from './mailbox.ts';
import { dbModes } from './testDb.ts';

describe.each(dbModes())('the page to come back to after a sign-up (%s)', (mode) => {
  let context: AccountsContext;

  beforeAll(async () => {
    context = await startAccountsApp(mode);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('puts a course page into the confirmation link, which still confirms', async () => {
    const payload = { ...signupPayload(), next: '/courses/12' };
    const response = await post(context.app, '/api/v1/users/', payload);
    expect(response.statusCode, response.body).toBe(201);
    const link = linkIn(await letterTo(context, payload.email), '/user/confirm-signup/');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('next')).toBe('/courses/12');
    expect(link.search).toBe('?next=%2Fcourses%2F12');
    expect(link.pathname).toMatch(/^\/user\/confirm-signup\/[^/]+\/[^/]+\/$/);
    expect((await post(context.app, '/api/v1/users/registration-confirm/', linkParams(link))).statusCode).toBe(200);
  });

  it('logs in by the confirmation in the browser that signed up, once; elsewhere it only gives the address', async () => {
    const payload = { ...signupPayload(), next: '/courses/12?lessons=3,4' };
    expect((await post(context.app, '/api/v1/users/', payload)).statusCode).toBe(201);
    const params = linkParams(linkIn(await letterTo(context, payload.email), '/user/confirm-signup/'));
    const confirmed = await post(context.app, '/api/v1/users/registration-confirm/', { ...params, email: ` ${payload.email.toUpperCase()} ` });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ email: string; access: string; refresh: string }>();
    expect(body.email).toBe(payload.email);
    const me = await context.app.inject({ method: 'GET', url: '/api/v1/users/me/', headers: { authorization: `Bearer ${body.access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: payload.email });
    // The link is spent: no second login by it.
    const again = await post(context.app, '/api/v1/users/registration-confirm/', { ...params, email: payload.email });
    expect(again.statusCode).toBe(400);
    expect(again.json()).not.toHaveProperty('access');

    const other = signupPayload();
    expect((await post(context.app, '/api/v1/users/', other)).statusCode).toBe(201);
    const otherParams = linkParams(linkIn(await letterTo(context, other.email), '/user/confirm-signup/'));
    const elsewhere = await post(context.app, '/api/v1/users/registration-confirm/', { ...otherParams, email: 'someone-else@example.org' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toEqual({ detail: expect.any(String), email: other.email });
  });

  it('keeps a query of the page, encoded, and leaves the link as it was without one', async () => {
    const withQuery = { ...signupPayload(), next: '/library?courses=2&page=3' };
    expect((await post(context.app, '/api/v1/users/', withQuery)).statusCode).toBe(201);
    expect(linkIn(await letterTo(context, withQuery.email), '/user/confirm-signup/').searchParams.get('next')).toBe('/library?courses=2&page=3');

    const plain = signupPayload();
    expect((await post(context.app, '/api/v1/users/', { ...plain, next: null })).statusCode).toBe(201);
    expect(linkIn(await letterTo(context, plain.email), '/user/confirm-signup/').search).toBe('');
  });

  it.each([
    ['another site', '//evil.example/x'],
    ['another site behind a backslash', '/\\evil.example/x'],
    ['an absolute address', 'https://evil.example/'],
    ['a page the site does not have', '/no-such-page'],
    ['the login page itself', '/user/login'],
    ['a line break', '/courses/12\n'],
    ['a number', 12],
    ['a very long path', `/courses/12?${'x'.repeat(600)}`],
  ])('refuses %s under `next`, in Russian, and sends no letter', async (_name, next) => {
    const payload = { ...signupPayload(), next };
    const response = await post(context.app, '/api/v1/users/', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ next: [landingMessages.nextInvalid] });
  });

  it('gives the owner of a confirmed account a login link that comes back to the page', async () => {
    const existing = await registeredUser(context);
    expect((await post(context.app, '/api/v1/users/', { ...existing, next: '/courses/12' })).statusCode).toBe(201);
    const letter = await letterTo(context, existing.email, 1);
    const login = linkIn(letter, '/user/login');
    expect(login.href).toBe(`${PUBLIC_URL}/user/login?next=%2Fcourses%2F12`);
  });
});
