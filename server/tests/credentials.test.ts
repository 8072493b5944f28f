// Password hashes (scrypt) and tokens (HS256 JWT): what verifies and what does not.
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { hashPassword, UNUSABLE_PASSWORD, verifyPassword } from '../src/services/passwords.ts';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService, REFRESH_TOKEN_TTL_SECONDS } from '../src/services/tokens.ts';
import { TEST_JWT_SECRET } from './fixtures.ts';

describe('passwords', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 and a per-user salt', async () => {
    const [first, second] = await Promise.all([hashPassword('пароль-123'), hashPassword('пароль-123')]);
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('пароль-123', first)).toBe(true);
    expect(await verifyPassword('пароль-124', first)).toBe(false);
  });

  it('verifies cheaper hashes by the parameters they carry, and rejects damaged ones', async () => {
    const cheap = await hashPassword('secret', { cost: 1024 });
    expect(await verifyPassword('secret', cheap)).toBe(true);
    expect(await verifyPassword('Secret', cheap)).toBe(false);
    for (const stored of [UNUSABLE_PASSWORD, '', 'scrypt$1$8$1$c2FsdA==$aGFzaA==', 'scrypt$x$8$1$a$b', 'bcrypt$2b$...', cheap.replace(/\$[^$]+$/, '$')]) {
      expect(await verifyPassword('secret', stored), stored).toBe(false);
    }
  });
});

describe('tokens', () => {
  const tokens = createTokenService(TEST_JWT_SECRET);

  it('signs access and refresh tokens with sub, type, iat and exp', async () => {
    const { access, refresh } = await tokens.signPair(42);
    const accessClaims = decodeJwt(access);
    expect(accessClaims).toMatchObject({ sub: '42', type: 'access' });
    expect(accessClaims.exp! - accessClaims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(30 * 60);
    const refreshClaims = decodeJwt(refresh);
    expect(refreshClaims).toMatchObject({ sub: '42', type: 'refresh' });
    expect(refreshClaims.exp! - refreshClaims.iat!).toBe(REFRESH_TOKEN_TTL_SECONDS);
    expect(await tokens.verify(access, 'access')).toMatchObject({ userId: 42, type: 'access' });
    expect(await tokens.verify(refresh, 'refresh')).toMatchObject({ userId: 42, type: 'refresh' });
  });

  it('rejects a token of the other type, an expired, forged or malformed one', async () => {
    const { access, refresh } = await tokens.signPair(7);
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    expect(await tokens.verify(refresh, 'access')).toBeNull();
    expect(await tokens.verify(await tokens.sign(7, 'access', new Date(Date.now() - 31 * 60_000)), 'access')).toBeNull();
    expect(await tokens.verify(await createTokenService('another-secret-another-secret-0123').sign(7, 'access'), 'access')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"7","type":"access"}').toString('base64url')}.`;
    for (const token of ['', 'abc', 'a.b.c', none, `${access}x`]) expect(await tokens.verify(token, 'access'), token).toBeNull();
    const badSubject = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(await tokens.verify(badSubject, 'access')).toBeNull();
  });
});
