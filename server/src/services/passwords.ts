// Password hashing: scrypt from node:crypto with a per-user salt, stored as `scrypt$N$r$p$salt$hash`.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const MAX_MEMORY = 256 * 1024 * 1024;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** Stored for accounts that cannot log in (the seed's filler participants); no password matches it. */
export const UNUSABLE_PASSWORD = '!unusable';

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The cost is N = 2^17 (about 0.6 s and 128 MB here). Tests may pass a lower cost to save time: the
 * parameters travel inside the hash, so verifyPassword checks any hash made here.
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
  hash(password: string): Promise<string>;
  /**
   * Whether the password matches the stored hash. Without a usable hash (no such account, an unusable password)
   * it checks a dummy hash of the same cost, so that the answer takes as long either way.
   */
  verify(password: string, stored: string | null): Promise<boolean>;
}

/** The hasher the account endpoints use; only tests pass a lower cost (BuildAppOptions.accounts). */
export function createPasswordHasher(cost: number = COST): PasswordHasher {
  // Random salt and key with the real parameters: checking it costs one full scrypt, and nothing ever matches it.
  const dummy = ['scrypt', cost, BLOCK_SIZE, PARALLELISM, randomBytes(SALT_LENGTH).toString('base64'), randomBytes(KEY_LENGTH).toString('base64')].join('$');
  return {
    hash: (password) => hashPassword(password, { cost }),
    async verify(password, stored) {
      if (stored !== null && stored.startsWith('scrypt$')) return verifyPassword(password, stored);
      await verifyPassword(password, dummy);
      return false;
    },
  };
}
