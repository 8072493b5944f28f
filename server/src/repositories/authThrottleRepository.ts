// Recent limited events (failed logins, letters) per kind and key, counted within a time window.
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authThrottle } from '../db/schema.ts';

export function createAuthThrottleRepository(db: Db) {
  return {
    /** When the events of this kind and key at or after `since` happened, oldest first. */
    async times(kind: string, key: string, since: Date, limit = 1000): Promise<Date[]> {
      const rows = await db
        .select({ at: authThrottle.createdAt })
        .from(authThrottle)
        .where(and(eq(authThrottle.kind, kind), eq(authThrottle.key, key), gte(authThrottle.createdAt, since)))
        .orderBy(asc(authThrottle.createdAt))
        .limit(limit);
      return rows.map((row) => row.at);
    },

    async record(events: { kind: string; key: string }[], at: Date, pruneBefore: Date): Promise<void> {
      await db.insert(authThrottle).values(events.map((event) => ({ ...event, createdAt: at })));
      // Old events no longer count anywhere; the index on created_at makes this cheap when there are none.
      await db.delete(authThrottle).where(lt(authThrottle.createdAt, pruneBefore));
    },

    async clear(kind: string, key: string): Promise<void> {
      await db.delete(authThrottle).where(and(eq(authThrottle.kind, kind), eq(authThrottle.key, key)));
    },
  };
}

export type AuthThrottleRepository = ReturnType<typeof createAuthThrottleRepository>;
