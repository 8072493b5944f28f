// Fresh migrated databases for server tests: a copy of one PGlite template, or a new PostgreSQL database.
import { createHash, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../src/db/client.ts';

export type DbMode = 'pglite' | 'postgres';

export interface TestDatabase {
  mode: DbMode;
  database: Database;
  /** The PostgreSQL URL of this database (postgres mode only): other processes can connect to it. */
  url: string | null;
  /** Closes the database and deletes it. */
  destroy(): Promise<void>;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function dbModes(): DbMode[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createTestDatabase(mode: DbMode): Promise<TestDatabase> {
  return mode === 'pglite' ? createPgliteDatabase() : createPostgresDatabase();
}

// ---- PGlite: initdb takes seconds, so it runs once into a template directory that each test file copies.

/**
 * Where the template and the copies live: memory (/dev/shm) where the machine has it. A copy is some 40 MB and every
 * test file makes one or more; on the disk, with other test processes writing, copying and opening one took 4 to 15 s.
 */
const TEST_DB_ROOT = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
})();

/** Changes whenever the migrations or the PGlite version change, so a stale template is never used. */
function templateKey(): string {
  const hash = createHash('sha256');
  // The package's exports hide its package.json from require(): read the file.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageJson = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  hash.update(readFileSync(packageJson));
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'webinar-courses-pglite-template-';

/** A migrated PGlite data directory to copy (built once per migration set). */
export async function ensureTemplate(): Promise<string> {
  const template = path.join(TEST_DB_ROOT, TEMPLATE_PREFIX + templateKey());
  const lock = `${template}.lock`;
  for (let attempt = 0; ; attempt += 1) {
    if (existsSync(template)) return template;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another test process is building it; a lock older than two minutes was left by a crash.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 120_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (existsSync(template)) return template;
      const building = `${template}.building-${process.pid}`;
      await rm(building, { recursive: true, force: true });
      const database = await openPglite(building);
      await database.migrate();
      await database.close();
      await rename(building, template);
      await removeOldTemplates(template);
      return template;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

async function removeOldTemplates(current: string) {
  const dir = path.dirname(current);
  for (const name of readdirSync(dir)) {
    if (name.startsWith(TEMPLATE_PREFIX) && path.join(dir, name) !== current && !name.includes('.')) {
      await rm(path.join(dir, name), { recursive: true, force: true }).catch(() => {});
    }
  }
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplate();
  const dir = await mkdtemp(path.join(TEST_DB_ROOT, 'webinar-courses-test-'));
  await cp(template, dir, { recursive: true });
  const database = await openPglite(dir, { relaxedDurability: true });
  return {
    mode: 'pglite',
    database,
    url: null,
    async destroy() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---- PostgreSQL: a new database per test file, copied from a migrated template database and dropped afterwards.
// Running the migrations took about 3 s a file; CREATE DATABASE … TEMPLATE copies the migrated one in a fraction.

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function adminQuery(sql: string) {
  await withAdmin((client) => client.query(sql));
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const PG_TEMPLATE_PREFIX = 'test_template_';
/** Any fixed number: the advisory lock under which one test process builds the template database. */
const PG_TEMPLATE_LOCK = 7_320_518_265;
let pgTemplate: Promise<string> | null = null;

/** The name of a migrated database to copy, built by the first test process that needs it (per migration set). */
function ensurePostgresTemplate(): Promise<string> {
  pgTemplate ??= withAdmin(async (admin) => {
    const name = PG_TEMPLATE_PREFIX + templateKey();
    await admin.query('SELECT pg_advisory_lock($1)', [PG_TEMPLATE_LOCK]);
    try {
      const present = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (present.rowCount) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(building)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(building)}`);
      const database = openPostgres(databaseUrl(building), { poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(building)} RENAME TO ${pg.escapeIdentifier(name)}`);
      // Templates of other migration sets; one still being copied from is left for the next run.
      const old = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%' AND datname <> $1`, [name]);
      for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)}`).catch(() => {});
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [PG_TEMPLATE_LOCK]);
    }
  });
  pgTemplate.catch(() => (pgTemplate = null));
  return pgTemplate;
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt += 1) {
    const template = await ensurePostgresTemplate();
    try {
      await adminQuery(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
      break;
    } catch (error) {
      // A test run of another migration set dropped this template as old: build it again.
      if ((error as { code?: string }).code !== '3D000' || attempt > 0) throw error;
      pgTemplate = null;
    }
  }
  const url = databaseUrl(name);
  const database = openPostgres(url, { poolSize: 4, reconnectDelayMs: 100 });
  return {
    mode: 'postgres',
    database,
    url,
    async destroy() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}
