// What the account routes share: the password hasher, link tokens, limits, the clock and the letter queue.
import type { AppConfig } from '../../config.ts';
import { createAccountLimiter, DEFAULT_ACCOUNT_LIMITS, KnownLogins, type AccountLimiter, type AccountLimits } from './limits.ts';
import { createAccountLinks, type AccountLinks } from './links.ts';
import type { Db } from '../../db/client.ts';
import { queueLetters, type LetterQueue } from '../letters/letterQueue.ts';
import type { MailMessage } from '../letters/mail.ts';
import { createPasswordHasher, type PasswordGate, type PasswordHasher } from './passwords.ts';

/** Knobs for tests; production uses none of them. */
export interface AccountsOptions {
  /** scrypt cost of new hashes and of the dummy hash (production: 2^15, with p = 3). */
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
  /** Who logged in lately from where: their password checks go first (limits.ts). */
  knownLogins: KnownLogins;
  /**
   * Records a letter in the queue (services/letters/letterQueue.ts), which sends it in the background and retries it while
   * the mail server fails: the request does not wait for the mail server.
   */
  queueLetter(kind: string, message: MailMessage, userId?: number | null): Promise<void>;
  /** Resolves when the letters recorded so far are sent (tests). */
  lettersSent(): Promise<void>;
}

interface AccountDependencies {
  config: Pick<AppConfig, 'jwtSecret'>;
  db: Db;
  letters: Pick<LetterQueue, 'drain'>;
}

export function createAccountServices({ config, db, letters }: AccountDependencies, options: AccountsOptions = {}): AccountServices {
  const now = options.now ?? Date.now;
  return {
    now,
    passwords: createPasswordHasher(options.passwordCost, options.passwordGate),
    links: createAccountLinks(config.jwtSecret, now),
    limits: createAccountLimiter(db, { ...DEFAULT_ACCOUNT_LIMITS, ...options.limits }, now),
    knownLogins: new KnownLogins(now),
    queueLetter: (kind, message, userId = null) => queueLetters(db, [{ kind, userId, ...message }]),
    lettersSent: () => letters.drain(),
  };
}
