// The S3 storage is made at its first use (storageFromConfig.ts): a deployment that keeps its recordings in a folder
// never loads the AWS SDK, and one that uses S3 gets the same answers as from the storage itself.
import { Readable } from 'node:stream';
import { lazyRecordingStorage } from '../src/services/recordings/storageFromConfig.ts';
import type { RecordingStorage } from '../src/services/recordings/storage.ts';

function fakeStorage(): RecordingStorage & { calls: string[] } {
  const calls: string[] = [];
  return {
    kind: 's3',
    calls,
    put: async (key) => void calls.push(`put ${key}`),
    stat: async (key) => (calls.push(`stat ${key}`), { size: 3 }),
    read: async (key) => (calls.push(`read ${key}`), Readable.from([Buffer.from('abc')])),
    delete: async (key) => void calls.push(`delete ${key}`),
    presignedGet: async (key, seconds) => (calls.push(`presign ${key}`), `https://store.example/${key}?ttl=${seconds}`),
    close: () => void calls.push('close'),
  };
}

describe('a storage made at its first use', () => {
  it('is not made until it is used, then once, and answers as the storage does', async () => {
    const real = fakeStorage();
    const make = vi.fn(async () => real);
    const storage = lazyRecordingStorage('s3', make);
    expect(storage.kind).toBe('s3');
    expect(make).not.toHaveBeenCalled();
    const [size, url] = await Promise.all([storage.stat('lessons/1/a.mp4'), storage.presignedGet('lessons/1/a.mp4', 600, 'private')]);
    expect(size).toEqual({ size: 3 });
    expect(url).toBe('https://store.example/lessons/1/a.mp4?ttl=600');
    await storage.put('lessons/1/b.mp4', { path: '/nowhere' }, { durable: false });
    await storage.delete('lessons/1/b.mp4');
    expect(make).toHaveBeenCalledTimes(1);
    storage.close();
    expect(real.calls).toEqual(['stat lessons/1/a.mp4', 'presign lessons/1/a.mp4', 'put lessons/1/b.mp4', 'delete lessons/1/b.mp4', 'close']);
  });

  it('closed before its first use makes nothing; closed while being made, closes what is made', async () => {
    const never = vi.fn(async () => fakeStorage());
    lazyRecordingStorage('s3', never).close();
    expect(never).not.toHaveBeenCalled();

    const real = fakeStorage();
    let release: () => void = () => {};
    const storage = lazyRecordingStorage('s3', () => new Promise((resolve) => (release = () => resolve(real))));
    const pending = storage.stat('lessons/1/a.mp4');
    storage.close();
    release();
    await pending;
    expect(real.calls).toContain('close');
  });

  it('tries again after a failed load', async () => {
    const real = fakeStorage();
    const make = vi.fn().mockRejectedValueOnce(new Error('cannot load')).mockResolvedValue(real);
    const storage = lazyRecordingStorage('s3', make);
    await expect(storage.stat('lessons/1/a.mp4')).rejects.toThrow('cannot load');
    expect(await storage.stat('lessons/1/a.mp4')).toEqual({ size: 3 });
    expect(make).toHaveBeenCalledTimes(2);
  });
});
