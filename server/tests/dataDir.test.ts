// The DATA_DIR lock: one holder at a time, released on close, and a lock whose process is gone (or whose pid now
// belongs to another process) taken over. The process-level behaviour is in serverProcess.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, lockFile } from '../src/db/dataDir.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-lock-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('DATA_DIR lock', () => {
  it('has one holder at a time and is free again once released', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} is in use by another server process (pid ${process.pid})`);
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(lockFile(dir), `${gone} 123\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  });

  it.runIf(existsSync('/proc/self/stat'))('takes over a lock whose pid now belongs to a process started later', () => {
    const dir = tempDir();
    // The parent of this process is alive, but it is not the process that wrote this start time.
    writeFileSync(lockFile(dir), `${process.ppid} 1\n`);
    lockDataDir(dir).release();
    // The same pid with its real start time is a live holder.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lockFile(dir), `${process.ppid} ${startTime}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });
});

describe('a fresh embedded database after the start', () => {
  it('keeps every row and the DATA_DIR lock, and the old connection is closed', async () => {
    const { openDatabase } = await import('../src/db/client.ts');
    const dataDir = tempDir();
    const config = { databaseUrl: null, dataDir, pgliteDir: path.join(dataDir, 'pgdata') };
    const first = await openDatabase(config);
    await first.migrate();
    await first.db.execute('CREATE TABLE fresh_probe (value text)');
    await first.db.execute("INSERT INTO fresh_probe VALUES ('kept')");
    const second = await first.fresh();
    try {
      const rows = (await second.db.execute('SELECT value FROM fresh_probe')) as unknown as { rows: unknown[] };
      expect(rows.rows).toEqual([{ value: 'kept' }]);
      await expect(first.db.execute('SELECT 1')).rejects.toThrow();
      expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    } finally {
      await second.close();
    }
    lockDataDir(dataDir).release();
  });
});
