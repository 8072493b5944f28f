// `npm run seed`: migrates the configured database and loads the demo content if it is empty.
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from './client.ts';
import { isDatabaseEmpty, seedDemo } from './seed.ts';

const config = loadConfigOrExit();
const database = await openDatabase(config);
try {
  await database.withStartupLock(async () => {
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) {
      process.stdout.write('The database already holds data: the demo content was not loaded.\n');
      return;
    }
    const { demoContent } = await import('./demo/content.ts');
    const summary = await seedDemo(database.db, demoContent);
    process.stdout.write(`Demo content loaded: ${JSON.stringify(summary)}\n`);
  });
} catch (error) {
  process.stderr.write(`Seeding failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
