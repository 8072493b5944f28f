// The recordings' storage, the same behaviour in a folder and in S3 (a real S3-compatible server started here): put
// from a stream or a file, stat, byte ranges, delete, a missing key, and writes that fail leave nothing under the key.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingsStorageSettings } from '../src/config.ts';
import { InvalidRecordingKeyError, RecordingMissingError, type RecordingStorage } from '../src/services/recordings/storage.ts';
import { createRecordingStorage } from '../src/services/recordings/storageFromConfig.ts';
import { createFsRecordingStorage, PARTIAL_LEFTOVER_AGE_MS, removePartialLeftovers } from '../src/services/recordings/storageFs.ts';
import { startS3StandIn, type S3StandIn } from './recordingsS3StandIn.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream that gives `good` bytes and then fails, as a dropped upload or a full disk would. */
function failingStream(good: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(good);
      } else {
        this.destroy(new Error('connection lost'));
      }
    },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(['fs', 's3'] as const)('recordings storage: %s', (kind) => {
  let storage: RecordingStorage;
  let s3: S3StandIn | null = null;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-recordings-'));
    let settings: RecordingsStorageSettings = { kind: 'fs', dir: path.join(dir, 'recordings') };
    if (kind === 's3') {
      s3 = await startS3StandIn();
      settings = s3.settings;
    }
    storage = createRecordingStorage(settings);
  });

  afterAll(async () => {
    storage?.close();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a stream under a key, tells its size, reads it whole and by ranges, and deletes it', async () => {
    const data = randomBytes(10_000);
    expect(storage.kind).toBe(kind);
    await storage.put('lessons/1/a1.mp4', { stream: Readable.from([data.subarray(0, 3000), data.subarray(3000)]), size: data.length });
    expect(await storage.stat('lessons/1/a1.mp4')).toEqual({ size: 10_000 });
    expect((await bytesOf(await storage.read('lessons/1/a1.mp4'))).equals(data)).toBe(true);
    expect((await bytesOf(await storage.read('lessons/1/a1.mp4', { start: 2, end: 5 }))).equals(data.subarray(2, 6))).toBe(true);
    expect((await bytesOf(await storage.read('lessons/1/a1.mp4', { start: 9_999, end: 9_999 }))).equals(data.subarray(9_999))).toBe(true);
    await storage.delete('lessons/1/a1.mp4');
    expect(await storage.stat('lessons/1/a1.mp4')).toBeNull();
  });

  it('stores a local file, and a big one in parts, byte for byte', async () => {
    const file = path.join(dir, 'source.mp4');
    // Over two of the S3 adapter's 8 MiB parts: a multipart upload.
    const data = randomBytes(17 * 1024 * 1024 + 123);
    writeFileSync(file, data);
    await storage.put('lessons/2/big.mp4', { path: file });
    expect(await storage.stat('lessons/2/big.mp4')).toEqual({ size: data.length });
    expect(sha256(await bytesOf(await storage.read('lessons/2/big.mp4')))).toBe(sha256(data));
    const middle = { start: 8 * 1024 * 1024 - 10, end: 8 * 1024 * 1024 + 10 };
    expect((await bytesOf(await storage.read('lessons/2/big.mp4', middle))).equals(data.subarray(middle.start, middle.end + 1))).toBe(true);
    await storage.delete('lessons/2/big.mp4');
  }, 60_000);

  it('replaces what a key holds', async () => {
    await storage.put('lessons/3/p.jpg', { stream: Readable.from([Buffer.from('old')]), size: 3 });
    await storage.put('lessons/3/p.jpg', { stream: Readable.from([Buffer.from('newer')]), size: 5 });
    expect((await bytesOf(await storage.read('lessons/3/p.jpg'))).toString()).toBe('newer');
    await storage.delete('lessons/3/p.jpg');
  });

  it('a missing key: no size, a read throws RecordingMissingError, a delete is no error', async () => {
    expect(await storage.stat('lessons/404/none.mp4')).toBeNull();
    await expect(storage.read('lessons/404/none.mp4')).rejects.toBeInstanceOf(RecordingMissingError);
    await expect(storage.delete('lessons/404/none.mp4')).resolves.toBeUndefined();
  });

  it('a write that fails, or gives fewer or more bytes than its size, leaves nothing under the key', async () => {
    await expect(storage.put('lessons/5/x.mp4', { stream: failingStream(randomBytes(1000)), size: 5000 })).rejects.toThrow('connection lost');
    expect(await storage.stat('lessons/5/x.mp4')).toBeNull();
    await expect(storage.put('lessons/5/x.mp4', { stream: Readable.from([randomBytes(1000)]), size: 5000 })).rejects.toThrow('after 1000 of its 5000 bytes');
    expect(await storage.stat('lessons/5/x.mp4')).toBeNull();
    await expect(storage.put('lessons/5/x.mp4', { stream: Readable.from([randomBytes(6000)]), size: 5000 })).rejects.toThrow('more than its 5000 bytes');
    expect(await storage.stat('lessons/5/x.mp4')).toBeNull();
    // A big one that fails after its first part went out.
    const big = randomBytes(9 * 1024 * 1024);
    await expect(storage.put('lessons/5/x.mp4', { stream: failingStream(big), size: 20 * 1024 * 1024 })).rejects.toThrow('connection lost');
    expect(await storage.stat('lessons/5/x.mp4')).toBeNull();
    if (kind === 'fs') expect(readdirSync(path.join(dir, 'recordings', '.partial'))).toEqual([]);
  }, 60_000);

  it('a local file that is not there is an error, and stores nothing', async () => {
    await expect(storage.put('lessons/9/gone.mp4', { path: path.join(dir, 'no-such-file.mp4') })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage.stat('lessons/9/gone.mp4')).toBeNull();
  });

  it('a failed replacement keeps the file that was there', async () => {
    await storage.put('lessons/6/keep.mp4', { stream: Readable.from([Buffer.from('complete')]), size: 8 });
    await expect(storage.put('lessons/6/keep.mp4', { stream: failingStream(Buffer.from('half')), size: 8 })).rejects.toThrow();
    expect((await bytesOf(await storage.read('lessons/6/keep.mp4'))).toString()).toBe('complete');
    await storage.delete('lessons/6/keep.mp4');
  });

  it.each(['../x.mp4', 'lessons/../../x.mp4', '/etc/passwd', 'a//b.mp4', '.partial/x.part', 'lessons/1/.hidden', '', 'a\\b.mp4', 'lessons/1/x.mp4\0'])(
    'refuses the key %j before touching anything',
    async (key) => {
      await expect(storage.put(key, { stream: Readable.from([Buffer.from('x')]), size: 1 })).rejects.toBeInstanceOf(InvalidRecordingKeyError);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidRecordingKeyError);
      await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidRecordingKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidRecordingKeyError);
    },
  );

  it(kind === 's3' ? 'gives a presigned GET that serves the file with the asked Cache-Control' : 'has no presigned GET (the server sends the file)', async () => {
    await storage.put('lessons/7/v.mp4', { stream: Readable.from([Buffer.from('0123456789')]), size: 10 });
    const url = await storage.presignedGet('lessons/7/v.mp4', 300, 'private, max-age=300');
    if (kind === 'fs') {
      expect(url).toBeNull();
    } else {
      expect(url).toMatch(/X-Amz-Expires=300/);
      const answer = await fetch(url!, { headers: { range: 'bytes=2-4' } });
      expect(answer.status).toBe(206);
      expect(await answer.text()).toBe('234');
      expect(answer.headers.get('cache-control')).toBe('private, max-age=300');
      expect(answer.headers.get('content-type')).toBe('video/mp4');
      const forged = await fetch(url!.replace('lessons/7/v.mp4', 'lessons/8/v.mp4'));
      expect(forged.status).toBe(403);
    }
    await storage.delete('lessons/7/v.mp4');
  });
});

describe('leftovers of killed writes in a folder', () => {
  it('removes files in .partial/ older than a day, and keeps younger ones (a write under way)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'recordings-leftovers-'));
    try {
      const partial = path.join(dir, '.partial');
      mkdirSync(partial);
      writeFileSync(path.join(partial, 'old.part'), 'killed mid-write');
      writeFileSync(path.join(partial, 'young.part'), 'being written');
      const twoDaysAgo = new Date(Date.now() - 2 * PARTIAL_LEFTOVER_AGE_MS);
      utimesSync(path.join(partial, 'old.part'), twoDaysAgo, twoDaysAgo);
      expect(await removePartialLeftovers(dir)).toBe(1);
      expect(readdirSync(partial)).toEqual(['young.part']);
      // The first put of a process sweeps too.
      utimesSync(path.join(partial, 'young.part'), twoDaysAgo, twoDaysAgo);
      await createFsRecordingStorage(dir).put('lessons/1/a.mp4', { stream: Readable.from([Buffer.from('x')]), size: 1 });
      await expect.poll(() => readdirSync(partial)).toEqual([]);
      expect(await removePartialLeftovers(path.join(dir, 'nothing-here'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a local file put into a folder', () => {
  // durable: false is an upload's source, which the last PATCH does not wait to reach the disk (storage.ts PutOptions).
  it.each([true, false])('on the same disk is linked, not copied: private, whole, and kept when the caller removes its own name (durable: %s)', async (durable) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'recordings-link-'));
    try {
      const data = randomBytes(50_000);
      const source = path.join(dir, 'upload.bin');
      writeFileSync(source, data, { mode: 0o644 });
      const storage = createFsRecordingStorage(path.join(dir, 'recordings'));
      await storage.put('lessons/1/a.mp4', { path: source }, { durable });
      const stored = path.join(dir, 'recordings', 'lessons', '1', 'a.mp4');
      expect(statSync(stored).ino).toBe(statSync(source).ino);
      expect(statSync(stored).mode & 0o777).toBe(0o600);
      rmSync(source);
      expect(sha256(await bytesOf(await storage.read('lessons/1/a.mp4')))).toBe(sha256(data));
      expect(readdirSync(path.join(dir, 'recordings', '.partial'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/dev/shm'))('on another file system is copied', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'recordings-copy-'));
    const elsewhere = mkdtempSync('/dev/shm/recordings-source-');
    try {
      const data = randomBytes(20_000);
      const source = path.join(elsewhere, 'upload.bin');
      writeFileSync(source, data);
      const storage = createFsRecordingStorage(path.join(dir, 'recordings'));
      await storage.put('lessons/1/a.mp4', { path: source });
      const stored = path.join(dir, 'recordings', 'lessons', '1', 'a.mp4');
      expect(statSync(stored).ino).not.toBe(statSync(source).ino);
      expect(sha256(await bytesOf(await storage.read('lessons/1/a.mp4')))).toBe(sha256(data));
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
