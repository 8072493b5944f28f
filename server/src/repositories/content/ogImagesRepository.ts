// The SQL of the link-preview pictures (table og_images, migration 0019), and the two reads of an uploaded cover they
// are made from.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ogImages, uploads } from '../../db/schema.ts';

export async function findOgImage(db: Executor, key: string): Promise<Buffer | null> {
  const [row] = await db.select({ data: ogImages.data }).from(ogImages).where(eq(ogImages.key, key));
  return row?.data ?? null;
}

export async function ogImageExists(db: Executor, key: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(ogImages).where(eq(ogImages.key, key));
  return row !== undefined;
}

/** Stores a picture unless another process stored the same key meanwhile (same key, same picture). */
export async function insertOgImage(db: Executor, key: string, data: Buffer): Promise<void> {
  await db.insert(ogImages).values({ key, data }).onConflictDoNothing({ target: ogImages.key });
}

/** An uploaded file's content hash and type, without its bytes; null when there is no such upload. */
export async function uploadDigest(db: Executor, uploadKey: string): Promise<{ sha256: string; contentType: string } | null> {
  const [row] = await db.select({ sha256: uploads.sha256, contentType: uploads.contentType }).from(uploads).where(eq(uploads.key, uploadKey));
  return row ?? null;
}

export async function uploadData(db: Executor, uploadKey: string): Promise<Buffer | null> {
  const [row] = await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.key, uploadKey));
  return row?.data ?? null;
}
