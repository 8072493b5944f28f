// Which provider takes which payment: euros go to PayPal, every other currency to YooKassa (paymentSystemFor);
// a provider without keys is replaced by the sandbox checkout.
import type { PaymentSystem } from '../../../../common/wireTypes.ts';
import type { AppConfig } from '../../config.ts';
import { createPaypalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, isSandboxPayment, type SandboxProvider } from './sandbox.ts';
import { createYookassaProvider } from './yookassa.ts';

export interface PaymentProviders {
  bySystem: Record<PaymentSystem, PaymentProvider>;
  sandbox: SandboxProvider;
  /** The provider that holds a stored payment: the sandbox for its own ids, else the system's provider. */
  forPayment(system: PaymentSystem, providerId: string | null): PaymentProvider;
}

export const PAYPAL_RETURN_PATH = '/api/v1/payments/paypal/return/';

export function createPaymentProviders(
  config: Pick<AppConfig, 'yookassa' | 'paypal' | 'publicUrl' | 'jwtSecret' | 'operatorName'>,
  fetchImpl: typeof fetch = fetch,
): PaymentProviders {
  const sandbox = createSandboxProvider({ publicUrl: config.publicUrl, secret: config.jwtSecret });
  const bySystem: Record<PaymentSystem, PaymentProvider> = {
    yookassa: config.yookassa ? createYookassaProvider({ ...config.yookassa, returnUrl: `${config.publicUrl}/waiting-for-payment`, fetch: fetchImpl }) : sandbox,
    paypal: config.paypal
      ? createPaypalProvider({ ...config.paypal, returnUrl: `${config.publicUrl}${PAYPAL_RETURN_PATH}`, brandName: config.operatorName, fetch: fetchImpl })
      : sandbox,
  };
  return {
    bySystem,
    sandbox,
    forPayment: (system, providerId) => (isSandboxPayment(providerId) ? sandbox : bySystem[system]),
  };
}
