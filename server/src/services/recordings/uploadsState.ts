// A lesson's recording as its authors see it (`recording` of the area's lesson), read for all lessons of a course in
// one query, and the address of a tus upload under way.
import { NO_RECORDING, type MutaboLessonRecording } from '../../../../common/recordings.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOfLessons, type LessonRecordingRow } from '../../repositories/recordings/lessonRecordingsRepository.ts';

/** Where the area sends a lesson's tus upload: POST here, then HEAD/PATCH/DELETE `<this><uploadId>`. */
export const uploadsPath = (lessonId: number) => `/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`;

/** The address of one upload (its tus Location). */
export const uploadUrl = (lessonId: number, uploadId: string) => `${uploadsPath(lessonId)}${uploadId}`;

/** The lesson's recording from its rows: the one on its way first (with the ready one it replaces), else the ready one. */
export function recordingOfRows(rows: readonly LessonRecordingRow[]): MutaboLessonRecording {
  const ready = rows.find((row) => row.state === 'ready') ?? null;
  const pending = rows.find((row) => row.state !== 'ready') ?? null;
  if (pending) {
    return {
      state: pending.state,
      duration: pending.duration,
      size: pending.uploadSize,
      reason: pending.state === 'failed' ? pending.reason : '',
      fileName: pending.fileName,
      uploadUrl: pending.state === 'uploading' && pending.uploadId ? uploadUrl(pending.lessonId, pending.uploadId) : null,
      replaces: ready ? { duration: ready.duration ?? 0, size: ready.size ?? 0 } : null,
    };
  }
  if (ready) {
    return { state: 'ready', duration: ready.duration, size: ready.size, reason: '', fileName: ready.fileName, uploadUrl: null, replaces: null };
  }
  return NO_RECORDING;
}

/** The recordings of these lessons (every lesson given has an entry, NO_RECORDING when it has none), one query. */
export async function recordingsOfLessons(db: Executor, lessonIds: readonly number[]): Promise<Map<number, MutaboLessonRecording>> {
  const rows = await rowsOfLessons(db, lessonIds);
  const byLesson = new Map<number, LessonRecordingRow[]>();
  for (const row of rows) byLesson.set(row.lessonId, [...(byLesson.get(row.lessonId) ?? []), row]);
  return new Map(lessonIds.map((id) => [id, recordingOfRows(byLesson.get(id) ?? [])]));
}

/** The storage keys of a row's files: the uploaded source, the prepared video and its poster. */
export function recordingKeys(row: Pick<LessonRecordingRow, 'lessonId' | 'generation'>) {
  const base = `lessons/${row.lessonId}/${row.generation}`;
  return { source: `${base}.source`, video: `${base}.mp4`, poster: `${base}.jpg` };
}
