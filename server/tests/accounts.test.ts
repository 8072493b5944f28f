// The account endpoints end to end over app.inject: signup, confirmation, login, refresh, the user, password change
// and reset, and the disciple profile, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Disciple, TokenPair, User } from '../../common/wireTypes.ts';
import { mailingSubscriptions, participants, users } from '../src/db/schema.ts';
import { LINK_TTL_SECONDS } from '../src/services/accounts/links.ts';
import { bearer, letterTo, login, loginTokens, post, PUBLIC_URL, registeredUser, signupPayload, startAccountsApp, TEST_PASSWORD_COST, type AccountsContext } from './accountsSupport.ts';
import { ids } from './fixtures.ts';
import { linkIn, linkParams, readOutbox, waitForLetter } from './mailbox.ts';
import { dbModes } from './testDb.ts';

const currentYear = new Date().getFullYear();
const SIGNUP_SENT = 'Мы отправили письмо на указанный адрес. Чтобы завершить регистрацию, перейдите по ссылке из письма.';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dbModes())('accounts (%s)', (mode) => {
  let context: AccountsContext;
  const app = () => context.app;

  beforeAll(async () => {
    // Every request comes from 127.0.0.1: the per-address limits are tested in accountsLimits.test.ts.
    context = await startAccountsApp(mode, { limits: { 'mail-ip': { max: 10_000, windowSeconds: 3600 }, 'login-ip': { max: 10_000, windowSeconds: 900 } } });
  });

  afterAll(async () => {
    await context?.close();
  });

  const me = (token: string) => app().inject({ url: '/api/v1/users/me/', headers: bearer(token) });
  const userRow = async (email: string) => (await context.testDb.database.db.select().from(users).where(eq(users.email, email)))[0];

  describe('signup', () => {
    it('creates an inactive user with a disciple, answers that a letter went out and sends it with a PUBLIC_URL link', async () => {
      const payload = signupPayload({ email: '  New.Person@Example.ORG ', firstName: ' Ирина ', lastName: 'Новикова' });
      const response = await post(app(), '/api/v1/users/', payload);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ detail: SIGNUP_SENT });
      const row = await userRow('new.person@example.org');
      expect(row).toMatchObject({ isActive: false, firstName: 'Ирина', lastName: 'Новикова', yearOfBirth: currentYear - 8 });
      expect(row!.passwordHash).toMatch(/^scrypt\$/);
      expect(row!.passwordHash).not.toContain(payload.password1);

      const letter = await letterTo(context, 'new.person@example.org');
      expect(letter.subject).toBe('Подтверждение регистрации — Мутабор');
      expect(letter.from).toContain('Мутабор');
      expect(letter.parts).toEqual(['text/plain', 'text/html', 'image/png']);
      expect(letter.text).toContain('Здравствуйте, Ирина!');
      const link = linkIn(letter, '/user/confirm-signup/');
      expect(link.origin).toBe(PUBLIC_URL);
      expect(link.pathname).toMatch(/^\/user\/confirm-signup\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]{43}\/$/);
      expect(letter.html).toContain(`<a href="${link.href}"`);
      expect(letter.html).toMatch(/<a href="[^"]+"[^>]*>Подтвердить адрес<\/a>/);
      expect(letter.text + letter.html).not.toContain('evil.example');
      expect(letter.text).not.toContain(payload.password1);
    });

    it('can log in only after confirming', async () => {
      const payload = signupPayload();
      await post(app(), '/api/v1/users/', payload);
      const before = await login(app(), payload.email, payload.password1);
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({ detail: expect.stringMatching(/^Регистрация ещё не подтверждена/) });
      const letter = await letterTo(context, payload.email);
      const confirmed = await post(app(), '/api/v1/users/registration-confirm/', linkParams(linkIn(letter, '/user/confirm-signup/')));
      expect(confirmed.statusCode).toBe(200);
      // Without the address this browser signed up with: no tokens, the address for the login form (issue 32).
      expect(confirmed.json()).toEqual({ detail: 'Регистрация подтверждена. Теперь можно войти на сайт.', email: payload.email });
      expect((await login(app(), payload.email, payload.password1)).statusCode).toBe(200);
    });

    it('answers a confirmed address exactly like a new one, and tells its owner in a letter with login and reset links', async () => {
      const payload = await registeredUser(context);
      const row = await userRow(payload.email);
      const fresh = await post(app(), '/api/v1/users/', signupPayload());
      const stranger = { password1: 'Чужой пароль 13', password2: 'Чужой пароль 13', firstName: 'Чужой' };
      for (const email of [payload.email.toUpperCase(), 'anna@example.org']) {
        const again = await post(app(), '/api/v1/users/', signupPayload({ email, ...stranger }));
        expect(again.statusCode).toBe(fresh.statusCode);
        expect(again.body).toBe(fresh.body);
        expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      }
      expect(await userRow(payload.email)).toEqual(row);
      expect((await login(app(), payload.email, payload.password1)).statusCode).toBe(200);
      expect((await login(app(), payload.email, stranger.password1)).statusCode).toBe(401);

      const letter = await letterTo(context, payload.email, readOutbox(context.outbox).length);
      expect(letter.subject).toBe('Вы уже зарегистрированы — Мутабор');
      expect(letter.text).toContain(`Здравствуйте, ${payload.firstName}!`);
      expect(letter.text).toContain('Учётная запись с этим адресом у вас уже есть');
      expect(letter.text).toContain(`${PUBLIC_URL}/user/login\n`);
      expect(letter.text).toContain(`${PUBLIC_URL}/user/reset-password\n`);
      expect(letter.text).not.toContain('/user/confirm-signup/');
      expect(letter.html).toContain(`<a href="${PUBLIC_URL}/user/login"`);
      const annas = readOutbox(context.outbox).filter((item) => item.to === 'anna@example.org');
      expect(annas.map((item) => item.subject)).toEqual(['Вы уже зарегистрированы — Мутабор']);
    });

    it('never changes an unconfirmed account on a second signup: the letter is sent again and confirms the first password', async () => {
      const first = signupPayload();
      await post(app(), '/api/v1/users/', first);
      const before = await userRow(first.email);
      const firstLetter = await letterTo(context, first.email);
      // A stranger signs up with the same address and a password of their own.
      const second = { ...first, password1: 'Другой пароль 77', password2: 'Другой пароль 77', firstName: 'Злоумышленник', yearOfBirth: null };
      const again = await post(app(), '/api/v1/users/', second);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ detail: SIGNUP_SENT });
      expect(await userRow(first.email)).toEqual(before);
      await app().deps.accounts.lettersSent();
      const letters = readOutbox(context.outbox).filter((letter) => letter.to === first.email);
      expect(letters).toHaveLength(2);
      const secondLetter = letters[1]!;
      expect(secondLetter.subject).toBe('Подтверждение регистрации — Мутабор');
      expect(secondLetter.text).toContain(`Здравствуйте, ${first.firstName}!`);
      expect(secondLetter.text).toContain('паролем, который был указан при первой регистрации');
      expect(secondLetter.text).toContain(`${PUBLIC_URL}/user/reset-password\n`);

      // The newest letter confirms the account with the first password only.
      expect((await post(app(), '/api/v1/users/registration-confirm/', linkParams(linkIn(secondLetter, '/user/confirm-signup/')))).statusCode).toBe(200);
      expect((await login(app(), first.email, second.password1)).statusCode).toBe(401);
      expect((await login(app(), first.email, first.password1)).statusCode).toBe(200);
      expect((await post(app(), '/api/v1/users/registration-confirm/', linkParams(linkIn(firstLetter, '/user/confirm-signup/')))).json()).toEqual({
        nonFieldErrors: ['Регистрация по этой ссылке уже подтверждена.'],
      });
    });

    it('reports every field error at once, in Russian, under the keys of spec section 5', async () => {
      const response = await post(app(), '/api/v1/users/', {
        email: 'not-an-email',
        password1: '12345678',
        password2: '87654321',
        firstName: '',
        lastName: 'Я'.repeat(101),
        agreement: false,
        yearOfBirth: currentYear - 7,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        email: ['Введите правильный адрес электронной почты.'],
        firstName: ['Заполните это поле.'],
        lastName: ['Не больше 100 символов.'],
        agreement: ['Для регистрации нужно согласие на обработку персональных данных.'],
        yearOfBirth: ['Выберите год рождения из списка.'],
        password1: ['Пароль не может состоять только из цифр.'],
        password2: ['Пароли не совпадают.'],
      });
    });

    it('says which fields are missing and refuses a body that is not an object', async () => {
      const empty = await post(app(), '/api/v1/users/', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        email: ['Введите адрес электронной почты.'],
        firstName: ['Заполните это поле.'],
        lastName: ['Заполните это поле.'],
        password1: ['Введите пароль.'],
        password2: ['Повторите пароль.'],
        agreement: ['Для регистрации нужно согласие на обработку персональных данных.'],
      });
      for (const body of [[], 'text', 5, null]) {
        const response = await app().inject({ method: 'POST', url: '/api/v1/users/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual({ nonFieldErrors: ['Некорректные данные запроса: ожидается объект JSON.'] });
      }
      const notJson = await app().inject({ method: 'POST', url: '/api/v1/users/', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toEqual({ detail: 'Тело запроса не является корректным JSON.' });
    });

    it('applies the password rules: length, spaces, digits, common passwords, likeness to the e-mail and names', async () => {
      const cases: [Partial<Parameters<typeof signupPayload>[0]>, string][] = [
        [{ password1: 'Кот-7' }, 'Пароль слишком короткий: нужно не меньше 8 символов.'],
        [{ password1: '        ' }, 'Пароль не может состоять только из пробелов.'],
        [{ password1: ' '.repeat(30) }, 'Пароль не может состоять только из пробелов.'],
        [{ password1: 'д'.repeat(129) }, 'Пароль слишком длинный: можно не больше 128 символов.'],
        [{ password1: '2718281828' }, 'Пароль не может состоять только из цифр.'],
        [{ password1: 'Password123' }, 'Этот пароль слишком распространён, его легко подобрать.'],
        [{ password1: 'gfhjkm123' }, 'Этот пароль слишком распространён, его легко подобрать.'],
        [{ password1: 'QWERTYUIOP' }, 'Этот пароль слишком распространён, его легко подобрать.'],
        [{ email: 'svetlana.orlova@example.org', password1: 'svetlana.orlova' }, 'Пароль слишком похож на адрес электронной почты.'],
        [{ email: 'x1@example.org', password1: 'Elpmaxe77' }, 'Пароль слишком похож на адрес электронной почты.'],
        [{ firstName: 'Константин', password1: 'константин!' }, 'Пароль слишком похож на имя.'],
        [{ lastName: 'Преображенский', password1: 'Преображенский1' }, 'Пароль слишком похож на фамилию.'],
      ];
      for (const [overrides, message] of cases) {
        const payload = signupPayload(overrides);
        payload.password2 = payload.password1;
        const response = await post(app(), '/api/v1/users/', payload);
        expect(response.statusCode, payload.password1).toBe(400);
        expect(response.json(), payload.password1).toEqual({ password1: [message] });
      }
      // A long password is not «like» a short name just because it contains its letters.
      const fine = signupPayload({ firstName: 'Ян', password1: 'янтарная комната 1716', password2: 'янтарная комната 1716' });
      expect((await post(app(), '/api/v1/users/', fine)).statusCode).toBe(201);
    });

    it('accepts the year options of spec section 5 and null (the «earlier» option), nothing else', async () => {
      for (const year of [currentYear - 8, currentYear - 18, null, 0]) {
        const payload = signupPayload({ yearOfBirth: year });
        const response = await post(app(), '/api/v1/users/', payload);
        expect(response.statusCode, String(year)).toBe(201);
        expect((await userRow(payload.email))!.yearOfBirth).toBe(year === 0 ? null : year);
      }
      for (const year of [currentYear - 19, currentYear - 7, 1983, 2010.5, '2010x', true, -1]) {
        const response = await post(app(), '/api/v1/users/', signupPayload({ yearOfBirth: year as number }));
        expect(response.statusCode, String(year)).toBe(400);
        expect(response.json()).toEqual({ yearOfBirth: ['Выберите год рождения из списка.'] });
      }
    });
  });

  describe('confirmation', () => {
    it('works once: the same link a second time says the registration is already confirmed', async () => {
      const payload = signupPayload();
      await post(app(), '/api/v1/users/', payload);
      const params = linkParams(linkIn(await letterTo(context, payload.email), '/user/confirm-signup/'));
      expect((await post(app(), '/api/v1/users/registration-confirm/', params)).statusCode).toBe(200);
      const second = await post(app(), '/api/v1/users/registration-confirm/', params);
      expect(second.statusCode).toBe(400);
      const message = second.json<{ nonFieldErrors: string[] }>().nonFieldErrors[0]!;
      expect(message).toBe('Регистрация по этой ссылке уже подтверждена.');
      // The site shows it after «Ошибка подверждения регистрации: » in lower case: one sentence.
      expect(`Ошибка подверждения регистрации: ${message.toLowerCase()}`).toBe('Ошибка подверждения регистрации: регистрация по этой ссылке уже подтверждена.');
    });

    it('refuses forged, foreign, malformed and expired links', async () => {
      const payload = signupPayload();
      await post(app(), '/api/v1/users/', payload);
      const user = (await userRow(payload.email))!;
      const params = linkParams(linkIn(await letterTo(context, payload.email), '/user/confirm-signup/'));
      const invalid = { nonFieldErrors: ['Ссылка недействительна или скопирована из письма не целиком.'] };
      const [stamp, signature] = params.token.split('-') as [string, string];
      const forged = [
        { ...params, token: `${stamp}-${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}` },
        { ...params, token: `${(parseInt(stamp, 36) + 1000).toString(36)}-${signature}` },
        { ...params, uidb64: Buffer.from(String(ids.users.pupil)).toString('base64url') },
        { ...params, uidb64: Buffer.from(String(user.id + 1000)).toString('base64url') },
        { ...params, uidb64: '!!!' },
        { ...params, uidb64: Buffer.from('1; DROP TABLE users').toString('base64url') },
        { ...params, token: '' },
        { uidb64: params.uidb64 },
        { uidb64: 5, token: [] },
        {},
      ];
      for (const body of forged) {
        const response = await post(app(), '/api/v1/users/registration-confirm/', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toEqual(invalid);
      }
      context.clock.advance(LINK_TTL_SECONDS * 1000 + 60_000);
      const expired = await post(app(), '/api/v1/users/registration-confirm/', params);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ nonFieldErrors: ['Срок действия ссылки истёк.'] });
      context.clock.advance(-(LINK_TTL_SECONDS * 1000 + 60_000));
      expect((await post(app(), '/api/v1/users/registration-confirm/', params)).statusCode).toBe(200);
    });

    it('is consumed only by the POST: opening the site page does not confirm', async () => {
      const payload = signupPayload();
      await post(app(), '/api/v1/users/', payload);
      const link = linkIn(await letterTo(context, payload.email), '/user/confirm-signup/');
      await app().inject({ url: link.pathname });
      expect((await userRow(payload.email))!.isActive).toBe(false);
    });
  });

  describe('login and refresh', () => {
    it('answers access and refresh JWTs for the e-mail in any case with spaces around', async () => {
      const response = await login(app(), '  ANNA@example.org ', 'anna-password');
      expect(response.statusCode).toBe(200);
      const { access, refresh } = response.json<TokenPair>();
      expect(decodeJwt(access)).toMatchObject({ sub: String(ids.users.anna), type: 'access' });
      expect(decodeJwt(refresh)).toMatchObject({ sub: String(ids.users.anna), type: 'refresh' });
      expect((await me(access)).json<User>()).toMatchObject({ id: ids.users.anna, email: 'anna@example.org' });
    });

    it('says the same for an unknown e-mail and a wrong password, as 401 detail', async () => {
      const unknown = await login(app(), 'nobody@example.org', 'anna-password');
      const wrong = await login(app(), 'boris@example.org', 'anna-password');
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'Неверный адрес электронной почты или пароль.' });
      }
      const filler = await login(app(), 'participant-1@demo.invalid', 'anything-at-all');
      expect(filler.json()).toEqual({ detail: 'Неверный адрес электронной почты или пароль.' });
    });

    it('replaces a hash made with earlier scrypt parameters at the login that proves its password, keeping the tokens', async () => {
      const payload = await registeredUser(context);
      // As made before N = 2^15, p = 3 (there N = 2^17, p = 1; cheaper here, as every test hash is).
      const salt = randomBytes(16);
      const key = scryptSync(payload.password1.normalize('NFKC'), salt, 64, { N: TEST_PASSWORD_COST, r: 8, p: 1 });
      const earlier = ['scrypt', TEST_PASSWORD_COST, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
      const { db } = context.testDb.database;
      await db.update(users).set({ passwordHash: earlier }).where(eq(users.email, payload.email));
      const before = (await userRow(payload.email))!;

      // A wrong password changes nothing.
      expect((await login(app(), payload.email, 'not-the-password')).statusCode).toBe(401);
      await app().deps.background.settled();
      expect((await userRow(payload.email))!.passwordHash).toBe(earlier);

      const first = await loginTokens(app(), payload.email, payload.password1);
      await app().deps.background.settled();
      const after = (await userRow(payload.email))!;
      expect(after.passwordHash).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST}\\$8\\$3\\$`));
      expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
      expect((await me(first.access)).statusCode).toBe(200);
      expect((await login(app(), payload.email, payload.password1)).statusCode).toBe(200);
      expect((await login(app(), payload.email, 'not-the-password')).statusCode).toBe(401);
    });

    it('wants both fields', async () => {
      const response = await post(app(), '/api/v1/token/', { username: ' ', password: 5 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ username: ['Обязательное поле.'], password: ['Значение должно быть строкой.'] });
    });

    it('renews the access token with the refresh token, and refuses an access token as refresh', async () => {
      const { access, refresh } = await loginTokens(app(), 'pupil@example.org', 'pupil-password');
      const renewed = await post(app(), '/api/v1/token/refresh/', { refresh });
      expect(renewed.statusCode).toBe(200);
      const body = renewed.json<{ access: string }>();
      expect(Object.keys(body)).toEqual(['access']);
      expect((await me(body.access)).statusCode).toBe(200);
      for (const payload of [{ refresh: access }, { refresh: 'garbage' }, { refresh: `${refresh}x` }]) {
        const refused = await post(app(), '/api/v1/token/refresh/', payload);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ detail: 'Токен недействителен или просрочен. Войдите снова.' });
      }
      expect((await post(app(), '/api/v1/token/refresh/', {})).json()).toEqual({ refresh: ['Обязательное поле.'] });
    });
  });

  describe('the user', () => {
    it('answers the caller at me and at their own id; another id is 404, no token is 401', async () => {
      const { access } = await loginTokens(app(), 'anna@example.org', 'anna-password');
      const expected: User = {
        id: ids.users.anna,
        email: 'anna@example.org',
        firstName: 'Анна',
        lastName: 'Петрова',
        yearOfBirth: 1980,
        disciple: 1,
        author: ids.authors.anna,
      };
      expect((await me(access)).json()).toEqual(expected);
      expect((await app().inject({ url: `/api/v1/users/${ids.users.anna}/`, headers: bearer(access) })).json()).toEqual(expected);
      expect((await app().inject({ url: '/api/v1/users/me', headers: bearer(access) })).statusCode).toBe(200);
      for (const other of [ids.users.boris, ids.users.pupil, 999, 'abc', -1]) {
        const response = await app().inject({ url: `/api/v1/users/${other}/`, headers: bearer(access) });
        expect(response.statusCode, String(other)).toBe(404);
        expect(response.json()).toEqual({ detail: 'Не найдено.' });
      }
      const anonymous = await app().inject({ url: '/api/v1/users/me/' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Учётные данные не были предоставлены.' });
      const pupil = await loginTokens(app(), 'pupil@example.org', 'pupil-password');
      expect((await me(pupil.access)).json<User>()).toMatchObject({ id: ids.users.pupil, author: null, disciple: 3, yearOfBirth: 2010 });
    });
  });

  describe('password change', () => {
    it('checks the current password and the rules, under oldPassword, newPassword1 and newPassword2', async () => {
      const payload = await registeredUser(context, { firstName: 'Святослав' });
      const { access } = await loginTokens(app(), payload.email, payload.password1);
      const change = (body: unknown) => post(app(), '/api/v1/users/update-password/', body, { headers: bearer(access) });
      const wrong = await change({ oldPassword: 'не тот пароль', newPassword1: 'qwerty123', newPassword2: 'qwerty124' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        oldPassword: ['Текущий пароль введён неверно.'],
        newPassword1: ['Этот пароль слишком распространён, его легко подобрать.'],
        newPassword2: ['Пароли не совпадают.'],
      });
      const like = await change({ oldPassword: payload.password1, newPassword1: 'Святослав1', newPassword2: 'Святослав1' });
      expect(like.json()).toEqual({ newPassword1: ['Пароль слишком похож на имя.'] });
      const missing = await change({});
      expect(missing.json()).toEqual({ oldPassword: ['Введите пароль.'], newPassword1: ['Введите пароль.'], newPassword2: ['Повторите пароль.'] });
      const anonymous = await post(app(), '/api/v1/users/update-password/', { oldPassword: 'a', newPassword1: 'b', newPassword2: 'b' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('changes the password; every token issued before stops working, the answered pair works', async () => {
      const payload = await registeredUser(context);
      const first = await loginTokens(app(), payload.email, payload.password1);
      const second = await loginTokens(app(), payload.email, payload.password1);
      expect((await me(first.access)).statusCode).toBe(200);
      const response = await post(
        app(),
        '/api/v1/users/update-password/',
        { oldPassword: payload.password1, newPassword1: 'Новая тропинка 2026', newPassword2: 'Новая тропинка 2026' },
        { headers: bearer(first.access) },
      );
      expect(response.statusCode).toBe(200);
      const fresh = response.json<TokenPair>();

      // Within the same second as the change: the tokens carry the password stamp to the millisecond.
      for (const old of [first.access, second.access]) {
        const refused = await me(old);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ detail: 'Токен недействителен или просрочен. Войдите снова.' });
      }
      expect((await post(app(), '/api/v1/token/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
      expect((await me(fresh.access)).statusCode).toBe(200);
      expect((await post(app(), '/api/v1/token/refresh/', { refresh: fresh.refresh })).statusCode).toBe(200);
      expect((await login(app(), payload.email, payload.password1)).statusCode).toBe(401);
      expect((await login(app(), payload.email, 'Новая тропинка 2026')).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    const reset = (email: string, host = 'evil.example') => post(app(), '/api/v1/users/reset-password/', { email }, { headers: { host } });
    const complete = (params: { uidb64: string; token: string }, password: string, repeat = password) =>
      post(app(), '/api/v1/users/reset-password/complete/', { ...params, password1: password, password2: repeat });

    it('answers the same whether or not the address exists, and writes a letter only for an account', async () => {
      await app().deps.accounts.lettersSent();
      const before = readOutbox(context.outbox).length;
      const unknown = await reset('nobody-here@example.org');
      const known = await reset('Boris@Example.org');
      for (const response of [unknown, known]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ detail: 'Если этот адрес зарегистрирован, мы отправили на него письмо с инструкциями.' });
      }
      await app().deps.accounts.lettersSent();
      const letters = readOutbox(context.outbox).slice(before);
      expect(letters.map((letter) => letter.to)).toEqual(['boris@example.org']);
      const link = linkIn(letters[0]!, '/user/reset-password/completion/');
      expect(link.origin).toBe(PUBLIC_URL);
      expect(letters[0]!.subject).toBe('Восстановление пароля — Мутабор');
      expect(letters[0]!.text).toContain('Здравствуйте, Борис!');
      expect((await reset('not an address')).json()).toEqual({ email: ['Введите правильный адрес электронной почты.'] });
    });

    it('sets the new password once; the link then dies, and so does an earlier link', async () => {
      const payload = await registeredUser(context);
      const session = await loginTokens(app(), payload.email, payload.password1);
      await reset(payload.email);
      const earlier = linkParams(linkIn(await letterTo(context, payload.email), '/user/reset-password/completion/'));
      await reset(payload.email);
      const later = linkParams(linkIn(await letterTo(context, payload.email), '/user/reset-password/completion/'));
      expect(later.token).not.toBe(earlier.token);

      const invalid = { nonFieldErrors: ['Ссылка для восстановления пароля недействительна или уже использована. Запросите восстановление ещё раз.'] };
      // A newer letter already made the earlier link useless.
      expect((await complete(earlier, 'Ранний пароль 111')).json()).toEqual(invalid);
      const rules = await complete(later, '11111111', '22222222');
      expect(rules.json()).toEqual({ password1: ['Пароль не может состоять только из цифр.'], password2: ['Пароли не совпадают.'] });
      const done = await complete(later, 'Сброшенный пароль 5');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ detail: 'Пароль изменён. Теперь можно войти с новым паролем.' });
      expect((await complete(later, 'Ещё один пароль 6')).json()).toEqual(invalid);
      expect((await complete(earlier, 'Ещё один пароль 6')).json()).toEqual(invalid);

      expect((await me(session.access)).statusCode).toBe(401);
      expect((await login(app(), payload.email, payload.password1)).statusCode).toBe(401);
      expect((await login(app(), payload.email, 'Сброшенный пароль 5')).statusCode).toBe(200);
    });

    it('expires after three days', async () => {
      const payload = await registeredUser(context);
      await reset(payload.email);
      const params = linkParams(linkIn(await letterTo(context, payload.email), '/user/reset-password/completion/'));
      context.clock.advance(3 * DAY_MS + 60_000);
      try {
        const response = await complete(params, 'Поздний пароль 3');
        expect(response.json()).toEqual({ nonFieldErrors: ['Срок действия ссылки для восстановления пароля истёк. Запросите восстановление ещё раз.'] });
      } finally {
        context.clock.advance(-(3 * DAY_MS + 60_000));
      }
    });

    it('confirms an account that never was: the letter proves the address', async () => {
      const payload = signupPayload();
      await post(app(), '/api/v1/users/', payload);
      await reset(payload.email);
      await app().deps.accounts.lettersSent();
      const letter = await waitForLetter(context.outbox, (item) => item.to === payload.email && item.text.includes('/user/reset-password/completion/'));
      const params = linkParams(linkIn(letter, '/user/reset-password/completion/'));
      expect((await complete(params, 'Подтверждён сбросом 9')).statusCode).toBe(200);
      expect((await login(app(), payload.email, 'Подтверждён сбросом 9')).statusCode).toBe(200);
    });

    it('refuses a confirmation token as a reset token and the reverse', async () => {
      const payload = signupPayload();
      await post(app(), '/api/v1/users/', payload);
      const confirmation = linkParams(linkIn(await letterTo(context, payload.email), '/user/confirm-signup/'));
      expect((await complete(confirmation, 'Чужой токен 12')).statusCode).toBe(400);
      await reset(payload.email);
      const resetParams = linkParams(linkIn(await letterTo(context, payload.email, 2), '/user/reset-password/completion/'));
      expect((await post(app(), '/api/v1/users/registration-confirm/', resetParams)).statusCode).toBe(400);
    });
  });

  describe('disciples', () => {
    const getDisciple = (id: number, token: string) => app().inject({ url: `/api/v1/disciples/${id}/`, headers: bearer(token) });
    const patchDisciple = (id: number, token: string, payload: unknown) =>
      app().inject({ method: 'PATCH', url: `/api/v1/disciples/${id}/`, headers: bearer(token), payload: payload as object });

    it('gives the owner their disciple with the user fields', async () => {
      const { access } = await loginTokens(app(), 'pupil@example.org', 'pupil-password');
      const response = await getDisciple(3, access);
      expect(response.statusCode).toBe(200);
      expect(response.json<Disciple>()).toEqual({
        id: 3,
        email: 'pupil@example.org',
        firstName: 'Пётр',
        lastName: 'Учеников',
        yearOfBirth: 2010,
        profile: { country: 'RU', mainLanguage: 'Russian', visitSchool: false, readWriteProblems: '', otherInfo: '', timezone: 'Europe/Moscow' },
      });
    });

    it('hides another user’s disciple: user A can neither read nor change user B’s', async () => {
      const a = await registeredUser(context);
      const b = await registeredUser(context);
      const aTokens = await loginTokens(app(), a.email, a.password1);
      const bTokens = await loginTokens(app(), b.email, b.password1);
      const bUser = (await me(bTokens.access)).json<User>();
      const read = await getDisciple(bUser.disciple!, aTokens.access);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ detail: 'Не найдено.' });
      const write = await patchDisciple(bUser.disciple!, aTokens.access, { firstName: 'Взлом', profile: { otherInfo: 'чужое' } });
      expect(write.statusCode).toBe(404);
      const after = (await getDisciple(bUser.disciple!, bTokens.access)).json<Disciple>();
      expect(after.firstName).toBe(b.firstName);
      expect(after.profile.otherInfo).toBe('');
      expect((await app().inject({ url: `/api/v1/disciples/${bUser.disciple}/` })).statusCode).toBe(401);
      expect((await getDisciple(99_999, aTokens.access)).statusCode).toBe(404);
    });

    it('lets an author read the disciples of their courses (news or participation) but not change them', async () => {
      const db = context.testDb.database.db;
      const anna = await loginTokens(app(), 'anna@example.org', 'anna-password');
      const boris = await loginTokens(app(), 'boris@example.org', 'boris-password');
      const reader = await registeredUser(context);
      const readerUser = (await me((await loginTokens(app(), reader.email, reader.password1)).access)).json<User>();
      expect((await getDisciple(readerUser.disciple!, anna.access)).statusCode).toBe(404);

      // News of the announced course, whose only author is Anna.
      await db.insert(mailingSubscriptions).values({ userId: readerUser.id, courseId: ids.courses.announced });
      expect((await getDisciple(readerUser.disciple!, anna.access)).statusCode).toBe(200);
      expect((await getDisciple(readerUser.disciple!, boris.access)).statusCode).toBe(404);
      const write = await patchDisciple(readerUser.disciple!, anna.access, { firstName: 'Автор' });
      expect(write.statusCode).toBe(403);
      expect(write.json()).toEqual({ detail: 'Изменять профиль может только его владелец.' });

      // A participation in a lesson of the open course, led by Boris and Anna.
      await db.insert(participants).values({ userId: readerUser.id, lessonId: ids.lessons.free, state: 'waiting_list' });
      expect((await getDisciple(readerUser.disciple!, boris.access)).statusCode).toBe(200);
    });

    it('keeps a minor’s school question unanswered (null) until answered, and takes the answer back to null', async () => {
      const payload = await registeredUser(context);
      const { access } = await loginTokens(app(), payload.email, payload.password1);
      const user = (await me(access)).json<User>();
      expect((await getDisciple(user.disciple!, access)).json<Disciple>().profile).toMatchObject({ visitSchool: null, readWriteProblems: '' });
      const answered = await patchDisciple(user.disciple!, access, { yearOfBirth: currentYear - 12, profile: { visitSchool: false } });
      expect(answered.json<Disciple>().profile.visitSchool).toBe(false);
      const unanswered = await patchDisciple(user.disciple!, access, { profile: { visitSchool: null } });
      expect(unanswered.statusCode).toBe(200);
      expect((await getDisciple(user.disciple!, access)).json<Disciple>().profile.visitSchool).toBeNull();
    });

    it('saves the user fields and the profile, and answers the new disciple', async () => {
      const payload = await registeredUser(context);
      const { access } = await loginTokens(app(), payload.email, payload.password1);
      const user = (await me(access)).json<User>();
      const newEmail = payload.email.toUpperCase();
      const response = await patchDisciple(user.disciple!, access, {
        // The same address in other letters: no change of address.
        email: newEmail,
        firstName: ' Мария-Луиза ',
        lastName: 'Соколова-Белова',
        yearOfBirth: currentYear - 12,
        profile: { country: 'KZ', mainLanguage: 'Other', visitSchool: true, readWriteProblems: 'Путает «б» и «д».', otherInfo: 'Любит стихи.', timezone: 'Asia/Almaty' },
      });
      expect(response.statusCode).toBe(200);
      const expected: Disciple = {
        id: user.disciple!,
        email: newEmail.toLowerCase(),
        firstName: 'Мария-Луиза',
        lastName: 'Соколова-Белова',
        yearOfBirth: currentYear - 12,
        profile: { country: 'KZ', mainLanguage: 'Other', visitSchool: true, readWriteProblems: 'Путает «б» и «д».', otherInfo: 'Любит стихи.', timezone: 'Asia/Almaty' },
      };
      expect(response.json()).toEqual(expected);
      expect((await getDisciple(user.disciple!, access)).json()).toEqual(expected);
      expect((await me(access)).json<User>()).toMatchObject({ email: newEmail.toLowerCase(), firstName: 'Мария-Луиза', yearOfBirth: currentYear - 12 });

      // A partial PATCH changes only what it sends.
      const partial = await patchDisciple(user.disciple!, access, { profile: { otherInfo: '' } });
      expect(partial.json()).toEqual({ ...expected, profile: { ...expected.profile, otherInfo: '' } });
      // Empty country and time zone are the editor's «not chosen».
      const cleared = await patchDisciple(user.disciple!, access, { profile: { country: '', timezone: '' } });
      expect(cleared.json<Disciple>().profile).toMatchObject({ country: '', timezone: '' });
    });

    it('validates every field under its own key', async () => {
      const payload = await registeredUser(context);
      const { access } = await loginTokens(app(), payload.email, payload.password1);
      const user = (await me(access)).json<User>();
      const response = await patchDisciple(user.disciple!, access, {
        email: 'anna@example.org',
        currentPassword: payload.password1,
        firstName: '',
        lastName: 'Ж'.repeat(101),
        yearOfBirth: currentYear - 3,
        profile: { country: 'XX', mainLanguage: 'French', visitSchool: 'yes', readWriteProblems: 'а'.repeat(2001), otherInfo: 42, timezone: 'Mars/Olympus' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        firstName: ['Заполните это поле.'],
        lastName: ['Не больше 100 символов.'],
        yearOfBirth: ['Выберите год рождения из списка.'],
        country: ['Выберите страну из списка.'],
        mainLanguage: ['Выберите язык: русский, английский или другой.'],
        visitSchool: ['Выберите «Да» или «Нет».'],
        readWriteProblems: ['Не больше 2000 символов.'],
        otherInfo: ['Значение должно быть строкой.'],
        timezone: ['Выберите часовой пояс из списка.'],
      });
      const bad = await patchDisciple(user.disciple!, access, { email: 'нет собаки' });
      expect(bad.json()).toEqual({ email: ['Введите правильный адрес электронной почты.'] });
      expect((await patchDisciple(user.disciple!, access, { profile: 'text' })).json()).toEqual({ profile: ['Профиль должен быть объектом с полями анкеты.'] });
      expect((await patchDisciple(user.disciple!, access, [1, 2])).json()).toEqual({ nonFieldErrors: ['Некорректные данные запроса: ожидается объект JSON.'] });
      expect((await getDisciple(user.disciple!, access)).json<Disciple>().firstName).toBe(payload.firstName);
    });

    it('accepts the year of birth sign-up offers, or the stored one unchanged, and refuses anything else as sign-up does', async () => {
      const { access } = await loginTokens(app(), 'boris@example.org', 'boris-password');
      // Boris was born in 1975: outside today's signup options, sent back by the editor as it was.
      const same = await patchDisciple(2, access, { yearOfBirth: 1975, firstName: 'Борис', profile: { country: 'RU' } });
      expect(same.statusCode).toBe(200);
      for (const year of [1983, 1900, 1976, currentYear - 19, currentYear - 7, currentYear + 1, 10_000, '19x5', 1983.5]) {
        const response = await patchDisciple(2, access, { yearOfBirth: year });
        expect(response.statusCode, String(year)).toBe(400);
        expect(response.json(), String(year)).toEqual({ yearOfBirth: ['Выберите год рождения из списка.'] });
      }
      for (const year of [currentYear - 8, currentYear - 18, null]) {
        const response = await patchDisciple(2, access, { yearOfBirth: year });
        expect(response.statusCode, String(year)).toBe(200);
        expect(response.json<Disciple>().yearOfBirth).toBe(year);
      }
      expect((await patchDisciple(2, access, { yearOfBirth: 0 })).json<Disciple>().yearOfBirth).toBeNull();
      // Once changed, the old year is no longer the stored one: it is refused like any other.
      expect((await patchDisciple(2, access, { yearOfBirth: 1975 })).json()).toEqual({ yearOfBirth: ['Выберите год рождения из списка.'] });
    });
  });

  describe('e-mail change', () => {
    const getDisciple = (id: number, token: string) => app().inject({ url: `/api/v1/disciples/${id}/`, headers: bearer(token) });
    const patchDisciple = (id: number, token: string, payload: unknown) =>
      app().inject({ method: 'PATCH', url: `/api/v1/disciples/${id}/`, headers: bearer(token), payload: payload as object });
    const confirmEmail = (url: URL) => {
      const [uidb64, address, token] = url.pathname.split('/').filter(Boolean).slice(-3) as [string, string, string];
      return post(app(), '/api/v1/users/email-confirm/', { uidb64, address, token });
    };
    const lettersTo = (email: string) => readOutbox(context.outbox).filter((letter) => letter.to === email);

    async function loggedIn() {
      const payload = await registeredUser(context);
      const { access } = await loginTokens(app(), payload.email, payload.password1);
      const user = (await me(access)).json<User>();
      return { payload, access, user };
    }

    it('needs the current password; without it or with a wrong one nothing changes and nothing is sent', async () => {
      const { payload, access, user } = await loggedIn();
      await app().deps.accounts.lettersSent();
      const sent = readOutbox(context.outbox).length;
      const newEmail = `moved-${user.id}@example.org`;
      const missing = await patchDisciple(user.disciple!, access, { email: newEmail, firstName: 'Другое' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ currentPassword: ['Чтобы сменить адрес электронной почты, введите текущий пароль.'] });
      const wrong = await patchDisciple(user.disciple!, access, { email: newEmail, currentPassword: 'не тот пароль 1', firstName: 'Другое' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ currentPassword: ['Текущий пароль введён неверно.'] });
      expect((await getDisciple(user.disciple!, access)).json<Disciple>()).toMatchObject({ email: payload.email, firstName: payload.firstName });
      await app().deps.accounts.lettersSent();
      expect(readOutbox(context.outbox)).toHaveLength(sent);
      // The same address in another case is no change and needs no password.
      expect((await patchDisciple(user.disciple!, access, { email: payload.email.toUpperCase(), firstName: 'Другое' })).statusCode).toBe(200);
    });

    it('takes effect only from the letter to the new address; the old address is told; the link works once', async () => {
      const { payload, access, user } = await loggedIn();
      const newEmail = `moved-${user.id}@example.org`;
      const response = await patchDisciple(user.disciple!, access, { email: ` ${newEmail.toUpperCase()} `, currentPassword: payload.password1, firstName: 'Мария-Луиза' });
      expect(response.statusCode).toBe(200);
      expect(response.json<Disciple>()).toMatchObject({ email: payload.email, firstName: 'Мария-Луиза' });
      expect((await login(app(), newEmail, payload.password1)).statusCode).toBe(401);

      const letter = await letterTo(context, newEmail);
      expect(letter.subject).toBe('Подтверждение нового адреса электронной почты — Мутабор');
      const link = linkIn(letter, '/user/confirm-email/');
      expect(link.origin).toBe(PUBLIC_URL);
      expect(link.pathname).toMatch(/^\/user\/confirm-email\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]{43}\/$/);
      const notice = await letterTo(context, payload.email);
      expect(notice.subject).toBe('Смена адреса электронной почты — Мутабор');
      expect(notice.text).toContain(`moved-${user.id}@example[.]org`);
      expect(notice.text).toContain(`${PUBLIC_URL}/user/reset-password\n`);
      expect(notice.text).not.toContain('/user/confirm-email/');

      const confirmed = await confirmEmail(link);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ detail: 'Адрес электронной почты изменён.' });
      expect((await getDisciple(user.disciple!, access)).json<Disciple>().email).toBe(newEmail);
      expect((await login(app(), newEmail, payload.password1)).statusCode).toBe(200);
      expect((await login(app(), payload.email, payload.password1)).statusCode).toBe(401);
      const again = await confirmEmail(link);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ nonFieldErrors: ['Ссылка для подтверждения адреса недействительна или уже использована.'] });
    });

    it('refuses a link whose address was altered, and dies with a password change or after three days', async () => {
      const { payload, access, user } = await loggedIn();
      const newEmail = `moved-${user.id}@example.org`;
      await patchDisciple(user.disciple!, access, { email: newEmail, currentPassword: payload.password1 });
      const link = linkIn(await letterTo(context, newEmail), '/user/confirm-email/');
      const invalid = { nonFieldErrors: ['Ссылка для подтверждения адреса недействительна или уже использована.'] };
      const [uidb64, , token] = link.pathname.split('/').filter(Boolean).slice(-3) as [string, string, string];
      for (const address of [Buffer.from(`attacker-${user.id}@example.org`).toString('base64url'), '!!', '', 'bm90LWFuLWFkZHJlc3M']) {
        const forged = await post(app(), '/api/v1/users/email-confirm/', { uidb64, address, token });
        expect(forged.statusCode, address).toBe(400);
        expect(forged.json()).toEqual(invalid);
      }
      context.clock.advance(LINK_TTL_SECONDS * 1000 + 60_000);
      expect((await confirmEmail(link)).json()).toEqual({ nonFieldErrors: ['Срок действия ссылки для подтверждения адреса истёк. Смените адрес в профиле ещё раз.'] });
      context.clock.advance(-(LINK_TTL_SECONDS * 1000 + 60_000));

      const changed = await post(
        app(),
        '/api/v1/users/update-password/',
        { oldPassword: payload.password1, newPassword1: 'Новый пароль 2024', newPassword2: 'Новый пароль 2024' },
        { headers: bearer(access) },
      );
      expect(changed.statusCode).toBe(200);
      expect((await confirmEmail(link)).json()).toEqual(invalid);
      expect((await userRow(payload.email))!.email).toBe(payload.email);
    });

    it('answers an address another account has like any other, and tells that address instead', async () => {
      const { payload, access, user } = await loggedIn();
      const free = await patchDisciple(user.disciple!, access, { email: `free-${user.id}@example.org`, currentPassword: payload.password1 });
      const taken = await patchDisciple(user.disciple!, access, { email: 'ANNA@example.org', currentPassword: payload.password1 });
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.body).toBe(free.body);
      const letter = await letterTo(context, 'anna@example.org', readOutbox(context.outbox).length);
      expect(letter.subject).toBe('Подтверждение нового адреса электронной почты — Мутабор');
      expect(letter.text).toContain('У вас уже есть учётная запись с этим адресом, поэтому ничего не изменилось.');
      expect(letter.text).not.toContain('/user/confirm-email/');
      expect(lettersTo(payload.email).filter((item) => item.subject.startsWith('Смена адреса'))).toHaveLength(1);
      expect((await getDisciple(user.disciple!, access)).json<Disciple>().email).toBe(payload.email);
    });
  });
});
