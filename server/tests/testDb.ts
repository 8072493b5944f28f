// Fresh migrated databases for server tests: a copy of one PGlite template, or a new PostgreSQL database.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  const template = path.join(os.tmpdir(), TEMPLATE_PREFIX + templateKey());
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
  const dir = await mkdtemp(path.join(os.tmpdir(), 'webinar-courses-test-'));
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

// ---- PostgreSQL: a new database per test file, created from TEST_DATABASE_URL and dropped afterwards.

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { poolSize: 4, reconnectDelayMs: 100 });
  await database.migrate();
  return {
    mode: 'postgres',
    database,
    url: url.toString(),
    async destroy() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    },
  };
}
