// The personal join link of a lesson (issue 35, docs/ATTENDANCE.md): `<site>/lessons/<id>/join?t=<token>`, where the
// token is base64url of `<userId>.<lessonId>` and the HMAC-SHA256 of it with the site's signing secret (the secret
// that signs tokens and recordings' addresses, config.jwtSecret). The link does not expire by itself: whether the room
// is open is checked against the lesson's time when the link is used, so the link of a moved lesson still works.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { JOIN_TOKEN_PARAM, joinPath } from '../../../../common/attendance.ts';

const ID = /^[1-9][0-9]{0,14}$/;

function signature(secret: string, userId: number, lessonId: number): Buffer {
  return createHmac('sha256', secret).update(`lesson-join:${userId}:${lessonId}`).digest();
}

/** The token of one person's link to one lesson. */
export function joinToken(secret: string, lessonId: number, userId: number): string {
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(lessonId) || userId < 1 || lessonId < 1) throw new Error('A join link names a person and a lesson by their ids');
  return `${Buffer.from(`${userId}.${lessonId}`).toString('base64url')}.${signature(secret, userId, lessonId).toString('base64url')}`;
}

/** The absolute personal link, for letters and calendars. */
export function joinUrl(config: { publicUrl: string; jwtSecret: string }, lessonId: number, userId: number): string {
  return `${config.publicUrl}${joinPath(lessonId)}?${JOIN_TOKEN_PARAM}=${joinToken(config.jwtSecret, lessonId, userId)}`;
}

/**
 * Whom a token names, when the site signed it for this very lesson: null for anything else (malformed, forged, or
 * another lesson's link). The signature is compared in constant time.
 */
export function checkJoinToken(secret: string, lessonId: number, token: unknown): number | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [subject, signed, extra] = token.split('.');
  if (subject === undefined || signed === undefined || extra !== undefined) return null;
  const decoded = Buffer.from(subject, 'base64url').toString('utf8');
  if (Buffer.from(decoded).toString('base64url') !== subject) return null;
  const [user, lesson, more] = decoded.split('.');
  if (user === undefined || lesson === undefined || more !== undefined || !ID.test(user) || !ID.test(lesson)) return null;
  const userId = Number(user);
  const expected = signature(secret, userId, Number(lesson));
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== signed) return null;
  return Number(lesson) === lessonId ? userId : null;
}
