// One signing secret per site: without JWT_SECRET it is generated once into the database, so every process on it
// (each with its own DATA_DIR) accepts the others' tokens and test-checkout links; an old DATA_DIR/jwt-secret is adopted.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { serverSecrets } from '../src/db/schema.ts';
import { sharedSigningSecret } from '../src/services/accounts/signingSecret.ts';
import { createTokenService } from '../src/services/accounts/tokens.ts';
import { buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

describe.each(dbModes())('signing secret (%s)', (mode) => {
  let testDb: TestDatabase;
  const opened: { close(): Promise<unknown> }[] = [];
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-secret-'));
    dirs.push(dir);
    return dir;
  };
  /** Another process on the same database: its own pool on PostgreSQL; PGlite allows only one, so the same handle. */
  const otherHandle = (): Database => {
    if (mode === 'pglite') return testDb.database;
    const database = openPostgres(testDb.url!, { poolSize: 2 });
    opened.push(database);
    return database;
  };
  const app = async (database: Database, dir = dataDir()): Promise<FastifyInstance> => {
    const built = await buildTestApp({ database, config: testConfig({ JWT_SECRET: '', DATA_DIR: dir }) });
    opened.unshift(built);
    return built;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
  });

  afterEach(async () => {
    for (const item of opened.splice(0)) await item.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    await testDb.database.db.delete(serverSecrets);
  });

  afterAll(async () => {
    await testDb?.destroy();
  });

  it('lets a second process with another DATA_DIR accept the first one\'s tokens and test-checkout links', async () => {
    const first = await app(testDb.database);
    const second = await app(otherHandle());
    const token = await first.deps.tokens.sign(ids.users.pupil, 'access');
    expect(await second.deps.tokens.verify(token, 'access')).toMatchObject({ userId: ids.users.pupil });
    const response = await second.inject({ url: '/api/v1/participants/', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    expect(second.deps.providers.sandbox.verifyKey(42, first.deps.providers.sandbox.keyFor(42))).toBe(true);
    // A restart keeps it too.
    await first.close();
    const restarted = await app(testDb.database);
    expect(await restarted.deps.tokens.verify(token, 'access')).not.toBeNull();
  });

  it('is generated once when processes start together', async () => {
    const handles = Array.from({ length: 6 }, () => otherHandle());
    const results = await Promise.all(handles.map((handle) => sharedSigningSecret(handle.db, dataDir())));
    expect(new Set(results.map((result) => result.secret)).size).toBe(1);
    expect(results[0]!.secret.length).toBeGreaterThanOrEqual(32);
    expect(await testDb.database.db.select().from(serverSecrets)).toHaveLength(1);
  });

  it('prefers JWT_SECRET and then stores nothing', async () => {
    const secret = 's'.repeat(40);
    const configured = await buildTestApp({ database: testDb.database, config: testConfig({ JWT_SECRET: secret, DATA_DIR: dataDir() }) });
    opened.unshift(configured);
    expect(await configured.deps.tokens.verify(await createTokenService(secret).sign(ids.users.pupil, 'access'), 'access')).not.toBeNull();
    expect(await testDb.database.db.select().from(serverSecrets)).toHaveLength(0);
  });

  it('adopts an existing DATA_DIR/jwt-secret once, so nobody is logged out by the upgrade', async () => {
    const old = 'an-old-generated-secret-that-was-kept-in-data-dir';
    const dir = dataDir();
    writeFileSync(path.join(dir, 'jwt-secret'), `${old}\n`, { mode: 0o600 });
    const oldToken = await createTokenService(old).sign(ids.users.pupil, 'access');
    const upgraded = await app(testDb.database, dir);
    expect(await upgraded.deps.tokens.verify(oldToken, 'access')).not.toBeNull();
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
    // Another process's file, found after the database already holds a secret, changes nothing.
    const otherDir = dataDir();
    writeFileSync(path.join(otherDir, 'jwt-secret'), `${'z'.repeat(48)}\n`);
    const other = await app(otherHandle(), otherDir);
    expect(await other.deps.tokens.verify(oldToken, 'access')).not.toBeNull();
    expect(existsSync(path.join(otherDir, 'jwt-secret'))).toBe(false);
  });
});
