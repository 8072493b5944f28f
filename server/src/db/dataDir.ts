// DATA_DIR belongs to one server process and its user: the embedded database is one process's (a second one would
// see only its own writes, and lose the other's at the next start), and its files, the outbox's letters with live
// links among them, are for the server's user only.
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another server process (pid ${pid}): stop it, or give this one another DATA_DIR`);
    this.name = 'DataDirInUseError';
  }
}

interface DataDirLock {
  release(): void;
}

export const lockFile = (dataDir: string) => path.join(dataDir, 'server.lock');

/**
 * Makes DATA_DIR the server user's only: created with mode 700 (unless `create` is false: on PostgreSQL it holds only
 * the outbox, made when a letter is written), and group and other permissions taken off whatever is already in it.
 */
export function secureDataDir(dataDir: string, { create = true } = {}): void {
  // Everything this process creates from now on (PGlite's files among them) is the user's only.
  process.umask(0o077);
  if (create) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  else if (!existsSync(dataDir)) return;
  const restrict = (file: string) => {
    const stat = lstatSync(file);
    if (!stat.isSymbolicLink() && (stat.mode & 0o077) !== 0) chmodSync(file, stat.mode & 0o7700);
  };
  restrict(dataDir);
  for (const entry of readdirSync(dataDir, { recursive: true })) restrict(path.join(dataDir, String(entry)));
}

/** The kernel's start time of a process (Linux), so that a pid reused by another process is not taken for the holder. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const held = new Set<string>();

function holderAlive(content: string, file: string): { pid: number; alive: boolean } {
  const [pidText, startTime] = content.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0) {
    // Being written this very moment, or left half-written by a crash long ago.
    const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return { pid: 0, alive: Date.now() - written < 5_000 };
  }
  if (pid === process.pid) return { pid, alive: held.has(file) };
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return { pid, alive: false };
  }
  const current = startTimeOf(pid);
  return { pid, alive: !startTime || current === null || current === startTime };
}

/**
 * Takes DATA_DIR for this process: a lock file created with O_EXCL holding the pid (and its start time); one left by
 * a process that is gone is moved aside and replaced. Throws DataDirInUseError while a live process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFile(dataDir);
  const mine = `${process.pid} ${startTimeOf(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      held.add(file);
      const release = () => {
        if (!held.delete(file)) return;
        try {
          if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return {
        release() {
          process.removeListener('exit', release);
          release();
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let content: string;
    try {
      content = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const holder = holderAlive(content, file);
    if (holder.alive) throw new DataDirInUseError(dataDir, holder.pid);
    // Two processes may find the same stale lock: only the one that moves aside exactly what it judged stale goes on.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readFileSync(aside, 'utf8');
    if (moved !== content) {
      renameSync(aside, file);
      throw new DataDirInUseError(dataDir, Number(moved.split(' ')[0]) || 0);
    }
    rmSync(aside, { force: true });
  }
  throw new Error(`could not take the lock ${file}`);
}
