// The child process of startDatabase.ts: creates the new embedded database in PREPARE_PGLITE_DIR (initdb), runs the
// migrations and, with PREPARE_SEED_DEMO=1, loads the demo content, then closes it and answers the seed summary (or
// the failure) to its parent, which holds DATA_DIR's lock meanwhile and moves the directory into place.
import { serializeError } from '../http/requestLog.ts';
import { openPglite } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const dir = process.env.PREPARE_PGLITE_DIR;
if (!dir || !process.send) throw new Error('prepareChild.ts runs as the child of startDatabase.ts only.');
const send = (message: unknown) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
// A parent that died (or gave up on us) leaves nobody to use the database: stop at once.
process.on('disconnect', () => process.exit(1));

let failed = false;
try {
  const database = await openPglite(dir);
  try {
    const seeded = await prepareDatabase(database, {
      demoContent: process.env.PREPARE_SEED_DEMO === '1' ? async () => (await import('./demo/content.ts')).demoContent : undefined,
    });
    await send({ seeded });
  } finally {
    await database.close();
  }
} catch (error) {
  failed = true;
  // As logged: a failed query's message carries its parameters (the seed's password hashes among them).
  await send({ error: serializeError(error).message });
}
// The scrypt workers of the seed would keep the process alive.
process.exit(failed ? 1 : 0);
