// What the account routes share: the password hasher, link tokens, limits, the clock and letters sent in the background.
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { AuthThrottleRepository } from '../repositories/authThrottleRepository.ts';
import { createAccountLimiter, DEFAULT_ACCOUNT_LIMITS, KnownLogins, type AccountLimiter, type AccountLimits } from './accountLimits.ts';
import { createAccountLinks, type AccountLinks } from './accountLinks.ts';
import type { Mailer, MailMessage } from './mail.ts';
import { createPasswordHasher, type PasswordGate, type PasswordHasher } from './passwords.ts';

/** Knobs for tests; production uses none of them. */
export interface AccountsOptions {
  /** scrypt cost of new hashes and of the dummy hash (production: 2^17). */
  passwordCost?: number;
  /** How many password checks run and wait at once (production: DEFAULT_PASSWORD_GATE). */
  passwordGate?: PasswordGate;
  /** The clock of the limits and of link expiry, in ms since the epoch. */
  now?: () => number;
  limits?: Partial<AccountLimits>;
}

export interface AccountServices {
  now: () => number;
  passwords: PasswordHasher;
  links: AccountLinks;
  limits: AccountLimiter;
  /** Who logged in lately from where: their password checks go first (accountLimits.ts). */
  knownLogins: KnownLogins;
  /**
   * Sends a letter without making the request wait: the reset request answers at once whether or not the
   * address exists. A failure is logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves when the letters being sent in the background are handed over (tests, and the app's close). */
  lettersSent(): Promise<void>;
}

export interface AccountDependencies {
  config: Pick<AppConfig, 'jwtSecret'>;
  throttle: AuthThrottleRepository;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function createAccountServices({ config, throttle, mailer, log }: AccountDependencies, options: AccountsOptions = {}): AccountServices {
  const now = options.now ?? Date.now;
  const pending = new Set<Promise<void>>();
  return {
    now,
    passwords: createPasswordHasher(options.passwordCost, options.passwordGate),
    links: createAccountLinks(config.jwtSecret, now),
    limits: createAccountLimiter(throttle, { ...DEFAULT_ACCOUNT_LIMITS, ...options.limits }, now),
    knownLogins: new KnownLogins(now),
    sendInBackground(message) {
      const sending = mailer.send(message).catch((error: unknown) => {
        log.error({ err: error, mail: { subject: message.subject } }, 'a letter could not be sent');
      });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async lettersSent() {
      await Promise.all([...pending]);
    },
  };
}
