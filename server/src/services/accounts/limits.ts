// Limits of the account endpoints, counted in the database (auth_limits) so that every server process agrees.
//
// Windows are short on purpose: five wrong passwords lock an e-mail at one address for at most fifteen minutes.
// Failed logins count per e-mail and address together, so a stranger who types someone's e-mail elsewhere does not
// lock its owner out; the far higher ceilings per e-mail and per address keep guessing from many addresses, or of
// many e-mails, hopelessly slow.
//
// Every limited event takes its slot before it happens (take): a password check before it runs, a letter before
// anything is decided about it. Counting and recording are one statement, so a burst of parallel requests gets
// exactly the limit, not as many as were in flight before the first of them was recorded. A slot whose event turns
// out not to count (a password that matched, a letter that was never queued) is released.
import { accountMessages as m, inMinutes } from '../../../../common/accountMessages.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { clearThrottle, clearThrottlePrefix, pruneThrottle, releaseThrottle, takeThrottle, throttleTimes } from '../../repositories/accounts/authThrottleRepository.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

export type LimitKind =
  /** Failed logins per e-mail (existing or not) and client address together (loginLimits). */
  | 'login-pair'
  /** Failed logins per e-mail from any address: a ceiling well above the pair's. */
  | 'login-email'
  /** Failed logins per client address, whatever the e-mails. */
  | 'login-ip'
  /** Confirmation letters per e-mail. */
  | 'signup-letter'
  /** Reset letters per e-mail. */
  | 'reset-letter'
  /** Requests that may send a letter (signup, reset), per client address. */
  | 'mail-ip'
  /** Wrong current passwords on the password change form, per user. */
  | 'password-check'
  /** Exports of one's own data (GET /users/me/export/), per user: heavier than a GET. */
  | 'data-export'
  /** Promo codes refused at the checkout (POST /payments/ and /payments/quote/), per user: no guessing by the thousand. */
  | 'promo-code'
  /** Discount letters an author sends (a personal discount granted), per author record: not a mailing channel. */
  | 'discount-letter-author'
  /** Discount letters to one address, from any author: nobody's mailbox is flooded with official letters. */
  | 'discount-letter';

export type AccountLimits = Record<LimitKind, Limit>;

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  'login-pair': { max: 5, windowSeconds: 15 * 60 },
  'login-email': { max: 50, windowSeconds: 15 * 60 },
  'login-ip': { max: 50, windowSeconds: 15 * 60 },
  'signup-letter': { max: 3, windowSeconds: 60 * 60 },
  'reset-letter': { max: 3, windowSeconds: 60 * 60 },
  'mail-ip': { max: 30, windowSeconds: 60 * 60 },
  'password-check': { max: 5, windowSeconds: 15 * 60 },
  'data-export': { max: 10, windowSeconds: 60 * 60 },
  'promo-code': { max: 20, windowSeconds: 60 * 60 },
  'discount-letter-author': { max: 20, windowSeconds: 60 * 60 },
  'discount-letter': { max: 3, windowSeconds: 24 * 60 * 60 },
};

/** Rows with no event for this long are deleted when an event is recorded, at most once a minute per process. */
const KEEP_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 1000;

/** The key of an e-mail at an address; JSON keeps every pair distinct and lets clear() find an e-mail's pairs. */
const pairKey = (email: string, ip: string) => JSON.stringify([email, ip]);
const pairPrefix = (email: string) => `${JSON.stringify([email]).slice(0, -1)},`;

/** The limits a login attempt takes a slot of, the narrowest first. */
export function loginLimits(email: string, ip: string): [LimitKind, string][] {
  return [
    ['login-pair', pairKey(email, ip)],
    ['login-email', email],
    ['login-ip', ip],
  ];
}

/** The limits a request that sends a letter to a new address (signup, e-mail change) takes a slot of: the client address's first. */
export function signupLetterLimits(email: string, ip: string): [LimitKind, string][] {
  return [
    ['mail-ip', ip],
    ['signup-letter', email],
  ];
}

/** The limits granting a personal discount takes a slot of: the author's letters, then the address's. */
export function discountLetterLimits(authorId: number, email: string): [LimitKind, string][] {
  return [
    ['discount-letter-author', String(authorId)],
    ['discount-letter', email.toLowerCase()],
  ];
}

/** A taken slot: the event counts unless released (a password that matched, a check that never ran). */
interface Slot {
  release(): Promise<void>;
}

/** A slot, or the seconds to wait and the limit that had no room. */
export type Taken = { slot: Slot; wait: 0 } | { slot: null; wait: number; refusedBy: LimitKind };

export interface AccountLimiter {
  /**
   * Takes one event of each kind and key if every limit has room, atomically per limit; otherwise records none of
   * them and says how long to wait for the first limit that has no room.
   */
  take(...events: [LimitKind, string][]): Promise<Taken>;
  /** Forgets the events of this kind and key; clearing an e-mail's failed logins forgets them at every address. */
  clear(kind: LimitKind, key: string): Promise<void>;
}

export function createAccountLimiter(db: Executor, limits: AccountLimits, now: () => number): AccountLimiter {
  const window = (kind: LimitKind, at: number) => ({ max: limits[kind].max, since: new Date(at - limits[kind].windowSeconds * 1000) });
  const keepMs = Math.max(KEEP_MS, ...Object.values(limits).map((limit) => limit.windowSeconds * 1000));
  let prunedAt = -Infinity;
  const prune = async (at: number) => {
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    await pruneThrottle(db, new Date(at - keepMs));
  };

  /** Seconds until one more event of this kind and key is allowed; 0 when it is allowed now. */
  const wait = async (kind: LimitKind, key: string) => {
    const { max, windowSeconds } = limits[kind];
    const at = now();
    const since = at - windowSeconds * 1000;
    const times = (await throttleTimes(db, kind, key)).filter((time) => time.getTime() >= since);
    if (times.length < max) return 0;
    // Allowed again once all but max − 1 of the events in the window have left it.
    const lifting = times[times.length - max]!.getTime() + windowSeconds * 1000;
    return Math.max(1, Math.ceil((lifting - at) / 1000));
  };

  const releaseAll = (events: [LimitKind, string][], at: Date) => Promise.all(events.map(([kind, key]) => releaseThrottle(db, kind, key, at))).then(() => undefined);

  return {
    async take(...events) {
      const at = now();
      const taken: [LimitKind, string][] = [];
      // One limit after another, the narrowest first: a request refused by it never holds a slot of the wider ones.
      for (const [kind, key] of events) {
        if (!(await takeThrottle(db, kind, key, new Date(at), window(kind, at)))) {
          await releaseAll(taken, new Date(at));
          // The window may have moved on meanwhile: the caller is refused either way, so it waits at least a second.
          return { slot: null, wait: Math.max(1, await wait(kind, key)), refusedBy: kind };
        }
        taken.push([kind, key]);
      }
      await prune(at);
      let released = false;
      const slot: Slot = {
        async release() {
          if (released) return;
          released = true;
          await releaseAll(taken, new Date(at));
        },
      };
      return { slot, wait: 0 };
    },
    async clear(kind, key) {
      await clearThrottle(db, kind, key);
      if (kind === 'login-email') await clearThrottlePrefix(db, 'login-pair', pairPrefix(key));
    },
  };
}

/**
 * Takes a slot of every limit at once or throws the 429 with Retry-After, whose message may depend on the limit that
 * had no room; the caller releases the slot when the event turns out not to count.
 */
export async function takeOrRefuse(
  limiter: Pick<AccountLimiter, 'take'>,
  events: [LimitKind, string][],
  message: (wait: string, refusedBy: LimitKind) => string,
): Promise<Slot> {
  const taken = await limiter.take(...events);
  if (taken.slot) return taken.slot;
  throw new HttpError(429, { detail: message(inMinutes(taken.wait), taken.refusedBy) }, { 'retry-after': String(taken.wait) });
}

/** The refusal of a request that sends a letter: too many from the client's address, or to the letter's address. */
export const letterRefusal = (wait: string, refusedBy: LimitKind) => (refusedBy === 'mail-ip' ? m.mailRequestsTooMany(wait) : m.signupLettersTooMany(wait));

/**
 * The e-mail and address pairs that logged in lately, in this process: their password checks wait in the priority
 * lane (passwords.ts), so that a flood of guesses from elsewhere does not keep them out. Forgotten on restart; at most
 * `maxPairs`, the least recent dropped first.
 */
export class KnownLogins {
  private readonly pairs = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly maxPairs = 10_000,
    private readonly keepMs = 30 * 24 * 60 * 60 * 1000,
  ) {}

  has(email: string, ip: string): boolean {
    const at = this.pairs.get(pairKey(email, ip));
    return at !== undefined && this.now() - at < this.keepMs;
  }

  add(email: string, ip: string): void {
    const key = pairKey(email, ip);
    this.pairs.delete(key);
    if (this.pairs.size >= this.maxPairs) this.pairs.delete(this.pairs.keys().next().value!);
    this.pairs.set(key, this.now());
  }
}
