// The limits of the account endpoints: failed logins per e-mail and address, per e-mail and per address, letters
// per address, wrong current passwords; they engage (exactly, under parallel requests), release after their window
// (a controlled clock), and live in the database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TokenPair, User } from '../../common/wireTypes.ts';
import { authLimits } from '../src/db/schema.ts';
import { bearer, letterTo, login, post, registeredUser, signupPayload, startAccountsApp, TEST_PASSWORD_COST, type AccountsContext } from './accountsSupport.ts';
import { buildTestApp, testConfig } from './fixtures.ts';
import { readOutbox } from './mailbox.ts';
import { dbModes } from './testDb.ts';

const MINUTE_MS = 60_000;

describe.each(dbModes())('account limits (%s)', (mode) => {
  let context: AccountsContext;
  const app = () => context.app;

  beforeAll(async () => {
    context = await startAccountsApp(mode);
  });

  afterAll(async () => {
    await context?.close();
  });

  describe('login', () => {
    it('engages after five failures for an e-mail at one address, even for the right password, and releases after 15 minutes', async () => {
      const user = await registeredUser(context);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await login(app(), user.email, `wrong-${attempt}`, '10.1.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(app(), user.email, user.password1, '10.1.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: 'Слишком много неудачных попыток входа. Попробуйте снова через 15 минут или восстановите пароль.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // The e-mail in another case is the same e-mail.
      expect((await login(app(), user.email.toUpperCase(), user.password1, '10.1.0.1')).statusCode).toBe(429);

      context.clock.advance(10 * MINUTE_MS);
      const later = await login(app(), user.email, user.password1, '10.1.0.1');
      expect(later.statusCode).toBe(429);
      expect(later.json<{ detail: string }>().detail).toContain('через 5 минут');
      context.clock.advance(5 * MINUTE_MS + 1000);
      expect((await login(app(), user.email, user.password1, '10.1.0.1')).statusCode).toBe(200);
    });

    it('does not lock the owner out: failures from a stranger’s address leave the owner’s address free', async () => {
      const user = await registeredUser(context);
      for (let attempt = 0; attempt < 20; attempt += 1) await login(app(), user.email, `wrong-${attempt}`, '10.1.1.66');
      expect((await login(app(), user.email, user.password1, '10.1.1.66')).statusCode).toBe(429);
      expect((await login(app(), user.email, user.password1, '10.1.1.1')).statusCode).toBe(200);
      context.clock.advance(16 * MINUTE_MS);
    });

    it('stops guessing one e-mail from many addresses after 50 failures in all', async () => {
      const user = await registeredUser(context);
      for (let address = 0; address < 10; address += 1) {
        for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(app(), user.email, `wrong-${attempt}`, `10.1.2.${address}`)).statusCode).toBe(401);
      }
      const blocked = await login(app(), user.email, user.password1, '10.1.2.200');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<{ detail: string }>().detail).toContain('через 15 минут');
      context.clock.advance(15 * MINUTE_MS + 1000);
      expect((await login(app(), user.email, user.password1, '10.1.2.200')).statusCode).toBe(200);
    });

    it('checks exactly five of 200 parallel guesses at one e-mail from one address', async () => {
      const user = await registeredUser(context);
      const guesses = Array.from({ length: 199 }, (_, index) => login(app(), user.email, `wrong-${index}`, '10.1.3.1'));
      const statuses = (await Promise.all([...guesses, login(app(), user.email, user.password1, '10.1.3.1')])).map((response) => response.statusCode);
      const checked = statuses.filter((status) => status !== 429);
      expect(checked).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(195);
      // Whichever five were checked, the right password afterwards is refused until the window ends.
      if (!checked.includes(200)) expect((await login(app(), user.email, user.password1, '10.1.3.1')).statusCode).toBe(429);
      context.clock.advance(16 * MINUTE_MS);
    });

    it('answers 503 with Retry-After when too many password checks run, and such an attempt does not count', async () => {
      const gated = await buildTestApp({
        database: context.testDb.database,
        config: testConfig({ DATA_DIR: context.dataDir }),
        accounts: { passwordCost: 2 ** 14, now: context.clock.now, passwordGate: { running: 1, waiting: 0 } },
      });
      try {
        const responses = await Promise.all(Array.from({ length: 10 }, () => login(gated, 'busy@example.org', 'wrong', '10.1.5.1')));
        const count = (status: number) => responses.filter((response) => response.statusCode === status).length;
        expect(count(401)).toBeGreaterThan(0);
        expect(count(503)).toBeGreaterThan(0);
        expect(count(401) + count(503) + count(429)).toBe(10);
        const busy = responses.find((response) => response.statusCode === 503)!;
        expect(busy.headers['retry-after']).toBe('2');
        expect(busy.json()).toEqual({ detail: 'Сервер сейчас проверяет слишком много паролей. Попробуйте ещё раз через несколько секунд.' });
        // Only the checked guesses counted: the limit of five still has room for the rest.
        let checked = 0;
        while ((await login(gated, 'busy@example.org', 'wrong', '10.1.5.1')).statusCode === 401) checked += 1;
        expect(count(401) + checked).toBe(5);
      } finally {
        await gated.close();
      }
      context.clock.advance(16 * MINUTE_MS);
    });

    it('lets someone who logged in from an address before in while a flood of guesses fills the password checks', async () => {
      const user = await registeredUser(context);
      const gated = await buildTestApp({
        database: context.testDb.database,
        config: testConfig({ DATA_DIR: context.dataDir }),
        accounts: { passwordCost: 2 ** 14, now: context.clock.now, passwordGate: { running: 1, waiting: 1 } },
      });
      try {
        expect((await login(gated, user.email, user.password1, '10.1.6.1')).statusCode).toBe(200);
        const flood = Array.from({ length: 12 }, (_, index) => login(gated, `nobody-${index}@example.org`, 'wrong', `10.1.7.${index}`));
        const [known, stranger] = [login(gated, user.email, user.password1, '10.1.6.1'), login(gated, user.email, user.password1, '10.1.6.2')];
        const floodStatuses = (await Promise.all(flood)).map((response) => response.statusCode);
        expect(floodStatuses).toContain(503);
        expect((await known).statusCode).toBe(200);
        // From an address it never logged in from, the owner waits with everybody else.
        expect([200, 503]).toContain((await stranger).statusCode);
      } finally {
        await gated.close();
      }
      context.clock.advance(16 * MINUTE_MS);
    });

    it('forgets the failures of an e-mail at every address when its password is reset', async () => {
      const user = await registeredUser(context);
      for (let attempt = 0; attempt < 5; attempt += 1) await login(app(), user.email, 'wrong', '10.1.4.1');
      expect((await login(app(), user.email, user.password1, '10.1.4.1')).statusCode).toBe(429);
      await app().deps.accounts.limits.clear('login-email', user.email);
      expect((await login(app(), user.email, user.password1, '10.1.4.1')).statusCode).toBe(200);
    });

    it('forgets an e-mail’s failures after a successful login', async () => {
      const user = await registeredUser(context);
      for (let round = 0; round < 2; round += 1) {
        for (let attempt = 0; attempt < 4; attempt += 1) expect((await login(app(), user.email, 'wrong', '10.2.0.1')).statusCode).toBe(401);
        expect((await login(app(), user.email, user.password1, '10.2.0.1')).statusCode).toBe(200);
      }
    });

    it('answers a blocked unknown e-mail the same as a blocked known one', async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) await login(app(), 'ghost@example.org', 'wrong', '10.3.0.1');
      const ghost = await login(app(), 'ghost@example.org', 'wrong', '10.3.0.1');
      expect(ghost.statusCode).toBe(429);
      expect(ghost.json()).toEqual({ detail: 'Слишком много неудачных попыток входа. Попробуйте снова через 15 минут или восстановите пароль.' });
      context.clock.advance(16 * MINUTE_MS);
    });

    it('engages after 50 failures from one address, whatever the e-mails, without touching other addresses', async () => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        expect((await login(app(), `guess-${attempt}@example.org`, 'wrong', '10.4.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(app(), 'pupil@example.org', 'pupil-password', '10.4.0.1');
      expect(blocked.statusCode).toBe(429);
      // X-Forwarded-For is not believed without TRUST_PROXY.
      expect((await post(app(), '/api/v1/token/', { username: 'pupil@example.org', password: 'pupil-password' }, { remoteAddress: '10.4.0.1', headers: { 'x-forwarded-for': '10.9.9.9' } })).statusCode).toBe(429);
      expect((await login(app(), 'pupil@example.org', 'pupil-password', '10.4.0.2')).statusCode).toBe(200);
      context.clock.advance(15 * MINUTE_MS + 1000);
      expect((await login(app(), 'pupil@example.org', 'pupil-password', '10.4.0.1')).statusCode).toBe(200);
    });

    it('is counted in the database: two server instances on one database share the count', async () => {
      const second = await buildTestApp({
        database: context.testDb.database,
        config: testConfig({ DATA_DIR: context.dataDir }),
        accounts: { passwordCost: TEST_PASSWORD_COST, now: context.clock.now },
      });
      try {
        const user = await registeredUser(context);
        for (const instance of [app(), second, app(), second, app()]) expect((await login(instance, user.email, 'wrong', '10.5.0.1')).statusCode).toBe(401);
        expect((await login(second, user.email, user.password1, '10.5.0.1')).statusCode).toBe(429);
        expect((await login(app(), user.email, user.password1, '10.5.0.1')).statusCode).toBe(429);
      } finally {
        await second.close();
      }
      context.clock.advance(16 * MINUTE_MS);
    });

    it('believes X-Forwarded-For from the proxies TRUST_PROXY names', async () => {
      const proxied = await buildTestApp({
        database: context.testDb.database,
        config: testConfig({ DATA_DIR: context.dataDir, TRUST_PROXY: '10.6.0.1' }),
        accounts: { passwordCost: TEST_PASSWORD_COST, now: context.clock.now },
      });
      try {
        const through = (client: string, email: string, password: string) =>
          post(proxied, '/api/v1/token/', { username: email, password }, { remoteAddress: '10.6.0.1', headers: { 'x-forwarded-for': client } });
        for (let attempt = 0; attempt < 50; attempt += 1) expect((await through('192.0.2.7', `p-${attempt}@example.org`, 'wrong')).statusCode).toBe(401);
        expect((await through('192.0.2.7', 'pupil@example.org', 'pupil-password')).statusCode).toBe(429);
        // Another client behind the same proxy is not affected.
        expect((await through('192.0.2.8', 'pupil@example.org', 'pupil-password')).statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
      context.clock.advance(16 * MINUTE_MS);
    });
  });

  describe('letters', () => {
    it('sends at most three reset letters an hour to an address, answering every request the same', async () => {
      const user = await registeredUser(context);
      const count = () => readOutbox(context.outbox).filter((letter) => letter.to === user.email).length;
      const before = count();
      for (let request = 0; request < 5; request += 1) {
        const response = await post(app(), '/api/v1/users/reset-password/', { email: user.email }, { remoteAddress: '10.7.0.1' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ detail: 'Если этот адрес зарегистрирован, мы отправили на него письмо с инструкциями.' });
      }
      await app().deps.accounts.lettersSent();
      expect(count() - before).toBe(3);
      context.clock.advance(61 * MINUTE_MS);
      await post(app(), '/api/v1/users/reset-password/', { email: user.email }, { remoteAddress: '10.7.0.1' });
      await letterTo(context, user.email);
      expect(count() - before).toBe(4);
    });

    it('re-sends a confirmation at most three times an hour, then says so', async () => {
      const payload = signupPayload();
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await post(app(), '/api/v1/users/', payload, { remoteAddress: '10.8.0.1' })).statusCode).toBe(201);
      const refused = await post(app(), '/api/v1/users/', payload, { remoteAddress: '10.8.0.1' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        detail: 'Письмо уже отправлялось на этот адрес несколько раз. Проверьте папку «Спам» или попробуйте снова через 60 минут.',
      });
      context.clock.advance(61 * MINUTE_MS);
      expect((await post(app(), '/api/v1/users/', payload, { remoteAddress: '10.8.0.1' })).statusCode).toBe(201);
    });

    it('counts the signups of a registered address like any other: three letters an hour, then the same 429', async () => {
      const user = await registeredUser(context);
      const fresh = signupPayload();
      const answers = async (email: string) => {
        const seen: string[] = [];
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const response = await post(app(), '/api/v1/users/', signupPayload({ email }), { remoteAddress: '10.8.1.1' });
          seen.push(`${response.statusCode} ${response.body}`);
        }
        return seen;
      };
      await app().deps.accounts.lettersSent();
      const before = readOutbox(context.outbox).filter((letter) => letter.to === user.email).length;
      // The registered address had its confirmation letter an hour ago as far as the limit knows.
      context.clock.advance(61 * MINUTE_MS);
      expect(await answers(user.email)).toEqual(await answers(fresh.email));
      await app().deps.accounts.lettersSent();
      expect(readOutbox(context.outbox).filter((letter) => letter.to === user.email).length - before).toBe(3);
    });

    it('queues exactly three confirmation letters of 20 parallel signups for one address', async () => {
      const payload = signupPayload();
      const statuses = (await Promise.all(Array.from({ length: 20 }, () => post(app(), '/api/v1/users/', payload, { remoteAddress: '10.8.2.1' })))).map(
        (response) => response.statusCode,
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(17);
      await app().deps.accounts.lettersSent();
      expect(readOutbox(context.outbox).filter((letter) => letter.to === payload.email)).toHaveLength(3);
      // The refused signups hold no slot of the client address's limit either.
      const [row] = await context.testDb.database.db.select({ times: authLimits.times }).from(authLimits).where(and(eq(authLimits.kind, 'mail-ip'), eq(authLimits.key, '10.8.2.1')));
      expect(row?.times).toHaveLength(3);
      context.clock.advance(61 * MINUTE_MS);
    });

    it('sends exactly three reset letters of 20 parallel requests for one address', async () => {
      const user = await registeredUser(context);
      await app().deps.accounts.lettersSent();
      const count = () => readOutbox(context.outbox).filter((letter) => letter.to === user.email && letter.text.includes('/user/reset-password/')).length;
      const responses = await Promise.all(Array.from({ length: 20 }, () => post(app(), '/api/v1/users/reset-password/', { email: user.email }, { remoteAddress: '10.8.3.1' })));
      expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
      await app().deps.accounts.lettersSent();
      expect(count()).toBe(3);
      context.clock.advance(61 * MINUTE_MS);
    });

    it('limits the requests that send letters per client address', async () => {
      for (let request = 0; request < 30; request += 1) {
        const response = await post(app(), '/api/v1/users/reset-password/', { email: `someone-${request}@example.org` }, { remoteAddress: '10.9.0.1' });
        expect(response.statusCode).toBe(200);
      }
      const refused = await post(app(), '/api/v1/users/', signupPayload(), { remoteAddress: '10.9.0.1' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ detail: string }>().detail).toMatch(/^Слишком много запросов на отправку писем\. Попробуйте снова через \d+ минут/);
      expect((await post(app(), '/api/v1/users/reset-password/', { email: 'x@example.org' }, { remoteAddress: '10.9.0.1' })).statusCode).toBe(429);
      expect((await post(app(), '/api/v1/users/', signupPayload(), { remoteAddress: '10.9.0.2' })).statusCode).toBe(201);
      context.clock.advance(61 * MINUTE_MS);
    });
  });

  describe('password change', () => {
    it('stops guessing the current password after five wrong ones', async () => {
      const user = await registeredUser(context);
      const { access } = (await login(app(), user.email, user.password1)).json<TokenPair>();
      const change = (oldPassword: string) =>
        post(app(), '/api/v1/users/update-password/', { oldPassword, newPassword1: 'Новый пароль 2030', newPassword2: 'Новый пароль 2030' }, { headers: bearer(access) });
      for (let attempt = 0; attempt < 5; attempt += 1) expect((await change(`guess-${attempt}`)).statusCode).toBe(400);
      const refused = await change(user.password1);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ detail: string }>().detail).toMatch(/^Слишком много попыток ввести текущий пароль/);
      context.clock.advance(15 * MINUTE_MS + 1000);
      expect((await change(user.password1)).statusCode).toBe(200);
    });

    it('checks exactly five of 40 parallel wrong current passwords', async () => {
      const user = await registeredUser(context);
      const { access } = (await login(app(), user.email, user.password1)).json<TokenPair>();
      const statuses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          post(app(), '/api/v1/users/update-password/', { oldPassword: `guess-${index}`, newPassword1: 'Новый пароль 2030', newPassword2: 'Новый пароль 2030' }, { headers: bearer(access) }),
        ),
      ).then((responses) => responses.map((response) => response.statusCode));
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      context.clock.advance(16 * MINUTE_MS);
    });

    it('checks exactly five of 40 parallel wrong current passwords of an e-mail change', async () => {
      const user = await registeredUser(context);
      const { access } = (await login(app(), user.email, user.password1)).json<TokenPair>();
      const me = (await app().inject({ url: '/api/v1/users/me/', headers: bearer(access) })).json<User>();
      const change = (currentPassword: string) =>
        app().inject({ method: 'PATCH', url: `/api/v1/disciples/${me.disciple}/`, headers: bearer(access), payload: { email: `moved-${me.id}@example.org`, currentPassword } });
      const responses = await Promise.all(Array.from({ length: 40 }, (_, index) => change(`guess-${index}`)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 400)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(35);
      expect(responses.find((response) => response.statusCode === 429)!.json<{ detail: string }>().detail).toMatch(/^Слишком много попыток ввести текущий пароль/);
      // The right password waits for the window like the password change form's.
      expect((await change(user.password1)).statusCode).toBe(429);
      context.clock.advance(16 * MINUTE_MS);
      expect((await change(user.password1)).statusCode).toBe(200);
    });
  });

  it('deletes rows idle for more than a day when it records new events', async () => {
    const db = context.testDb.database.db;
    // Pruning runs at most once a minute: the tests before may have just run it.
    context.clock.advance(2 * MINUTE_MS);
    const old = new Date(context.clock.now() - 25 * 60 * MINUTE_MS);
    await db.insert(authLimits).values({ kind: 'login-email', key: 'old@example.org', times: [old], lastAt: old });
    await login(app() as FastifyInstance, 'someone-new@example.org', 'wrong', '10.10.0.1');
    const keys = (await db.select({ key: authLimits.key }).from(authLimits)).map((row) => row.key);
    expect(keys).not.toContain('old@example.org');
    expect(keys).toContain('someone-new@example.org');
  });
});
