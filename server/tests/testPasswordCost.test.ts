// The test servers' password cost (issue 24, item 9): a server started with TEST_ENDPOINTS=1 (the browser journeys')
// hashes at config.ts's TEST_PASSWORD_COST, and its demo seed too; without the flag, and never with DATABASE_URL
// (production), the cost is the full one of services/accounts/passwords.ts.
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, TEST_PASSWORD_COST, testPasswordCost } from '../src/config.ts';
import { demoContent } from '../src/db/demo/content.ts';
import * as t from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

const cwd = path.join(os.tmpdir(), 'webinar-courses-test-data');

describe('the password cost of a test server', () => {
  it('is the test cost with TEST_ENDPOINTS on the embedded database, the full cost (null) otherwise', () => {
    expect(TEST_PASSWORD_COST).toBe(2 ** 10);
    expect(loadConfig({ TEST_ENDPOINTS: '1' }, cwd).passwordCost).toBe(TEST_PASSWORD_COST);
    expect(loadConfig({ TEST_ENDPOINTS: 'yes' }, cwd).passwordCost).toBe(TEST_PASSWORD_COST);
    expect(loadConfig({}, cwd).passwordCost).toBeNull();
    expect(loadConfig({ TEST_ENDPOINTS: '0' }, cwd).passwordCost).toBeNull();
    expect(loadConfig({ TEST_ENDPOINTS: '0', DATABASE_URL: 'postgres://db/app' }, cwd).passwordCost).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://db/app' }, cwd).passwordCost).toBeNull();
    // loadConfig refuses the flag with DATABASE_URL; the seed's own reading of the environment does not lower it either.
    expect(testPasswordCost({ TEST_ENDPOINTS: '1', DATABASE_URL: 'postgres://db/app' })).toBeNull();
    expect(testPasswordCost({ TEST_ENDPOINTS: 'maybe' })).toBeNull();
    expect(testPasswordCost({})).toBeNull();
  });

  describe('the demo seed of a server started with TEST_ENDPOINTS=1', () => {
    let testDb: TestDatabase;

    beforeAll(async () => {
      testDb = await createTestDatabase('pglite');
      await testDb.database.migrate();
    });

    afterEach(() => {
      vi.unstubAllEnvs();
    });

    afterAll(async () => {
      await testDb?.destroy();
    });

    it('hashes the accounts at the test cost, so that their logins check at the cost the server hashes with', async () => {
      vi.stubEnv('TEST_ENDPOINTS', '1');
      vi.stubEnv('DATABASE_URL', '');
      await seedDemo(testDb.database.db, demoContent);
      const hashes = (await testDb.database.db.select({ hash: t.users.passwordHash }).from(t.users)).map((row) => row.hash);
      const usable = hashes.filter((hash) => hash.startsWith('scrypt$'));
      expect(usable).toHaveLength(demoContent.accounts.length);
      for (const hash of usable) expect(hash).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST}\\$8\\$3\\$`));
    });
  });
});
