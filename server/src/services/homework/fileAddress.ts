// The short-lived address of a homework answer's file (docs/HOMEWORK.md, «Files»):
// /media/homework/<fileId>?u=<viewerId>&e=<expiresAt>&s=<signature>, where the signature is HMAC-SHA256 with the site's
// signing secret over the viewer (the answer's author or one of the course's authors), the file and the moment it
// ends. Valid at most 10 minutes, as the recordings' addresses; the route checks the viewer may still see the file.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HOMEWORK_FILES_PATH } from '../../../../common/homework.ts';

/** The longest life of an address, in seconds. */
export const HOMEWORK_ADDRESS_MAX_SECONDS = 600;

/** Clocks of the processes behind the proxy differ by a little: one process checks what another signed. */
const CLOCK_SKEW_SECONDS = 60;

export interface HomeworkFileAddressTarget {
  /** Who the address is for: the person who answered, or an author of the course. */
  viewerId: number;
  fileId: number;
}

function signature(secret: string, target: HomeworkFileAddressTarget, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`homework-file:${target.viewerId}:${target.fileId}:${expiresAt}`).digest();
}

/** The file's address for this viewer, valid `lifetimeSeconds` from now (at most 10 minutes). */
export function signHomeworkFileAddress(secret: string, target: HomeworkFileAddressTarget, now: Date, lifetimeSeconds = HOMEWORK_ADDRESS_MAX_SECONDS): string {
  if (!Number.isSafeInteger(target.viewerId) || !Number.isSafeInteger(target.fileId)) throw new Error('A homework file address names a viewer and a file by their ids');
  const lifetime = Math.min(Math.max(Math.floor(lifetimeSeconds), 1), HOMEWORK_ADDRESS_MAX_SECONDS);
  const expiresAt = Math.floor(now.getTime() / 1000) + lifetime;
  return `${HOMEWORK_FILES_PATH}/${target.fileId}?u=${target.viewerId}&e=${expiresAt}&s=${signature(secret, target, expiresAt).toString('base64url')}`;
}

/** What an address's path and query give, as received. */
export interface ReceivedHomeworkFileAddress {
  fileId: string;
  u?: unknown;
  e?: unknown;
  s?: unknown;
}

export type HomeworkFileAddressCheck = { ok: true; target: HomeworkFileAddressTarget } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

const ID = /^[1-9][0-9]{0,14}$/;

/** Whether the address is one the site made and still valid (the signature compared in constant time). */
export function checkHomeworkFileAddress(secret: string, received: ReceivedHomeworkFileAddress, now: Date): HomeworkFileAddressCheck {
  const { fileId, u, e, s } = received;
  if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string') return { ok: false, reason: 'malformed' };
  if (!ID.test(fileId) || !ID.test(u) || !/^[0-9]{1,12}$/.test(e)) return { ok: false, reason: 'malformed' };
  const target = { viewerId: Number(u), fileId: Number(fileId) };
  const expiresAt = Number(e);
  const expected = signature(secret, target, expiresAt);
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== s) return { ok: false, reason: 'forged' };
  const secondsLeft = Math.floor((expiresAt * 1000 - now.getTime()) / 1000);
  if (secondsLeft < 1) return { ok: false, reason: 'expired' };
  if (secondsLeft > HOMEWORK_ADDRESS_MAX_SECONDS + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'forged' };
  return { ok: true, target };
}
