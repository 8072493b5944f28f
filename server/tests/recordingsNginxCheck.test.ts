// deploy/nginx.conf itself, run by a real nginx in front of the app: nginx asks the process whether a recording's
// signed address is valid (once per address, kept for its life) and sends the file from the recordings' folder; a
// refused address, a missing file and S3 get the process's own answers. The file is the one an operator installs, with
// this test's ports and folders put in and TLS taken out. Skipped where nginx is not installed (CI installs it).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDeployedNginx, nginxMainConfig } from '../../scripts/deployedNginx.ts';
import { buildApp } from '../src/app.ts';
import { RECORDING_MISSING, RECORDING_REFUSED, recordingFileKey } from '../src/services/recordings/serving.ts';
import { signRecordingAddress } from '../src/services/recordings/signedAddress.ts';
import { createRecordingStorage } from '../src/services/recordings/storageFromConfig.ts';
import { freePort } from './freePort.ts';
import { TEST_JWT_SECRET, testConfig } from './fixtures.ts';
import { NGINX, startNginx } from './nginxProcess.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

const video = randomBytes(300_000);
const poster = randomBytes(2_000);
const sign = (file: string, userId = 3, lessonId = 7) => signRecordingAddress(TEST_JWT_SECRET, { userId, lessonId, file }, new Date(), 120);

describe.skipIf(NGINX === null)('deploy/nginx.conf: nginx checks a recording’s address with the process and sends the file', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let dir: string;
  let nginx: { stop(): Promise<void> } | null = null;
  let proxy: string;
  const checks: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-nginx-check-'));
    const dataDir = path.join(dir, 'data');
    const config = testConfig({ DATA_DIR: dataDir });
    const storage = createRecordingStorage(config.recordings);
    await storage.put(recordingFileKey(7, 'g1.mp4'), { stream: Readable.from([video]), size: video.length });
    await storage.put(recordingFileKey(7, 'g1.jpg'), { stream: Readable.from([poster]), size: poster.length });
    storage.close();
    testDb = await createTestDatabase('pglite');
    app = await buildApp({ database: testDb.database, config });
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/media/recording-checks/')) checks.push(request.url);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (app.server.address() as net.AddressInfo).port;
    const [port, redirectPort] = [await freePort(), await freePort()];
    proxy = `http://127.0.0.1:${port}`;
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    const site = localDeployedNginx({ appPorts: [appPort], port, redirectPort, dataDir, cacheDir: path.join(nginxDir, 'checks') });
    nginx = await startNginx(nginxDir, nginxMainConfig(nginxDir, site), `${proxy}/healthz`);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await app?.close();
    await testDb?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the whole file and its ranges with the type and a private cache ending with the address, asking the process once', async () => {
    const { path: address, expiresAt } = sign('g1.mp4');
    checks.length = 0;
    const whole = await fetch(`${proxy}${address}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('private');
    expect(whole.headers.get('expires')).toBe(expiresAt.toUTCString());
    expect(whole.headers.get('x-accel-expires')).toBeNull();
    expect(whole.headers.get('x-recording-expires')).toBeNull();

    for (const start of [1000, 5000, 299_000]) {
      const range = await fetch(`${proxy}${address}`, { headers: { range: `bytes=${start}-${start + 999}` } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toBe(`bytes ${start}-${Math.min(start + 999, video.length - 1)}/${video.length}`);
      expect(Buffer.from(await range.arrayBuffer()).equals(video.subarray(start, start + 1000))).toBe(true);
      expect(range.headers.get('expires')).toBe(expiresAt.toUTCString());
    }
    expect((await fetch(`${proxy}${address}`, { headers: { range: 'bytes=400000-' } })).status).toBe(416);
    expect(checks).toEqual([address.replace('/media/recordings/', '/media/recording-checks/')]);

    const image = await fetch(`${proxy}${sign('g1.jpg').path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer()).equals(poster)).toBe(true);
  });

  it("gives the process's answers for a refused address and a missing file, and nothing of the folder without a valid address", async () => {
    const { path: address } = sign('g1.mp4');
    const forged = await fetch(`${proxy}${address.replace('u=3', 'u=4')}`);
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ detail: RECORDING_REFUSED.invalid });
    const unsigned = await fetch(`${proxy}/media/recordings/7/g1.mp4`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toEqual({ detail: RECORDING_REFUSED.invalid });
    // Another lesson's file with this lesson's signature, and a way out of the folder: refused before any file.
    expect((await fetch(`${proxy}${address.replace('/7/', '/8/')}`)).status).toBe(403);
    const outside = await fetch(`${proxy}/media/recordings/7/..%2F..%2F.partial/x.mp4${address.slice(address.indexOf('?'))}`);
    expect([403, 404]).toContain(outside.status);
    expect(outside.headers.get('content-type')).toMatch(/^application\/json/);
    const missing = await fetch(`${proxy}${sign('g2.mp4').path}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: RECORDING_MISSING });
    // The check's own address from outside tells only what the file's address would, and never sends bytes.
    const check = await fetch(`${proxy}${address.replace('/media/recordings/', '/media/recording-checks/')}`);
    expect(check.status).toBe(204);
    expect(await check.text()).toBe('');
    expect((await fetch(`${proxy}/_recording_check`)).status).toBe(404);
  });

  it('stops serving a file as soon as it is removed (a hidden or replaced recording), although the check was kept', async () => {
    const storage = createRecordingStorage(testConfig({ DATA_DIR: path.join(dir, 'data') }).recordings);
    const extra = randomBytes(5_000);
    await storage.put(recordingFileKey(7, 'g3.mp4'), { stream: Readable.from([extra]), size: extra.length });
    const { path: address } = sign('g3.mp4');
    expect((await fetch(`${proxy}${address}`)).status).toBe(200);
    await storage.delete(recordingFileKey(7, 'g3.mp4'));
    storage.close();
    const gone = await fetch(`${proxy}${address}`, { headers: { range: 'bytes=0-99' } });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ detail: RECORDING_MISSING });
  });
});
