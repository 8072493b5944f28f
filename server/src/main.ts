// The server process: reads the config, opens and prepares the database, starts Fastify on PORT, and stops
// gracefully on SIGTERM/SIGINT (no new connections, requests in flight finish, a page that still had to ask the API
// answers 503 with Retry-After, then the database closes); a second signal ends it at once, and a stop that outlasts the grace period is ended whatever the main thread is doing.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { isDatabaseUnavailable, type Database } from './db/client.ts';
import { startDatabase } from './db/startDatabase.ts';
import { serializeError } from './http/requestLog.ts';
import { logDestination } from './logDestination.ts';
import { startReminderSweep } from './services/schedule/lessonReminders.ts';
import { startCheckoutReminderSweep } from './services/payments/checkoutReminders.ts';
import { settlementsWanted, startSettlementSweep } from './services/payments/settlements.ts';
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
let stopSweep = () => {};
let stopReminders = async () => {};
let stopSettlements = async () => {};
let stopCheckoutReminders = async () => {};
try {
  const started = await startDatabase(config);
  database = started.database;
  const seeded = started.seeded;
  // A test server (TEST_ENDPOINTS) hashes passwords at the test cost, as its seed did (config.ts testPasswordCost).
  const accounts = config.passwordCost === null ? undefined : { passwordCost: config.passwordCost };
  app = await buildApp({ config, database, distDir, logStream: logDestination(process.stdout, stdoutBroken), accounts });
  if (seeded) app.log.info({ seeded }, 'demo content loaded into the empty database');
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)' }, 'server started');
  reportConfigurationGaps(config, app.log);
  await reportSellerGaps(app.deps.db, config, app.log).catch((error: unknown) => app!.log.warn({ err: error }, "the seller's details could not be checked at start"));
  // Holds lapse without any notification: released every minute (and lazily on the payer's next request).
  stopSweep = app.deps.paymentFollowUps.startExpirySweep(60_000);
  // Reminders 24 hours and 1 hour before each lesson: queued by whichever process sweeps first, each once.
  stopReminders = startReminderSweep(app.deps, 60_000);
  // One reminder of a checkout left cancelled or expired, CHECKOUT_REMINDER_HOURS after it (0: none): each once.
  stopCheckoutReminders = startCheckoutReminderSweep({ db: app.deps.db, log: app.log, hours: config.checkoutReminderHours }, 60_000);
  // Settlement receipts of prepaid lessons once given (RECEIPTS=yookassa; payments made with full_prepayment): each once.
  if (settlementsWanted(config.yookassa?.receipts)) {
    stopSettlements = startSettlementSweep({ db: app.deps.db, log: app.log, provider: app.deps.providers.bySystem.yookassa }, 60_000);
  }
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
  stopSweep();
  const sweeping = Promise.all([stopReminders(), stopSettlements(), stopCheckoutReminders()]);
  const forced = setTimeout(() => {
    app!.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms were abandoned`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  void Promise.all([sweeping, app!.close()])
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
