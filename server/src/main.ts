// The server process: reads the config, opens and prepares the database, starts Fastify on PORT.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { startExpirySweep } from './services/payments/completion.ts';
import { reportConfigurationGaps } from './startupReport.ts';

const distDir = fileURLToPath(new URL('../../dist', import.meta.url));

const config = loadConfigOrExit();
const database = await openDatabase(config);
let app: Awaited<ReturnType<typeof buildApp>> | null = null;
let stopSweep = () => {};
try {
  const seeded = await prepareDatabase(database, {
    demoContent: config.seedDemo ? async () => (await import('./db/demo/content.ts')).demoContent : undefined,
  });
  app = await buildApp({ config, database, distDir });
  if (seeded) app.log.info({ seeded }, 'demo content loaded into the empty database');
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL (DATABASE_URL)' }, 'server started');
  reportConfigurationGaps(config, app.log);
  // Holds lapse without any notification: released every minute (and lazily on the payer's next request).
  stopSweep = startExpirySweep(app.payments, 60_000);
} catch (error) {
  process.stderr.write(`The server could not start: ${(error as Error).message}\n`);
  await app?.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app!.log.info({ signal }, 'stopping');
    stopSweep();
    const forced = setTimeout(() => process.exit(1), 10_000).unref();
    void app!
      .close()
      .then(() => database.close())
      .then(() => {
        clearTimeout(forced);
        process.exit(0);
      });
  });
}
