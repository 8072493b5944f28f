// Serving a recording's file at its signed address (signedAddress.ts): from a folder, streamed with byte ranges so a
// player seeks without downloading the whole file; from S3, a redirect to a presigned GET that ends when the address
// does. Behind nginx, nginx asks checkRecordingFile once per address and sends the file itself. Who may watch is
// decided when the address is given (the entitlement API); here only the address is checked.
import { Readable } from 'node:stream';
import { byteRange } from '../../http/byteRanges.ts';
import { checkRecordingAddress, type ReceivedRecordingAddress } from './signedAddress.ts';
import { RecordingMissingError, recordingContentType, type ByteSpan, type RecordingStorage } from './storage.ts';

/** Where a lesson's recording files are kept in the storage. */
export function recordingFileKey(lessonId: number, file: string): string {
  return `lessons/${lessonId}/${file}`;
}

export type RecordingFileAnswer =
  | { kind: 'refused'; detail: string }
  | { kind: 'missing'; detail: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'unsatisfiable'; size: number; cacheControl: string }
  | { kind: 'file'; body: Readable; size: number; span: ByteSpan | null; contentType: string; cacheControl: string };

export const RECORDING_REFUSED = {
  expired: 'Ссылка на запись устарела. Обновите страницу, чтобы продолжить просмотр.',
  invalid: 'Ссылка на запись недействительна. Откройте запись со страницы курса.',
};
export const RECORDING_MISSING = 'Запись не найдена: возможно, её заменили или скрыли. Обновите страницу.';

/** The answer to a GET (or a HEAD: the same headers, and the file is not read) of a signed address with this Range header. */
export async function serveRecordingFile(
  deps: { secret: string; storage: RecordingStorage },
  address: ReceivedRecordingAddress,
  range: string | undefined,
  now: Date,
  head = false,
): Promise<RecordingFileAnswer> {
  const check = checkRecordingAddress(deps.secret, address, now);
  if (!check.ok) return { kind: 'refused', detail: check.reason === 'expired' ? RECORDING_REFUSED.expired : RECORDING_REFUSED.invalid };
  const key = recordingFileKey(check.target.lessonId, check.target.file);
  // Never cached longer than the address lives: a forwarded address stops working, and so does a browser's copy.
  const cacheControl = `private, max-age=${check.secondsLeft}`;
  const presigned = await deps.storage.presignedGet(key, check.secondsLeft, cacheControl);
  if (presigned !== null) return { kind: 'redirect', url: presigned };
  const found = await deps.storage.stat(key);
  if (found === null) return { kind: 'missing', detail: RECORDING_MISSING };
  const span = byteRange(range, found.size);
  if (span === 'unsatisfiable') return { kind: 'unsatisfiable', size: found.size, cacheControl };
  const contentType = recordingContentType(key);
  // Fastify drains a HEAD's stream to the end: a HEAD of a 4 GB video would read all of it.
  if (head) return { kind: 'file', body: Readable.from([]), size: found.size, span, contentType, cacheControl };
  try {
    const body = await deps.storage.read(key, span ?? undefined);
    return { kind: 'file', body, size: found.size, span, contentType, cacheControl };
  } catch (error) {
    if (error instanceof RecordingMissingError) return { kind: 'missing', detail: RECORDING_MISSING };
    throw error;
  }
}

export type RecordingCheckAnswer =
  | { kind: 'refused'; detail: string }
  | { kind: 'allowed'; secondsLeft: number; expiresAt: Date };

/**
 * nginx's question before it sends a file itself (deploy/nginx.conf, `auth_request`): is this address one the site
 * made, and until when. The file's being there is nginx's to find (a hidden or replaced recording's file is gone).
 */
export function checkRecordingFile(deps: { secret: string; storage: RecordingStorage }, address: ReceivedRecordingAddress, now: Date): RecordingCheckAnswer {
  const check = checkRecordingAddress(deps.secret, address, now);
  if (!check.ok) return { kind: 'refused', detail: check.reason === 'expired' ? RECORDING_REFUSED.expired : RECORDING_REFUSED.invalid };
  // With S3 nginx has no file to send: refused here (nginx's auth_request knows only yes and no), so that nginx asks
  // the file's own address, which redirects to the store.
  if (deps.storage.kind !== 'fs') return { kind: 'refused', detail: RECORDING_MISSING };
  return { kind: 'allowed', secondsLeft: check.secondsLeft, expiresAt: new Date(Number(address.e) * 1000) };
}
