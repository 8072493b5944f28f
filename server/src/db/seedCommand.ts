// `npm run seed`: migrates the configured database and loads the demo content if it is empty (whatever SEED_DEMO
// says: running it is the explicit request). The embedded database must not be open in a running server.
import { loadConfigOrExit } from '../config.ts';
import { serializeError } from '../http/requestLog.ts';
import { openDatabase, type Database } from './client.ts';
import { isDatabaseEmpty, seedDemo } from './seed.ts';

const config = loadConfigOrExit();
let database: Database | null = null;
try {
  const opened = (database = await openDatabase(config));
  const { db } = opened;
  await opened.withStartupLock(async () => {
    await opened.migrate();
    if (!(await isDatabaseEmpty(db))) {
      process.stdout.write('The database already holds data: the demo content was not loaded.\n');
      return;
    }
    const { demoContent } = await import('./demo/content.ts');
    const summary = await seedDemo(db, demoContent);
    process.stdout.write(`Demo content loaded: ${JSON.stringify(summary)}\n`);
  });
} catch (error) {
  // Without the failed query's parameters, which hold the demo accounts' password hashes.
  process.stderr.write(`Seeding failed: ${serializeError(error).message}\n`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
