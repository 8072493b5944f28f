// The built-in test checkout, used for a provider that has no keys: the payer is sent to our own page
// (services/payments/sandboxPage.ts), whose buttons drive the same completion path as a provider's notification.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { CURRENCY_CODES, ProviderError, type PaymentProvider } from './provider.ts';

const SANDBOX_PREFIX = 'sandbox-';

export interface SandboxProvider extends PaymentProvider {
  /** The key in the checkout link: only who was given the link can pay or cancel that payment. */
  keyFor(paymentId: number): string;
  verifyKey(paymentId: number, key: string): boolean;
}

export const isSandboxPayment = (providerId: string | null) => providerId !== null && providerId.startsWith(SANDBOX_PREFIX);

export function createSandboxProvider(options: { publicUrl: string; secret: string }): SandboxProvider {
  const keyFor = (paymentId: number) => createHmac('sha256', options.secret).update(`sandbox-checkout:${paymentId}`).digest('base64url').slice(0, 32);
  return {
    kind: 'sandbox',
    keyFor,
    verifyKey(paymentId, key) {
      const expected = Buffer.from(keyFor(paymentId));
      const given = Buffer.from(key);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    async create(request) {
      return {
        providerId: `${SANDBOX_PREFIX}${randomUUID()}`,
        redirectTo: `${options.publicUrl}/sandbox-checkout/${request.paymentId}?key=${keyFor(request.paymentId)}`,
      };
    },
    async fetch() {
      // The sandbox keeps nothing: its page reports the decision directly (services/payments/sandboxPage.ts).
      throw new ProviderError('the sandbox checkout has no API to read payments from');
    },
    // It took no money, so it gives none back: the refund succeeds at once (our refund row keeps it from repeating).
    async refund(request) {
      return {
        refundId: `${SANDBOX_PREFIX}refund-${request.idempotencyKey}`,
        providerPaymentId: request.providerPaymentId,
        status: 'succeeded',
        amount: request.amount,
        currencyCode: CURRENCY_CODES[request.currency],
      };
    },
    async fetchRefund() {
      throw new ProviderError('the sandbox checkout has no API to read refunds from');
    },
  };
}
