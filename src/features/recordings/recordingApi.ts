// The participant's two recording calls (issue 34): the player's signed address, and where the person stopped.
import type { RecordingPlayback, RecordingPositionBody } from '../../../common/recordings.ts';
import { API_URL, request } from '../../api/client.ts';
import { readTokens } from '../../api/tokens.ts';

const recordingPath = (lessonId: number) => `/api/v1/lessons/${lessonId}/recording/`;
const positionPath = (lessonId: number) => `/api/v1/lessons/${lessonId}/recording/position/`;

/** The address to play (signed, short-lived), the poster, the length, where to resume and until when it is open. */
export const getRecordingPlayback = (lessonId: number) => request<RecordingPlayback>(recordingPath(lessonId));

/** Keeps where the person stopped; failures are left alone (the next save brings it up to date). */
export function saveRecordingPosition(lessonId: number, seconds: number): void {
  const body: RecordingPositionBody = { seconds };
  request(positionPath(lessonId), { method: 'PUT', body }).catch(() => undefined);
}

/**
 * The same save as the page goes away (`pagehide`): a `keepalive` fetch outlives the page, which the client's own
 * call (awaiting a token renewal first) might not. An expired access token is simply refused by the server.
 */
export function saveRecordingPositionOnLeave(lessonId: number, seconds: number): void {
  const body: RecordingPositionBody = { seconds };
  const { access } = readTokens();
  try {
    fetch(`${API_URL}${positionPath(lessonId)}`, {
      method: 'PUT',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(access ? { Authorization: `Bearer ${access}` } : {}) },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive: nothing more to do as the page closes.
  }
}
