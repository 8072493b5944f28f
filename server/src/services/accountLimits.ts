// Limits of the account endpoints, counted in the database (auth_throttle) so that every server process agrees.
//
// Windows are short on purpose: five wrong passwords lock an address for at most fifteen minutes, so a stranger
// who types someone's e-mail cannot keep them out for long, while guessing stays hopelessly slow.
import type { AuthThrottleRepository } from '../repositories/authThrottleRepository.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export type LimitKind =
  /** Failed logins per e-mail (existing or not). */
  | 'login-email'
  /** Failed logins per client address. */
  | 'login-ip'
  /** Confirmation letters per e-mail. */
  | 'signup-letter'
  /** Reset letters per e-mail. */
  | 'reset-letter'
  /** Requests that may send a letter (signup, reset), per client address. */
  | 'mail-ip'
  /** Wrong current passwords on the password change form, per user. */
  | 'password-check';

export type AccountLimits = Record<LimitKind, Limit>;

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  'login-email': { max: 5, windowSeconds: 15 * 60 },
  'login-ip': { max: 50, windowSeconds: 15 * 60 },
  'signup-letter': { max: 3, windowSeconds: 60 * 60 },
  'reset-letter': { max: 3, windowSeconds: 60 * 60 },
  'mail-ip': { max: 30, windowSeconds: 60 * 60 },
  'password-check': { max: 5, windowSeconds: 15 * 60 },
};

/** Events older than this are deleted whenever a new one is recorded. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface AccountLimiter {
  /** Seconds until one more event of this kind and key is allowed; 0 when it is allowed now. */
  wait(kind: LimitKind, key: string): Promise<number>;
  record(...events: [LimitKind, string][]): Promise<void>;
  clear(kind: LimitKind, key: string): Promise<void>;
}

export function createAccountLimiter(repository: AuthThrottleRepository, limits: AccountLimits, now: () => number): AccountLimiter {
  return {
    async wait(kind, key) {
      const { max, windowSeconds } = limits[kind];
      const at = now();
      const times = await repository.times(kind, key, new Date(at - windowSeconds * 1000));
      if (times.length < max) return 0;
      // Allowed again once all but max − 1 of the events in the window have left it.
      const lifting = times[times.length - max]!.getTime() + windowSeconds * 1000;
      return Math.max(1, Math.ceil((lifting - at) / 1000));
    },
    async record(...events) {
      const at = now();
      await repository.record(
        events.map(([kind, key]) => ({ kind, key })),
        new Date(at),
        new Date(at - Math.max(KEEP_MS, ...Object.values(limits).map((limit) => limit.windowSeconds * 1000))),
      );
    },
    clear: (kind, key) => repository.clear(kind, key),
  };
}
