// The SQL of uploaded files (table uploads): stored once per address, read back by address.
import { and, count, eq, gte, min, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;
type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'createdAt'>;

/** Stores the file unless the same address (same content, same name) is already there; its id when it was new. */
export async function insertUpload(tx: Tx, upload: NewUpload): Promise<number | null> {
  const [inserted] = await tx.insert(uploads).values(upload).onConflictDoNothing({ target: uploads.key }).returning({ id: uploads.id });
  return inserted?.id ?? null;
}

/** The first key of the advisory locks that serialise one user's uploads (the second is the user id). */
const UPLOADS_LOCK_SPACE = 8_001;

/**
 * How many files and bytes the user stored at or after `since`, and when the oldest of them was stored. With `lock`,
 * first takes the user's upload lock until the transaction ends, so a count and the insert after it are one step.
 */
export async function uploadsOfUserSince(tx: Tx | Db, userId: number, since: Date, lock = false): Promise<{ files: number; bytes: number; oldest: Date | null }> {
  if (lock) await tx.execute(sql`SELECT pg_advisory_xact_lock(${UPLOADS_LOCK_SPACE}, ${userId})`);
  const [row] = await tx
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${uploads.size}), 0)`, oldest: min(uploads.createdAt) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, since)));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0), oldest: row?.oldest ?? null };
}

export async function findUploadByKey(db: Executor, key: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row ?? null;
}
