// Starts the real server (built site + API) on a fresh embedded database with the demo content. TEST_ENDPOINTS=1:
// its test-only endpoint (the reminders' sweep with a given clock, used by e2e/reminders.test.ts alone) and password
// hashes at the test cost (config.ts TEST_PASSWORD_COST), for the logins, sign-ups and seeded accounts alike.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** Stops the server and waits until it is gone, then deletes its data folder. */
  stop: () => Promise<void>;
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${url} did not become healthy`);
}

export function ensureBuilt(): void {
  if (!existsSync('dist/index.html') || process.env.E2E_REBUILD === '1') {
    // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}

/** `dataDir`: the server's data folder, deleted when it stops (a new one unless given). */
export async function startTestServer(extraEnv: Record<string, string> = {}, dataDir = mkdtempSync(join(tmpdir(), 'site-data-'))): Promise<TestServer> {
  ensureBuilt();
  const port = 18000 + Math.floor(Math.random() * 1000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('npx', ['tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      SEED_DEMO: '1',
      DATABASE_URL: '',
      TEST_ENDPOINTS: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  // The folder is removed only once every process of the server's group has exited (npx, tsx and the server): the
  // embedded database writes its files while it shuts down, and a folder removed under it fails with ENOTEMPTY (seen
  // on a slow machine).
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      if (child.pid) process.kill(-child.pid, name);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  const stop = async () => {
    if (signal('SIGTERM')) {
      const deadline = Date.now() + 10_000;
      while (signal(0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (signal('SIGKILL')) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await waitForHealth(baseUrl, Date.now() + 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}
