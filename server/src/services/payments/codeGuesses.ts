// Promo codes cannot be guessed by the thousand: a payment or a quote that names a code takes a slot of the caller's
// refused codes (services/accounts/limits.ts `promo-code`, counted in the database), given back unless the code is
// what was refused.
import type { PaymentQuote } from '../../../../common/discounts.ts';
import { accountMessages } from '../../../../common/accountMessages.ts';
import { HttpError } from '../../http/errors.ts';
import type { AccountServices } from '../accounts/accountServices.ts';
import { takeOrRefuse } from '../accounts/limits.ts';
import type { Checkout, PaymentPayload } from './checkout.ts';

interface CodeGuessDeps {
  accounts: Pick<AccountServices, 'limits'>;
  checkout: Checkout;
}

async function limitingCodeGuesses<T>(deps: CodeGuessDeps, userId: number, payload: PaymentPayload, run: () => Promise<T>): Promise<T> {
  if (!payload.promoCode) return run();
  const slot = await takeOrRefuse(deps.accounts.limits, [['promo-code', String(userId)]], accountMessages.promoCodesTooMany);
  try {
    const result = await run();
    await slot.release();
    return result;
  } catch (error) {
    if (!(error instanceof HttpError && 'promoCode' in error.body)) await slot.release();
    throw error;
  }
}

/** POST /api/v1/payments/: creates the payment (services/payments/checkout.ts) within the limit of code guesses. */
export const requestPayment = (deps: CodeGuessDeps, userId: number, payload: PaymentPayload): Promise<{ redirectTo: string }> =>
  limitingCodeGuesses(deps, userId, payload, () => deps.checkout.createPayment(userId, payload));

/** POST /api/v1/payments/quote/: what the same body would be charged, within the limit of code guesses. */
export const requestQuote = (deps: CodeGuessDeps, userId: number, payload: PaymentPayload): Promise<PaymentQuote> =>
  limitingCodeGuesses(deps, userId, payload, () => deps.checkout.quotePayment(userId, payload));
