// The upload of a lesson's recording over tus (POST, PATCH, HEAD, DELETE under /api/v1/mutabo/lessons/{id}/recording/
// uploads/), its checks before the first byte, the probe at its end, and the durable processing to ready: on a real
// port with raw tus requests, clips made by ffmpeg, files in a folder or in S3 (s3rver), both databases (S3 on one).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPage } from '../../common/mutabo/history.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { RecordingStorageUse } from '../../common/recordings.ts';
import { lessonRecordings, lessons } from '../src/db/schema.ts';
import { RecordingJobs } from '../src/services/recordings/processing.ts';
import { eventually } from './eventually.ts';
import { bearer, buildTestApp, ids, seedFixture, testConfig } from './fixtures.ts';
import { clips } from './recordingMediaClips.ts';
import { startS3StandIn, type S3StandIn } from './recordingsS3StandIn.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

const MiB = 1024 * 1024;
const lesson = ids.lessons.announced; // of anna's course «Анонс»; boris does not lead it
const otherLesson = ids.lessons.draftCourse; // anna's too

// A folder on the first database, S3 on the last (PostgreSQL when there is one): the storage is not the database's
// business, and the queue's SQL runs on both. Each combination costs about 30 s of both cores.
const modes = dbModes();
const combinations = [[modes[0]!, 'fs'] as const, [modes.at(-1)!, 's3'] as const];

describe.each(combinations)('recording uploads: %s, %s', (mode, kind) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let dataDir: string;
  let s3: S3StandIn | null = null;
  const tokens: Record<'anna' | 'boris', string> = { anna: '', boris: '' };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-uploads-'));
    const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, RECORDING_MAX_BYTES: String(8 * MiB), RECORDING_QUOTA_BYTES: String(10 * MiB) };
    if (kind === 's3') {
      s3 = await startS3StandIn();
      const { endpoint, bucket, accessKeyId, secretAccessKey, region } = s3.settings;
      Object.assign(env, { RECORDINGS_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: region });
    }
    testDb = await createTestDatabase(mode);
    await seedFixture(testDb.database.db);
    app = await buildTestApp({ database: testDb.database, config: testConfig(env), recordingJobs: { retryBaseMs: 50 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    tokens.anna = await app.deps.tokens.sign(ids.users.anna, 'access');
    tokens.boris = await app.deps.tokens.sign(ids.users.boris, 'access');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = (who: 'anna' | 'boris') => ({ ...bearer(tokens[who]), 'tus-resumable': '1.0.0' });
  const create = (lessonId: number, length: number, fileName: string, who: 'anna' | 'boris' = 'anna') =>
    fetch(`${base}/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`, {
      method: 'POST',
      headers: { ...auth(who), 'upload-length': String(length), 'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}` },
    });
  const patch = (location: string, offset: number, bytes: Buffer, who: 'anna' | 'boris' = 'anna') =>
    fetch(new URL(location, base), {
      method: 'PATCH',
      headers: { ...auth(who), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
  const head = (location: string, who: 'anna' | 'boris' = 'anna') => fetch(new URL(location, base), { method: 'HEAD', headers: auth(who) });
  const api = (method: string, url: string, who: 'anna' | 'boris' = 'anna') => fetch(`${base}/api/v1/mutabo${url}`, { method, headers: bearer(tokens[who]) });
  const recordingOf = async (lessonId: number) => ((await (await api('GET', `/lessons/${lessonId}/`)).json()) as MutaboLesson).recording;
  const uploadsLeft = () => readdirSync(path.join(dataDir, 'recordings', '.uploads'));
  const rows = () =>
    testDb.database.db
      .select({ id: lessonRecordings.id, lesson_id: lessonRecordings.lessonId, state: lessonRecordings.state, generation: lessonRecordings.generation, attempts: lessonRecordings.attempts })
      .from(lessonRecordings)
      .orderBy(lessonRecordings.id);

  /** Uploads a whole file in chunks of `chunk` bytes; the last PATCH's answer. */
  async function upload(lessonId: number, file: string, name = path.basename(file), chunk = 64 * 1024) {
    const bytes = readFileSync(file);
    const created = await create(lessonId, bytes.length, name);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    let last: Response | null = null;
    for (let offset = 0; offset < bytes.length; offset += chunk) {
      last = await patch(location, offset, bytes.subarray(offset, offset + chunk));
      if (last.status !== 204) break;
    }
    return { location, last: last!, bytes };
  }

  it('uploads in chunks, probes, processes and makes the recording ready; the storage use counts it', async () => {
    const { location, last } = await upload(lesson, clips.h264(), 'Лекция 1.mp4');
    expect(location).toMatch(new RegExp(`^/api/v1/mutabo/lessons/${lesson}/recording/uploads/[0-9a-f]{32}$`));
    expect(last.status).toBe(204);
    expect(uploadsLeft()).toEqual([]);
    // The app's own worker takes it (NOTIFY), without being asked.
    expect(await eventually(async () => (await recordingOf(lesson)).state === 'ready', 30_000)).toBe(true);
    const recording = await recordingOf(lesson);
    expect(recording).toMatchObject({ state: 'ready', duration: 2, fileName: 'Лекция 1.mp4', uploadUrl: null, reason: '' });
    const [row] = await rows();
    const stored = (key: string) => app.deps.recordings.stat(`lessons/${lesson}/${row!.generation}.${key}`);
    const video = await stored('mp4');
    const poster = await stored('jpg');
    expect(video!.size).toBeGreaterThan(1000);
    expect(recording.size).toBe(video!.size + poster!.size);
    expect(await stored('source')).toBeNull();
    const use = (await (await api('GET', '/recordings/storage/')).json()) as RecordingStorageUse;
    expect(use).toEqual({ usedBytes: recording.size, quotaBytes: 10 * MiB, recordings: 1 });
    // A lesson without a time is held once its recording is ready (its settlement falls due).
    const [held] = await testDb.database.db.select({ heldAt: lessons.heldAt }).from(lessons).where(eq(lessons.id, lesson));
    expect(held!.heldAt).not.toBeNull();
  }, 60_000);

  it('refuses another author 404 (as the area does), a missing lesson 404, a guest 401, before anything is stored', async () => {
    const refused = await create(lesson, 1000, 'a.mp4', 'boris');
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/не найдено/);
    expect((await create(999_999, 1000, 'a.mp4')).status).toBe(404);
    expect((await fetch(`${base}/api/v1/mutabo/lessons/${lesson}/recording/uploads/`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } })).status).toBe(401);
    expect((await rows()).filter((row) => row.state !== 'ready')).toEqual([]);
  });

  it('refuses a wrong extension 400, over the limit 413, over the quota 413, a second upload 409', async () => {
    const wrong = await create(otherLesson, 1000, 'lecture.avi');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ recording: ['Загрузите запись в mp4, webm или mov.'] });
    const big = await create(otherLesson, 8 * MiB + 1, 'big.mp4');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { recording: string[] }).recording[0]).toMatch(/больше 8 МБ/);
    // A pending upload of 7 MiB counts against the quota of 10 MiB with the ready recording.
    const first = await create(otherLesson, 7 * MiB, 'first.mp4');
    expect(first.status).toBe(201);
    const second = await create(otherLesson, 1000, 'second.mp4');
    expect(second.status).toBe(409);
    expect(((await second.json()) as { detail: string }).detail).toMatch(/уже загружается/);
    const quota = await create(ids.lessons.freeCourse, 4 * MiB, 'third.mp4');
    expect(quota.status).toBe(413);
    expect(((await quota.json()) as { recording: string[] }).recording[0]).toMatch(/Не хватит места.*занято 7,\d МБ из 10 МБ/);
    // Someone else's upload: not found for every tus request of it.
    const location = first.headers.get('location')!;
    expect((await head(location, 'boris')).status).toBe(404);
    expect((await patch(location, 0, Buffer.alloc(10), 'boris')).status).toBe(404);
    // An upload's address under another lesson is not found.
    expect((await head(location.replace(`/lessons/${otherLesson}/`, `/lessons/${lesson}/`))).status).toBe(404);
    // Terminated: the row and the files go.
    const terminated = await fetch(new URL(location, base), { method: 'DELETE', headers: auth('anna') });
    expect(terminated.status).toBe(204);
    expect((await recordingOf(otherLesson)).state).toBe('none');
    expect(uploadsLeft()).toEqual([]);
  });

  it('keeps a truncated upload as uploading; after a dropped connection HEAD gives the offset and the rest finishes it', async () => {
    const bytes = readFileSync(clips.silent());
    const created = await create(otherLesson, bytes.length, 'silent.mov');
    const location = created.headers.get('location')!;
    // Half the bytes of a PATCH that announced them all, then the connection drops.
    await new Promise<void>((resolve) => {
      const request = http.request(new URL(location, base), {
        method: 'PATCH',
        headers: { ...auth('anna'), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => setTimeout(() => request.destroy(), 200));
    });
    let offset = -1;
    expect(
      await eventually(async () => {
        const answer = await head(location);
        offset = Number(answer.headers.get('upload-offset'));
        return answer.status === 200 && offset > 0;
      }, 10_000),
    ).toBe(true);
    expect(offset).toBeLessThan(bytes.length);
    const pending = await recordingOf(otherLesson);
    expect(pending).toMatchObject({ state: 'uploading', uploadUrl: location, fileName: 'silent.mov', size: bytes.length });
    const rest = await patch(location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(await eventually(async () => (await recordingOf(otherLesson)).state === 'ready', 30_000)).toBe(true);
  }, 60_000);

  it('refuses a file that is not a video with 422 under recording once it ends, leaving nothing', async () => {
    const before = await rows();
    const { last } = await upload(ids.lessons.freeCourse, clips.text(), 'notes.mp4');
    expect(last.status).toBe(422);
    expect(((await last.json()) as { recording: string[] }).recording[0]).toMatch(/Файл не похож на видео/);
    expect(uploadsLeft()).toEqual([]);
    expect(await rows()).toEqual(before);
    expect((await recordingOf(ids.lessons.freeCourse)).state).toBe('none');
  });

  it('finishes a job whose claim lapsed (a process that died while processing); a new recording replaces the old one', async () => {
    // This app's worker is stopped: the job waits as a dead process would leave it, claimed with a lease.
    await app.deps.recordingJobs.close();
    const old = (await rows()).find((row) => row.lesson_id === lesson)!;
    const { last } = await upload(lesson, clips.h264(), 'Лекция 1, вторая версия.mp4');
    expect(last.status).toBe(204);
    const fresh = (await rows()).find((row) => row.lesson_id === lesson && row.state === 'processing')!;
    await testDb.database.db.execute(sql`UPDATE lesson_recordings SET attempts = 1, locked_until = now() + interval '1 hour' WHERE id = ${fresh.id}`);
    const recording = await recordingOf(lesson);
    expect(recording).toMatchObject({ state: 'processing', duration: 2, replaces: { duration: 2 } });
    const next = new RecordingJobs({ db: testDb.database.db, recordings: app.deps.recordings, log: app.log, dataDir });
    await next.drain();
    expect((await recordingOf(lesson)).state).toBe('processing');
    await testDb.database.db.execute(sql`UPDATE lesson_recordings SET locked_until = now() - interval '1 second' WHERE id = ${fresh.id}`);
    await next.drain();
    await next.close();
    expect(await recordingOf(lesson)).toMatchObject({ state: 'ready', fileName: 'Лекция 1, вторая версия.mp4', replaces: null });
    const after = await rows();
    expect(after.filter((row) => row.lesson_id === lesson)).toEqual([expect.objectContaining({ id: fresh.id, state: 'ready', attempts: 2 })]);
    expect(await app.deps.recordings.stat(`lessons/${lesson}/${old.generation}.mp4`)).toBeNull();
  }, 60_000);

  it('DELETE /lessons/{id}/recording/ removes the rows and the files', async () => {
    const [row] = (await rows()).filter((candidate) => candidate.lesson_id === lesson);
    expect((await api('DELETE', `/lessons/${lesson}/recording/`, 'boris')).status).toBe(404);
    expect((await api('DELETE', `/lessons/${lesson}/recording/`)).status).toBe(204);
    expect((await recordingOf(lesson)).state).toBe('none');
    expect(await app.deps.recordings.stat(`lessons/${lesson}/${row!.generation}.mp4`)).toBeNull();
    expect(await app.deps.recordings.stat(`lessons/${lesson}/${row!.generation}.jpg`)).toBeNull();
    expect((await rows()).filter((candidate) => candidate.lesson_id === lesson)).toEqual([]);
    // The course's history, newest first: the recording made ready, replaced, deleted, each naming the file.
    const history = (await (await api('GET', `/courses/${ids.courses.announced}/history/`)).json()) as HistoryPage;
    const side = (value: unknown) => (value as { recording?: unknown }).recording;
    const changes = history.results.filter((entry) => entry.entity === 'lesson' && entry.entityId === lesson && side(entry.after) !== undefined);
    expect(changes.map((entry) => [entry.action, entry.user?.id, side(entry.before), side(entry.after)])).toEqual([
      ['update', ids.users.anna, 'Лекция 1, вторая версия.mp4', null],
      ['update', ids.users.anna, 'Лекция 1.mp4', 'Лекция 1, вторая версия.mp4'],
      ['update', ids.users.anna, null, 'Лекция 1.mp4'],
    ]);
  });
});
