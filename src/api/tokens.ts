// Access and refresh tokens in browser storage, and the expiry rule of spec sections 4 and 9.
import { jwtDecode } from 'jwt-decode';

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** A token counts as expired when fewer than this many milliseconds remain. */
export const TOKEN_EXPIRY_MARGIN_MS = 5000;

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

/** Expiry of a JWT in ms since the epoch, or null when it has none or cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  if (!token) return null;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(token: string | null, now: number = Date.now()): boolean {
  const expiry = tokenExpiry(token);
  return expiry === null || expiry - now < TOKEN_EXPIRY_MARGIN_MS;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readTokens(): StoredTokens {
  const store = storage();
  return { access: store?.getItem(ACCESS_TOKEN_KEY) ?? null, refresh: store?.getItem(REFRESH_TOKEN_KEY) ?? null };
}

export function saveTokens(tokens: Partial<StoredTokens>): void {
  const store = storage();
  if (!store) return;
  if (tokens.access !== undefined) {
    if (tokens.access) store.setItem(ACCESS_TOKEN_KEY, tokens.access);
    else store.removeItem(ACCESS_TOKEN_KEY);
  }
  if (tokens.refresh !== undefined) {
    if (tokens.refresh) store.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
    else store.removeItem(REFRESH_TOKEN_KEY);
  }
}

export function clearTokens(): void {
  saveTokens({ access: null, refresh: null });
}
