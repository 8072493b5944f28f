// Watching a lesson's recording (docs/RECORDINGS.md, «Watching»): the player's signed addresses and where the person
// stopped (GET /api/v1/lessons/{id}/recording/), the player's position reports (PUT …/recording/position/), and who
// watched, for the lesson's authors (GET /api/v1/mutabo/lessons/{id}/recording/viewers/). Who may watch: access.ts.
import type { RecordingPlayback, RecordingViewer } from '../../../../common/recordings.ts';
import { recordingWatchMessages as wm } from '../../../../common/recordings.ts';
import { mutaboMessages } from '../../../../common/mutabo/fields.ts';
import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import { ledLesson, savePosition, viewersOf } from '../../repositories/recordings/viewingRepository.ts';
import type { Caller } from '../caller.ts';
import { recordingEntitlement } from './access.ts';
import { signRecordingAddress } from './signedAddress.ts';

export interface WatchingDeps {
  db: Executor;
  /** The site's signing secret signs the addresses (signedAddress.ts). */
  config: { jwtSecret: string };
}

/** The lesson's ready recording when the person may watch it now: 404 without a lesson or a recording, 403 otherwise. */
async function entitledRecording(db: Executor, userId: number, lessonId: number, now: Date) {
  const found = await recordingEntitlement(db, userId, lessonId, now);
  if (found === null) throw new HttpError(404, { detail: messages.notFound });
  const { facts, decision } = found;
  if (facts.generation === null || facts.recordingSeconds === null) throw new HttpError(404, { detail: wm.noRecording });
  if (!decision.allowed) throw new HttpError(403, { detail: decision.detail });
  return { generation: facts.generation, seconds: facts.recordingSeconds, position: facts.position, availableUntil: decision.availableUntil };
}

/** What the player needs: the video's and the poster's addresses (the same end, at most 10 minutes on), and the position. */
export async function recordingPlayback(deps: WatchingDeps, userId: number, lessonId: number, now = new Date()): Promise<RecordingPlayback> {
  const recording = await entitledRecording(deps.db, userId, lessonId, now);
  const video = signRecordingAddress(deps.config.jwtSecret, { userId, lessonId, file: `${recording.generation}.mp4` }, now);
  const poster = signRecordingAddress(deps.config.jwtSecret, { userId, lessonId, file: `${recording.generation}.jpg` }, now);
  return {
    url: video.path,
    poster: poster.path,
    expiresAt: video.expiresAt.toISOString(),
    duration: recording.seconds,
    // A replacing recording may be shorter than where the person stopped in the old one.
    position: Math.min(recording.position, recording.seconds),
    availableUntil: recording.availableUntil?.toISOString() ?? null,
  };
}

/** Keeps where the person stopped (seconds, 0..the recording's length): 403 as for the addresses, 400 under `seconds`. */
export async function saveRecordingPosition(deps: Pick<WatchingDeps, 'db'>, userId: number, lessonId: number, seconds: number, now = new Date()): Promise<void> {
  const recording = await entitledRecording(deps.db, userId, lessonId, now);
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > recording.seconds) throw new HttpError(400, { seconds: [wm.seconds(recording.seconds)] });
  await savePosition(deps.db, userId, lessonId, seconds);
}

/** Who watched the lesson's recording and how far, for the authors of its course (404 for another author's lesson, as the area answers). */
export async function recordingViewers(db: Executor, caller: Caller, lessonId: number): Promise<RecordingViewer[]> {
  const lesson = await ledLesson(db, caller.authorId, lessonId);
  if (lesson === null) throw new HttpError(404, { detail: mutaboMessages.lessonNotFound });
  const rows = await viewersOf(db, lessonId);
  const length = lesson.recordingSeconds ?? 0;
  return rows.map((row) => ({
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    furthest: row.furthest,
    share: length > 0 ? Math.min(1, Math.round((row.furthest / length) * 1000) / 1000) : 0,
    firstWatchedAt: row.firstWatchedAt.toISOString(),
    lastWatchedAt: row.lastWatchedAt.toISOString(),
  }));
}
