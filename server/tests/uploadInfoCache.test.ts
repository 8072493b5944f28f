// tus's upload records kept in memory as well as in their files (services/recordings/uploadInfoCache.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileConfigstore } from '@tus/file-store';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CachedUploadInfo } from '../src/services/recordings/uploadInfoCache.ts';

describe('CachedUploadInfo', () => {
  let dir: string;
  let files: FileConfigstore;
  let cached: CachedUploadInfo;
  const upload = (id: string) => new Upload({ id, size: 1000, offset: 0, metadata: { filename: 'лекция.mp4' }, creation_date: '2026-11-29T08:00:00.000Z' });

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-upload-info-'));
    files = new FileConfigstore(dir);
    cached = new CachedUploadInfo(files);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the record to its file and gives it back from memory, a copy each time', async () => {
    await cached.set('a', upload('a'));
    expect(JSON.parse(readFileSync(path.join(dir, 'a.json'), 'utf8'))).toMatchObject({ id: 'a', size: 1000, metadata: { filename: 'лекция.mp4' } });
    rmSync(path.join(dir, 'a.json'));
    const first = await cached.get('a');
    expect(first).toMatchObject({ id: 'a', size: 1000 });
    first!.size = 5;
    expect((await cached.get('a'))!.size).toBe(1000);
  });

  it('reads a record another process wrote from its file, and forgets a deleted one', async () => {
    await files.set('b', upload('b'));
    expect(await cached.get('b')).toMatchObject({ id: 'b', size: 1000 });
    await cached.delete('b');
    expect(await cached.get('b')).toBeUndefined();
    expect(await files.get('b')).toBeUndefined();
    expect(await cached.get('never')).toBeUndefined();
  });

  it('keeps at most a thousand records in memory: the oldest is read from its file again', async () => {
    for (let i = 0; i <= 1000; i += 1) await cached.set(`u${i}`, upload(`u${i}`));
    rmSync(path.join(dir, 'u0.json'));
    rmSync(path.join(dir, 'u1000.json'));
    expect(await cached.get('u0')).toBeUndefined();
    expect(await cached.get('u1000')).toMatchObject({ id: 'u1000' });
  });
});
