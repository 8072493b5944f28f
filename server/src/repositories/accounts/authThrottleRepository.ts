// Limited events (failed logins, password checks, letters) per kind and key: one row holding the times of the
// events still in the window, so that counting and recording one more is a single upsert under the row's lock.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authLimits } from '../../db/schema.ts';

interface Window {
  /** The most events the window holds. */
  max: number;
  /** Events at or after this moment are in the window. */
  since: Date;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The stored times still in the window with `at` appended, the newest `max` of them, oldest first. */
const keptWith = (at: Date, { max, since }: Window) => sql`ARRAY(
  SELECT t FROM (SELECT t FROM unnest(${authLimits.times} || ${timestamp(at)}) AS t WHERE t >= ${timestamp(since)} ORDER BY t DESC LIMIT ${max}) AS kept
  ORDER BY t)`;

/** The stored times of this kind and key, oldest first (some may have left the window). */
export async function throttleTimes(db: Executor, kind: string, key: string): Promise<Date[]> {
  const [row] = await db
    .select({ times: authLimits.times })
    .from(authLimits)
    .where(and(eq(authLimits.kind, kind), eq(authLimits.key, key)));
  return row?.times ?? [];
}

/**
 * Records an event at `at` if fewer than `max` are in the window, counting and recording in one statement: of
 * any number of parallel takes exactly as many succeed as the window has room for. True when it was recorded.
 */
export async function takeThrottle(db: Executor, kind: string, key: string, at: Date, window: Window): Promise<boolean> {
  const taken = await db
    .insert(authLimits)
    .values({ kind, key, times: [at], lastAt: at })
    .onConflictDoUpdate({
      target: [authLimits.kind, authLimits.key],
      set: { times: keptWith(at, window), lastAt: at },
      setWhere: sql`(SELECT count(*) FROM unnest(${authLimits.times}) AS t WHERE t >= ${timestamp(window.since)}) < ${window.max}`,
    })
    .returning({ kind: authLimits.kind });
  return taken.length > 0;
}

/** Removes one event recorded at `at` (a taken slot that turned out not to count). */
export async function releaseThrottle(db: Executor, kind: string, key: string, at: Date): Promise<void> {
  const position = sql`array_position(${authLimits.times}, ${timestamp(at)})`;
  await db
    .update(authLimits)
    .set({ times: sql`${authLimits.times}[:${position} - 1] || ${authLimits.times}[${position} + 1:]` })
    .where(and(eq(authLimits.kind, kind), eq(authLimits.key, key), sql`${position} IS NOT NULL`));
}

export async function clearThrottle(db: Executor, kind: string, key: string): Promise<void> {
  await db.delete(authLimits).where(and(eq(authLimits.kind, kind), eq(authLimits.key, key)));
}

/** Clears every key of this kind that starts with `prefix`. */
export async function clearThrottlePrefix(db: Executor, kind: string, prefix: string): Promise<void> {
  await db.delete(authLimits).where(and(eq(authLimits.kind, kind), sql`starts_with(${authLimits.key}, ${prefix})`));
}

/** Deletes the rows whose newest event is older than `before`: they count nowhere any more. */
export async function pruneThrottle(db: Executor, before: Date): Promise<void> {
  await db.delete(authLimits).where(lt(authLimits.lastAt, before));
}
