// What the start reports about the configuration: a provider without keys (a warning while the test checkout stands
// in for it, an error when its payments are refused), on PostgreSQL, letters that are not being sent, and the seller's
// details a real provider waits for.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Executor } from './db/client.ts';
import { unconfiguredProviders } from './services/payments/providers.ts';
import { realProviderNames, sellerReadiness } from './services/payments/sellerReadiness.ts';

export function reportConfigurationGaps(config: Pick<AppConfig, 'yookassa' | 'paypal' | 'paymentsSandbox' | 'smtpUrl' | 'databaseUrl'>, log: FastifyBaseLogger): void {
  for (const { name, variables } of unconfiguredProviders(config)) {
    const keys = variables.join(' and ');
    if (config.paymentsSandbox) log.warn(`${name} has no keys (${keys}): its payments go to the test checkout (/sandbox-checkout), which takes no money`);
    else log.error(`${name} has no keys (${keys} are not set) and PAYMENTS_SANDBOX is off: payments through ${name} are refused until the keys are set`);
  }
  if (config.databaseUrl !== null && config.smtpUrl === null) {
    log.error('SMTP_URL is not set: letters (sign-up confirmations, password resets, receipts) are not being sent, only written to DATA_DIR/outbox');
  }
}

/** An error while a real provider is configured and the seller's details are incomplete: its payments are refused. */
export async function reportSellerGaps(db: Executor, config: Pick<AppConfig, 'yookassa' | 'paypal'>, log: FastifyBaseLogger): Promise<void> {
  const { missing, paymentsRefused } = await sellerReadiness(db, config);
  if (!paymentsRefused) return;
  log.error(
    `The seller's details are incomplete (missing: ${missing.join(', ')}): payments through ${realProviderNames(config).join(' and ')} are refused until the authors fill them in (/mutabo/seller)`,
  );
}
