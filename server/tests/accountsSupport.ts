// Helpers of the account tests: an app with its own outbox and clock, and the requests of the account flows.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { SignupPayload, TokenPair } from '../../common/wireTypes.ts';
import type { AccountLimits } from '../src/services/accounts/limits.ts';
import type { Mailer } from '../src/services/letters/mail.ts';
import { buildTestApp, seedFixture, testConfig } from './fixtures.ts';
export { bearer } from './fixtures.ts';
import { linkIn, linkParams, waitForLetter, waitForLetters, type Letter } from './mailbox.ts';
import { createTestDatabase, type DbMode, type TestDatabase } from './testDb.ts';

/** The origin of links in letters; requests are sent with another Host to prove links never come from it. */
export const PUBLIC_URL = 'https://mutabor.example';
export const TEST_PASSWORD_COST = 2 ** 10;

export interface Clock {
  now: () => number;
  advance: (ms: number) => void;
}

export function testClock(start = Date.now()): Clock {
  let current = start;
  return { now: () => current, advance: (ms) => (current += ms) };
}

export interface AccountsContext {
  app: FastifyInstance;
  testDb: TestDatabase;
  dataDir: string;
  outbox: string;
  clock: Clock;
  close: () => Promise<void>;
}

export async function startAccountsApp(
  mode: DbMode,
  options: { limits?: Partial<AccountLimits>; env?: NodeJS.ProcessEnv; mailer?: Mailer; logLines?: string[] } = {},
): Promise<AccountsContext> {
  const testDb = await createTestDatabase(mode);
  await seedFixture(testDb.database.db);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'accounts-test-'));
  const clock = testClock();
  const app = await buildTestApp({
    database: testDb.database,
    config: testConfig({ DATA_DIR: dataDir, PUBLIC_URL, ...(options.logLines ? { LOG_LEVEL: 'info' } : {}), ...options.env }),
    mailer: options.mailer,
    ...(options.logLines ? { logStream: { write: (line: string) => void options.logLines!.push(line) } } : {}),
    accounts: { passwordCost: TEST_PASSWORD_COST, now: clock.now, limits: options.limits },
  });
  return {
    app,
    testDb,
    dataDir,
    outbox: path.join(dataDir, 'outbox'),
    clock,
    async close() {
      await app.close();
      await testDb.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** A valid signup for a fresh address; the year makes a minor (the latest option). */
export function signupPayload(overrides: Partial<SignupPayload> = {}): SignupPayload {
  counter += 1;
  return {
    email: `learner-${counter}-${process.pid}@example.org`,
    password1: 'Зелёный чайник 42',
    password2: 'Зелёный чайник 42',
    firstName: 'Мария',
    lastName: 'Соколова',
    agreement: true,
    yearOfBirth: new Date().getFullYear() - 8,
    ...overrides,
  };
}

export interface PostOptions {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A JSON POST; the Host header is a stranger's, which no link may use. */
export function post(app: FastifyInstance, url: string, payload: unknown, options: PostOptions = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: { host: 'evil.example', ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

export async function login(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') {
  return post(app, '/api/v1/token/', { username, password }, { remoteAddress });
}

export async function loginTokens(app: FastifyInstance, username: string, password: string): Promise<TokenPair> {
  const response = await login(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenPair>();
}

/** The newest letter to `to` once at least `count` letters are in the outbox. */
export async function letterTo(context: AccountsContext, to: string, count = 1): Promise<Letter> {
  await context.app.deps.accounts.lettersSent();
  await waitForLetters(context.outbox, count);
  return waitForLetter(context.outbox, (letter) => letter.to === to);
}

/** Signs up and confirms through the letter; returns the payload used. */
export async function registeredUser(context: AccountsContext, overrides: Partial<SignupPayload> = {}): Promise<SignupPayload> {
  const payload = signupPayload(overrides);
  const signup = await post(context.app, '/api/v1/users/', payload);
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.statusCode} ${signup.body}`);
  await context.app.deps.accounts.lettersSent();
  const letter = await waitForLetter(context.outbox, (item) => item.to === payload.email && item.text.includes('/user/confirm-signup/'));
  const confirm = await post(context.app, '/api/v1/users/registration-confirm/', linkParams(linkIn(letter, '/user/confirm-signup/')));
  if (confirm.statusCode !== 200) throw new Error(`confirmation failed: ${confirm.statusCode} ${confirm.body}`);
  return payload;
}
