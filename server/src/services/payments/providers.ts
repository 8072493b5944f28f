// Which provider takes which payment: euros go to PayPal, every other currency to YooKassa (paymentSystemFor);
// a provider without keys is replaced by the sandbox checkout when PAYMENTS_SANDBOX allows it, else refused.
import type { PaymentSystem } from '../../../../common/wireTypes.ts';
import type { AppConfig } from '../../config.ts';
import { createPaypalProvider } from './paypal.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider, isSandboxPayment, type SandboxProvider } from './sandbox.ts';
import { createYookassaProvider } from './yookassa.ts';

export interface PaymentProviders {
  bySystem: Record<PaymentSystem, PaymentProvider>;
  sandbox: SandboxProvider;
  /** False for a system without keys while the test checkout is off: its payments are refused before anything is held. */
  accepts(system: PaymentSystem): boolean;
  /** The provider that holds a stored payment: the sandbox for its own ids, else the system's provider. */
  forPayment(system: PaymentSystem, providerId: string | null): PaymentProvider;
}

export const PAYPAL_RETURN_PATH = '/api/v1/payments/paypal/return/';

interface UnconfiguredProvider {
  name: string;
  /** The variables that would configure it. */
  variables: [string, string];
}

type ProvidersConfig = Pick<AppConfig, 'yookassa' | 'paypal' | 'publicUrl' | 'jwtSecret' | 'operatorName' | 'paymentsSandbox'>;

/** The providers without keys, for the start's log line: a warning with the test checkout on, an error without it. */
export function unconfiguredProviders(config: Pick<AppConfig, 'yookassa' | 'paypal'>): UnconfiguredProvider[] {
  return [
    ...(config.yookassa ? [] : [{ name: 'YooKassa', variables: ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] as [string, string] }]),
    ...(config.paypal ? [] : [{ name: 'PayPal', variables: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as [string, string] }]),
  ];
}

export function createPaymentProviders(
  config: ProvidersConfig,
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
    accepts: (system) => config.paymentsSandbox || bySystem[system].kind !== 'sandbox',
    forPayment: (system, providerId) => (isSandboxPayment(providerId) ? sandbox : bySystem[system]),
  };
}
