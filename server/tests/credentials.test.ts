// Password hashes (scrypt) and tokens (HS256 JWT): what verifies and what does not.
import { createHmac, scryptSync } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors.ts';
import { createPasswordHasher, hashPassword, UNUSABLE_PASSWORD, verifyPassword } from '../src/services/accounts/passwords.ts';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService, REFRESH_TOKEN_TTL_SECONDS } from '../src/services/accounts/tokens.ts';
import { TEST_JWT_SECRET } from './fixtures.ts';

describe('passwords', () => {
  it('hashes with scrypt N=2^15, r=8, p=3 (32 MB a check) and a per-user salt', async () => {
    const [first, second] = await Promise.all([hashPassword('пароль-123'), hashPassword('пароль-123')]);
    expect(first).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('пароль-123', first)).toBe(true);
    expect(await verifyPassword('пароль-124', first)).toBe(false);
  });

  it('still verifies a hash made with the earlier N=2^17, r=8, p=1', async () => {
    const salt = Buffer.from('an-earlier-salt!');
    const key = scryptSync('пароль-123'.normalize('NFKC'), salt, 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const earlier = ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('пароль-123', earlier)).toBe(true);
    expect(await verifyPassword('пароль-124', earlier)).toBe(false);
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

/** A compact HS256 JWT made by hand, for headers jose would refuse to sign. */
function hmacSigned(header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', TEST_JWT_SECRET).update(input).digest('base64url')}`;
}

describe('the password hasher', () => {
  it('runs a few checks at once, lets a few wait, and refuses the rest with 503 and Retry-After', async () => {
    const hasher = createPasswordHasher(1024, { running: 1, waiting: 1 });
    const stored = await hasher.hash('secret');
    const outcomes = await Promise.allSettled([hasher.verify('secret', stored), hasher.verify('wrong', stored), hasher.verify('secret', null), hasher.hash('x')]);
    expect(outcomes.slice(0, 2)).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: false },
    ]);
    for (const outcome of outcomes.slice(2)) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.statusCode).toBe(503);
      expect(error.headers).toEqual({ 'retry-after': '2' });
      expect(error.body).toEqual({ detail: 'Сервер сейчас проверяет слишком много паролей. Попробуйте ещё раз через несколько секунд.' });
    }
    // Once the turn is free again, checks run.
    expect(await hasher.verify('secret', stored)).toBe(true);
  });

  it('lets a priority check wait in its own lane, ahead of the others, when theirs is full', async () => {
    const hasher = createPasswordHasher(1024, { running: 1, waiting: 1 });
    const stored = await hasher.hash('secret');
    const order: string[] = [];
    const check = (name: string, priority: boolean) => hasher.verify('secret', stored, { priority }).then((matches) => (order.push(name), matches));
    const outcomes = await Promise.allSettled([check('running', false), check('waiting', false), check('refused', false), check('known', true)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(order).toEqual(['running', 'known', 'waiting']);
    await expect(hasher.refuseWhenBusy({ priority: true })).resolves.toBeUndefined();
  });

  it('answers a refusal only after the gate delay, so a flood with a few requests in flight slows to a trickle', async () => {
    const hasher = createPasswordHasher(2 ** 14, { running: 1, waiting: 0, refusalDelayMs: 300 });
    const running = hasher.hash('secret');
    const started = performance.now();
    const refusals = await Promise.allSettled([hasher.refuseWhenBusy(), hasher.verify('secret', null)]);
    expect(refusals.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as HttpError).statusCode : outcome.status))).toEqual([503, 503]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    await running;
    await expect(hasher.refuseWhenBusy()).resolves.toBeUndefined();
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
    expect(tokens.verify(access, 'access')).toMatchObject({ userId: 42, type: 'access' });
    expect(tokens.verify(refresh, 'refresh')).toMatchObject({ userId: 42, type: 'refresh' });
  });

  it('rejects a token of the other type, an expired, forged or malformed one', async () => {
    const { access, refresh } = await tokens.signPair(7);
    expect(tokens.verify(access, 'refresh')).toBeNull();
    expect(tokens.verify(refresh, 'access')).toBeNull();
    expect(tokens.verify(await tokens.sign(7, 'access', new Date(Date.now() - 31 * 60_000)), 'access')).toBeNull();
    expect(tokens.verify(await createTokenService('another-secret-another-secret-0123').sign(7, 'access'), 'access')).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"7","type":"access"}').toString('base64url')}.`;
    for (const token of ['', 'abc', 'a.b.c', none, `${access}x`]) expect(tokens.verify(token, 'access'), token).toBeNull();
    const badSubject = await new SignJWT({ type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(tokens.verify(badSubject, 'access')).toBeNull();
  });

  it('checks a token at once, with no promise and no thread pool, exactly as jose checks tokens it signed', async () => {
    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const now = Math.floor(Date.now() / 1000);
    const make = (header: Record<string, unknown>, claims: Record<string, unknown>, key = secret) => new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
    const claims = { type: 'access', sub: '9', iat: now, exp: now + 60, pwc: 1_700_000_000_123 };
    // A token as issued (jose, HS256): its claims come back synchronously.
    const issued = await make({ alg: 'HS256', typ: 'JWT' }, claims);
    expect(tokens.verify(issued, 'access')).toEqual({ userId: 9, type: 'access', issuedAt: now, expiresAt: now + 60, passwordChangedAt: 1_700_000_000_123 });
    expect(tokens.verify(await make({ alg: 'HS256' }, { ...claims, nbf: now - 5 }), 'access')).toMatchObject({ userId: 9 });

    const refused = [
      await make({ alg: 'HS512' }, claims),
      hmacSigned({ alg: 'HS256', crit: ['x'], x: 1 }, claims),
      await make({ alg: 'HS256' }, { ...claims, exp: now }),
      await make({ alg: 'HS256' }, { ...claims, nbf: now + 60 }),
      await make({ alg: 'HS256' }, { ...claims, iat: undefined }),
      await make({ alg: 'HS256' }, { ...claims, sub: undefined }),
      await make({ alg: 'HS256' }, { ...claims, exp: String(now + 60) }),
      await make({ alg: 'HS256' }, { ...claims, pwc: 1.5 }),
      `${issued.slice(0, issued.lastIndexOf('.'))}.${Buffer.alloc(32).toString('base64url')}`,
      `${issued}=`,
      issued.replace(/^[^.]+/, Buffer.from('{"alg":"HS256"').toString('base64url')),
    ];
    for (const token of refused) expect(tokens.verify(token, 'access'), token).toBeNull();
    expect(tokens.verify(hmacSigned({ alg: 'HS256' }, claims), 'access')).toMatchObject({ userId: 9 });
  });
});
