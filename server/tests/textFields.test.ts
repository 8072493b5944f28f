// Control characters in request text: U+0000 (which PostgreSQL refuses) and its kin in every text field of every
// endpoint that takes text answer 400 with a field error, never 500; multi-line fields keep line breaks and tabs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, User } from '../../common/wireTypes.ts';
import { hasControlCharacters, textMessages } from '../../common/textFields.ts';
import { bearer, loginTokens, signupPayload, startAccountsApp, type AccountsContext } from './accountsSupport.ts';
import { dbModes } from './testDb.ts';

const unlimited = { max: 1_000_000, windowSeconds: 60 };
const CONTROL = textMessages.controlCharacters;

describe('control characters', () => {
  it('are every C0 and C1 control and DEL; a multi-line field allows tab, line feed and carriage return', () => {
    for (const char of ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r']) expect(hasControlCharacters(`a${char}b`), JSON.stringify(char)).toBe(true);
    for (const char of ['\u0000', '\u000b', '\u000c', '\u007f', '\u0085']) expect(hasControlCharacters(`a${char}b`, true), JSON.stringify(char)).toBe(true);
    for (const char of ['\t', '\n', '\r']) expect(hasControlCharacters(`a${char}b`, true), JSON.stringify(char)).toBe(false);
    for (const text of ['Мария', 'O’Brien', '🙂', 'a b', '\u00a0', '\u200b']) expect(hasControlCharacters(text)).toBe(false);
  });
});

describe.each(dbModes())('text fields of every endpoint (%s)', (mode) => {
  let context: AccountsContext;
  let pupil: TokenPair;
  let author: TokenPair;
  let discipleId: number;

  beforeAll(async () => {
    context = await startAccountsApp(mode, {
      limits: { 'login-email': unlimited, 'login-ip': unlimited, 'mail-ip': unlimited, 'signup-letter': unlimited, 'reset-letter': unlimited, 'password-check': unlimited },
    });
    pupil = await loginTokens(context.app, 'pupil@example.org', 'pupil-password');
    author = await loginTokens(context.app, 'anna@example.org', 'anna-password');
    discipleId = (await context.app.inject({ url: '/api/v1/users/me/', headers: bearer(pupil.access) })).json<User>().disciple!;
  });

  afterAll(async () => {
    await context?.close();
  });

  const send = (method: 'POST' | 'PATCH', url: string, payload: object, token?: string) =>
    context.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

  /** Each endpoint with a valid body and the text fields to spoil. */
  const endpoints = () => {
    const signup = signupPayload();
    return [
      { method: 'POST', url: '/api/v1/users/', body: signup, fields: ['email', 'firstName', 'lastName', 'password1', 'password2'] },
      { method: 'POST', url: '/api/v1/token/', body: { username: 'pupil@example.org', password: 'pupil-password' }, fields: ['username', 'password'] },
      { method: 'POST', url: '/api/v1/token/refresh/', body: { refresh: pupil.refresh }, fields: ['refresh'] },
      {
        method: 'POST',
        url: '/api/v1/users/update-password/',
        body: { oldPassword: 'pupil-password', newPassword1: 'Новый пароль 2024', newPassword2: 'Новый пароль 2024' },
        fields: ['oldPassword', 'newPassword1', 'newPassword2'],
        token: pupil.access,
      },
      { method: 'POST', url: '/api/v1/users/reset-password/', body: { email: 'pupil@example.org' }, fields: ['email'] },
      { method: 'POST', url: '/api/v1/users/reset-password/complete/', body: { uidb64: 'Mw', token: 'x-y', password1: 'Новый пароль 2024', password2: 'Новый пароль 2024' }, fields: ['password1', 'password2'] },
      {
        method: 'PATCH',
        url: `/api/v1/disciples/${discipleId}/`,
        body: { email: 'elsewhere@example.org', currentPassword: 'pupil-password', firstName: 'Пётр', lastName: 'Учеников' },
        fields: ['email', 'currentPassword', 'firstName', 'lastName'],
        token: pupil.access,
      },
      {
        method: 'PATCH',
        url: `/api/v1/disciples/${discipleId}/`,
        body: { profile: { country: 'RU', timezone: 'Europe/Moscow', readWriteProblems: 'Нет', otherInfo: 'Нет' } },
        fields: ['profile.country', 'profile.timezone', 'profile.readWriteProblems', 'profile.otherInfo'],
        token: pupil.access,
      },
      { method: 'PATCH', url: '/api/v1/manager/participants/1/', body: { state: 'approved' }, fields: ['state'], token: author.access },
    ] as const;
  };

  const spoil = (body: object, path: string, value: string): object => {
    const copy = structuredClone(body) as Record<string, unknown>;
    const keys = path.split('.');
    let target = copy;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[keys.at(-1)!] = value;
    return copy;
  };

  it('refuses U+0000 and other control characters in each text field with a field error under its own key', async () => {
    for (const endpoint of endpoints()) {
      for (const path of endpoint.fields) {
        const key = path.split('.').at(-1)!;
        for (const value of ['a\u0000b', '\u0000', 'x\u0007y', 'line\u001b[31m']) {
          const label = `${endpoint.method} ${endpoint.url} ${path}=${JSON.stringify(value)}`;
          const response = await send(endpoint.method, endpoint.url, spoil(endpoint.body, path, value), 'token' in endpoint ? endpoint.token : undefined);
          expect(response.statusCode, label).toBe(400);
          expect(response.json<Record<string, string[]>>()[key], label).toEqual([CONTROL]);
        }
      }
    }
  });

  it('keeps line breaks and tabs in the multi-line fields and refuses them in single-line ones', async () => {
    const url = `/api/v1/disciples/${discipleId}/`;
    const saved = await send('PATCH', url, { profile: { otherInfo: 'Первая строка\nвторая\tс табуляцией\r\n', readWriteProblems: 'а\nб' } }, pupil.access);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ profile: { otherInfo: string } }>().profile.otherInfo).toBe('Первая строка\nвторая\tс табуляцией\r\n');
    const name = await send('PATCH', url, { firstName: 'Пётр\nПервый' }, pupil.access);
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ firstName: [CONTROL] });
  });

  it('answers link parameters, query strings and ids with control characters without a 5xx', async () => {
    for (const url of ['/api/v1/users/registration-confirm/', '/api/v1/users/email-confirm/']) {
      const response = await send('POST', url, { uidb64: 'M\u0000w', address: 'a\u0000@b.example', token: '\u0000' });
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json()), url).toEqual(['nonFieldErrors']);
    }
    const bodies: [string, string, object][] = [
      ['POST', '/api/v1/payments/', { system: 'yoo\u0000kassa', currency: 'CURRENCY_CHOICE_RUB\u0000', lessons: ['1\u0000'] }],
      ['POST', '/api/v1/participants/', { course: '1\u0000' }],
      ['PATCH', '/api/v1/participants/1/', { subscribed: '\u0000' }],
    ];
    for (const [method, url, payload] of bodies) {
      const response = await send(method as 'POST' | 'PATCH', url, payload, pupil.access);
      expect(response.statusCode, url).toBe(400);
    }
    const queries = [
      '/sandbox-checkout/1?key=%00',
      '/api/v1/payments/paypal/return/?paymentId=1&token=%00&cancel=%00',
      '/api/v1/library-items/?categories=%00&courses=1%00',
      '/api/v1/lessons/?course=%00',
      '/api/v1/feedback/?page=%00',
      '/api/v1/courses/%00/',
    ];
    for (const url of queries) {
      const response = await context.app.inject({ url });
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
