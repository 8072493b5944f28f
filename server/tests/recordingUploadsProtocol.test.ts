// The tus PATCH as this server reads it (services/recordings/tusNodeBody.ts: the body straight from Node's request) and
// the upload's creation's look for ffmpeg: a PATCH that takes over from a stalled one, one cut off by the request
// timeout, a body longer than the upload, and a missing ffprobe. On a real port, the first database, files in a folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './eventually.ts';
import { ids, seedFixture, testConfig } from './fixtures.ts';
import { clips } from './recordingMediaClips.ts';
import { listeningUploadsApp, tusRequests } from './recordingUploadKit.ts';
import { createTestDatabase, dbModes, type TestDatabase } from './testDb.ts';

describe('the tus PATCH and the upload’s creation', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let dataDir: string;
  let token = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-tus-'));
    testDb = await createTestDatabase(dbModes()[0]!);
    await seedFixture(testDb.database.db);
    ({ app, base, token } = await listeningUploadsApp({ database: testDb.database, config: testConfig({ DATA_DIR: dataDir, RECORDING_MAX_BYTES: String(8 * 1024 * 1024) }) }));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const { patchHeaders, create, patch, head, terminate, recordingOf } = tusRequests(() => base, () => token);
  const offsetOf = async (location: string) => Number((await head(location)).headers.get('upload-offset'));

  it('a PATCH that takes over a stalled one: the first keeps what it received, the second learns the offset (409), the upload finishes', async () => {
    const bytes = readFileSync(clips.h264());
    const created = await create(ids.lessons.announced, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(bytes.length / 2);
    // The first PATCH announces every byte, sends half and then waits, its connection open (a stalled tab).
    const first = http.request(new URL(location, base), { method: 'PATCH', headers: { ...patchHeaders(0), 'content-length': String(bytes.length) } });
    const firstAnswer = new Promise<{ status: number; offset: number }>((resolve, reject) => {
      first.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, offset: Number(response.headers['upload-offset']) });
      });
      first.on('error', reject);
    });
    first.write(bytes.subarray(0, half));
    expect(await eventually(async () => (await offsetOf(location)) === half, 10_000)).toBe(true);

    // Another tab goes on from the start: tus asks the first to let go, the first ends with what it has.
    const second = await patch(location, 0, bytes);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { detail: string }).detail).toMatch(/не с того места/);
    expect(await firstAnswer).toEqual({ status: 204, offset: half });
    first.destroy();

    expect(await offsetOf(location)).toBe(half);
    const rest = await patch(location, half, bytes.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(await eventually(async () => (await recordingOf(ids.lessons.announced)).state === 'ready', 30_000)).toBe(true);
  }, 60_000);

  it('a PATCH cut off by the request timeout (a slow line) keeps what arrived, and the next one goes on from there', async () => {
    // A second process on the same database and folder whose requests must arrive whole within 3 s (60 s in
    // production). Only the slow PATCH goes to it: the creation and the last PATCH wait for ffprobe, which on a loaded
    // machine can be silent for longer than its short idle timeout.
    const strict = await listeningUploadsApp({ database: testDb.database, config: testConfig({ DATA_DIR: dataDir }), httpTimeouts: { requestMs: 3_000, idleMs: 2_000, checkMs: 250 } });
    try {
      const bytes = readFileSync(clips.h264());
      const created = await create(ids.lessons.last, bytes.length, 'slow.mp4');
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      // 1 KiB every 100 ms: never silent long enough for the idle timeout, never whole within the request timeout.
      let sent = 0;
      const cut = await new Promise<number>((resolve) => {
        const request = http.request(new URL(location, strict.base), { method: 'PATCH', headers: { ...patchHeaders(0), 'content-length': String(bytes.length) } });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', () => resolve(0));
        const trickle = setInterval(() => {
          if (request.destroyed || sent + 1024 >= bytes.length) return clearInterval(trickle);
          request.write(bytes.subarray(sent, sent + 1024));
          sent += 1024;
        }, 100);
      });
      expect([0, 408]).toContain(cut);
      expect(sent).toBeGreaterThan(0);
      let offset = 0;
      expect(
        await eventually(async () => {
          const answer = await head(location);
          offset = Number(answer.headers.get('upload-offset'));
          return answer.status === 200 && offset > 0;
        }, 10_000),
      ).toBe(true);
      expect(offset).toBeLessThanOrEqual(sent);
      const rest = await patch(location, offset, bytes.subarray(offset));
      expect(rest.status).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    } finally {
      await strict.app.close();
    }
  }, 60_000);

  it('answers a last PATCH whose storing is silent for longer than the idle timeout (a large file into S3)', async () => {
    // A second process whose connections may be silent for 1 s (30 s in production), and whose storage takes 2.5 s to
    // store the upload (a few gigabytes copied into S3 take longer than 30 s): the last PATCH waits, its connection
    // stays. Only the PATCH goes to it: the creation waits for ffprobe, silent for longer than 1 s on a loaded machine.
    const strict = await listeningUploadsApp({ database: testDb.database, config: testConfig({ DATA_DIR: dataDir }), httpTimeouts: { requestMs: 10_000, idleMs: 1_000, checkMs: 250 } });
    const storage = strict.app.deps.recordings;
    const put = storage.put.bind(storage);
    storage.put = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      return put(...args);
    };
    try {
      const bytes = readFileSync(clips.h264());
      const created = await create(ids.lessons.free, bytes.length, 'long-store.mp4');
      expect(created.status).toBe(201);
      const answer = await tusRequests(() => strict.base, () => token).patch(created.headers.get('location')!, 0, bytes);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('upload-offset')).toBe(String(bytes.length));
      expect(await eventually(async () => (await recordingOf(ids.lessons.free)).state === 'ready', 30_000)).toBe(true);
    } finally {
      await strict.app.close();
    }
  }, 60_000);

  it('refuses a body longer than the upload (sent without a length) with 413, and keeps no byte past the upload’s end', async () => {
    const created = await create(ids.lessons.draftCourse, 1000);
    const location = created.headers.get('location')!;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(new URL(location, base), { method: 'PATCH', headers: patchHeaders(0) }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      // No content-length: chunked, so the limit is found while reading.
      request.end(Buffer.alloc(5000, 1));
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { detail: string }).detail).toMatch(/больше/);
    expect(await offsetOf(location)).toBeLessThanOrEqual(1000);
    expect((await recordingOf(ids.lessons.draftCourse)).state).toBe('uploading');
    await terminate(location);
  });

  it('says ffprobe is not installed when it is not; found once, it is not looked for at every upload', async () => {
    // A process of its own, which has not looked for the tools yet.
    const fresh = await listeningUploadsApp({ database: testDb.database, config: testConfig({ DATA_DIR: dataDir }) });
    const there = tusRequests(() => fresh.base, () => fresh.token);
    const terminate = (answer: Response) => there.terminate(answer.headers.get('location')!);
    const path0 = process.env.PATH;
    const empty = path.join(dataDir, 'no-tools');
    mkdirSync(empty, { recursive: true });
    try {
      process.env.PATH = empty;
      const refused = await there.create(ids.lessons.freeCourse, 1000);
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/^ffprobe не установлен/);
      expect((await recordingOf(ids.lessons.freeCourse)).state).toBe('none');

      process.env.PATH = path0;
      const found = await there.create(ids.lessons.freeCourse, 1000);
      expect(found.status).toBe(201);
      expect((await terminate(found)).status).toBe(204);

      // Found a moment ago: the next creation does not start them again (it would cost a quarter of a second).
      process.env.PATH = empty;
      const trusted = await there.create(ids.lessons.freeCourse, 1000);
      expect(trusted.status).toBe(201);
      expect((await terminate(trusted)).status).toBe(204);
    } finally {
      process.env.PATH = path0;
      await fresh.app.close();
    }
  });
});
