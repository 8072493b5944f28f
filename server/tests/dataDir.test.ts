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
