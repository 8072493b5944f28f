// The short-lived address of a recording's file (docs/RECORDINGS.md, «Addresses»):
// /media/recordings/<lessonId>/<file>?u=<userId>&e=<expiresAt>&s=<signature>, where the signature is HMAC-SHA256 with
// the site's signing secret over the person, the lesson, the file (whose name carries the recording's generation, so
// a replaced recording's addresses lead nowhere) and the moment it ends. It is valid at most 10 minutes: a forwarded
// address stops working by then, and the page asks for a new one while it plays.
import { checkUntil, signUntil } from '../expiringSignatures.ts';

export const RECORDINGS_PATH = '/media/recordings';
/** nginx's check of an address before it sends the file itself: the same path and query under this prefix. */
export const RECORDING_CHECKS_PATH = '/media/recording-checks';

/** The longest life of an address, in seconds. */
export const RECORDING_ADDRESS_MAX_SECONDS = 600;

/** A file's name: its generation and its kind (the video, its poster). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(?:mp4|jpg)$/;

export interface RecordingAddressTarget {
  userId: number;
  lessonId: number;
  /** The file's name within the lesson's recordings, such as `3f9a1c.mp4` or `3f9a1c.jpg`. */
  file: string;
}

export function isRecordingFileName(file: string): boolean {
  return FILE_NAME.test(file);
}

/** What the signature names: the person, the lesson and the file. */
const subjectOf = (target: RecordingAddressTarget) => `recording-address:${target.userId}:${target.lessonId}:${target.file}`;

/** The address of the file for this person, valid `lifetimeSeconds` from now (at most 10 minutes). */
export function signRecordingAddress(
  secret: string,
  target: RecordingAddressTarget,
  now: Date,
  lifetimeSeconds = RECORDING_ADDRESS_MAX_SECONDS,
): { path: string; expiresAt: Date } {
  if (!isRecordingFileName(target.file)) throw new Error(`Not a recording file name: ${target.file}`);
  if (!Number.isSafeInteger(target.userId) || !Number.isSafeInteger(target.lessonId)) throw new Error('A recording address names a person and a lesson by their ids');
  const lifetime = Math.min(Math.max(Math.floor(lifetimeSeconds), 1), RECORDING_ADDRESS_MAX_SECONDS);
  const expiresAt = Math.floor(now.getTime() / 1000) + lifetime;
  const query = `u=${target.userId}&e=${expiresAt}&s=${signUntil(secret, subjectOf(target), expiresAt)}`;
  return { path: `${RECORDINGS_PATH}/${target.lessonId}/${target.file}?${query}`, expiresAt: new Date(expiresAt * 1000) };
}

/** What an address's path and query give, as received. */
export interface ReceivedRecordingAddress {
  lessonId: string;
  file: string;
  u?: unknown;
  e?: unknown;
  s?: unknown;
}

export type RecordingAddressCheck =
  | { ok: true; target: RecordingAddressTarget; secondsLeft: number }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

const ID = /^[1-9][0-9]{0,14}$/;

/**
 * Whether the address is one the site made and still valid: the signature is compared in constant time, and an
 * address whose end is past, or further away than an address may live, is refused.
 */
export function checkRecordingAddress(secret: string, received: ReceivedRecordingAddress, now: Date): RecordingAddressCheck {
  const { lessonId, file, u, e, s } = received;
  if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string') return { ok: false, reason: 'malformed' };
  if (!ID.test(lessonId) || !ID.test(u) || !/^[0-9]{1,12}$/.test(e) || !isRecordingFileName(file)) return { ok: false, reason: 'malformed' };
  const target = { userId: Number(u), lessonId: Number(lessonId), file };
  const checked = checkUntil(secret, subjectOf(target), Number(e), s, now, RECORDING_ADDRESS_MAX_SECONDS);
  return checked.ok ? { ok: true, target, secondsLeft: checked.secondsLeft } : checked;
}
