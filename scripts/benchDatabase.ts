// The fresh databases of the benchmarks that measure one process against each database (bench:mailing,
// bench:telegram): an embedded one in a temporary folder, or a new database on a PostgreSQL server, dropped after.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/src/db/client.ts';

/** Whether a PostgreSQL server answers at `server` within 2 s. */
export async function postgresReachable(server: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `run` on a migrated fresh database with a data folder of its own: PGlite when `server` is null, else a new
 * database on that PostgreSQL server. Everything is removed after. `name` names the folder and the database.
 */
export async function onFreshDatabase<T>(name: string, server: string | null, run: (database: Database, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  if (server === null) {
    const database = await openPglite(path.join(dataDir, 'pgdata'));
    try {
      await database.migrate();
      return await run(database, dataDir);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const databaseName = `${name.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(databaseName)}`);
  const url = new URL(server);
  url.pathname = `/${databaseName}`;
  const database = openPostgres(url.toString());
  try {
    await database.migrate();
    return await run(database, dataDir);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
