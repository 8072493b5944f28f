// A recording survives the death of its server process: main.ts runs as production starts it (node with
// serverNodeArgs(), in a process group of its own) on a temporary DATA_DIR with the demo content, recordings in a
// folder. An upload killed with SIGKILL in the middle of a PATCH goes on after a restart from the offset the new
// process reports; a recording killed with SIGKILL while ffmpeg transcodes it is taken again once the dead process's
// lease lapses (RECORDING_JOB_LEASE_SECONDS), becomes ready and plays. Nothing is left in .uploads/ or .processing/.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutaboCourse, MutaboCourseListItem } from '../../common/mutabo/courses.ts';
import type { MutaboLesson } from '../../common/mutabo/lessons.ts';
import type { MutaboLessonRecording, RecordingPlayback } from '../../common/recordings.ts';
import { serverNodeArgs } from '../../scripts/serverCommand.ts';
import { eventually } from './eventually.ts';
import { freePort } from './freePort.ts';
import { createTestDatabase, dbModes, ensureTemplate, type TestDatabase } from './testDb.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LEASE_SECONDS = 3;
const run = promisify(execFile);

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  log: () => string;
}

/** Every server process still running: stopped in afterAll even when a test fails. */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills the whole process group (the server and its ffmpeg) at once and waits for the server to be gone. */
async function killServer(server: Server): Promise<void> {
  killGroup(server.child, 'SIGKILL');
  await server.exited;
}

/** Stops the process group gracefully (SIGKILL after 12 s). */
async function stopServer(server: Server): Promise<void> {
  killGroup(server.child, 'SIGTERM');
  const forced = setTimeout(() => killGroup(server.child, 'SIGKILL'), 12_000);
  await server.exited;
  clearTimeout(forced);
}

/** The ffmpeg processes whose parent is this pid (none may outlive a killed server). */
function childrenOf(pid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** The clips, made once for both databases. */
const clip = { dir: '', mp4: '', webm: '' };

beforeAll(async () => {
  clip.dir = mkdtempSync(path.join(os.tmpdir(), 'recording-restart-clips-'));
  // H.264/AAC in mp4 (only remuxed) for the upload; VP8/Opus in webm (transcoded: processing takes seconds) for
  // the processing.
  clip.mp4 = path.join(clip.dir, 'lecture.mp4');
  clip.webm = path.join(clip.dir, 'lecture.webm');
  const source = (size: string) => ['-f', 'lavfi', '-i', `testsrc=duration=20:size=${size}:rate=25`, '-f', 'lavfi', '-i', 'sine=duration=20'];
  await Promise.all([
    run('ffmpeg', ['-v', 'error', '-y', ...source('640x360'), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip.mp4]),
    run('ffmpeg', ['-v', 'error', '-y', ...source('480x270'), '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '16', '-b:v', '2M', '-c:a', 'libopus', clip.webm]),
  ]);
}, 60_000);

afterAll(() => rmSync(clip.dir, { recursive: true, force: true }));

// One database (PostgreSQL when there is one, as in production): what a kill tests is the process's files and the
// queue's lease, not the database; each run costs two server starts and two clips.
describe.each([dbModes().at(-1)!])('a recording across kill -9 of the server process (%s)', (mode) => {
  let testDb: TestDatabase | null = null;
  let root: string;
  let dataDir: string;
  let token = '';

  beforeAll(async () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'recording-restart-'));
    dataDir = path.join(root, 'data');
    if (mode === 'postgres') {
      // A database of its own (migrated, empty: the server seeds the demo into it), dropped in afterAll.
      testDb = await createTestDatabase('postgres');
    } else {
      // A migrated embedded database instead of a slow first initdb.
      cpSync(await ensureTemplate(), path.join(dataDir, 'pgdata'), { recursive: true });
    }
  }, 60_000);

  afterAll(async () => {
    for (const child of running) killGroup(child, 'SIGKILL');
    await Promise.all([...running].map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await testDb?.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  /** Starts main.ts as production does, in its own process group; resolves once /healthz answers. */
  async function startServer(): Promise<Server> {
    const port = await freePort();
    const child = spawn(process.execPath, serverNodeArgs(), {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: testDb?.url ?? '',
        DATA_DIR: dataDir,
        JWT_SECRET: 'recording-restart-test-secret-0123456789abcdef',
        SEED_DEMO: '1',
        PAYMENTS_SANDBOX: '1',
        SMTP_URL: '',
        TEST_ENDPOINTS: '',
        RECORDINGS_STORAGE: 'fs',
        RECORDING_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += String(chunk)));
    child.stderr!.on('data', (chunk) => (output += String(chunk)));
    child.on('error', () => {});
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        running.delete(child);
        resolve();
      }),
    );
    const base = `http://127.0.0.1:${port}`;
      const up = await eventually(async () => child.exitCode !== null || (await fetch(`${base}/healthz`).catch(() => null))?.ok === true, 60_000);
    if (!up || child.exitCode !== null) throw new Error(`the server did not start:\n${output.slice(-3000)}`);
    return { child, base, exited, log: () => output.slice(-3000) };
  }

  const tus = () => ({ authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' });
  const createUpload = async (server: Server, lessonId: number, length: number, fileName: string): Promise<string> => {
    const response = await fetch(`${server.base}/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`, {
      method: 'POST',
      headers: { ...tus(), 'upload-length': String(length), 'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}` },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.headers.get('location')!;
  };
  const patch = (server: Server, location: string, offset: number, bytes: Buffer) =>
    fetch(new URL(location, server.base), {
      method: 'PATCH',
      headers: { ...tus(), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
  const recordingOf = async (server: Server, lessonId: number): Promise<MutaboLessonRecording> => {
    const response = await fetch(`${server.base}/api/v1/mutabo/lessons/${lessonId}/`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as MutaboLesson).recording;
  };
  const readyIn = async (server: Server, lessonId: number, timeoutMs: number) => {
    let last: MutaboLessonRecording | null = null;
    const ready = await eventually(async () => (last = await recordingOf(server, lessonId)).state === 'ready', timeoutMs);
    expect(ready, `${JSON.stringify(last)}\n${server.log()}`).toBe(true);
  };
  const folder = (name: '.uploads' | '.processing') => {
    const dir = path.join(dataDir, 'recordings', name);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
  };
  const sources = () => {
    const dir = path.join(dataDir, 'recordings', 'lessons');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((name) => name.endsWith('.source')) : [];
  };

  it('finishes an upload killed in the middle of a PATCH and a processing killed while ffmpeg runs', { timeout: 150_000 }, async () => {
    // ---- The first process: the demo author logs in and picks two of her lessons.
    let server = await startServer();
    const login = await fetch(`${server.base}/api/v1/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'anna@example.com', password: 'demo-anna-2026' }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { access: string }).access;
    const list = (await (await fetch(`${server.base}/api/v1/mutabo/courses/`, { headers: { authorization: `Bearer ${token}` } })).json()) as MutaboCourseListItem[];
    const lessonIds: number[] = [];
    for (const item of list) {
      const course = (await (await fetch(`${server.base}/api/v1/mutabo/courses/${item.id}/`, { headers: { authorization: `Bearer ${token}` } })).json()) as MutaboCourse;
      lessonIds.push(...course.lessons.map((lesson) => lesson.id));
      if (lessonIds.length >= 2) break;
    }
    const [uploadLesson, processLesson] = lessonIds as [number, number];
    expect(processLesson).toBeDefined();

    // ---- An upload: a quarter in one PATCH, then a PATCH of the rest that stops sending at half and stays open.
    const mp4 = readFileSync(clip.mp4);
    const quarter = Math.floor(mp4.length / 4);
    const half = Math.floor(mp4.length / 2);
    const location = await createUpload(server, uploadLesson, mp4.length, 'lecture.mp4');
    const uploadId = location.split('/').filter(Boolean).at(-1)!;
    const first = await patch(server, location, 0, mp4.subarray(0, quarter));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(quarter));
    const inFlight = http.request(new URL(location, server.base), {
      method: 'PATCH',
      headers: { ...tus(), 'upload-offset': String(quarter), 'content-type': 'application/offset+octet-stream', 'content-length': String(mp4.length - quarter) },
    });
    const cutOff = new Promise<string>((resolve) => {
      inFlight.on('error', (error) => resolve(error.message));
      inFlight.on('response', (response) => resolve(`answered ${response.statusCode}`));
    });
    inFlight.write(mp4.subarray(quarter, half));
    const uploadFile = path.join(dataDir, 'recordings', '.uploads', uploadId);
    expect(await eventually(async () => existsSync(uploadFile) && statSync(uploadFile).size === half, 10_000)).toBe(true);
    expect((await recordingOf(server, uploadLesson)).state).toBe('uploading');

    // ---- Meanwhile another lesson's whole webm, transcoded: the process is killed while ffmpeg writes the output.
    const webm = readFileSync(clip.webm);
    const webmLocation = await createUpload(server, processLesson, webm.length, 'lecture.webm');
    const whole = await patch(server, webmLocation, 0, webm);
    expect(whole.status, await whole.clone().text()).toBe(204);
    expect((await recordingOf(server, processLesson)).state).toBe('processing');
    // ffmpeg writes video.mp4.<random>.part in the job's folder.
    const transcoding = await eventually(async () => folder('.processing').some((name) => name.endsWith('.part')), 20_000);
    expect(transcoding, server.log()).toBe(true);
    const ffmpegs = childrenOf(server.child.pid!).filter((line) => line.includes('ffmpeg'));
    expect(ffmpegs.length).toBeGreaterThan(0);

    // ---- kill -9 of the whole process group: the server and its ffmpeg.
    await killServer(server);
    // The PATCH was open when the process died: it got no answer.
    expect(await cutOff).not.toMatch(/^answered/);
    for (const line of ffmpegs) {
      const pid = Number(line.trim().split(/\s+/)[0]);
      expect(await eventually(async () => !isAlive(pid), 5_000)).toBe(true);
    }

    // ---- A new process on the same DATA_DIR and database.
    server = await startServer();
    try {
      // The upload goes on from what reached the disk.
      const head = await fetch(new URL(location, server.base), { method: 'HEAD', headers: tus() });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      expect(head.headers.get('upload-length')).toBe(String(mp4.length));
      const rest = await patch(server, location, half, mp4.subarray(half));
      expect(rest.status, await rest.clone().text()).toBe(204);
      expect(rest.headers.get('upload-offset')).toBe(String(mp4.length));
      // The killed transcode is taken again once the dead process's claim has lapsed.
      await readyIn(server, uploadLesson, 30_000);
      await readyIn(server, processLesson, 45_000);

      // Both play: the author may always watch; the address answers a range.
      for (const lessonId of [uploadLesson, processLesson]) {
        const answer = await fetch(`${server.base}/api/v1/lessons/${lessonId}/recording/`, { headers: { authorization: `Bearer ${token}` } });
        expect(answer.status).toBe(200);
        const playback = (await answer.json()) as RecordingPlayback;
        expect(playback.duration).toBeGreaterThanOrEqual(19);
        const video = await fetch(new URL(playback.url, server.base), { headers: { range: 'bytes=0-99' } });
        expect(video.status).toBe(206);
        expect(video.headers.get('content-type')).toBe('video/mp4');
        const bytes = Buffer.from(await video.arrayBuffer());
        expect(bytes).toHaveLength(100);
        expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      }

      // Nothing left behind: no upload's files, no working folder of either attempt, no source.
      expect(folder('.uploads')).toEqual([]);
      expect(folder('.processing')).toEqual([]);
      expect(sources()).toEqual([]);
    } finally {
      await stopServer(server);
    }
  });
});

/** Whether the process runs (a zombie waiting for its reaper does not). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
