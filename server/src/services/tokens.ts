// Access and refresh tokens: HS256 JWTs (jose) whose subject is the user id.
import { SignJWT, jwtVerify, errors } from 'jose';

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
  /** The token's claims, or null when it is malformed, forged, expired or of the other type. */
  verify(token: string, type: TokenType): Promise<VerifiedToken | null>;
}

export function createTokenService(secret: string): TokenService {
  // Imported once: given the raw bytes, jose would import the key again for every token it signs or checks.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

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
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['sub', 'iat', 'exp'] });
        const userId = Number(payload.sub);
        if (payload.type !== type || !Number.isSafeInteger(userId) || userId <= 0) return null;
        const stamp = payload.pwc;
        if (stamp !== undefined && !Number.isSafeInteger(stamp)) return null;
        return { userId, type, issuedAt: payload.iat!, expiresAt: payload.exp!, passwordChangedAt: (stamp as number | undefined) ?? null };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
