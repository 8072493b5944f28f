// The account state behind every token check, kept in memory: what it keeps, and that a change made anywhere (this
// process, the database directly, another process on the same PostgreSQL) ends the old tokens.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import type { UserAuthState } from '../src/repositories/accounts/usersRepository.ts';
import { AuthStateCache } from '../src/services/accounts/authStates.ts';
import { bearer, buildTestApp, ids, seedFixture } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';
import { eventually } from './eventually.ts';

const active: UserAuthState = { isActive: true, passwordChangedAt: new Date('2026-01-01T00:00:00Z') };

describe('AuthStateCache', () => {
  const listening = () => {
    const cache = new AuthStateCache(2);
    cache.setListening(true);
    return cache;
  };

  it('keeps a user’s state until that user is forgotten', async () => {
    const cache = listening();
    let loads = 0;
    const load = async () => (loads += 1, active);
    expect(await cache.get(1, load)).toEqual(active);
    expect(await cache.get(1, load)).toEqual(active);
    expect(loads).toBe(1);
    cache.forget(1);
    await cache.get(1, load);
    expect(loads).toBe(2);
  });

  it('keeps nothing while notices cannot arrive, nor an unknown user, nor what was read across a change', async () => {
    const offline = new AuthStateCache();
    await offline.get(1, async () => active);
    expect(offline.size).toBe(0);

    const cache = listening();
    expect(await cache.get(7, async () => null)).toBeNull();
    expect(cache.size).toBe(0);
    const read = cache.get(1, async () => {
      cache.forget(1);
      return active;
    });
    expect(await read).toEqual(active);
    expect(cache.size).toBe(0);
  });

  it('drops the oldest user beyond its size', async () => {
    const cache = listening();
    for (const id of [1, 2, 3]) await cache.get(id, async () => active);
    expect(cache.size).toBe(2);
    let loads = 0;
    await cache.get(1, async () => (loads += 1, active));
    expect(loads).toBe(1);
  });
});

describe.each(dbModes())('token checks with kept account states (%s)', (mode) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let accountReads = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    // Every read of an account state behind the cache is counted.
    const counted = new AuthStateCache();
    const get = counted.get.bind(counted);
    counted.get = (userId, load) => get(userId, () => ((accountReads += 1), load()));
    app = await buildTestApp({ database: testDb.database, authStateCache: counted });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
  });

  const me = (target: FastifyInstance, token: string) => target.inject({ url: '/api/v1/users/me/', headers: bearer(token) });
  const stampOf = async (userId: number) => (await testDb.database.db.select({ at: users.passwordChangedAt }).from(users).where(eq(users.id, userId)))[0]!.at;

  it('reads the account once for many requests of a logged-in caller', async () => {
    const token = await app.deps.tokens.sign(ids.users.anna, 'access', new Date(), await stampOf(ids.users.anna));
    const before = accountReads;
    for (let i = 0; i < 5; i++) expect((await me(app, token)).statusCode).toBe(200);
    expect(accountReads - before).toBe(1);
  });

  it('ends the old tokens when the account changes directly in the database, as another process would change it', async () => {
    const token = await app.deps.tokens.sign(ids.users.boris, 'access', new Date(), await stampOf(ids.users.boris));
    expect((await me(app, token)).statusCode).toBe(200);
    await testDb.database.db.update(users).set({ isActive: false }).where(eq(users.id, ids.users.boris));
    expect(await eventually(async () => (await me(app, token)).statusCode === 401)).toBe(true);

    await testDb.database.db.update(users).set({ isActive: true }).where(eq(users.id, ids.users.boris));
    expect(await eventually(async () => (await me(app, token)).statusCode === 200)).toBe(true);
    await testDb.database.db.execute(sql`UPDATE users SET password_changed_at = now() WHERE id = ${ids.users.boris}`);
    expect(await eventually(async () => (await me(app, token)).statusCode === 401)).toBe(true);
  });

  it.runIf(mode === 'postgres')('ends a token on a second app instance when the password changes through the first', async () => {
    const second: Database = openPostgres(testDb.url!, { poolSize: 2 });
    const other = await buildTestApp({ database: second });
    try {
      const token = await app.deps.tokens.sign(ids.users.pupil, 'access', new Date(), await stampOf(ids.users.pupil));
      expect(await eventually(async () => (await me(other, token)).statusCode === 200)).toBe(true);
      expect((await me(other, token)).statusCode).toBe(200);
      const changed = await app.deps.authStates.changePassword(ids.users.pupil, {
        expectedHash: (await testDb.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ids.users.pupil)))[0]!.hash,
        newHash: 'scrypt$replaced',
        changedAt: new Date(),
      });
      expect(changed).toBe(true);
      // This process forgets at once; the other hears the notice.
      expect((await me(app, token)).statusCode).toBe(401);
      expect(await eventually(async () => (await me(other, token)).statusCode === 401, 5000)).toBe(true);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
