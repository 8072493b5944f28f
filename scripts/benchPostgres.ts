// What the benchmarks share about PostgreSQL and their figures: a scratch database of their own on the machine's
// server (BENCH_DATABASE_URL, dropped after the run) when it is reachable, and percentiles.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Runs `measure` on a new empty database named `<prefix>_<random>`, dropped afterwards. Without a reachable server
 * it measures nothing and answers the note the report prints instead.
 */
export async function onScratchDatabase<T>(prefix: string, measure: (url: string) => Promise<T>): Promise<{ result: T } | { note: string }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  if (!(await reachable(adminUrl))) return { note: `PostgreSQL at ${new URL(adminUrl).host} was not reachable: only the embedded database was measured.` };
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return { result: await measure(url.toString()) };
  } finally {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  }
}

/** The p-th percentile of values sorted ascending (nearest rank); 0 for none. */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
