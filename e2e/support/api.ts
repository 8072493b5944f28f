// The API as a client outside the browser, which the journeys set up and check things through: a token for an
// account, then JSON calls with it (answers of 300 and more fail the test, with the body in the message).
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { MutaboCourse } from '../../common/mutabo/courses.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import { linkIn, waitForLetter } from '../../server/tests/mailbox.ts';
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

/** A confirmed account, signed up and confirmed through the API and the letter's link; answers its token. */
export async function confirmedAccount(account: { email: string; firstName: string; lastName: string }, password: string): Promise<string> {
  await call(null, 'POST', '/api/v1/users/', { ...account, password1: password, password2: password, agreement: true });
  const outbox = path.join(inject('dataDir'), 'outbox');
  const letter = await waitForLetter(outbox, (item) => item.to === account.email && item.text.includes('/user/confirm-signup/'), 15_000);
  const [uidb64, token] = linkIn(letter, '/user/confirm-signup/').pathname.split('/').filter(Boolean).slice(-2);
  await call(null, 'POST', '/api/v1/users/registration-confirm/', { uidb64, token });
  return tokenOf({ email: account.email, password });
}

/** An author's new course for adults with these published lessons, open for sign-up: its id and its lessons' ids. */
export async function openCourse(token: string, title: string, lessons: string[], prices: MutaboCourse['prices'] = []): Promise<{ id: number; lessonIds: number[] }> {
  const course = await call<MutaboCourse>(token, 'POST', '/api/v1/mutabo/courses/', { title, disciplesAge: 'DISCIPLES_AGE_ADULTS', participantsLimit: 6, start: '2038-04-01', prices });
  const lessonIds: number[] = [];
  for (const lesson of lessons) lessonIds.push((await call<MutaboLesson>(token, 'POST', `/api/v1/mutabo/courses/${course.id}/lessons/`, { title: lesson, duration: 90, state: 'published' })).id);
  const current = await call<MutaboCourse>(token, 'GET', `/api/v1/mutabo/courses/${course.id}/`);
  await call(token, 'PATCH', `/api/v1/mutabo/courses/${course.id}/`, { state: 'can_be_subscribed', version: current.version });
  return { id: course.id, lessonIds };
}
