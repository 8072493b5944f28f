// The calls of a lesson's uploaded recording in the authors' area (issue 34): retry a failed processing, remove the
// recording, who has watched it, and the caller's storage against the quota. The upload itself goes through tus
// (tusUpload.ts) to `recordingUploadEndpoint`.
import { API_URL, request } from '../../../api/client.ts';
import type { RecordingStorageUse, RecordingViewer } from '../../../../common/recordings.ts';
import type { MutaboLesson } from '../../../../common/mutabo/lessons.ts';

const base = '/api/v1/mutabo';

/** Where a new tus upload of the lesson's recording is created (POST), absolute as tus-js-client wants it. */
export function recordingUploadEndpoint(lessonId: number): string {
  const path = `${base}/lessons/${lessonId}/recording/uploads/`;
  if (API_URL) return `${API_URL}${path}`;
  return typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();
}

/** Runs the processing of a failed recording again; answers the lesson as it is now. */
export const retryRecording = (lessonId: number) => request<MutaboLesson | Record<string, never>>(`${base}/lessons/${lessonId}/recording/retry/`, { method: 'POST' });
/** Hides and removes the lesson's recording (204). */
export const deleteRecording = (lessonId: number) => request<Record<string, never>>(`${base}/lessons/${lessonId}/recording/`, { method: 'DELETE' });
export const listRecordingViewers = (lessonId: number) => request<RecordingViewer[]>(`${base}/lessons/${lessonId}/recording/viewers/`);
export const getRecordingStorage = () => request<RecordingStorageUse>(`${base}/recordings/storage/`);
