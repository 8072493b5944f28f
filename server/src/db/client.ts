// The database switch: embedded PGlite on disk by default, a node-postgres pool when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

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
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: the advisory lock that serialises migrations and seeding across processes. */
const STARTUP_LOCK_KEY = 7_320_518_264;

export interface PgliteOptions {
  /** Do not wait for the file system to flush each commit (tests only: a crash may lose the last commits). */
  relaxedDurability?: boolean;
}

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { relaxedDurability: options.relaxedDurability ?? false });
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
  };
}

export interface PostgresOptions {
  poolSize?: number;
  /** Delay before re-opening a lost LISTEN connection. */
  reconnectDelayMs?: number;
}

export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema });
  let notices: ReturnType<typeof listenConnection> | null = null;
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    async withStartupLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, handlers) {
      notices ??= listenConnection(url, options.reconnectDelayMs ?? 1000);
      return notices.add(channel, handlers);
    },
    async close() {
      await notices?.close();
      await pool.end();
    },
  };
}

/**
 * One dedicated connection per process holding LISTEN for every channel asked for (the pool cannot hold a
 * LISTEN), re-opened after it drops; every listener hears when notices may have been missed and when they flow again.
 */
function listenConnection(url: string, delayMs: number) {
  const channels = new Map<string, Set<NotificationHandlers>>();
  let stopped = false;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const everyone = () => [...channels.values()].flatMap((handlers) => [...handlers]);

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
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

export async function openDatabase(config: { databaseUrl: string | null; pgliteDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.pgliteDir);
}
