// The key that signs tokens, account links and test-checkout links: JWT_SECRET when given, otherwise one generated
// once and kept in the database, so every process of one site (on one PostgreSQL) signs and checks alike.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { keepFirstSecret } from '../../repositories/accounts/serverSecretsRepository.ts';

const NAME = 'jwt';
const MIN_SECRET_LENGTH = 32;

/** Where versions before the shared secret kept the generated one; adopted once so nobody is logged out. */
const legacySecretFile = (dataDir: string) => path.join(dataDir, 'jwt-secret');

interface SharedSecret {
  secret: string;
  /** What happened to DATA_DIR/jwt-secret: null when there was none. */
  legacyFile: 'adopted' | 'ignored' | null;
}

/**
 * The site's signing key from the database, created race-free by whichever process asks first: INSERT … ON
 * CONFLICT DO NOTHING, then SELECT, so every process ends with the one row that won. The candidate is the legacy
 * file's secret when there is one (it wins only if the database had none), else fresh random bytes.
 */
export async function sharedSigningSecret(db: Db, dataDir: string): Promise<SharedSecret> {
  const file = legacySecretFile(dataDir);
  const legacy = readLegacySecret(file);
  const value = await keepFirstSecret(db, NAME, legacy ?? randomBytes(48).toString('base64url'));
  if (!value || value.length < MIN_SECRET_LENGTH) throw new Error(`the signing secret in the table server_secrets is shorter than ${MIN_SECRET_LENGTH} characters`);
  if (legacy === null) return { secret: value, legacyFile: null };
  // The database holds the key from now on: the file is only a second copy of a secret (or a dead one).
  rmSync(file, { force: true });
  return { secret: value, legacyFile: value === legacy ? 'adopted' : 'ignored' };
}

function readLegacySecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  return secret.length >= MIN_SECRET_LENGTH ? secret : null;
}
