// The recordings' storage the configuration names (RECORDINGS_STORAGE).
import type { RecordingsStorageSettings } from '../../config.ts';
import type { RecordingStorage } from './storage.ts';
import { createFsRecordingStorage } from './storageFs.ts';

export function createRecordingStorage(settings: RecordingsStorageSettings): RecordingStorage {
  if (settings.kind === 'fs') return createFsRecordingStorage(settings.dir);
  // The AWS SDK costs a process about 24 MB of memory and 0.16 s of start (measured here): only a deployment that
  // keeps its recordings in S3 loads it, at the first use of the storage.
  return lazyRecordingStorage('s3', async () => (await import('./storageS3.ts')).createS3RecordingStorage(settings));
}

/** A storage made at its first use; `close` before that has nothing to let go of, and one made after it is closed at once. */
export function lazyRecordingStorage(kind: RecordingStorage['kind'], make: () => Promise<RecordingStorage>): RecordingStorage {
  let made: RecordingStorage | null = null;
  let making: Promise<RecordingStorage> | null = null;
  let closed = false;
  const storage = () =>
    (making ??= make().then(
      (created) => {
        made = created;
        if (closed) created.close();
        return created;
      },
      (error: unknown) => {
        // A failed load is tried again by the next call, not remembered for the process's life.
        making = null;
        throw error;
      },
    ));
  return {
    kind,
    put: async (key, source, options) => (await storage()).put(key, source, options),
    stat: async (key) => (await storage()).stat(key),
    read: async (key, span) => (await storage()).read(key, span),
    delete: async (key) => (await storage()).delete(key),
    presignedGet: async (key, lifetimeSeconds, cacheControl) => (await storage()).presignedGet(key, lifetimeSeconds, cacheControl),
    close: () => {
      closed = true;
      made?.close();
    },
  };
}
