// Recordings in a folder (RECORDINGS_STORAGE=fs, DATA_DIR/recordings by default). A file is written under a temporary
// name in `.partial/` of the same folder, synced, and renamed onto its key, so its key never names a partial file.
// `.partial/` can hold only the leftovers of a killed process; no key can name them (keys never start with a dot).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFileSizeCache } from './fileSizeCache.ts';
import { checkRecordingKey, exactLength, RecordingMissingError, sourceStream, type ByteSpan, type PutOptions, type RecordingSource, type RecordingStorage } from './storage.ts';

const PARTIAL_DIR = '.partial';
const READ_CHUNK_BYTES = 256 * 1024;
/** A leftover of a killed write older than this is removed; a write under way is never this old (DAY > any time limit). */
export const PARTIAL_LEFTOVER_AGE_MS = 24 * 60 * 60_000;
/** How often a put looks for leftovers, at most. */
const LEFTOVER_SWEEP_EVERY_MS = 60 * 60_000;

/** Removes the files in `.partial/` last written before `now - PARTIAL_LEFTOVER_AGE_MS`; how many went. */
export async function removePartialLeftovers(dir: string, now = Date.now()): Promise<number> {
  const partialDir = path.join(path.resolve(dir), PARTIAL_DIR);
  let names: string[];
  try {
    names = await readdir(partialDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(partialDir, name);
    const found = await stat(file).catch(() => null);
    if (found?.isFile() && found.mtimeMs < now - PARTIAL_LEFTOVER_AGE_MS) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Links `source` as `target` (the same bytes under a second name; the caller removes its own name later). False when
 * the two are on different file systems, or the file system has no links: then the caller copies.
 */
async function linkedFile(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK') return false;
    throw error;
  }
  await chmod(target, 0o600);
  return true;
}

export function createFsRecordingStorage(dir: string): RecordingStorage {
  const root = path.resolve(dir);
  let lastSweep = 0;
  const sizes = createFileSizeCache(async (file) => {
    try {
      const found = await stat(file);
      return found.isFile() ? found.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  });

  const fileOf = (key: string): string => {
    const file = path.join(root, ...checkRecordingKey(key).split('/'));
    // The key's rule already keeps it inside; this is the last word on it.
    if (!file.startsWith(root + path.sep)) throw new Error(`A recording key left the folder: ${key}`);
    return file;
  };

  return {
    kind: 'fs',

    async put(key: string, source: RecordingSource, options: PutOptions = {}): Promise<void> {
      const file = fileOf(key);
      if (Date.now() - lastSweep > LEFTOVER_SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        // The leftovers of killed writes: never waited for, and a failure to remove one is no failure of this put.
        void removePartialLeftovers(root).catch(() => {});
      }
      const partialDir = path.join(root, PARTIAL_DIR);
      const partial = path.join(partialDir, `${randomBytes(12).toString('hex')}.part`);
      let stream: Readable | null = 'path' in source ? null : source.stream;
      try {
        await mkdir(partialDir, { recursive: true, mode: 0o700 });
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        // A file on the same disk (a finished upload, ffmpeg's output) is linked rather than copied: an uploaded
        // gigabyte was copied and synced again in the upload's last request, about 3 s here.
        if (!('path' in source) || !(await linkedFile(source.path, partial))) {
          const opened = await sourceStream(source);
          stream = opened.stream;
          await pipeline(stream, exactLength(opened.size), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        }
        // On disk before it takes the key's name: a crash then finds the old file or the whole new one.
        if (options.durable !== false) {
          const written = await open(partial, 'r+');
          try {
            await written.sync();
          } finally {
            await written.close();
          }
        }
        await rename(partial, file);
        sizes.forget(file);
      } catch (error) {
        stream?.destroy();
        await rm(partial, { force: true });
        throw error;
      }
    },

    async stat(key: string): Promise<{ size: number } | null> {
      const size = await sizes.size(fileOf(key));
      return size === null ? null : { size };
    },

    async read(key: string, span?: ByteSpan) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') throw new RecordingMissingError(key);
        throw error;
      }
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        throw new RecordingMissingError(key);
      }
      // 256 KiB a read rather than 64: a 2 MiB range is 8 trips to the thread pool instead of 32, and 50 viewers
      // hold at most 12.5 MB of it in memory.
      return handle.createReadStream({ ...(span ? { start: span.start, end: span.end } : {}), highWaterMark: READ_CHUNK_BYTES });
    },

    async delete(key: string): Promise<void> {
      const file = fileOf(key);
      await rm(file, { force: true });
      sizes.forget(file);
    },

    async presignedGet(): Promise<string | null> {
      return null;
    },

    close() {},
  };
}
