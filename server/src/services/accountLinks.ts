// The {uidb64}/{token} pairs of confirmation and reset links: stateless, Django-style HMAC tokens.
//
// A token is `<seconds since the epoch, base 36>-<HMAC-SHA256>` over the purpose, the user id, the time and the
// account state the link is meant to change. Once that state changes the token no longer verifies: activation
// kills a confirmation link; a new password (or a newer reset letter) kills every reset link sent before.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../http/queryParams.ts';

export type LinkPurpose = 'confirm-signup' | 'reset-password';

/** Both links expire three days after the letter. */
export const LINK_TTL_SECONDS = 3 * 24 * 60 * 60;

export interface LinkAccount {
  id: number;
  email: string;
  passwordHash: string;
  isActive: boolean;
  passwordResetCount: number;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** The account state a link of each purpose is bound to. */
function boundState(purpose: LinkPurpose, account: LinkAccount, isActive = account.isActive): string {
  return purpose === 'confirm-signup'
    ? [account.email, account.passwordHash, isActive ? 'active' : 'inactive'].join('\n')
    : [account.email, account.passwordHash, String(account.passwordResetCount)].join('\n');
}

export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The user id of a uidb64, or null when it is not one. */
export function decodeUid(uidb64: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}={0,2}$/.test(uidb64)) return null;
  const text = Buffer.from(uidb64.replace(/=+$/, ''), 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

export interface AccountLinks {
  /** The link path parameters for the account's current state. */
  make(purpose: LinkPurpose, account: LinkAccount): { uidb64: string; token: string };
  /** Whether the token was made for this account in its current state, and is not older than three days. */
  check(purpose: LinkPurpose, account: LinkAccount, token: string): LinkCheck;
  /** For a confirmation link of an already active account: whether it was valid before the activation. */
  wasForInactive(account: LinkAccount, token: string): boolean;
}

export function createAccountLinks(secret: string, now: () => number): AccountLinks {
  // A key of its own, so that a link token can never be mistaken for anything else signed with the JWT secret.
  const key = createHmac('sha256', secret).update('account-links').digest();
  const signature = (purpose: LinkPurpose, account: LinkAccount, stamp: string, state: string) =>
    createHmac('sha256', key).update([purpose, String(account.id), stamp, state].join('\n')).digest();

  const parse = (token: string) => {
    const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
    return match ? { stamp: match[1]!, given: Buffer.from(match[2]!, 'base64url') } : null;
  };

  const matches = (purpose: LinkPurpose, account: LinkAccount, token: string, state: string) => {
    const parsed = parse(token);
    if (!parsed) return null;
    const expected = signature(purpose, account, parsed.stamp, state);
    return parsed.given.length === expected.length && timingSafeEqual(parsed.given, expected) ? parsed.stamp : null;
  };

  return {
    make(purpose, account) {
      const stamp = Math.floor(now() / 1000).toString(36);
      const token = `${stamp}-${signature(purpose, account, stamp, boundState(purpose, account)).toString('base64url')}`;
      return { uidb64: encodeUid(account.id), token };
    },
    check(purpose, account, token) {
      const stamp = matches(purpose, account, token, boundState(purpose, account));
      if (stamp === null) return 'invalid';
      const age = Math.floor(now() / 1000) - parseInt(stamp, 36);
      // A stamp from the future (another process's clock running ahead) is tolerated for a minute.
      if (age < -60) return 'invalid';
      return age > LINK_TTL_SECONDS ? 'expired' : 'valid';
    },
    wasForInactive(account, token) {
      return account.isActive && matches('confirm-signup', account, token, boundState('confirm-signup', account, false)) !== null;
    },
  };
}
