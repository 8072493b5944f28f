// The token expiry rule: no expiry or under 5 seconds left counts as expired.
import { isTokenExpired } from '../../src/api/tokens.ts';
import { fakeJwt } from '../support/tokens.ts';

describe('token expiry', () => {
  it('counts a token with more than 5 s left as valid', () => {
    expect(isTokenExpired(fakeJwt(60))).toBe(false);
    expect(isTokenExpired(fakeJwt(6))).toBe(false);
  });

  it('counts a token with under 5 s left, a past token, one without expiry and garbage as expired', () => {
    expect(isTokenExpired(fakeJwt(4))).toBe(true);
    expect(isTokenExpired(fakeJwt(-10))).toBe(true);
    expect(isTokenExpired(fakeJwt(null))).toBe(true);
    expect(isTokenExpired('not-a-jwt')).toBe(true);
    expect(isTokenExpired(null)).toBe(true);
  });

  it('measures the margin against the given clock', () => {
    const token = fakeJwt(100);
    const expiry = (Math.floor(Date.now() / 1000) + 100) * 1000;
    expect(isTokenExpired(token, expiry - 5001)).toBe(false);
    expect(isTokenExpired(token, expiry - 4999)).toBe(true);
  });
});
