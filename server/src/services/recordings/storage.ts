// Where recorded lectures are kept (docs/RECORDINGS.md, «Storage»): one interface, a folder or an S3-compatible store
// behind it (storageFs.ts, storageS3.ts, chosen by storageFromConfig.ts). Never PostgreSQL, and never a whole file in
// memory: every read and write is a stream.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';

/** What a put stores: a local file (its size is read), or a stream that must give exactly `size` bytes. */
export type RecordingSource = { path: string } | { stream: Readable; size: number };

/** A range of bytes, both ends included, as in `Range: bytes=start-end`. */
export interface ByteSpan {
  start: number;
  end: number;
}

export interface PutOptions {
  /**
   * false: a file kept only until a job moves it on (an upload's source, which processing reads once): the folder
   * does not wait for it to reach the disk. A process that dies keeps it; a machine that dies within the kernel's
   * write-back (about 30 s) may leave it damaged, and its processing then fails with a reason and can be uploaded
   * again. Default true: on the disk before the key names it.
   */
  durable?: boolean;
}

export interface RecordingStorage {
  readonly kind: 'fs' | 's3';
  /**
   * Stores the bytes under the key, replacing what was there. The key holds either the old file or the whole new one:
   * a failed or interrupted write (a stream that errs, or gives more or fewer bytes than its size) leaves nothing new.
   */
  put(key: string, source: RecordingSource, options?: PutOptions): Promise<void>;
  /** The stored file's size, or null when there is none under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The file's bytes, or those of the span; throws RecordingMissingError when there is no file. */
  read(key: string, span?: ByteSpan): Promise<Readable>;
  /** Removes the file; a key with nothing under it is no error. */
  delete(key: string): Promise<void>;
  /** A presigned GET of the file valid `lifetimeSeconds`, answered with this Cache-Control; null for a folder. */
  presignedGet(key: string, lifetimeSeconds: number, cacheControl: string): Promise<string | null>;
  /** Lets go of connections (S3); nothing to do for a folder. */
  close(): void;
}

export class RecordingMissingError extends Error {
  constructor(readonly key: string) {
    super(`No recording file under ${key}`);
    this.name = 'RecordingMissingError';
  }
}

export class InvalidRecordingKeyError extends Error {
  constructor(key: string) {
    super(`Not a recording key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidRecordingKeyError';
  }
}

/** One to eight segments of letters, digits, `.`, `_` and `-`, none starting with a dot: no `..`, no hidden names. */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isRecordingKey(key: string): boolean {
  const segments = key.split('/');
  return key.length <= 512 && segments.length <= 8 && segments.every((segment) => KEY_SEGMENT.test(segment));
}

export function checkRecordingKey(key: string): string {
  if (!isRecordingKey(key)) throw new InvalidRecordingKeyError(key);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  vtt: 'text/vtt; charset=utf-8',
};

/** The Content-Type of a key by its extension (video/mp4, image/jpeg for posters); application/octet-stream otherwise. */
export function recordingContentType(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** The stream and size of a source: a file's size is read before it is opened, so a missing file leaves nothing open. */
export async function sourceStream(source: RecordingSource): Promise<{ stream: Readable; size: number }> {
  if (!('path' in source)) return source;
  const { size } = await stat(source.path);
  return { stream: createReadStream(source.path), size };
}

/** Passes the bytes on and fails the stream at its end unless exactly `size` went through (or at once past it). */
export function exactLength(size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > size) callback(new Error(`The stream gave more than its ${size} bytes`));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(seen === size ? null : new Error(`The stream ended after ${seen} of its ${size} bytes`));
    },
  });
}
