// The {uidb64}/{token} pairs of confirmation, reset and e-mail change links: stateless, Django-style HMAC tokens.
//
// A token is `<seconds since the epoch, base 36>-<HMAC-SHA256>` over the purpose, the user id, the time and the
// account state the link is meant to change. Once that state changes the token no longer verifies: activation
// kills a confirmation link; a new password (or a newer reset letter) kills every reset link sent before; a new
// address or a new password kills an e-mail change link, whose token also signs the new address it carries.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_ID } from '../../http/queryParams.ts';

export type LinkPurpose = 'confirm-signup' | 'reset-password' | 'change-email';

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

/** The account state a link of each purpose is bound to; `newEmail` is the address an e-mail change link sets. */
function boundState(purpose: LinkPurpose, account: LinkAccount, newEmail: string, isActive = account.isActive): string {
  switch (purpose) {
    case 'confirm-signup':
      return [account.email, account.passwordHash, isActive ? 'active' : 'inactive'].join('\n');
    case 'reset-password':
      return [account.email, account.passwordHash, String(account.passwordResetCount)].join('\n');
    case 'change-email':
      return [account.email, account.passwordHash, newEmail].join('\n');
  }
}

/** The new address of an e-mail change link, as its path segment. */
export function encodeAddress(email: string): string {
  return Buffer.from(email).toString('base64url');
}

/** The address of a path segment, or null when it is not one (the token check decides whether it is genuine). */
export function decodeAddress(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(segment)) return null;
  const text = Buffer.from(segment, 'base64url').toString('utf8');
  return text.includes('@') && !text.includes('\uFFFD') ? text : null;
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
  /** The link path parameters for the account's current state (and, for an e-mail change, the new address). */
  make(purpose: LinkPurpose, account: LinkAccount, newEmail?: string): { uidb64: string; token: string };
  /** Whether the token was made for this account in its current state, and is not older than three days. */
  check(purpose: LinkPurpose, account: LinkAccount, token: string, newEmail?: string): LinkCheck;
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
    if (!match) return null;
    const given = Buffer.from(match[2]!, 'base64url');
    // The 43rd character carries two unused bits: only the one spelling we wrote is the link, not its variants.
    return given.toString('base64url') === match[2] ? { stamp: match[1]!, given } : null;
  };

  const matches = (purpose: LinkPurpose, account: LinkAccount, token: string, state: string) => {
    const parsed = parse(token);
    if (!parsed) return null;
    const expected = signature(purpose, account, parsed.stamp, state);
    return parsed.given.length === expected.length && timingSafeEqual(parsed.given, expected) ? parsed.stamp : null;
  };

  return {
    make(purpose, account, newEmail = '') {
      const stamp = Math.floor(now() / 1000).toString(36);
      const token = `${stamp}-${signature(purpose, account, stamp, boundState(purpose, account, newEmail)).toString('base64url')}`;
      return { uidb64: encodeUid(account.id), token };
    },
    check(purpose, account, token, newEmail = '') {
      const stamp = matches(purpose, account, token, boundState(purpose, account, newEmail));
      if (stamp === null) return 'invalid';
      const age = Math.floor(now() / 1000) - parseInt(stamp, 36);
      // A stamp from the future (another process's clock running ahead) is tolerated for a minute.
      if (age < -60) return 'invalid';
      return age > LINK_TTL_SECONDS ? 'expired' : 'valid';
    },
    wasForInactive(account, token) {
      return account.isActive && matches('confirm-signup', account, token, boundState('confirm-signup', account, '', false)) !== null;
    },
  };
}
