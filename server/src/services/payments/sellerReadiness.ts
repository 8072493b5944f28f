// Whether the seller's details let a real payment provider take payments (issue 19): YooKassa and PayPal take none
// while any detail is missing (POST /api/v1/payments/ answers 503, services/payments/checkout.ts); the test checkout
// is never held back. The area's summary and the start's log say what to fill in.
import type { SellerReadiness } from '../../../../common/seller.ts';
import { missingSellerFields } from '../../../../common/seller.ts';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { readSeller } from '../../repositories/payments/sellerRepository.ts';

/** The payment providers configured with keys (the others are the test checkout or refused), by name. */
export function realProviderNames(config: Pick<AppConfig, 'yookassa' | 'paypal'>): string[] {
  return [...(config.yookassa ? ['YooKassa'] : []), ...(config.paypal ? ['PayPal'] : [])];
}

export async function sellerReadiness(db: Executor, config: Pick<AppConfig, 'yookassa' | 'paypal'>): Promise<SellerReadiness> {
  const missing = missingSellerFields(await readSeller(db));
  return { missing, paymentsRefused: missing.length > 0 && realProviderNames(config).length > 0 };
}

/** Every detail is filled in: a real provider may take payments. */
export async function sellerComplete(db: Executor): Promise<boolean> {
  return missingSellerFields(await readSeller(db)).length === 0;
}
