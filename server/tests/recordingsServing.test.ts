// GET /media/recordings/<lessonId>/<file>?u=&e=&s=: a recording's file at its signed address. From a folder: 200, 206
// with Content-Range, 416, Accept-Ranges, a private cache no longer than the address lives, streamed; from S3: a 302
// to a presigned GET ending with the address. A refused address is 403 with a Russian detail.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_MISSING, RECORDING_REFUSED, recordingFileKey, serveRecordingFile } from '../src/services/recordings/serving.ts';
import { signRecordingAddress } from '../src/services/recordings/signedAddress.ts';
import type { RecordingStorage } from '../src/services/recordings/storage.ts';
import { createRecordingStorage } from '../src/services/recordings/storageFromConfig.ts';
import { buildTestApp, TEST_JWT_SECRET, testConfig } from './fixtures.ts';
import { startS3StandIn, type S3StandIn } from './recordingsS3StandIn.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

const video = randomBytes(100_000);
const poster = randomBytes(2_000);
const person = { userId: 3, lessonId: 7 };
const address = (file: string, now = new Date(), lifetime?: number) => signRecordingAddress(TEST_JWT_SECRET, { ...person, file }, now, lifetime).path;

describe.each(['fs', 's3'] as const)('serving recordings: %s', (kind) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let storage: RecordingStorage;
  let s3: S3StandIn | null = null;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-serving-'));
    const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
    if (kind === 's3') {
      s3 = await startS3StandIn();
      const { endpoint, bucket, accessKeyId, secretAccessKey, region } = s3.settings;
      Object.assign(env, { RECORDINGS_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_REGION: region });
    }
    const config = testConfig(env);
    storage = createRecordingStorage(config.recordings);
    await storage.put(recordingFileKey(7, 'g1.mp4'), { stream: Readable.from([video]), size: video.length });
    await storage.put(recordingFileKey(7, 'g1.jpg'), { stream: Readable.from([poster]), size: poster.length });
    testDb = await createTestDatabase('pglite');
    app = await buildTestApp({ database: testDb.database, config });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    storage?.close();
    await s3?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['another person', (url: string) => url.replace('u=3', 'u=4')],
    ['another lesson', (url: string) => url.replace('/7/', '/8/')],
    ['another file', (url: string) => url.replace('g1.mp4', 'g1.jpg')],
    ['a tampered signature', (url: string) => url.replace(/s=./, (s) => (s.endsWith('A') ? 's=B' : 's=A'))],
    ['no signature', (url: string) => url.replace(/&s=.*/, '')],
    ['a repeated parameter', (url: string) => `${url}&u=3`],
  ])('refuses an address for %s with 403 and a Russian detail', async (_name, change) => {
    const answer = await app.inject({ url: change(address('g1.mp4')) });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ detail: RECORDING_REFUSED.invalid });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses an expired address, saying so', async () => {
    const answer = await app.inject({ url: address('g1.mp4', new Date(Date.now() - 601_000)) });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ detail: RECORDING_REFUSED.expired });
  });

  if (kind === 'fs') {
    it('sends the whole file with 200, Accept-Ranges, its type and a private cache no longer than the address lives', async () => {
      const answer = await app.inject({ url: address('g1.mp4', new Date(), 120) });
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(video)).toBe(true);
      expect(answer.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': String(video.length) });
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(answer.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(110);
      expect(maxAge).toBeLessThanOrEqual(120);
      expect(answer.headers['content-encoding']).toBeUndefined();
    });

    it('sends a range with 206 and Content-Range, the open and the suffix forms too', async () => {
      const url = address('g1.mp4');
      const middle = await app.inject({ url, headers: { range: 'bytes=1000-1999' } });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers).toMatchObject({ 'content-range': `bytes 1000-1999/${video.length}`, 'content-length': '1000', 'accept-ranges': 'bytes', 'content-type': 'video/mp4' });
      expect(middle.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
      const open = await app.inject({ url, headers: { range: 'bytes=99990-' } });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(video.subarray(99_990))).toBe(true);
      const suffix = await app.inject({ url, headers: { range: 'bytes=-5' } });
      expect(suffix.headers['content-range']).toBe(`bytes 99995-99999/${video.length}`);
      expect(suffix.rawPayload.equals(video.subarray(99_995))).toBe(true);
    });

    it('answers 416 with the size for a range past the end', async () => {
      const answer = await app.inject({ url: address('g1.mp4'), headers: { range: 'bytes=100000-100010' } });
      expect(answer.statusCode).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${video.length}`);
    });

    it('sends a poster as image/jpeg, and a HEAD without the body', async () => {
      const answer = await app.inject({ url: address('g1.jpg') });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.rawPayload.equals(poster)).toBe(true);
      const head = await app.inject({ method: 'HEAD', url: address('g1.mp4') });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(video.length));
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers 404 with a Russian detail for a valid address whose file is gone (a replaced recording)', async () => {
      const answer = await app.inject({ url: address('g0.mp4') });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: RECORDING_MISSING });
    });

    it('answers a HEAD without reading the file', async () => {
      const reads: string[] = [];
      const counting: RecordingStorage = { ...storage, read: (key, span) => (reads.push(key), storage.read(key, span)) };
      const answer = await serveRecordingFile({ secret: TEST_JWT_SECRET, storage: counting }, received(address('g1.mp4')), undefined, new Date(), true);
      expect(answer).toMatchObject({ kind: 'file', size: video.length });
      expect(reads).toEqual([]);
    });

    it('closes the file when the viewer leaves in the middle of a download', async () => {
      const big = path.join(dataDir, 'recordings', 'lessons', '7', 'big.mp4');
      await storage.put(recordingFileKey(7, 'big.mp4'), { stream: Readable.from([randomBytes(32 * 1024 * 1024)]), size: 32 * 1024 * 1024 });
      const openOnBig = () => readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === big;
        } catch {
          return false;
        }
      }).length;
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      // Node's http client, which closes the connection when the request is destroyed, as a browser does: an aborted
      // fetch() left its connection open until the server's idle timeout (30 s of this file's run).
      const request = http.get(`${origin}${address('big.mp4')}`);
      const answer = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      expect(answer.statusCode).toBe(200);
      await new Promise((resolve) => answer.once('data', resolve));
      expect(openOnBig()).toBe(1);
      request.destroy();
      await expect.poll(openOnBig, { timeout: 5000 }).toBe(0);
    });

    it('streams the file instead of reading it into memory', async () => {
      const answer = await serveRecordingFile({ secret: TEST_JWT_SECRET, storage }, received(address('g1.mp4')), 'bytes=0-99', new Date());
      expect(answer.kind).toBe('file');
      if (answer.kind !== 'file') return;
      expect(answer.body).toBeInstanceOf(Readable);
      answer.body.destroy();
    });
  } else {
    it('redirects to a presigned GET that ends with the address and serves ranges with the same private cache', async () => {
      const answer = await app.inject({ url: address('g1.mp4', new Date(), 120) });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers['cache-control']).toBe('no-store');
      const location = new URL(String(answer.headers.location));
      expect(location.origin).toBe(s3!.settings.endpoint);
      const expires = Number(location.searchParams.get('X-Amz-Expires'));
      expect(expires).toBeGreaterThan(110);
      expect(expires).toBeLessThanOrEqual(120);
      const ranged = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
      expect(ranged.headers.get('content-type')).toBe('video/mp4');
      expect(ranged.headers.get('cache-control')).toBe(`private, max-age=${expires}`);
      const posterAnswer = await fetch(String((await app.inject({ url: address('g1.jpg') })).headers.location));
      expect(posterAnswer.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await posterAnswer.arrayBuffer()).equals(poster)).toBe(true);
    });
  }
});

function received(url: string) {
  const parsed = new URL(url, 'http://localhost');
  const [, , , lessonId, file] = parsed.pathname.split('/');
  return { lessonId: lessonId!, file: file!, u: parsed.searchParams.get('u')!, e: parsed.searchParams.get('e')!, s: parsed.searchParams.get('s')! };
}
