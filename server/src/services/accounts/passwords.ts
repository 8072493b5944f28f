// Password hashing: scrypt from node:crypto with a per-user salt, stored as `scrypt$N$r$p$salt$hash`.
//
// N = 2^15, r = 8, p = 3: one of the settings OWASP's Password Storage Cheat Sheet lists as giving the same defence
// as N = 2^17, r = 8, p = 1 (the trade is memory for rounds). Each check takes 32 MB instead of 128 and about 0.2 s
// of a core, on a worker thread of lower priority (scryptWorkers.ts): the hasher runs only a few at once, lets a few
// more wait, and refuses the rest with a 503. Hashes made with other parameters (N = 2^17, p = 1 before 2026-11)
// carry them and still verify; a successful login replaces them (isOutdated).
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { accountMessages } from '../../../../common/accountMessages.ts';
import { HttpError } from '../../http/errors.ts';
import { scryptInWorker } from './scryptWorkers.ts';

const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 3;
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** Stored for accounts that cannot log in (the seed's filler participants); no password matches it. */
export const UNUSABLE_PASSWORD = '!unusable';

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return scryptInWorker(password.normalize('NFKC'), salt, keyLength, options);
}

/**
 * The cost is N = 2^15 with p = 3 (32 MB). Tests may pass a lower cost to save time: the parameters travel inside
 * the hash, so verifyPassword checks any hash made here.
 */
export async function hashPassword(password: string, options: { cost?: number } = {}): Promise<string> {
  const cost = options.cost ?? COST;
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY }, KEY_LENGTH);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; false for malformed or unusable hashes. Parameters are read from the hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [cost, blockSize, parallelism] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![cost, blockSize, parallelism].every((value) => Number.isInteger(value) && value > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length === 0) return false;
  try {
    const actual = await derive(password, salt, { N: cost, r: blockSize, p: parallelism, maxmem: MAX_MEMORY }, expected.length);
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (a damaged hash) match nothing.
    return false;
  }
}

export interface PasswordHasher {
  /** Throws a 503 HttpError (Retry-After) when too many checks are running and waiting (PasswordGate). */
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches the stored hash. Without a usable hash (no such account, an unusable password)
   * it checks a dummy hash of the same cost, so that the answer takes as long either way. Throws like hash, except
   * with `priority` (a login someone made from the same address before): that waits in a lane of its own.
   */
  verify(password: string, stored: string | null, options?: { priority?: boolean }): Promise<boolean>;
  /** Rejects with the 503 that hash or verify would give if called now: a flood is refused before it costs anything. */
  refuseWhenBusy(options?: { priority?: boolean }): Promise<void>;
  /**
   * Whether a stored hash was made with other parameters than new ones (before N = 2^15, p = 3): the login that proves
   * its password replaces it, so that old accounts cost no more memory than new ones and take as long to check as an
   * unknown e-mail does. Unusable and damaged hashes are left alone.
   */
  isOutdated(stored: string): boolean;
}

export interface PasswordGate {
  /** Hashes and checks running at once: each keeps a core busy, so one core stays free for requests. */
  running: number;
  /**
   * Those that may wait for a turn, in each of two lanes; a full lane answers 503 at once rather than after seconds
   * of waiting. The priority lane goes first, so that a flood of strangers' guesses does not keep known logins out.
   */
  waiting: number;
  /**
   * How long a refusal waits before it is answered. A flood keeps only so many requests in flight: answering its
   * refusals at once would let it send thousands a second and keep the event loop from everyone else; waiting a
   * second costs a timer and holds it to a trickle.
   */
  refusalDelayMs?: number;
}

export const DEFAULT_PASSWORD_GATE: PasswordGate = { running: Math.max(1, Math.min(2, availableParallelism() - 1)), waiting: 8, refusalDelayMs: 1_000 };

/** About as long as the queue takes to move on at the production cost. */
const BUSY_RETRY_AFTER_SECONDS = 2;

const busy = () => new HttpError(503, { detail: accountMessages.passwordChecksBusy }, { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) });

/** Runs at most `running` tasks at once, queues at most `waiting` per lane, and refuses the rest with a 503. */
function createGate({ running: limit, waiting: queueLimit, refusalDelayMs = 0 }: PasswordGate) {
  let running = 0;
  const lanes = { priority: [] as (() => void)[], general: [] as (() => void)[] };
  const full = (priority: boolean) => running >= limit && lanes[priority ? 'priority' : 'general'].length >= queueLimit;
  const refuse = async (): Promise<never> => {
    if (refusalDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, refusalDelayMs));
    throw busy();
  };
  const inTurn = async <T>(task: () => Promise<T>, priority = false): Promise<T> => {
    if (full(priority)) return refuse();
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => lanes[priority ? 'priority' : 'general'].push(resolve));
    try {
      return await task();
    } finally {
      // The turn passes straight to the next waiting, so that a newcomer cannot overtake it.
      const next = lanes.priority.shift() ?? lanes.general.shift();
      if (next) next();
      else running -= 1;
    }
  };
  return { inTurn, full, refuse };
}

/**
 * The hasher the account endpoints use; only tests pass a lower cost or another gate (BuildAppOptions.accounts; the
 * browser journeys' servers config.ts's TEST_PASSWORD_COST, through main.ts).
 */
export function createPasswordHasher(cost: number = COST, gate: PasswordGate = DEFAULT_PASSWORD_GATE): PasswordHasher {
  // Random salt and key with the real parameters: checking it costs one full scrypt, and nothing ever matches it.
  const dummy = ['scrypt', cost, BLOCK_SIZE, PARALLELISM, randomBytes(SALT_LENGTH).toString('base64'), randomBytes(KEY_LENGTH).toString('base64')].join('$');
  const { inTurn, full, refuse } = createGate(gate);
  const current = `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$`;
  return {
    isOutdated: (stored) => stored.startsWith('scrypt$') && !stored.startsWith(current),
    async refuseWhenBusy(options) {
      if (full(options?.priority ?? false)) await refuse();
    },
    hash: (password) => inTurn(() => hashPassword(password, { cost })),
    verify: (password, stored, options) =>
      inTurn(async () => {
        if (stored !== null && stored.startsWith('scrypt$')) return verifyPassword(password, stored);
        await verifyPassword(password, dummy);
        return false;
      }, options?.priority),
  };
}
