// The SQL of the seller's details (one row, id 1): the public read, and the authors' row lock, first save and
// compare-and-set write (services/mutabo/pages.ts).
import { and, eq, sql } from 'drizzle-orm';
import { EMPTY_SELLER } from '../../../../common/seller.ts';
import type { Seller } from '../../../../common/wireTypes.ts';
import { seller } from '../../db/schema.ts';
import type { Executor, Tx } from '../../db/client.ts';

export type SellerRow = typeof seller.$inferSelect;
type SellerValues = Partial<Pick<typeof seller.$inferInsert, 'name' | 'inn' | 'ogrn' | 'address' | 'email' | 'phone'>>;

const SELLER_ID = 1;

export const toSeller = (row: Pick<SellerRow, keyof Seller> | null): Seller =>
  row ? { name: row.name, inn: row.inn, ogrn: row.ogrn, address: row.address, email: row.email, phone: row.phone } : { ...EMPTY_SELLER };

export async function findSeller(db: Executor): Promise<SellerRow | null> {
  const [row] = await db.select().from(seller).where(eq(seller.id, SELLER_ID));
  return row ?? null;
}

/** The seller as the public reads it: '' for every field while the authors have saved nothing. */
export async function readSeller(db: Executor): Promise<Seller> {
  return toSeller(await findSeller(db));
}

export async function lockSeller(tx: Tx): Promise<SellerRow | null> {
  const [row] = await tx.select().from(seller).where(eq(seller.id, SELLER_ID)).for('update');
  return row ?? null;
}

/** The first save; null when another write made the row meanwhile (the caller's copy is then stale). */
export async function insertSeller(tx: Tx, values: SellerValues): Promise<SellerRow | null> {
  const [row] = await tx
    .insert(seller)
    .values({ ...values, id: SELLER_ID })
    .onConflictDoNothing({ target: seller.id })
    .returning();
  return row ?? null;
}

/** Compare-and-set: writes and bumps the version only while the row is still at `version`; null otherwise. */
export async function updateSellerAtVersion(tx: Tx, version: number, values: SellerValues): Promise<SellerRow | null> {
  const [row] = await tx
    .update(seller)
    .set({ ...values, updatedAt: new Date(), version: sql`${seller.version} + 1` })
    .where(and(eq(seller.id, SELLER_ID), eq(seller.version, version)))
    .returning();
  return row ?? null;
}
