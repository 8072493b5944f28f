// The foot of every letter about money (a receipt, a refund, a late payment's refund): who sells, as the authors filled
// it in (common/seller.ts sellerLines), read in the transaction that queues the letter. Nothing while none is filled in.
import { sellerLines } from '../../../../common/seller.ts';
import type { Seller } from '../../../../common/wireTypes.ts';
import type { Executor } from '../../db/client.ts';
import { readSeller } from '../../repositories/payments/sellerRepository.ts';

export function sellerFooter(seller: Seller): string[] {
  const lines = sellerLines(seller);
  if (lines.length === 0) return [];
  return seller.name ? [`Продавец: ${lines[0]}`, ...lines.slice(1)] : ['Продавец:', ...lines];
}

/** The seller's foot as it is now in `db` (the transaction of the letter). */
export async function currentSellerFooter(db: Executor): Promise<string[]> {
  return sellerFooter(await readSeller(db));
}
