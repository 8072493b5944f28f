// Unsigned JWTs for tests: the site only reads the expiry.
function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** A token that expires `secondsFromNow` seconds from now (negative: already expired). */
export function fakeJwt(secondsFromNow: number | null, claims: object = {}): string {
  const payload = secondsFromNow === null ? claims : { ...claims, exp: Math.floor(Date.now() / 1000) + secondsFromNow };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

export function storeSession(accessSeconds = 1800, refreshSeconds = 86400): void {
  localStorage.setItem('accessToken', fakeJwt(accessSeconds));
  localStorage.setItem('refreshToken', fakeJwt(refreshSeconds));
}
