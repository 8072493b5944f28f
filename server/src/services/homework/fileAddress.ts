// The short-lived address of a homework answer's file (docs/HOMEWORK.md, «Files»):
// /media/homework/<fileId>?u=<viewerId>&e=<expiresAt>&s=<signature>, where the signature is HMAC-SHA256 with the site's
// signing secret over the viewer (the answer's author or one of the course's authors), the file and the moment it
// ends. Valid at most 10 minutes, as the recordings' addresses; the route checks the viewer may still see the file.
import { HOMEWORK_FILES_PATH } from '../../../../common/homework.ts';
import { checkUntil, signUntil } from '../expiringSignatures.ts';

/** The longest life of an address, in seconds. */
export const HOMEWORK_ADDRESS_MAX_SECONDS = 600;

export interface HomeworkFileAddressTarget {
  /** Who the address is for: the person who answered, or an author of the course. */
  viewerId: number;
  fileId: number;
}

/** What the signature names: the viewer and the file. */
const subjectOf = (target: HomeworkFileAddressTarget) => `homework-file:${target.viewerId}:${target.fileId}`;

/** The file's address for this viewer, valid `lifetimeSeconds` from now (at most 10 minutes). */
export function signHomeworkFileAddress(secret: string, target: HomeworkFileAddressTarget, now: Date, lifetimeSeconds = HOMEWORK_ADDRESS_MAX_SECONDS): string {
  if (!Number.isSafeInteger(target.viewerId) || !Number.isSafeInteger(target.fileId)) throw new Error('A homework file address names a viewer and a file by their ids');
  const lifetime = Math.min(Math.max(Math.floor(lifetimeSeconds), 1), HOMEWORK_ADDRESS_MAX_SECONDS);
  const expiresAt = Math.floor(now.getTime() / 1000) + lifetime;
  return `${HOMEWORK_FILES_PATH}/${target.fileId}?u=${target.viewerId}&e=${expiresAt}&s=${signUntil(secret, subjectOf(target), expiresAt)}`;
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
  const checked = checkUntil(secret, subjectOf(target), Number(e), s, now, HOMEWORK_ADDRESS_MAX_SECONDS);
  return checked.ok ? { ok: true, target } : checked;
}
