// Random JSON to every account endpoint: never a 500, always the error shape, never an account from invalid input.
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, User } from '../../common/wireTypes.ts';
import { users } from '../src/db/schema.ts';
import { bearer, loginTokens, startAccountsApp, type AccountsContext } from './accountsSupport.ts';
import { ids } from './fixtures.ts';

const currentYear = new Date().getFullYear();
const unlimited = { max: 1_000_000, windowSeconds: 60 };
const ALLOWED_STATUSES = [200, 201, 400, 401, 403, 404, 429];

/** The error shape of ARCHITECTURE.md: one Russian `detail`, or fields (or nonFieldErrors) with Russian messages. */
function expectErrorShape(body: unknown, label: string) {
  expect(typeof body === 'object' && body !== null && !Array.isArray(body), label).toBe(true);
  const entries = Object.entries(body as Record<string, unknown>);
  expect(entries.length, label).toBeGreaterThan(0);
  if ('detail' in (body as object)) {
    expect(entries, label).toHaveLength(1);
    expect((body as { detail: unknown }).detail, label).toMatch(/^[А-ЯЁ]/);
    return;
  }
  for (const [field, messages] of entries) {
    expect(field, label).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(Array.isArray(messages), label).toBe(true);
    expect((messages as unknown[]).length, label).toBeGreaterThan(0);
    for (const message of messages as unknown[]) expect(message, label).toMatch(/^[А-ЯЁ]/);
  }
}

/** Values a field may get: anything JSON, or something close to what a form sends. */
const fieldValue = (...near: unknown[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...near) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
  );

const emails = fieldValue('prop@example.org', ' Prop.Two@Example.ORG ', 'иван@пример.рф', 'no-at-sign', '', 'a@b', `${'x'.repeat(250)}@example.org`, 'anna@example.org');
const passwords = fieldValue('Зелёный чайник 42', '12345678', 'password123', 'short', '', 'д'.repeat(200), 'prop@example.org', 'Другой пароль 77');
const names = fieldValue('Мария', '', '   ', 'Я'.repeat(101), 'O’Brien', '<script>');
const years = fieldValue(null, 0, currentYear - 8, currentYear - 18, currentYear - 19, 1983, '2010', 2010.5, -1, true);

const randomSignup = fc.record(
  { email: emails, password1: passwords, password2: passwords, firstName: names, lastName: names, agreement: fieldValue(true, false, 'true', 1, null), yearOfBirth: years },
  { requiredKeys: [] },
);

/** Replaced by a new address in each run, so that a valid body can create an account. */
const FRESH_EMAIL = 'fresh@example.org';
const VALID_SIGNUP = {
  email: FRESH_EMAIL,
  password1: 'Тихий омут 1999',
  password2: 'Тихий омут 1999',
  firstName: 'Полина',
  lastName: 'Зайцева',
  agreement: true,
  yearOfBirth: currentYear - 9,
};

/** A random body, or (half of the runs) a valid one with up to two fields replaced by random ones or left out. */
function nearValid(valid: Record<string, unknown>, random: fc.Arbitrary<Record<string, unknown>>) {
  return fc.oneof(
    random,
    fc.tuple(fc.subarray(Object.keys(valid), { maxLength: 2 }), random).map(([keys, replacement]) => {
      const body: Record<string, unknown> = { ...valid };
      for (const key of keys) {
        if (key in replacement) body[key] = replacement[key];
        else delete body[key];
      }
      return body;
    }),
  );
}

const signupBody = nearValid(VALID_SIGNUP, randomSignup);

/** What makes a signup body valid, stated independently of the server's schema (the minimum it must hold). */
function plausiblyValidSignup(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : null);
  return (
    typeof b.email === 'string' &&
    /^[^@\s]+@[^@\s]+\.[^@\s]+$/u.test(b.email.trim()) &&
    typeof b.password1 === 'string' &&
    b.password1 === b.password2 &&
    [...b.password1].length >= 8 &&
    [...b.password1].length <= 128 &&
    !/^\d+$/.test(b.password1) &&
    (text(b.firstName)?.length ?? 0) >= 1 &&
    (text(b.lastName)?.length ?? 0) >= 1 &&
    b.agreement === true &&
    (b.yearOfBirth === undefined || b.yearOfBirth === null || (Number.isInteger(Number(b.yearOfBirth)) && Number(b.yearOfBirth) >= currentYear - 18 && Number(b.yearOfBirth) <= currentYear - 8) || b.yearOfBirth === 0)
  );
}

/** A body as sent: JSON of a value, or (rarely) text that is not JSON at all. */
const rawBody = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 8, arbitrary: value.map((item) => JSON.stringify(item) ?? 'null') }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) });

describe('account endpoints under random input', () => {
  let context: AccountsContext;
  let tokens: TokenPair;
  let pupil: User;

  beforeAll(async () => {
    context = await startAccountsApp('pglite', {
      limits: { 'login-pair': unlimited, 'login-email': unlimited, 'login-ip': unlimited, 'mail-ip': unlimited, 'signup-letter': unlimited, 'reset-letter': unlimited, 'password-check': unlimited },
    });
    tokens = await loginTokens(context.app, 'pupil@example.org', 'pupil-password');
    pupil = (await context.app.inject({ url: '/api/v1/users/me/', headers: bearer(tokens.access) })).json<User>();
  });

  afterAll(async () => {
    await context?.close();
  });

  const db = () => context.testDb.database.db;
  const userCount = async () => (await db().select({ n: count() }).from(users))[0]!.n;
  const activeCount = async () => (await db().select({ n: count() }).from(users).where(eq(users.isActive, true)))[0]!.n;

  const send = (method: 'POST' | 'PATCH', url: string, payload: string, auth = false) =>
    context.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...(auth ? bearer(tokens.access) : {}) } });

  it('signup: a 201 only for a valid body, and then exactly one more account', async () => {
    let created = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(rawBody(signupBody), async (generated) => {
        run += 1;
        const payload = generated.replace(FRESH_EMAIL, `fresh-${run}@example.org`);
        const before = await userCount();
        const response = await send('POST', '/api/v1/users/', payload);
        const after = await userCount();
        expect(ALLOWED_STATUSES, payload).toContain(response.statusCode);
        if (response.statusCode === 201) {
          const parsed: unknown = JSON.parse(payload);
          expect(plausiblyValidSignup(parsed), payload).toBe(true);
          expect(after - before).toBeLessThanOrEqual(1);
          expect(response.json()).toEqual({ detail: expect.stringMatching(/^Мы отправили письмо/) });
          created += 1;
        } else {
          expect(after, payload).toBe(before);
          expectErrorShape(response.json(), payload);
        }
      }),
      { numRuns: 300 },
    );
    // The property means something only if valid bodies were among the runs.
    expect(created).toBeGreaterThan(20);
  });

  it('confirmation, login, refresh, reset: never a 500, never an activation or a changed password', async () => {
    const [before] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, ids.users.anna));
    const active = await activeCount();
    const linkValue = fieldValue('MQ', 'Mw', 'MTAw', '', '!!', 'mh2x0k-' + 'A'.repeat(43), '0-' + '_'.repeat(43), 12, null);
    const cases = fc.oneof(
      rawBody(fc.record({ uidb64: linkValue, token: linkValue }, { requiredKeys: [] })).map((body) => ['/api/v1/users/registration-confirm/', body] as const),
      rawBody(fc.record({ username: emails, password: passwords }, { requiredKeys: [] })).map((body) => ['/api/v1/token/', body] as const),
      rawBody(fc.record({ refresh: fieldValue(tokens.access, 'a.b.c', '') }, { requiredKeys: [] })).map((body) => ['/api/v1/token/refresh/', body] as const),
      rawBody(fc.record({ email: emails }, { requiredKeys: [] })).map((body) => ['/api/v1/users/reset-password/', body] as const),
      rawBody(fc.record({ uidb64: linkValue, token: linkValue, password1: passwords, password2: passwords }, { requiredKeys: [] })).map(
        (body) => ['/api/v1/users/reset-password/complete/', body] as const,
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([url, payload]) => {
        const response = await send('POST', url, payload);
        expect(ALLOWED_STATUSES, `${url} ${payload}`).toContain(response.statusCode);
        if (response.statusCode >= 400) expectErrorShape(response.json(), `${url} ${payload}`);
        if (url === '/api/v1/users/registration-confirm/' || url === '/api/v1/users/reset-password/complete/') expect(response.statusCode).toBe(400);
      }),
      { numRuns: 400 },
    );
    await context.app.deps.accounts.lettersSent();
    expect(await activeCount()).toBe(active);
    const [after] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, ids.users.anna));
    expect(after!.hash).toBe(before!.hash);
  });

  it('password change and the disciple PATCH: never a 500, and invalid input changes nothing', async () => {
    const profile = fc.record(
      {
        country: fieldValue('RU', 'KZ', 'XX', '', 'ru'),
        mainLanguage: fieldValue('Russian', 'English', 'Other', 'French'),
        visitSchool: fieldValue(true, false, 'yes'),
        readWriteProblems: fieldValue('', 'Нет.', 'а'.repeat(2001)),
        otherInfo: fieldValue('', 'Любит стихи.'),
        timezone: fieldValue('Europe/Moscow', 'Asia/Almaty', 'Mars/Olympus', ''),
      },
      { requiredKeys: [] },
    );
    const validPatch = {
      firstName: 'Пётр',
      yearOfBirth: 2010,
      profile: { country: 'RU', mainLanguage: 'Russian', visitSchool: true, readWriteProblems: '', otherInfo: 'Нет.', timezone: 'Europe/Moscow' },
    };
    const patch = nearValid(
      validPatch,
      fc.record({ email: emails, firstName: names, lastName: names, yearOfBirth: years, profile: fc.oneof(profile, fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
    );
    const passwordChange = fc.record({ oldPassword: passwords, newPassword1: passwords, newPassword2: passwords }, { requiredKeys: [] });
    const discipleUrl = `/api/v1/disciples/${pupil.disciple}/`;
    const snapshot = async () => (await context.app.inject({ url: discipleUrl, headers: bearer(tokens.access) })).json();
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(rawBody(patch).map((body) => ['PATCH', body] as const), rawBody(passwordChange).map((body) => ['POST', body] as const)), async ([method, payload]) => {
        const before = await snapshot();
        const url = method === 'PATCH' ? discipleUrl : '/api/v1/users/update-password/';
        const response = await send(method, url, payload, true);
        expect(ALLOWED_STATUSES, `${method} ${payload}`).toContain(response.statusCode);
        if (response.statusCode >= 400) {
          expectErrorShape(response.json(), `${method} ${payload}`);
          expect(await snapshot(), payload).toEqual(before);
        }
        if (response.statusCode === 200) saved += 1;
        // The pupil's password is never one of the pool's, so a password change always fails on oldPassword.
        if (method === 'POST') expect(response.statusCode).toBe(400);
      }),
      { numRuns: 300 },
    );
    expect(saved).toBeGreaterThan(10);
  });

  it('random user ids and methods: 200 for one’s own, 404 otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: -5, max: 3_000_000_000 }).map(String)), async (id) => {
        const response = await context.app.inject({ url: `/api/v1/users/${encodeURIComponent(id)}/`, headers: bearer(tokens.access) });
        const own = id === 'me' || id === String(pupil.id);
        expect(response.statusCode, id).toBe(own ? 200 : 404);
      }),
      { numRuns: 200 },
    );
  });
});
