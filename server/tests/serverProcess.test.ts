// The server process (main.ts) as an operator meets it: one process per embedded database, DATA_DIR for its user
// only, a graceful stop, a clear line when the database does not answer, production defaults on PostgreSQL, and
// migrations that two processes starting together run once.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../../scripts/serverCommand.ts';
import { appliedMigrations, openPostgres } from '../src/db/client.ts';
import { lockFile } from '../src/db/dataDir.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { courses, users } from '../src/db/schema.ts';
import { fixtureContent } from './fixtures.ts';
import { dbModes, ensureTemplate } from './testDb.ts';
import { freePort } from './freePort.ts';

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  errors: () => string[];
  exited: Promise<number | null>;
}


/** Servers still running: a failed test must not leave them behind. */
const children = new Set<ChildProcess>();

/** Starts main.ts; resolves once /healthz answers 200 or the process has exited. */
/** Starts the server and waits until it answers (or exits); `waitMs` waits only that long instead. */
async function startServer(env: NodeJS.ProcessEnv, options: { waitMs?: number } = {}): Promise<Running> {
  const port = await freePort();
  // As `npm run serve` starts it: the memory this file measures depends on Node's options.
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: { ...process.env, JWT_SECRET: '', SEED_DEMO: '', PAYMENTS_SANDBOX: '', SMTP_URL: '', DATABASE_URL: '', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  let exitCode: number | null | undefined;
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve((exitCode = code));
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.waitMs ?? 90_000);
  if (options.waitMs !== undefined) await new Promise((resolve) => setTimeout(resolve, options.waitMs));
  while (exitCode === undefined && Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    child,
    base,
    exited,
    output: () => stdout,
    errors: () => stderr.split('\n').filter((line) => line.trim() && !line.includes('ExperimentalWarning') && !line.includes('--trace-warnings')),
  };
}

const stop = async (server: Running) => {
  server.child.kill('SIGTERM');
  return server.exited;
};

/** Stops the server and expects a clean exit; a failure shows what the process said last. */
const stopCleanly = async (server: Running) => {
  const code = await stop(server);
  expect(code, [...server.errors(), ...server.output().trimEnd().split('\n').slice(-12)].join('\n')).toBe(0);
};

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

afterAll(async () => {
  await Promise.all(
    [...children].map((child) => {
      child.kill('SIGKILL');
      return new Promise((resolve) => child.once('exit', resolve));
    }),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Files in DATA_DIR that anyone but their owner may read, write or enter. */
function openToOthers(dir: string): string[] {
  return [dir, ...readdirSync(dir, { recursive: true }).map((entry) => path.join(dir, String(entry)))].filter((file) => {
    const stat = lstatSync(file);
    return !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0;
  });
}

/**
 * WebAssembly memories alive in a process (Linux /proc): V8 puts each in a reservation of several GB whose unused
 * part is mapped without access, so each is a readable and writable anonymous mapping followed by an inaccessible one
 * of 1 GB or more.
 */
function webAssemblyMemories(pid: number): number {
  const maps = readFileSync(`/proc/${pid}/maps`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [range = '', perms = '', , , inode = '', name] = line.split(/\s+/);
      const [start = 0, end = 0] = range.split('-').map((hex) => parseInt(hex, 16));
      return { size: end - start, perms, anonymous: inode === '0' && !name };
    });
  return maps.filter((map, index) => {
    const next = maps[index + 1];
    // The heaps' own reservations look alike but hold a few MB at most; PGlite's memory starts at 128 MB.
    return map.anonymous && map.perms === 'rw-p' && map.size >= 2 ** 26 && next?.anonymous && next.perms === '---p' && next.size >= 2 ** 30;
  }).length;
}

describe('the embedded database belongs to one process', () => {
  it('locks DATA_DIR, keeps it for the server user only, stops gracefully and takes over a stale lock', async () => {
    const dataDir = path.join(tempDir('webinar-courses-process-'), 'var');
    // An install made before: the directory and a file in it open to everyone.
    mkdirSync(dataDir, { mode: 0o777 });
    chmodSync(dataDir, 0o777);
    writeFileSync(path.join(dataDir, 'old-letter.eml'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'old-letter.eml'), 0o666);
    // A migrated database (its files as PGlite leaves them, open to everyone) instead of a slow first initdb.
    cpSync(await ensureTemplate(), path.join(dataDir, 'pgdata'), { recursive: true });

    const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    expect((await fetch(`${first.base}/healthz`)).status, first.errors().join('\n')).toBe(200);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(existsSync(lockFile(dataDir))).toBe(true);

    const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    expect(await second.exited).toBe(1);
    expect(second.errors()).toEqual([expect.stringMatching(new RegExp(`^The server could not start: DATA_DIR ${dataDir} is in use by another server process \\(pid ${first.child.pid}\\)`))]);
    expect((await fetch(`${first.base}/healthz`)).status).toBe(200);

    // A request in flight when SIGTERM comes still gets its answer; the lock is released at exit.
    const port = Number(new URL(first.base).port);
    const socket: Socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ username: 'nobody@example.org', password: 'wrong-password' });
    socket.write(`POST /api/v1/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`);
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(fetch(`${first.base}/healthz`)).rejects.toThrow();
    socket.write(body.slice(10));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(await first.exited).toBe(0);
    expect(existsSync(lockFile(dataDir))).toBe(false);

    // A lock left by a process that died without releasing it does not keep the next start out.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lockFile(dataDir), `${dead} 1\n`);
    const third = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    expect((await fetch(`${third.base}/healthz`)).status, third.errors().join('\n')).toBe(200);
    await stopCleanly(third);
  }, 240_000);

  it('creates a new embedded database with the demo content in a child process, so the server keeps none of its memory', async () => {
    const server = await startServer({ DATA_DIR: path.join(tempDir('webinar-courses-process-'), 'var'), SEED_DEMO: '1' });
    expect((await fetch(`${server.base}/healthz`)).status, server.errors().join('\n')).toBe(200);
    expect(server.output()).toContain('demo content loaded into the empty database');
    expect(((await (await fetch(`${server.base}/api/v1/courses/`)).json()) as unknown[]).length).toBeGreaterThan(0);
    // Peak resident memory: initdb, the migrations and the seed in this process took it to about 990 MB.
    const peakMb = Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024;
    expect(peakMb).toBeLessThan(600);
    // The server opened the child's database once: a second PGlite, closed but not yet collected, kept its
    // WebAssembly memory (about 50 MB resident) until the next full garbage collection.
    expect(webAssemblyMemories(server.child.pid!)).toBe(1);
    await stopCleanly(server);
  }, 120_000);

  it('stopped while it creates the database, leaves no child behind and no half-made database for the next start', async () => {
    const dataDir = path.join(tempDir('webinar-courses-process-'), 'var');
    const creators = () =>
      readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('prepareChild.ts') && readFileSync(`/proc/${pid}/environ`, 'utf8').includes(dataDir);
          } catch {
            return false;
          }
        });
    const starting = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1' }, { waitMs: 2500 });
    starting.child.kill('SIGTERM');
    expect(await starting.exited).not.toBe(0);
    // Killed at once, but a process dies only when its disk writes in flight end: with the other test files writing
    // their databases beside it, that has taken over 10 s on CI. A child that outlived its server would finish
    // and move its database into place, which the next line finds. The state in /proc says which it was.
    const state = (pid: string) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').slice(0, 1);
      } catch {
        return 'gone';
      }
    };
    const states = () => creators().map(state);
    await expect.poll(creators, { timeout: 30_000, message: `creators left, in states ${states().join(', ')}` }).toEqual([]);
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);

    const next = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '1' });
    expect((await fetch(`${next.base}/healthz`)).status, next.errors().join('\n')).toBe(200);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pgdata.'))).toEqual([]);
    await stopCleanly(next);
  }, 200_000);
});

describe('a database that accepts connections and never answers', () => {
  it('fails the start with one clear line instead of hanging', async () => {
    const held = new Set<Socket>();
    const silent = createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const started = Date.now();
      const server = await startServer({ DATA_DIR: tempDir('webinar-courses-process-'), DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/app` });
      expect(await server.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(server.errors()).toEqual([expect.stringMatching(/^The server could not start: the database \(DATABASE_URL\) cannot be reached or does not answer \(.+\)$/)]);
      expect(server.errors().join('')).not.toContain('hunter2');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 40_000);
});

describe.runIf(dbModes().includes('postgres'))('on PostgreSQL', () => {
  const created: string[] = [];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  /** A new, empty database: no migrations run. */
  const freshDatabase = async () => {
    const name = `test_fresh_${Math.random().toString(16).slice(2, 10)}`;
    await admin(`CREATE DATABASE ${name}`);
    created.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  afterAll(async () => {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('runs the migrations and the seed once when two processes start together', async () => {
    const url = await freshDatabase();
    const handles = [openPostgres(url, { poolSize: 2 }), openPostgres(url, { poolSize: 2 })];
    try {
      const results = await Promise.all(handles.map((handle) => prepareDatabase(handle, { demoContent: async () => fixtureContent })));
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      expect(await handles[0]!.db.select().from(courses)).toHaveLength(fixtureContent.courses.length);
      expect(await appliedMigrations(handles[1]!)).toBe(readdirSync(path.join('server', 'src', 'db', 'migrations')).filter((file) => file.endsWith('.sql')).length);
    } finally {
      for (const handle of handles) await handle.close();
    }
  }, 60_000);

  it('loads no demo content and offers no test checkout unless asked; says so in the log', async () => {
    const url = await freshDatabase();
    const production = await startServer({ DATA_DIR: tempDir('webinar-courses-process-'), DATABASE_URL: url });
    try {
      expect((await fetch(`${production.base}/healthz`)).status, production.errors().join('\n')).toBe(200);
      expect(await (await fetch(`${production.base}/api/v1/courses/`)).json()).toEqual([]);
      const errors = production
        .output()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level >= 50)
        .map((line) => line.msg);
      expect(errors).toEqual([
        expect.stringMatching(/^YooKassa has no keys \(YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY are not set\)/),
        expect.stringMatching(/^PayPal has no keys \(PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are not set\)/),
        expect.stringMatching(/^SMTP_URL is not set: letters .* are not being sent/),
      ]);
    } finally {
      await stopCleanly(production);
    }
    const demo = await startServer({ DATA_DIR: tempDir('webinar-courses-process-'), DATABASE_URL: url, SEED_DEMO: '1' });
    try {
      expect(((await (await fetch(`${demo.base}/api/v1/courses/`)).json()) as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await stopCleanly(demo);
    }
    const check = openPostgres(url, { poolSize: 1 });
    try {
      expect((await check.db.select().from(users)).length).toBeGreaterThan(0);
    } finally {
      await check.close();
    }
  }, 120_000);
});
