// The server process: reads the config, opens and prepares the database, starts Fastify on PORT, and stops
// gracefully on SIGTERM/SIGINT (no new connections, requests in flight finish, a page that still had to ask the API
// answers 503 with Retry-After, then the database closes); a second signal ends it at once, and a stop that outlasts the grace period is ended whatever the main thread is doing.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { PRODUCTION_SWEEPS } from './backgroundWork.ts';
import { loadConfigOrExit } from './config.ts';
import { isDatabaseUnavailable, type Database } from './db/client.ts';
import { startDatabase } from './db/startDatabase.ts';
import { serializeError } from './http/requestLog.ts';
import { logDestination } from './logDestination.ts';
import { startShutdownWatchdog } from './shutdownWatchdog.ts';
import { reportConfigurationGaps, reportSellerGaps } from './startupReport.ts';

const distDir = fileURLToPath(new URL('../../dist', import.meta.url));
/** After this long the requests still running are abandoned and the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/** If the process is still there this long after the forced exit was due, its main thread is stuck: it is killed. */
const WATCHDOG_MARGIN_MS = 1_000;

const config = loadConfigOrExit();
let database: Database | null = null;
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
try {
  const started = await startDatabase(config);
  database = started.database;
  const seeded = started.seeded;
  // A test server (TEST_ENDPOINTS) hashes passwords at the test cost, as its seed did (config.ts testPasswordCost).
  const accounts = config.passwordCost === null ? undefined : { passwordCost: config.passwordCost };
  // The letter worker and the periodic sweeps start with the app and stop when it closes (backgroundWork.ts).
  app = await buildApp({ config, database, distDir, logStream: logDestination(process.stdout, stdoutBroken), accounts, sweeps: PRODUCTION_SWEEPS });
  if (seeded) app.log.info({ seeded }, 'demo content loaded into the empty database');
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)' }, 'server started');
  reportConfigurationGaps(config, app.log);
  await reportSellerGaps(app.deps.db, config, app.log).catch((error: unknown) => app!.log.warn({ err: error }, "the seller's details could not be checked at start"));
  if (config.testEndpoints) app.log.warn('TEST_ENDPOINTS is on: POST /api/v1/test/reminders/sweep/ moves the reminders\' clock, passwords are hashed at a test cost (tests only)');
} catch (error) {
  process.stderr.write(`${startFailure(error)}\n`);
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  process.exit(1);
}

/** One line: DATA_DIR taken by another process, a database that does not answer, or whatever else failed. */
function startFailure(error: unknown): string {
  // As logged: a failed query's message carries its parameters (the demo seed's password hashes among them).
  const { message } = serializeError(error);
  if (isDatabaseUnavailable(error)) return `The server could not start: the database (DATABASE_URL) cannot be reached or does not answer (${message})`;
  return `The server could not start: ${message}`;
}

/** Once: stdout failed (its reader went away), so the log goes nowhere from now on; stderr may still be read. */
function stdoutBroken(error: unknown) {
  // stderr may be the same broken pipe: its failure must not end the process as an uncaught error.
  process.stderr.on('error', () => {});
  process.stderr.write(`The log on stdout stopped: writing to it failed (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`);
}

const stopSignals = ['SIGINT', 'SIGTERM'] as const;
function stop(signal: NodeJS.Signals) {
  // First of all: the forced exit below is a timer of the main thread, and a worker thread kills the process if even
  // that cannot run (long work that does not yield, a write that never returns), however the rest of the stop goes.
  startShutdownWatchdog(SHUTDOWN_GRACE_MS + WATCHDOG_MARGIN_MS);
  // A second SIGTERM or SIGINT ends the process at once, whatever it is doing: without a listener Node leaves the
  // signal to its default action, which the kernel carries out even while the main thread is stuck.
  for (const name of stopSignals) process.off(name, stop);
  app!.log.info({ signal }, 'stopping: no new connections, waiting for the requests in flight');
  const forced = setTimeout(() => {
    app!.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms were abandoned`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  void app!
    .close()
    .then(() => database!.close())
    .then(
      () => {
        clearTimeout(forced);
        app!.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        app!.log.error({ err: error }, 'the shutdown failed');
        process.exit(1);
      },
    );
}
for (const signal of stopSignals) process.on(signal, stop);
