// The recordings' storage the configuration names (RECORDINGS_STORAGE).
import type { RecordingsStorageSettings } from '../../config.ts';
import type { RecordingStorage } from './storage.ts';
import { createFsRecordingStorage } from './storageFs.ts';
import { createS3RecordingStorage } from './storageS3.ts';

export function createRecordingStorage(settings: RecordingsStorageSettings): RecordingStorage {
  return settings.kind === 'fs' ? createFsRecordingStorage(settings.dir) : createS3RecordingStorage(settings);
}
