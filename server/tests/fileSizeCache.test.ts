// The recordings' file sizes remembered for a second (services/recordings/fileSizeCache.ts), and the folder storage
// that uses them: a file removed through the storage is missing at once, one removed by another process within the
// cache's life.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileSizeCache, FILE_SIZE_LIFE_MS } from '../src/services/recordings/fileSizeCache.ts';
import { createFsRecordingStorage } from '../src/services/recordings/storageFs.ts';

function counted(sizes: Record<string, number | null | Error>) {
  const asked: string[] = [];
  const statFile = async (file: string) => {
    asked.push(file);
    const size = sizes[file];
    if (size instanceof Error) throw size;
    return size ?? null;
  };
  return { asked, statFile };
}

describe('file size cache', () => {
  it('asks once for a file within its life, shares one question between callers, and asks again after', async () => {
    let now = 0;
    const { asked, statFile } = counted({ a: 10 });
    const cache = createFileSizeCache(statFile, () => now);
    expect(await Promise.all([cache.size('a'), cache.size('a'), cache.size('a')])).toEqual([10, 10, 10]);
    now = FILE_SIZE_LIFE_MS - 1;
    expect(await cache.size('a')).toBe(10);
    expect(asked).toEqual(['a']);
    now = FILE_SIZE_LIFE_MS;
    expect(await cache.size('a')).toBe(10);
    expect(asked).toEqual(['a', 'a']);
  });

  it('does not remember a missing file or a failure, and forgets on demand', async () => {
    const { asked, statFile } = counted({ missing: null, broken: new Error('EIO'), a: 1 });
    const cache = createFileSizeCache(statFile, () => 0);
    expect(await cache.size('missing')).toBeNull();
    expect(await cache.size('missing')).toBeNull();
    await expect(cache.size('broken')).rejects.toThrow('EIO');
    await expect(cache.size('broken')).rejects.toThrow('EIO');
    await cache.size('a');
    cache.forget('a');
    await cache.size('a');
    expect(asked).toEqual(['missing', 'missing', 'broken', 'broken', 'a', 'a']);
  });
});

describe('recordings in a folder: sizes', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-sizes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const put = (storage: ReturnType<typeof createFsRecordingStorage>, key: string, bytes: number) =>
    storage.put(key, { stream: Readable.from([Buffer.alloc(bytes)]), size: bytes });

  it('a file removed or replaced through the storage is seen at once; one removed by another process within a second', async () => {
    const storage = createFsRecordingStorage(dir);
    const other = createFsRecordingStorage(dir);
    await put(storage, 'lessons/1/a.mp4', 100);
    expect(await storage.stat('lessons/1/a.mp4')).toEqual({ size: 100 });
    await put(storage, 'lessons/1/a.mp4', 200);
    expect(await storage.stat('lessons/1/a.mp4')).toEqual({ size: 200 });
    await storage.delete('lessons/1/a.mp4');
    expect(await storage.stat('lessons/1/a.mp4')).toBeNull();

    await put(storage, 'lessons/1/b.mp4', 50);
    expect(await other.stat('lessons/1/b.mp4')).toEqual({ size: 50 });
    await storage.delete('lessons/1/b.mp4');
    await new Promise((resolve) => setTimeout(resolve, FILE_SIZE_LIFE_MS + 50));
    expect(await other.stat('lessons/1/b.mp4')).toBeNull();
    // Its bytes were never to be had, whatever the size said: the read finds nothing.
    await expect(other.read('lessons/1/b.mp4')).rejects.toThrow();
  });
});
