// One resumable upload of a lesson's recording through tus 1.0.0 (tus-js-client, imported only here, in the area's
// chunk): 32 MiB requests (the server gives each at most 60 s), retried after a dropped connection, and resumed from
// where it stopped after a closed tab (tus-js-client keeps each upload's address in localStorage under a fingerprint
// of the file and the endpoint; the lesson's own `recording.uploadUrl` serves when that is gone).
import { DetailedError, Upload, type HttpRequest, type PreviousUpload } from 'tus-js-client';
import { RECORDING_UPLOAD_CHUNK_BYTES } from '../../../../common/recordings.ts';
import { isTokenExpired, readTokens } from '../../../api/tokens.ts';
import { recordingUploadEndpoint } from './recordingApi.ts';
import { uploadFailureMessage } from './recordingText.ts';

/** Waits before each new try after a dropped connection, in ms: about a minute and a half in all. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  /** The upload stopped for good: the Russian message to show under the field. */
  onError: (message: string) => void;
}

export interface RecordingUpload {
  /** Starts, or resumes a previous upload of the same file to the same lesson. */
  start: () => Promise<void>;
  /** Stops sending; `resume` goes on from the server's offset. */
  pause: () => Promise<void>;
  resume: () => void;
  /** Stops and removes what the server has of it (tus termination). */
  cancel: () => Promise<void>;
}

/** The answer's body as the API writes errors: `{detail}` or `{recording: ["…"]}`. */
function bodyMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { detail?: unknown; recording?: unknown };
    if (typeof body.detail === 'string' && body.detail) return body.detail;
    if (Array.isArray(body.recording) && typeof body.recording[0] === 'string') return body.recording[0];
    if (typeof body.recording === 'string' && body.recording) return body.recording;
  } catch {
    // not JSON
  }
  return null;
}

/** The HTTP status and the API's message of a failed request (0 and null for a dropped connection). */
export function failureOf(error: Error): { status: number; message: string | null } {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return { status: 0, message: null };
  return { status: response.getStatus(), message: bodyMessage(response.getBody() ?? '') };
}

/**
 * Only a dropped connection or a server's passing trouble is tried again; an answer that says why (a limit, a second
 * upload, an unreadable file) is final. A PATCH the server cut off at its 60 s (408, on a slow line) is trouble of that
 * kind: what arrived of it is kept, and the next try goes on from there.
 */
function shouldRetry(error: Error): boolean {
  const { status, message } = failureOf(error);
  if (message) return false;
  if (status === 0) return true;
  return status >= 500 || status === 408 || status === 409 || status === 423;
}

/** The area's bearer token, renewed first (by `renew`, any call of the area's client) when it has expired. */
async function bearer(renew: () => Promise<unknown>): Promise<string | null> {
  let { access } = readTokens();
  if (access && isTokenExpired(access) && readTokens().refresh) {
    await renew().catch(() => undefined);
    access = readTokens().access;
  }
  return access;
}

interface UploadTarget {
  lessonId: number;
  file: File;
  /** The lesson's unfinished upload (`recording.uploadUrl`) and its file's name and size, to resume when the browser has no record of it. */
  unfinished: { url: string; fileName: string; size: number | null } | null;
  /** Any call through the area's client: it renews an expired token. */
  renew: () => Promise<unknown>;
}

export function createRecordingUpload({ lessonId, file, unfinished, renew }: UploadTarget, callbacks: UploadCallbacks): RecordingUpload {
  const sameFile = unfinished !== null && unfinished.fileName === file.name && (unfinished.size === null || unfinished.size === file.size);
  const upload = new Upload(file, {
    endpoint: recordingUploadEndpoint(lessonId),
    uploadUrl: sameFile ? unfinished.url : null,
    metadata: { filename: file.name, filetype: file.type },
    // The token is set by onBeforeRequest on every request, renewed when it has expired: set here too, the browser
    // would send both, joined into one header the server refuses.
    headers: { 'Accept-Language': 'ru' },
    chunkSize: RECORDING_UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: async (request: HttpRequest) => {
      const token = await bearer(renew);
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error) => shouldRetry(error),
    onProgress: callbacks.onProgress,
    onSuccess: () => callbacks.onSuccess(),
    onError: (error) => {
      const { status, message } = failureOf(error);
      callbacks.onError(uploadFailureMessage(status, message));
    },
  });

  return {
    start: async () => {
      // A previous upload of this file to this lesson (a closed tab, a reload): go on from its offset.
      const previous: PreviousUpload[] = await upload.findPreviousUploads().catch(() => []);
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    },
    pause: () => upload.abort(false),
    resume: () => upload.start(),
    cancel: async () => {
      try {
        await upload.abort(true);
      } catch {
        // Already gone on the server (or never created): nothing left to remove.
      }
    },
  };
}

/** Removes an unfinished upload whose file this browser no longer has (started in another tab or browser). */
export async function terminateUpload(url: string, renew: () => Promise<unknown>): Promise<void> {
  const token = await bearer(renew);
  try {
    await Upload.terminate(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, retryDelays: [0, 1000] });
  } catch {
    // Gone already.
  }
}
