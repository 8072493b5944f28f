// The token store: access and refresh tokens in browser storage and in memory, told to subscribers when they change;
// and the expiry rule of spec sections 4 and 9.
import { jwtDecode } from 'jwt-decode';

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** A token counts as expired when fewer than this many milliseconds remain. */
const TOKEN_EXPIRY_MARGIN_MS = 5000;

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

/** Expiry of a JWT in ms since the epoch, or null when it has none or cannot be read. */
function tokenExpiry(token: string | null): number | null {
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

/**
 * The one store of the tokens. Browser storage keeps them across reloads; the copy in memory answers when storage
 * cannot be used (blocked, full). Whoever shows the session (the Redux session slice) subscribes and follows it, so
 * storing or clearing tokens here is all a login, a renewal, a logout or a 401 has to do.
 */
let inMemory: StoredTokens = { access: null, refresh: null };
const listeners = new Set<(tokens: StoredTokens) => void>();
/** Set when storage refused a write: from then on this tab's tokens are the ones in memory. */
let storageRefused = false;
/** What the subscribers were last told (or found when the first subscribed): a change in another tab is told once. */
let told: StoredTokens | null = null;

export function readTokens(): StoredTokens {
  const store = storageRefused ? null : storage();
  if (store) inMemory = { access: store.getItem(ACCESS_TOKEN_KEY), refresh: store.getItem(REFRESH_TOKEN_KEY) };
  return { ...inMemory };
}

function write(store: Storage, key: string, value: string | null): void {
  try {
    if (value) store.setItem(key, value);
    else store.removeItem(key);
  } catch {
    // Storage full or blocked: the copy in memory holds the session for this tab.
    storageRefused = true;
  }
}

/** Stores the given tokens (null removes one, undefined keeps it); subscribers hear of a change once. */
export function saveTokens(tokens: Partial<StoredTokens>): void {
  const before = readTokens();
  const next: StoredTokens = {
    access: tokens.access === undefined ? before.access : tokens.access || null,
    refresh: tokens.refresh === undefined ? before.refresh : tokens.refresh || null,
  };
  if (next.access === before.access && next.refresh === before.refresh) return;
  const store = storageRefused ? null : storage();
  if (store) {
    write(store, ACCESS_TOKEN_KEY, next.access);
    write(store, REFRESH_TOKEN_KEY, next.refresh);
  }
  inMemory = next;
  tell(next);
}

function tell(tokens: StoredTokens): void {
  told = { ...tokens };
  for (const listener of [...listeners]) listener({ ...tokens });
}

/**
 * Another tab of the site logged in or out, or renewed the tokens: the browser tells this one with a `storage`
 * event (key null when the storage was cleared), and the subscribers hear of it as of a change made here.
 */
function followOtherTabs(event: StorageEvent): void {
  if (storageRefused || (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY)) return;
  const now = readTokens();
  if (told && now.access === told.access && now.refresh === told.refresh) return;
  tell(now);
}

let followingOtherTabs = false;

export function clearTokens(): void {
  saveTokens({ access: null, refresh: null });
}

/** Called with the new tokens after each change; returns the way to stop. */
export function subscribeToTokens(listener: (tokens: StoredTokens) => void): () => void {
  listeners.add(listener);
  told = readTokens();
  if (!followingOtherTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', followOtherTabs);
    followingOtherTabs = true;
  }
  return () => {
    listeners.delete(listener);
  };
}
