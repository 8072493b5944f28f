// The token expiry rule (no expiry or under 5 seconds left counts as expired) and the token store.
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

describe('the token store', () => {
  it('tells its subscribers of each change once, and not of a write that changes nothing', async () => {
    const { clearTokens, readTokens, saveTokens, subscribeToTokens } = await import('../../src/api/tokens.ts');
    const heard: unknown[] = [];
    const stop = subscribeToTokens((tokens) => heard.push(tokens));
    const access = fakeJwt(1800);
    saveTokens({ access, refresh: 'r' });
    saveTokens({ access });
    clearTokens();
    clearTokens();
    stop();
    saveTokens({ access, refresh: 'r' });
    expect(heard).toEqual([{ access, refresh: 'r' }, { access: null, refresh: null }]);
    expect(readTokens()).toEqual({ access, refresh: 'r' });
    expect(localStorage.getItem('accessToken')).toBe(access);
  });

  it('keeps the session in memory for this tab when storage refuses to write', async () => {
    vi.resetModules();
    const { readTokens, saveTokens } = await import('../../src/api/tokens.ts');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      saveTokens({ access: 'a', refresh: 'r' });
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(readTokens()).toEqual({ access: 'a', refresh: 'r' });
    } finally {
      setItem.mockRestore();
      vi.resetModules();
    }
  });

  it('follows a login, a renewal or a logout in another tab (the storage event), once each, and nothing else', async () => {
    const { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, clearTokens, subscribeToTokens } = await import('../../src/api/tokens.ts');
    clearTokens();
    const heard: unknown[] = [];
    const stop = subscribeToTokens((tokens) => heard.push(tokens));
    const access = fakeJwt(1800);
    // What another tab does: it writes the storage, and this tab gets an event for each key it wrote.
    localStorage.setItem(ACCESS_TOKEN_KEY, access);
    localStorage.setItem(REFRESH_TOKEN_KEY, 'r2');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: REFRESH_TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'somethingElse' }));
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    stop();
    expect(heard).toEqual([{ access, refresh: 'r2' }, { access: null, refresh: null }]);
  });
});
