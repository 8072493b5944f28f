// Watching a recording kept in S3 (@20minutes/s3rver started here): the participant's signed address answers a
// redirect to a presigned GET that plays with ranges and ends with the address; an address for another person is
// refused before any redirect; the position comes back to the same second (docs/RECORDINGS.md, «Watching»).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingPlayback } from '../../common/recordings.ts';
import { participants } from '../src/db/schema.ts';
import { createCourse, createUsers, startEnrollmentApp, type EnrollmentApp } from './enrollmentKit.ts';
import { startS3StandIn, type S3StandIn } from './recordingsS3StandIn.ts';
import { call, positionUrl, putReadyRecording, recordingUrl } from './recordingWatchingKit.ts';

describe('watching recordings (pglite, s3)', () => {
  let context: EnrollmentApp;
  let s3: S3StandIn;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-watching-s3-'));
    s3 = await startS3StandIn();
    const { endpoint, bucket, accessKeyId, secretAccessKey, region } = s3.settings;
    context = await startEnrollmentApp('pglite', {
      DATA_DIR: dataDir,
      RECORDINGS_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_REGION: region,
    });
  });

  afterAll(async () => {
    await context?.close();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives an approved participant an address that redirects to a presigned GET playing with ranges', async () => {
    const course = await createCourse(context.db);
    const lessonId = course.lessonIds[0]!;
    const recording = await putReadyRecording(context.app, context.db, lessonId, 120);
    const [viewer, other] = await createUsers(context, 2, 's3-viewer');
    await context.db.insert(participants).values({ userId: viewer!.id, lessonId, state: 'approved', participatedAt: new Date() });

    const answer = await call(context.app, 'GET', recordingUrl(lessonId), viewer);
    expect(answer.statusCode, answer.body).toBe(200);
    const given = answer.json<RecordingPlayback>();
    expect(given).toMatchObject({ duration: 120, position: 0, availableUntil: null });

    const redirect = await context.app.inject({ url: given.url });
    expect(redirect.statusCode).toBe(302);
    const location = new URL(String(redirect.headers.location));
    expect(location.origin).toBe(s3.settings.endpoint);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
    const ranged = await fetch(location, { headers: { range: 'bytes=100-1099' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(recording.video.subarray(100, 1100))).toBe(true);
    const poster = await fetch(String((await context.app.inject({ url: given.poster })).headers.location));
    expect(poster.status).toBe(200);
    expect(Buffer.from(await poster.arrayBuffer()).equals(recording.poster)).toBe(true);

    const forwarded = await context.app.inject({ url: given.url.replace(`u=${viewer!.id}`, `u=${other!.id}`) });
    expect(forwarded.statusCode).toBe(403);
    expect((await call(context.app, 'GET', recordingUrl(lessonId), other)).statusCode).toBe(403);

    expect((await call(context.app, 'PUT', positionUrl(lessonId), viewer, { seconds: 95 })).statusCode).toBe(204);
    expect((await call(context.app, 'GET', recordingUrl(lessonId), viewer)).json<RecordingPlayback>().position).toBe(95);
  });
});
