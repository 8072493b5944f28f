// Brings a database up to date at start: migrations, then the demo content when asked and the database is empty.
import type { Database } from './client.ts';
import type { DemoContent } from './demo/types.ts';
import { isDatabaseEmpty, seedDemo, type SeedSummary } from './seed.ts';

interface PrepareOptions {
  /** Loaded only when seeding is needed, so a normal start does not import the demo content. */
  demoContent?: () => Promise<DemoContent>;
}

export async function prepareDatabase(database: Database, options: PrepareOptions = {}): Promise<SeedSummary | null> {
  return database.withStartupLock(async () => {
    await database.migrate();
    if (!options.demoContent || !(await isDatabaseEmpty(database.db))) return null;
    return seedDemo(database.db, await options.demoContent());
  });
}
