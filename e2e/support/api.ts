// The API as a client outside the browser, which the journeys set up and check things through: a token for an
// account, then JSON calls with it (answers of 300 and more fail the test, with the body in the message).
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

export async function call<T>(token: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json', 'Accept-Language': 'ru' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
  return (response.status === 204 ? {} : await response.json()) as T;
}

export async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const { access } = await call<{ access: string }>(null, 'POST', '/api/v1/token/', { username: account.email, password: account.password });
  return access;
}
