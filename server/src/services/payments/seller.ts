// The seller's details as the public sees them (GET /api/v1/seller/), kept in the public cache.
import type { Seller } from '../../../../common/wireTypes.ts';
import type { Db } from '../../db/client.ts';
import { readSeller } from '../../repositories/payments/sellerRepository.ts';
import type { Cached, PublicCache } from '../content/publicCache.ts';

export function cachedSeller(deps: { db: Db; publicCache: PublicCache }): Promise<Cached<Seller>> {
  return deps.publicCache.get('seller', async () => ({ value: await readSeller(deps.db) }));
}
