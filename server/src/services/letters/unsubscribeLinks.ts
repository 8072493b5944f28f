// The personal unsubscribe link of a news letter: PUBLIC_URL/news/unsubscribe/{user}/{course}/{signature}, signed
// with the server's signing secret, so it works without logging in and names nobody else's subscription.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config.ts';

export const UNSUBSCRIBE_PATH = '/news/unsubscribe';

/** 32 hex digits of HMAC-SHA256 over the purpose, the user and the course. */
function signature(secret: string, userId: number, courseId: number): string {
  return createHmac('sha256', secret).update(`news-unsubscribe:${userId}:${courseId}`).digest('hex').slice(0, 32);
}

export function unsubscribeLink(config: Pick<AppConfig, 'publicUrl' | 'jwtSecret'>, userId: number, courseId: number): string {
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}/${userId}/${courseId}/${signature(config.jwtSecret, userId, courseId)}`;
}

/** Whether the link's signature is the one made for this user and course. */
export function verifyUnsubscribe(secret: string, userId: number, courseId: number, given: string): boolean {
  const expected = Buffer.from(signature(secret, userId, courseId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** RFC 2369 and RFC 8058 headers: mail clients offer their own «unsubscribe» and POST to the link in one click. */
export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
