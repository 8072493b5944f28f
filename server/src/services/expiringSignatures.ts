// Signed addresses that end (a recording's file, a homework answer's file): HMAC-SHA256 with the site's signing secret
// over what the address names and the moment it ends, checked in constant time. One rule for every such address; what
// each names (its subject) is its module's business (services/recordings/signedAddress.ts, homework/fileAddress.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How far past its longest life an address's end may lie when it is checked: the clocks of the processes behind the
 * proxy differ by a little, and one process checks what another signed.
 */
const CLOCK_SKEW_SECONDS = 60;

const hmac = (secret: string, subject: string, expiresAt: number) => createHmac('sha256', secret).update(`${subject}:${expiresAt}`).digest();

/** The signature (base64url) of `subject` until `expiresAt` (seconds since the epoch). */
export function signUntil(secret: string, subject: string, expiresAt: number): string {
  return hmac(secret, subject, expiresAt).toString('base64url');
}

export type UntilCheck = { ok: true; secondsLeft: number } | { ok: false; reason: 'forged' | 'expired' };

/**
 * Whether `signature` is this site's for `subject` until `expiresAt`, and that moment is ahead: an end already past is
 * `expired`; one further away than `maxSeconds` (and the clocks' skew) could not have been signed here, so `forged`.
 */
export function checkUntil(secret: string, subject: string, expiresAt: number, signature: string, now: Date, maxSeconds: number): UntilCheck {
  const expected = hmac(secret, subject, expiresAt);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== signature) return { ok: false, reason: 'forged' };
  const secondsLeft = Math.floor((expiresAt * 1000 - now.getTime()) / 1000);
  if (secondsLeft < 1) return { ok: false, reason: 'expired' };
  if (secondsLeft > maxSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'forged' };
  return { ok: true, secondsLeft: Math.min(secondsLeft, maxSeconds) };
}
