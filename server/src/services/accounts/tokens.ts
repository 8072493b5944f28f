// Access and refresh tokens: HS256 JWTs whose subject is the user id. jose signs them; they are checked here with
// node:crypto's synchronous HMAC, because jose's WebCrypto check runs on libuv's thread pool, where every request
// with a token would queue behind the password checks (scrypt) of a login flood.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const TTL: Record<TokenType, number> = { access: ACCESS_TOKEN_TTL_SECONDS, refresh: REFRESH_TOKEN_TTL_SECONDS };

export interface VerifiedToken {
  userId: number;
  type: TokenType;
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /**
   * The user's password_changed_at (ms since the epoch) when the token was issued, if it carries it: a token
   * whose stamp differs from the user's current one was issued before a password change (http/auth.ts).
   */
  passwordChangedAt: number | null;
}

export interface TokenService {
  sign(userId: number, type: TokenType, now?: Date, passwordChangedAt?: Date): Promise<string>;
  /** Login and refresh pass the user's password_changed_at, so the tokens die with a password change to the millisecond. */
  signPair(userId: number, passwordChangedAt?: Date): Promise<{ access: string; refresh: string }>;
  /** The token's claims, or null when it is malformed, forged, expired or of the other type. Synchronous: see above. */
  verify(token: string, type: TokenType): VerifiedToken | null;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A JSON object from a base64url segment, or null. */
function segmentObject(segment: string): Record<string, unknown> | null {
  if (!BASE64URL.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The claims of a compact HS256 JWT whose signature matches, as jose's jwtVerify with algorithms ['HS256'] and
 * requiredClaims sub, iat, exp would accept it: no other algorithm, no critical header parameters, exp in the
 * future, nbf (if any) not, iat a number.
 */
function verifiedClaims(token: string, secret: Buffer): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = segmentObject(headerPart);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header || !BASE64URL.test(signaturePart)) return null;
  const signature = Buffer.from(signaturePart, 'base64url');
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const claims = segmentObject(payloadPart);
  if (!claims) return null;
  const now = Math.floor(Date.now() / 1000);
  const { sub, iat, exp, nbf } = claims;
  if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number' || exp <= now) return null;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null;
  return claims;
}

export function createTokenService(secret: string): TokenService {
  // Imported once: given the raw bytes, jose would import the key again for every token it signs or checks.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const secretBytes = Buffer.from(secret, 'utf8');

  const sign = async (userId: number, type: TokenType, now = new Date(), passwordChangedAt?: Date) => {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT(passwordChangedAt ? { type, pwc: passwordChangedAt.getTime() } : { type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + TTL[type])
      .sign(await key);
  };

  return {
    sign,
    async signPair(userId, passwordChangedAt) {
      const now = new Date();
      const [access, refresh] = await Promise.all([sign(userId, 'access', now, passwordChangedAt), sign(userId, 'refresh', now, passwordChangedAt)]);
      return { access, refresh };
    },
    verify(token, type) {
      const claims = verifiedClaims(token, secretBytes);
      if (!claims) return null;
      const userId = Number(claims.sub);
      if (claims.type !== type || !Number.isSafeInteger(userId) || userId <= 0) return null;
      const stamp = claims.pwc;
      if (stamp !== undefined && !Number.isSafeInteger(stamp)) return null;
      return { userId, type, issuedAt: claims.iat as number, expiresAt: claims.exp as number, passwordChangedAt: (stamp as number | undefined) ?? null };
    },
  };
}

/**
 * A token with a password stamp is current only while the stamp equals the user's password_changed_at (exact to the
 * millisecond); one without a stamp falls back to its issue time, which has a resolution of one second.
 */
export function issuedBeforePasswordChange(issuedAt: number, stamp: number | null, passwordChangedAt: Date): boolean {
  if (stamp !== null) return stamp !== passwordChangedAt.getTime();
  return issuedAt < Math.floor(passwordChangedAt.getTime() / 1000);
}
