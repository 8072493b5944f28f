// A mailing survives its server process: main.ts runs as a child on PostgreSQL, sending 500 letters to a slow SMTP
// stand-in. Stopped with SIGTERM in the middle and started again, it sends the rest and no letter twice; killed with
// kill -9 in the middle and started again, it sends the rest once the dead process's lease is over (only the few
// letters in flight at the kill, handed to the mail server but not yet marked sent, may arrive twice).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailings, mailingSubscriptions, users } from '../src/db/schema.ts';
import { DEFAULT_LETTER_QUEUE } from '../src/services/letters/letterQueue.ts';
import { UNUSABLE_PASSWORD } from '../src/services/accounts/passwords.ts';
import { createTokenService } from '../src/services/accounts/tokens.ts';
import { createCourse } from './enrollmentKit.ts';
import { eventually } from './eventually.ts';
import { seedFixture, TEST_JWT_SECRET } from './fixtures.ts';
import { startSmtpStandIn, type SmtpStandIn } from './smtpStandIn.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';
import { freePort } from './freePort.ts';

const SUBSCRIBERS = 500;


describe.skipIf(!process.env.TEST_DATABASE_URL)('a mailing across restarts of the server process (postgres)', () => {
  let testDb: TestDatabase;
  let smtp: SmtpStandIn;
  let courseId: number;
  let emails: string[];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mailing-restart-'));
  const children = new Set<ChildProcess>();
  const port = freePort();

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    await seedFixture(testDb.database.db);
    courseId = (await createCourse(testDb.database.db, { lessons: 1 })).id;
    const readers = await testDb.database.db
      .insert(users)
      .values(Array.from({ length: SUBSCRIBERS }, (_, index) => ({ email: `reader-${index + 1}@example.org`, passwordHash: UNUSABLE_PASSWORD, firstName: 'Читатель', lastName: `№${index + 1}`, isActive: true })))
      .returning({ id: users.id, email: users.email });
    await testDb.database.db.insert(mailingSubscriptions).values(readers.map((reader) => ({ userId: reader.id, courseId })));
    emails = readers.map((reader) => reader.email);
    smtp = await startSmtpStandIn();
    // About 200 letters a second over five connections: a mailing takes a few seconds.
    smtp.delayMs = 25;
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await smtp?.close();
    await testDb?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts main.ts on the test database; resolves once /healthz answers. */
  async function startServer() {
    const listenOn = await port;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: testDb.url!,
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        SMTP_URL: smtp.url,
        MAIL_LEASE_SECONDS: '2',
        SEED_DEMO: '0',
        PAYMENTS_SANDBOX: '0',
        LOG_LEVEL: 'warn',
        PORT: String(listenOn),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))));
    const base = `http://127.0.0.1:${listenOn}`;
    const up = await eventually(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 60_000);
    if (!up) throw new Error('the server did not start');
    return { child, base, exited };
  }

  async function startMailing(base: string, subject: string): Promise<number> {
    const token = await createTokenService(TEST_JWT_SECRET).sign(1, 'access');
    const response = await fetch(`${base}/api/v1/mutabo/courses/${courseId}/mailings/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ subject, text: 'Текст рассылки.', to: 'subscribers' }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { id: number }).id;
  }

  /** The recipients of the letters with this subject the mail server has taken, in order. */
  const deliveredOf = (subject: string) => smtp.received.filter((message) => message.data.includes(`Subject: ${subject}`)).flatMap((message) => message.to);
  const finished = async (id: number) => (await testDb.database.db.select({ at: mailings.finishedAt }).from(mailings).where(eq(mailings.id, id)))[0]?.at != null;

  it('sends the rest after a graceful stop and a start, and no letter twice', { timeout: 120_000 }, async () => {
    const first = await startServer();
    const id = await startMailing(first.base, 'Stop-and-start');
    expect(await eventually(async () => deliveredOf('Stop-and-start').length >= 100, 30_000)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const beforeRestart = deliveredOf('Stop-and-start').length;
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

    const second = await startServer();
    try {
      expect(await eventually(() => finished(id), 60_000)).toBe(true);
      const delivered = deliveredOf('Stop-and-start');
      expect(delivered).toHaveLength(SUBSCRIBERS);
      expect(new Set(delivered)).toEqual(new Set(emails));
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('sends the rest after kill -9 and a start, once the dead process’s lease is over', { timeout: 120_000 }, async () => {
    const first = await startServer();
    const id = await startMailing(first.base, 'Kill-and-start');
    expect(await eventually(async () => deliveredOf('Kill-and-start').length >= 100, 30_000)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(deliveredOf('Kill-and-start').length).toBeLessThan(SUBSCRIBERS);

    const second = await startServer();
    try {
      expect(await eventually(() => finished(id), 60_000)).toBe(true);
      const delivered = deliveredOf('Kill-and-start');
      expect(new Set(delivered)).toEqual(new Set(emails));
      // Only letters in flight at the kill (at most as many as are sent at once) can have been handed over twice.
      expect(delivered.length - SUBSCRIBERS).toBeLessThanOrEqual(DEFAULT_LETTER_QUEUE.concurrency);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
