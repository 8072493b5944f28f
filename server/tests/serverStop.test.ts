// The server process stops when told, whatever its log reader does: a process manager that sends SIGTERM after the
// reader of the server's stdout went away (journald restarted, a pipe to a log shipper closed) must not find the
// process still there, and a second SIGTERM ends a stop that takes too long at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../../scripts/serverCommand.ts';
import { freePort } from './freePort.ts';
import { ensureTemplate } from './testDb.ts';

const children = new Set<ChildProcess>();
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(
    [...children].map((child) => {
      child.kill('SIGKILL');
      return new Promise((resolve) => child.once('exit', resolve));
    }),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  base: string;
  /** The exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals | null>;
  stderr: () => string;
}

/** Starts the server as `npm run serve` does, its stdout and stderr to pipes, on a copy of the migrated template. */
async function startServer(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-stop-'));
  dirs.push(dataDir);
  mkdirSync(path.join(dataDir, 'var'), { mode: 0o700 });
  cpSync(await ensureTemplate(), path.join(dataDir, 'var', 'pgdata'), { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      JWT_SECRET: '',
      SEED_DEMO: '0',
      PAYMENTS_SANDBOX: '',
      SMTP_URL: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(dataDir, 'var'),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? signal);
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (!gone && Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { child, base, exited, stderr: () => stderr };
}

/** Resolves with the exit (code or signal), or with 'still running' after `ms`. */
const exitWithin = (server: Started, ms: number) =>
  Promise.race([server.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms).unref())]);

describe('stopping the server process', () => {
  it('ends within the grace period after SIGTERM when the reader of its stdout has gone away', async () => {
    const server = await startServer();
    expect((await fetch(`${server.base}/healthz`)).status, server.stderr()).toBe(200);
    // A page load writes its request lines to stdout.
    await (await fetch(`${server.base}/courses/`)).arrayBuffer();
    await (await fetch(`${server.base}/api/v1/courses/`)).arrayBuffer();
    // The log reader goes away: every write to stdout from now on fails with EPIPE.
    server.child.stdout!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    server.child.kill('SIGTERM');
    // Gracefully (0), not by the forced exit (1) or the watchdog's SIGKILL after 11 s.
    expect(await exitWithin(server, 12_000)).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.stderr()).toContain('The log on stdout stopped: writing to it failed (EPIPE)');
  }, 120_000);

  it('ends at once on a second SIGTERM while it waits for a request in flight', async () => {
    const server = await startServer();
    expect((await fetch(`${server.base}/healthz`)).status, server.stderr()).toBe(200);
    // A request whose body never comes keeps the graceful stop waiting (up to the 10 s grace).
    const socket: Socket = connect(Number(new URL(server.base).port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v1/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user');
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    // Still stopping: the request in flight is waited for.
    expect(await exitWithin(server, 1000)).toBe('still running');
    const second = Date.now();
    server.child.kill('SIGTERM');
    // Killed by the signal's default action: nothing of the process had to run for it.
    expect(await exitWithin(server, 3000)).toBe('SIGTERM');
    expect(Date.now() - second).toBeLessThan(3000);
    socket.destroy();
  }, 120_000);
});
