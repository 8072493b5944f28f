// The SQL of the link-preview pictures (table og_images, migration 0019), and the two reads of an uploaded cover they
// are made from.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ogImages, uploads } from '../db/schema.ts';

export function createOgImagesRepository(db: Db) {
  return {
    async find(key: string): Promise<Buffer | null> {
      const [row] = await db.select({ data: ogImages.data }).from(ogImages).where(eq(ogImages.key, key));
      return row?.data ?? null;
    },

    async exists(key: string): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(ogImages).where(eq(ogImages.key, key));
      return row !== undefined;
    },

    /** Stores a picture unless another process stored the same key meanwhile (same key, same picture). */
    async insert(key: string, data: Buffer): Promise<void> {
      await db.insert(ogImages).values({ key, data }).onConflictDoNothing({ target: ogImages.key });
    },

    /** An uploaded file's content hash and type, without its bytes; null when there is no such upload. */
    async uploadDigest(uploadKey: string): Promise<{ sha256: string; contentType: string } | null> {
      const [row] = await db.select({ sha256: uploads.sha256, contentType: uploads.contentType }).from(uploads).where(eq(uploads.key, uploadKey));
      return row ?? null;
    },

    async uploadData(uploadKey: string): Promise<Buffer | null> {
      const [row] = await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.key, uploadKey));
      return row?.data ?? null;
    },
  };
}

export type OgImagesRepository = ReturnType<typeof createOgImagesRepository>;
