// The SQL of uploaded files (table uploads): stored once per address, read back by address.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { Tx } from './mutaboCoursesRepository.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'createdAt'>;

/** Stores the file unless the same address (same content, same name) is already there; its id when it was new. */
export async function insertUpload(tx: Tx, upload: NewUpload): Promise<number | null> {
  const [inserted] = await tx.insert(uploads).values(upload).onConflictDoNothing({ target: uploads.key }).returning({ id: uploads.id });
  return inserted?.id ?? null;
}

export function createUploadsRepository(db: Db) {
  return {
    async findByKey(key: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
      return row ?? null;
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
