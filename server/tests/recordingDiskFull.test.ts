// A disk that fills during a recording's upload (issue 34, item 8): the upload is refused before its first byte when
// the disk has no room for it, and stopped with 507 and a Russian message when the disk fills meanwhile, nothing of it
// left; the server goes on serving and takes the next upload. DATA_DIR is a small tmpfs of its own, so the disk is
// really full; where mounting is not allowed (not root) the file is skipped.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMessages } from '../src/services/recordings/uploads.ts';
import { ids, seedFixture, testConfig } from './fixtures.ts';
import { listeningUploadsApp, tusRequests } from './recordingUploadKit.ts';
import { createTestDatabase, type TestDatabase } from './testDb.ts';

const MiB = 1024 * 1024;
const DISK_BYTES = 4 * MiB;
const lesson = ids.lessons.announced;

/** A tmpfs of DISK_BYTES at a new folder, or null where this process may not mount one. */
function smallDisk(): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_BYTES}`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const disk = smallDisk();

describe.skipIf(disk === null)('a recording upload on a disk that fills', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let base: string;
  let token: string;
  const uploads = () => path.join(disk!, 'recordings', '.uploads');
  const left = () => (existsSync(uploads()) ? readdirSync(uploads()) : []);

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    await seedFixture(testDb.database.db);
    ({ app, base, token } = await listeningUploadsApp({ database: testDb.database, config: testConfig({ DATA_DIR: disk!, RECORDING_MAX_BYTES: String(64 * MiB) }) }));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.destroy();
    try {
      execFileSync('umount', [disk!], { stdio: 'ignore' });
    } finally {
      rmSync(disk!, { recursive: true, force: true });
    }
  });

  const tus = tusRequests(() => base, () => token);
  const create = (length: number) => tus.create(lesson, length, 'Лекция.mp4');
  const state = async () => (await tus.recordingOf(lesson)).state;

  it('refuses an upload the disk has no room for before its first byte, under the field', async () => {
    const answer = await create(8 * MiB);
    expect(answer.status).toBe(507);
    expect(await answer.json()).toEqual({ recording: [uploadMessages.diskFull] });
    expect(await state()).toBe('none');
    expect(left()).toEqual([]);
  });

  it('stops an upload when the disk fills meanwhile with 507 in Russian, keeps nothing of it, and takes the next one', async () => {
    const length = 2 * MiB + 512 * 1024;
    const created = await create(length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    // Another writer takes most of the room meanwhile.
    const filler = path.join(disk!, 'filler.bin');
    writeFileSync(filler, randomBytes(DISK_BYTES - 2 * MiB));
    const patch = await tus.patch(location, 0, randomBytes(length));
    expect(patch.status).toBe(507);
    expect(await patch.json()).toEqual({ detail: uploadMessages.diskFull });
    expect(left()).toEqual([]);
    expect(await state()).toBe('none');
    expect((await tus.head(location)).status).toBe(404);

    // The server goes on: it answers, and once there is room again the next upload is taken (not «busy»).
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    rmSync(filler);
    const next = await create(MiB);
    expect(next.status).toBe(201);
  });
});
