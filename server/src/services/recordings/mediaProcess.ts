// Runs ffmpeg and ffprobe as child processes: spawned directly (no shell), at a lower priority, within a time limit
// after which they are killed, keeping only the end of their stderr, and one ffmpeg at a time in this process.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { MediaError, mediaMessages, STDERR_TAIL_BYTES } from './mediaLimits.ts';

/** The nice value of every child: the site's requests come before a transcode. */
export const CHILD_NICENESS = 10;

/** The most of a child's stdout read (ffprobe's JSON); more is a failure, not a reason to hold it all in memory. */
const MAX_STDOUT_BYTES = 1024 * 1024;

export interface ToolRun {
  stdout: string;
  /** The end of stderr, at most STDERR_TAIL_BYTES. */
  stderr: string;
}

/** The last `limit` bytes of what was written, kept as it is written. */
class Tail {
  private chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.chunks.length > 1 && this.length - this.chunks[0]!.length >= this.limit) this.length -= this.chunks.shift()!.length;
  }
  toString(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

/**
 * Runs `binary args…` to its end: resolves with its output when it exits with 0; otherwise a MediaError: notInstalled
 * when the binary is not there, timedOut when it ran over `timeoutMs` (it is killed with SIGKILL), failed with the
 * end of its stderr as the detail.
 */
export function runTool(binary: string, args: string[], timeoutMs: number): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, CHILD_NICENESS);
      } catch {
        // Exited already: its end is reported below.
      }
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let overflow = false;
    const stderr = new Tail(STDERR_TAIL_BYTES);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) {
        if (!overflow) child.kill('SIGKILL');
        overflow = true;
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(() =>
        reject(
          error.code === 'ENOENT'
            ? new MediaError('notInstalled', mediaMessages.notInstalled(toolName(binary)), `${binary}: ${error.message}`)
            : new MediaError('failed', mediaMessages.failed, `${binary}: ${error.message}`),
        ),
      ),
    );
    child.on('close', (code, signal) =>
      settle(() => {
        const tail = stderr.toString();
        if (timedOut) reject(new MediaError('timedOut', mediaMessages.timedOut, `${toolName(binary)} ran over ${timeoutMs} ms\n${tail}`));
        else if (overflow) reject(new MediaError('failed', mediaMessages.failed, `${toolName(binary)} wrote over ${MAX_STDOUT_BYTES} bytes`));
        else if (code !== 0) reject(new MediaError('failed', mediaMessages.failed, `${toolName(binary)} exited with ${code ?? signal}\n${tail}`));
        else resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr: tail });
      }),
    );
  });
}

/** 'ffmpeg' for '/usr/bin/ffmpeg': the name the person reads in «… не установлен». */
function toolName(binary: string): string {
  const base = binary.split('/').pop() ?? binary;
  return /ffprobe/.test(base) ? 'ffprobe' : /ffmpeg/.test(base) ? 'ffmpeg' : base;
}

/** Runs the tasks given to it one after another, in the order given; a failing task does not stop the next. */
export class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.last.then(task, task);
    this.last = result.catch(() => undefined);
    return result;
  }
}

/**
 * The one ffmpeg of this process: a transcode takes both cores of a small server, and two at once would each take
 * twice as long while the site's requests wait behind them.
 */
export const ffmpegTurn = new OneAtATime();
