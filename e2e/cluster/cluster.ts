// Three server processes on one fresh PostgreSQL database and one S3-compatible store for the recordings, behind nginx
// on loopback, and everything taken down again: processes, nginx, the store, the temporary directory and the
// database, also when a step fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt } from '../support/testServer.ts';
import { freePort } from '../../server/tests/freePort.ts';
import { startS3StandIn, type S3StandIn } from '../../server/tests/recordingsS3StandIn.ts';
import { startBotApiStandIn, type BotApiStandIn } from '../../server/tests/telegramStandIn.ts';
import { localDeployedNginx, nginxArgs, nginxBinary, nginxMainConfig } from '../../scripts/deployedNginx.ts';
import { serverNodeArgs } from '../../scripts/serverCommand.ts';

export interface ClusterServer {
  /** The process's own address, bypassing the proxy. */
  url: string;
  dataDir: string;
  /** Its process id, which is also its process group's: a test may stop one process. */
  pid: number;
  /** Written with the exit code (or the signal) when the process ends. */
  exitFile: string;
}

export interface Cluster {
  proxyUrl: string;
  servers: ClusterServer[];
  databaseUrl: string;
  /** The stand-in of Telegram's Bot API the processes talk to, and the webhook's secret. */
  telegram: { url: string; webhookSecret: string };
  stop(): Promise<void>;
}

const PROCESSES = 3;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';


async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, child: ChildProcess, name: string, logFile: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited early:\n${tail(logFile)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} in time:\n${tail(logFile)}`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Spawns a command in its own process group, output to a log file; `stop` ends the whole group. */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = openSync(logFile, 'a');
  try {
    const child = spawn(command, args, { env, stdio: ['ignore', log, log], detached: true });
    // A command that cannot be started is reported by the caller's wait; it must not crash the runner.
    child.on('error', () => {});
    return child;
  } finally {
    closeSync(log);
  }
}

/** Stops the process group: SIGTERM, then SIGKILL after 12 s. Resolves to the exit code, or the signal that ended it. */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
  const ended = () => child.exitCode ?? child.signalCode;
  if (!child.pid || ended() !== null) return ended() ?? 'not started';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      // already gone
    }
  };
  kill(signal);
  const forced = setTimeout(() => kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(forced);
  return ended()!;
}

export async function startCluster(): Promise<Cluster> {
  ensureBuilt();
  const root = mkdtempSync(path.join(tmpdir(), 'cluster-'));
  const databaseName = `cluster_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
  const serverChildren: ChildProcess[] = [];
  let nginx: ChildProcess | null = null;
  let store: S3StandIn | null = null;
  let botApi: BotApiStandIn | null = null;
  const webhookSecret = randomBytes(16).toString('hex');
  let databaseCreated = false;
  let stopped: Promise<void> | null = null;

  const killAllNow = () => {
    for (const child of [...serverChildren, nginx]) {
      if (!child) continue;
      if (child.pid && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  };
  // If the test runner itself is stopped, no process is left behind.
  process.once('exit', killAllNow);

  const stop = () =>
    (stopped ??= (async () => {
      // nginx first, so that nothing new reaches the servers; then the servers finish their requests and close.
      if (nginx) await stopProcess(nginx);
      const exits = await Promise.all(serverChildren.map((child) => stopProcess(child)));
      process.removeListener('exit', killAllNow);
      await store?.stop().catch(() => {});
      await botApi?.close().catch(() => {});
      if (databaseCreated) await adminQuery(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`).catch(() => {});
      const logs = serverChildren.map((_, index) => tail(path.join(root, `server-${index + 1}.log`)));
      rmSync(root, { recursive: true, force: true });
      // A server stops on SIGTERM by finishing its requests and closing its connections, and exits with 0.
      const unclean = exits.map((exit, index) => ({ exit, log: logs[index] })).filter(({ exit }) => exit !== 0 && exit !== 'not started');
      if (unclean.length > 0) throw new Error(`server processes did not stop cleanly on SIGTERM:\n${unclean.map(({ exit, log }) => `exit ${exit}:\n${log}`).join('\n')}`);
    })());

  try {
    await adminQuery(`CREATE DATABASE ${pg.escapeIdentifier(databaseName)}`).catch((error: Error) => {
      throw new Error(`npm run test:cluster needs PostgreSQL (TEST_DATABASE_URL, else ${ADMIN_URL}): ${error.message}`);
    });
    databaseCreated = true;
    // The processes have folders of their own: a recording uploaded through one is served by the others from S3.
    store = await startS3StandIn();
    const recordings = store.settings;
    const bot = (botApi = await startBotApiStandIn());

    const ports = await Promise.all(Array.from({ length: PROCESSES + 2 }, freePort));
    const redirectPort = ports.pop()!;
    const proxyPort = ports.pop()!;
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const servers: ClusterServer[] = ports.map((port, index) => ({ url: `http://127.0.0.1:${port}`, dataDir: path.join(root, `data-${index + 1}`),
      pid: 0,
      exitFile: path.join(root, `server-${index + 1}.exit`),
    }));

    // All three start at once, as after a deploy: migrations and the demo seed must happen exactly once.
    const { JWT_SECRET: _inherited, ...inherited } = process.env;
    const started = servers.map((server, index) => {
      const logFile = path.join(root, `server-${index + 1}.log`);
      // Node itself runs the server, with tsx as its loader, as `npm run serve` and deploy/webinar-courses@.service
      // do: the tsx command would be a second process that relays signals and, when the server is slow to
      // acknowledge one, kills it (exit 143) instead of letting it finish its requests.
      const child = startProcess(
        process.execPath,
        serverNodeArgs(),
        {
          ...inherited,
          NODE_ENV: 'production',
          PORT: new URL(server.url).port,
          HOST: '127.0.0.1',
          DATA_DIR: server.dataDir,
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: proxyUrl,
          PAYMENTS_SANDBOX: '1',
          SEED_DEMO: '1',
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SMTP_URL: '',
          RECORDINGS_STORAGE: 's3',
          S3_ENDPOINT: recordings.endpoint,
          S3_BUCKET: recordings.bucket,
          S3_ACCESS_KEY_ID: recordings.accessKeyId,
          S3_SECRET_ACCESS_KEY: recordings.secretAccessKey,
          S3_REGION: recordings.region,
          TELEGRAM_BOT_TOKEN: bot.token,
          TELEGRAM_BOT_USERNAME: bot.username,
          TELEGRAM_API_URL: bot.url,
          TELEGRAM_WEBHOOK_SECRET: webhookSecret,
        },
        logFile,
      );
      serverChildren.push(child);
      server.pid = child.pid ?? 0;
      child.once('exit', (code, signal) => writeFileSync(server.exitFile, String(code ?? signal)));
      return { child, logFile, server };
    });
    const deadline = Date.now() + 120_000;
    await Promise.all(started.map(({ child, logFile, server }, index) => waitFor(`${server.url}/healthz`, child, `server ${index + 1}`, logFile, deadline)));

    const nginxDir = path.join(root, 'nginx');
    mkdirSync(nginxDir);
    // deploy/nginx.conf itself before the processes. Its recordings' folder is empty here: the recordings are in S3,
    // so every check answers 403 and the process's own route answers with the redirect to the store.
    const site = localDeployedNginx({
      appPorts: servers.map((server) => Number(new URL(server.url).port)),
      port: proxyPort,
      redirectPort,
      dataDir: nginxDir,
      cacheDir: path.join(nginxDir, 'recording-checks'),
      showUpstream: true,
    });
    writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxMainConfig(nginxDir, site));
    // Where nginxArgs sends nginx's errors.
    const nginxLog = path.join(nginxDir, 'error.log');
    nginx = startProcess(nginxBinary(), nginxArgs(nginxDir), process.env, path.join(nginxDir, 'stdout.log'));
    const proxy = nginx;
    await new Promise<void>((resolve, reject) => {
      proxy.once('error', (error) => reject(new Error(`nginx could not be started (${error.message}); install it, e.g. apt-get install nginx`)));
      proxy.once('spawn', () => resolve());
    });
    await waitFor(`${proxyUrl}/healthz`, proxy, 'nginx', nginxLog, Date.now() + 20_000);

    return { proxyUrl, servers, databaseUrl, telegram: { url: bot.url, webhookSecret }, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
