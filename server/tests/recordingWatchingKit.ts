// Shared pieces of the watching tests (recordingWatching*.test.ts): a ready recording of a lesson as the uploads would
// leave it (a lesson_recordings row and its two files in the app's storage), and requests with any method.
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { lessonRecordings } from '../src/db/schema.ts';
import { recordingFileKey } from '../src/services/recordings/serving.ts';
import type { TestUser } from './enrollmentKit.ts';

export interface ReadyRecording {
  generation: string;
  video: Buffer;
  poster: Buffer;
  seconds: number;
}

/** A ready recording of the lesson: its row and its files (the video is random bytes: serving does not look inside). */
export async function putReadyRecording(app: FastifyInstance, db: Db, lessonId: number, seconds = 300): Promise<ReadyRecording> {
  const generation = randomUUID().replaceAll('-', '');
  const video = randomBytes(64 * 1024);
  const poster = randomBytes(2 * 1024);
  await app.deps.recordings.put(recordingFileKey(lessonId, `${generation}.mp4`), { stream: Readable.from([video]), size: video.length });
  await app.deps.recordings.put(recordingFileKey(lessonId, `${generation}.jpg`), { stream: Readable.from([poster]), size: poster.length });
  await db.insert(lessonRecordings).values({ lessonId, generation, state: 'ready', fileName: 'lecture.mp4', uploadSize: video.length, size: video.length + poster.length, duration: seconds, readyAt: new Date() });
  return { generation, video, poster, seconds };
}

export function call(app: FastifyInstance, method: 'GET' | 'PUT' | 'DELETE', url: string, user?: TestUser | null, body?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { accept: 'application/json', ...(user ? user.headers : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export const recordingUrl = (lessonId: number) => `/api/v1/lessons/${lessonId}/recording/`;
export const positionUrl = (lessonId: number) => `/api/v1/lessons/${lessonId}/recording/position/`;
