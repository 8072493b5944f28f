// How ffmpeg and ffprobe are run (services/recordings/mediaProcess.ts): missing, too slow, too talkative, at a lower
// priority, one at a time. Stand-in binaries are small shell scripts that note what they see and then run the real one.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STDERR_TAIL_BYTES } from '../src/services/recordings/mediaLimits.ts';
import { CHILD_NICENESS, OneAtATime, runTool } from '../src/services/recordings/mediaProcess.ts';
import { prepare, probe } from '../src/services/recordings/mediaTools.ts';
import { clips, refusal } from './recordingMediaClips.ts';

let dir: string;
let clip: string;
let outputs = 0;
const outputDir = () => {
  const out = path.join(dir, `out-${++outputs}`);
  mkdirSync(out);
  return out;
};

/** An executable shell script in the test folder. */
function script(name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'recording-process-'));
  clip = clips.h264();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('without ffmpeg', () => {
  it('says in Russian that ffprobe or ffmpeg is not installed, and leaves nothing', async () => {
    const noProbe = await refusal(probe(clip, { ffprobePath: path.join(dir, 'missing', 'ffprobe') }));
    expect(noProbe).toMatchObject({ reason: 'notInstalled' });
    expect(noProbe.message).toMatch(/^ffprobe не установлен/);
    const out = outputDir();
    const noFfmpeg = await refusal(prepare(clip, out, { ffmpegPath: path.join(dir, 'missing', 'ffmpeg') }));
    expect(noFfmpeg).toMatchObject({ reason: 'notInstalled' });
    expect(noFfmpeg.message).toMatch(/^ffmpeg не установлен/);
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('the time limit', () => {
  it('kills an ffmpeg that runs over it with SIGKILL and removes what it wrote', async () => {
    const pidFile = path.join(dir, 'slow.pid');
    // Writes a part of its output (the last argument), then hangs ignoring SIGTERM.
    const slow = script('slow-ffmpeg', `echo $$ > ${pidFile}\nfor last; do :; done\necho partial > "$last"\ntrap '' TERM\nexec sleep 60`);
    const out = outputDir();
    const started = Date.now();
    const error = await refusal(prepare(clip, out, { ffmpegPath: slow, processTimeoutMs: 500 }));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      expect(Date.now() - started).toBeLessThan(5000);
      expect(error).toMatchObject({ reason: 'timedOut', message: expect.stringMatching(/^Обработка записи заняла слишком много времени/) as string });
      expect(alive(pid)).toBe(false);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('holds for ffprobe too', async () => {
    const error = await refusal(probe(clip, { ffprobePath: script('slow-ffprobe', 'exec sleep 60'), probeTimeoutMs: 300 }));
    expect(error.reason).toBe('timedOut');
  });
});

describe('a failing ffmpeg', () => {
  it('keeps only the end of its stderr for the error, and says in Russian that processing failed', async () => {
    const talkative = script('talkative-ffmpeg', `i=0\nwhile [ $i -lt 2000 ]; do echo "noise line $i of what ffmpeg says" >&2; i=$((i+1)); done\necho "the real reason at the end" >&2\nexit 1`);
    const out = outputDir();
    const error = await refusal(prepare(clip, out, { ffmpegPath: talkative }));
    expect(error.reason).toBe('failed');
    expect(error.message).toMatch(/^Запись не удалось обработать/);
    expect(error.detail).toContain('the real reason at the end');
    expect(error.detail).not.toContain('noise line 0 ');
    expect(error.detail!.length).toBeLessThan(STDERR_TAIL_BYTES + 200);
    expect(readdirSync(out)).toEqual([]);
  });

  it('runTool resolves with the output of a tool that ends well', async () => {
    expect(await runTool(script('echo-tool', 'echo out; echo err >&2'), [], 5000)).toEqual({ stdout: 'out\n', stderr: 'err\n' });
  });
});

describe('priority and turns', () => {
  it(`runs ffmpeg and ffprobe at nice ${CHILD_NICENESS}`, async () => {
    const log = path.join(dir, 'nice.log');
    // The priority is set just after the start: the script waits a moment before reading its own.
    const ffmpeg = script('nice-ffmpeg', `sleep 0.2\necho "ffmpeg $(nice)" >> ${log}\nexec ffmpeg "$@"`);
    const ffprobe = script('nice-ffprobe', `sleep 0.2\necho "ffprobe $(nice)" >> ${log}\nexec ffprobe "$@"`);
    await prepare(clip, outputDir(), { ffmpegPath: ffmpeg, ffprobePath: ffprobe });
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(new Set(lines)).toEqual(new Set([`ffmpeg ${CHILD_NICENESS}`, `ffprobe ${CHILD_NICENESS}`]));
  });

  it('runs one ffmpeg at a time: two recordings prepared together are done one after the other', async () => {
    const log = path.join(dir, 'turns.log');
    const ffmpeg = script('turns-ffmpeg', `echo "start $$" >> ${log}\nsleep 0.3\nffmpeg "$@"\ncode=$?\necho "end $$" >> ${log}\nexit $code`);
    const [first, second] = await Promise.all([prepare(clip, outputDir(), { ffmpegPath: ffmpeg }), prepare(clip, outputDir(), { ffmpegPath: ffmpeg })]);
    expect([first.remuxed, second.remuxed]).toEqual([true, true]);
    const events = readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' '));
    // Two runs (the remux and the poster) for each: four, each ending before the next starts.
    expect(events).toHaveLength(8);
    events.forEach(([what, pid], index) => {
      expect(what).toBe(index % 2 === 0 ? 'start' : 'end');
      if (index % 2 === 1) expect(pid).toBe(events[index - 1]![1]);
    });
  });

  it('OneAtATime goes on after a failed task, in order', async () => {
    const turns = new OneAtATime();
    const order: string[] = [];
    const task = (name: string, fail = false) => () =>
      new Promise<string>((resolve, reject) =>
        setTimeout(() => {
          order.push(name);
          if (fail) reject(new Error(name));
          else resolve(name);
        }, 20),
      );
    const results = await Promise.allSettled([turns.run(task('a')), turns.run(task('b', true)), turns.run(task('c'))]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
