// RECORDINGS_ACCEL_REDIRECT: behind nginx the process checks a recording's signed address and hands the file to nginx
// (X-Accel-Redirect to an internal location of DATA_DIR/recordings/), which sends it with sendfile and byte ranges.
// Run through a real nginx, as deploy/nginx.conf sets it up; skipped where nginx is not installed (CI installs it).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxMainConfig } from '../../scripts/deployedNginx.ts';
import { ConfigError } from '../src/config.ts';
import { RECORDING_MISSING, RECORDING_REFUSED, recordingFileKey } from '../src/services/recordings/serving.ts';
import { signRecordingAddress } from '../src/services/recordings/signedAddress.ts';
import { createRecordingStorage } from '../src/services/recordings/storageFromConfig.ts';
import { freePort } from './freePort.ts';
import { buildTestApp, TEST_JWT_SECRET, testConfig } from './fixtures.ts';
import { NGINX, startNginx } from './nginxProcess.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

const PREFIX = '/internal/recordings/';
const video = randomBytes(300_000);
const address = (file: string, lessonId = 7) => signRecordingAddress(TEST_JWT_SECRET, { userId: 3, lessonId, file }, new Date(), 120).path;

describe('RECORDINGS_ACCEL_REDIRECT', () => {
  it('is refused with S3, which sends viewers to the store', () => {
    const s3 = { RECORDINGS_STORAGE: 's3', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'records', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_REGION: 'us-east-1' };
    expect(() => testConfig({ ...s3, RECORDINGS_ACCEL_REDIRECT: PREFIX })).toThrow(ConfigError);
    expect(() => testConfig({ RECORDINGS_ACCEL_REDIRECT: 'internal/recordings' })).toThrow(/internal nginx location/);
    expect(testConfig({ RECORDINGS_ACCEL_REDIRECT: PREFIX }).recordingsAccelRedirect).toBe(PREFIX);
    expect(testConfig({}).recordingsAccelRedirect).toBeNull();
  });
});

describe.skipIf(NGINX === null)('recordings sent by nginx (X-Accel-Redirect)', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  let nginx: { stop(): Promise<void> } | null = null;
  let proxy: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-accel-'));
    const dataDir = path.join(dir, 'data');
    const config = testConfig({ DATA_DIR: dataDir, RECORDINGS_ACCEL_REDIRECT: PREFIX });
    const storage = createRecordingStorage(config.recordings);
    await storage.put(recordingFileKey(7, 'g1.mp4'), { stream: Readable.from([video]), size: video.length });
    storage.close();
    testDb = await createTestDatabase('pglite');
    app = await buildTestApp({ database: testDb.database, config });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (app.server.address() as net.AddressInfo).port;
    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    // The two locations of deploy/nginx.conf that matter here, with this test's folder and ports.
    const conf = readFileSync(path.join('deploy', 'nginx.conf'), 'utf8');
    expect(conf).toContain(`location ${PREFIX} {`);
    const site = `  server {
    listen 127.0.0.1:${port};
    location /media/recordings/ { proxy_buffering off; proxy_pass http://127.0.0.1:${appPort}; }
    location ${PREFIX} { internal; alias ${dataDir}/recordings/; }
  }`;
    nginx = await startNginx(nginxDir, nginxMainConfig(nginxDir, site), `${proxy}/media/recordings/`);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await app?.close();
    await testDb?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the process answers a checked address with the internal location and no body', async () => {
    const answer = await app.inject({ url: address('g1.mp4') });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-accel-redirect']).toBe(`${PREFIX}lessons/7/g1.mp4`);
    expect(answer.rawPayload.length).toBe(0);
  });

  it('through nginx: the whole file, a range with 206, the private cache and the type kept', async () => {
    const whole = await fetch(`${proxy}${address('g1.mp4')}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toMatch(/^private, max-age=1[12]\d$/);
    expect(whole.headers.get('x-accel-redirect')).toBeNull();

    const range = await fetch(`${proxy}${address('g1.mp4')}`, { headers: { range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('through nginx: a refused address is 403 and a missing file 404, with the Russian details; the internal location is not reachable from outside', async () => {
    const refused = await fetch(`${proxy}${address('g1.mp4').replace('u=3', 'u=4')}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: RECORDING_REFUSED.invalid });
    const missing = await fetch(`${proxy}${address('g2.mp4')}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: RECORDING_MISSING });
    expect((await fetch(`${proxy}${PREFIX}lessons/7/g1.mp4`)).status).toBe(404);
  });
});
