// The database switch: embedded PGlite on disk by default, a node-postgres pool when DATABASE_URL is set.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, secureDataDir } from './dataDir.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of a Db, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or one of its transactions: the repositories that also run inside the services' transactions take either. */
export type Executor = Db | Tx;

export interface NotificationHandlers {
  onNotify: (payload: string) => void;
  /** Called with false when notifications may be missed (connection lost) and true once listening again. */
  onListening: (listening: boolean) => void;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Applies the committed migrations (server/src/db/migrations). */
  migrate(): Promise<void>;
  /** Runs fn while other server processes on the same database wait (migrations and the demo seed at start). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The same database in a fresh connection, this one closed. For PGlite this hands back the WebAssembly memory that
   * the start's migrations and demo seed grew (it never shrinks: about 450 MB on a first start); PostgreSQL answers itself.
   */
  fresh(): Promise<Database>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How many migrations the database has recorded as applied (none before the first). */
export async function appliedMigrations(database: Database): Promise<number> {
  const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [table] = await rows<{ present: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!table?.present) return 0;
  const [counted] = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`);
  return counted?.count ?? 0;
}

/** Any fixed number: the advisory lock that serialises migrations and seeding across processes. */
const STARTUP_LOCK_KEY = 7_320_518_264;

interface PgliteOptions {
  /** Do not wait for the file system to flush each commit (tests only: a crash may lose the last commits). */
  relaxedDurability?: boolean;
}

/**
 * The embedded database holds the demo and small schools: 32 MB of shared buffers (PGlite's default is 128 MB, all
 * of it resident) keep its whole working set and about 100 MB of the process's memory free.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { relaxedDurability: options.relaxedDurability ?? false, startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // PGlite is one connection in one process: nobody else can be migrating this directory.
    withStartupLock: (fn) => fn(),
    async listen(channel, { onNotify, onListening }) {
      const unlisten = await client.listen(channel, onNotify);
      onListening(true);
      return () => unlisten();
    },
    close: () => client.close(),
    async fresh() {
      await client.close();
      return openPglite(dataDir, options);
    },
  };
}

/** How long closing PostgreSQL's connections may wait for the server's side to end them. */
const CLOSE_WAIT_MS = 5_000;

interface PostgresOptions {
  poolSize?: number;
  /** Delay before re-opening a lost LISTEN connection. */
  reconnectDelayMs?: number;
  /** How long a new connection may take, handshake included, before it fails. */
  connectTimeoutMs?: number;
  /** How long one statement may run: the server cancels it, and the client gives up a little later on its own. */
  statementTimeoutMs?: number;
}

/** A database that accepts connections but never answers must fail requests and the start, not hang them. */
const DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 30_000 };

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const connectionTimeoutMillis = options.connectTimeoutMs ?? DATABASE_TIMEOUTS.connectMs;
  const statementTimeout = options.statementTimeoutMs ?? DATABASE_TIMEOUTS.statementMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis,
    statement_timeout: statementTimeout,
    // The server's own timeout cannot fire when the server is what hangs.
    query_timeout: statementTimeout + 2_000,
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it. A client checked out (a
  // transaction, the startup lock) that loses it between two queries emits 'error' too, where the pool does not listen:
  // each client gets a listener of its own for its whole life (the next query on it fails, and is reported, anyway).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePostgres({ client: pool, schema });
  let notices: ReturnType<typeof listenConnection> | null = null;
  const database: Database = {
    kind: 'postgres',
    db: db as unknown as Db,
    async migrate() {
      // A connection of its own, without the statement timeout: a migration may rightly take long.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
      // A connection lost mid-migration fails the awaited statement; the event itself must not end the process.
      client.on('error', () => {});
      await client.connect();
      try {
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
    async withStartupLock(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        // Tried, not awaited in one statement: the wait for another process's migration is not one long query.
        while (!(await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [STARTUP_LOCK_KEY])).rows[0]!.locked) await sleep(100);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => (broken = true));
        }
      } finally {
        // A connection whose unlock failed is dropped, and its session's lock with it.
        client.release(broken);
      }
    },
    async listen(channel, handlers) {
      notices ??= listenConnection(url, options.reconnectDelayMs ?? 1000, connectionTimeoutMillis);
      return notices.add(channel, handlers);
    },
    async close() {
      // Bounded: a connection whose stream was cut in the middle of a message (a network that dropped bytes) never
      // gets the server's goodbye, and pg's end() would wait for it for ever (timeouts.test.ts found it). What is
      // left after CLOSE_WAIT_MS is dropped with the process or its sockets.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
      await Promise.race([Promise.all([notices?.close(), pool.end()]), deadline]);
      clearTimeout(timer);
    },
    fresh: async () => database,
  };
  return database;
}

/**
 * One dedicated connection per process holding LISTEN for every channel asked for (the pool cannot hold a
 * LISTEN), re-opened after it drops; every listener hears when notices may have been missed and when they flow again.
 */
function listenConnection(url: string, delayMs: number, connectionTimeoutMillis: number) {
  const channels = new Map<string, Set<NotificationHandlers>>();
  let stopped = false;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const everyone = () => [...channels.values()].flatMap((handlers) => [...handlers]);

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis, keepAlive: true });
    next.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? []) handlers.onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      for (const handlers of everyone()) handlers.onListening(false);
      next.end().catch(() => {});
      if (!stopped) timer = setTimeout(retry, delayMs);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    for (const channel of channels.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    for (const handlers of everyone()) handlers.onListening(true);
  };
  const retry = () => {
    timer = null;
    connecting = connect()
      .catch(() => {
        if (!stopped) timer = setTimeout(retry, delayMs);
      })
      .finally(() => (connecting = null));
  };

  return {
    async add(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>> {
      stopped = false;
      const known = channels.get(channel);
      channels.set(channel, new Set([...(known ?? []), handlers]));
      if (connecting) await connecting;
      if (client) {
        if (!known) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        handlers.onListening(true);
      } else if (!timer) {
        // The first listener opens the connection (and fails like any other connection when the server is away).
        connecting = connect().finally(() => (connecting = null));
        await connecting;
      }
      return async () => {
        const current = channels.get(channel);
        current?.delete(handlers);
        if (current?.size === 0) {
          channels.delete(channel);
          await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
        }
        // Nobody listens any more: the connection closes, and opens again for the next listener.
        if (channels.size === 0) await this.close();
      };
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}

/** The embedded database that releases DATA_DIR's lock when it closes (and keeps it across `fresh`). */
function lockedBy(database: Database, lock: { release(): void }, dataDir: string): Database {
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
    async fresh() {
      const next = await database.fresh();
      secureDataDir(dataDir);
      return lockedBy(next, lock, dataDir);
    },
  };
}

/**
 * The configured database. DATA_DIR is made the server user's only, and the embedded database is this process's
 * alone: a second process on the same DATA_DIR fails here with DataDirInUseError (released on close).
 */
export async function openDatabase(
  config: { databaseUrl: string | null; pgliteDir: string; dataDir: string },
  options: { beforeCreating?: () => Promise<void> } = {},
): Promise<Database> {
  secureDataDir(config.dataDir, { create: !config.databaseUrl });
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = lockDataDir(config.dataDir);
  try {
    // `beforeCreating` runs under the lock when the embedded database does not exist yet (startDatabase.ts creates it
    // in a child process).
    if (options.beforeCreating && !existsSync(path.join(config.pgliteDir, 'PG_VERSION'))) await options.beforeCreating();
    const database = await openPglite(config.pgliteDir);
    // PGlite unpacks its files readable and writable by anyone, whatever the umask.
    secureDataDir(config.dataDir);
    return lockedBy(database, lock, config.dataDir);
  } catch (error) {
    lock.release();
    throw error;
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const UNREACHABLE_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * A failure of the database rather than of the request: it cannot be reached, does not answer, is shutting down,
 * has no connection left, or cancelled a statement that ran too long. The API answers 503 for these.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300', '57014'].includes(code))) return true;
    if (UNREACHABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}
