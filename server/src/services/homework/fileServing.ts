// GET /media/homework/<fileId>?u=&e=&s= (docs/HOMEWORK.md, «Files»): an answer's file at its signed address. The
// address must be one the site made and still valid (fileAddress.ts), and its viewer must still be the answer's person
// or an author who leads the course (an author never sees a draft's files). The bytes come through the process from
// the folder or S3, with the headers that keep a file from acting as a page of the site.
import type { Readable } from 'node:stream';
import { HOMEWORK_FILE_KINDS, homeworkMessages as hm, type HomeworkFileKind } from '../../../../common/homework.ts';
import type { Executor } from '../../db/client.ts';
import { fileForViewing } from '../../repositories/homework/answersRepository.ts';
import { RecordingMissingError, type RecordingStorage } from '../recordings/storage.ts';
import { KIND_CONTENT_TYPES } from './answerFiles.ts';
import { checkHomeworkFileAddress, HOMEWORK_ADDRESS_MAX_SECONDS, type ReceivedHomeworkFileAddress } from './fileAddress.ts';

export interface HomeworkFileDeps {
  db: Executor;
  config: { jwtSecret: string };
  recordings: Pick<RecordingStorage, 'read'>;
}

export type HomeworkFileAnswer =
  | { kind: 'refused'; detail: string }
  | { kind: 'missing'; detail: string }
  | { kind: 'file'; body: Readable; size: number; headers: Record<string, string> };

/** Shown by the browser: images and pdf; every other kind is a download. */
const INLINE = new Set<HomeworkFileKind>(['jpeg', 'png', 'pdf']);

/** `filename*` (RFC 5987) for the name, with a plain ASCII `filename` for old clients. */
export function contentDisposition(kind: HomeworkFileKind, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${INLINE.has(kind) ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Nothing of the site runs in a file's page: no scripts, no requests, no frames of others. The pdf is left out of
 * `sandbox`: Chromium's viewer refuses to show a pdf in a sandboxed document.
 */
export const fileSecurityPolicy = (kind: HomeworkFileKind) =>
  `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'${kind === 'pdf' ? '' : '; sandbox'}`;

export async function serveHomeworkFile(deps: HomeworkFileDeps, received: ReceivedHomeworkFileAddress, now = new Date()): Promise<HomeworkFileAnswer> {
  const refused = { kind: 'refused', detail: hm.fileRefused } as const;
  const check = checkHomeworkFileAddress(deps.config.jwtSecret, received, now);
  if (!check.ok) return refused;
  const { viewerId, fileId } = check.target;
  const file = await fileForViewing(deps.db, fileId, viewerId);
  if (file === null) return { kind: 'missing', detail: hm.fileMissing };
  const mayView = file.ownerId === viewerId || (file.viewerLeads && file.answerState !== 'draft');
  if (!mayView) return refused;
  const kind = (HOMEWORK_FILE_KINDS as readonly string[]).includes(file.kind) ? (file.kind as HomeworkFileKind) : 'txt';
  let body: Readable;
  try {
    body = await deps.recordings.read(file.storageKey);
  } catch (error) {
    if (error instanceof RecordingMissingError) return { kind: 'missing', detail: hm.fileMissing };
    throw error;
  }
  const secondsLeft = Math.max(0, Math.min(HOMEWORK_ADDRESS_MAX_SECONDS, Number(received.e) - Math.floor(now.getTime() / 1000)));
  return {
    kind: 'file',
    body,
    size: file.size,
    headers: {
      'content-type': KIND_CONTENT_TYPES[kind],
      'content-disposition': contentDisposition(kind, file.name),
      'cache-control': `private, max-age=${secondsLeft}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': fileSecurityPolicy(kind),
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    },
  };
}
