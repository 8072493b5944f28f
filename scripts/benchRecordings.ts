// `npm run bench:recordings`: the recordings' budgets of issue 34, measured on this machine and written to the
// "Recordings" section of docs/BENCHMARKS.md.
//
// 1. Watching: 50 viewers stream one 500 MB recording (files in a folder), each asking for 2 MiB ranges at random
//    offsets as a player seeking about does, through signed addresses. Four targets in alternating rounds, so that
//    other load falls on all alike: deploy/nginx.conf in front of one server process (started as `npm run serve`
//    starts it), nginx asking the process about each address and sending the file, with the viewers keeping their
//    addresses as the page does and, the worst case, with a new address for every range; the process alone streaming;
//    and nginx sending the file with sendfile and no question, the reference. Measured: the bytes per second, the p99
//    time to the first byte of a range, and the process's peak RSS.
// 2. Uploading: a 1 GB video sent through the tus endpoint as the authors' form sends it (32 MiB chunks), against a
//    plain PUT of the same bytes to a bare Node server (a process of its own) that writes them to a file on the same
//    disk, in turns, five times each, every one after `sync` (compared by their medians); and the server's RSS while
//    it runs (it streams: it must stay flat).
//
// The server runs on PostgreSQL when TEST_DATABASE_URL names one (a database of its own is made and dropped), as
// several processes behind nginx do in production; else on the embedded database, whose engine lives in the server's
// own memory (about 350 MB of RSS before any recording is served: the budget is about what serving adds).
// BENCH_DURATION (seconds per target, default 20) shortens the watching part while tuning.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { RECORDING_UPLOAD_CHUNK_BYTES } from '../common/recordings.ts';
import { signRecordingAddress } from '../server/src/services/recordings/signedAddress.ts';
import { eventually } from '../server/tests/eventually.ts';
import { writeBenchmarkSection } from './benchmarkReport.ts';
import { localDeployedNginx, nginxArgs, nginxBinary, nginxMainConfig } from './deployedNginx.ts';
import { RangeConnection } from './rangeClient.ts';
import { serverNodeArgs } from './serverCommand.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const VIEWERS = 50;
const RANGE_BYTES = 2 * 1024 * 1024;
const FILE_BYTES = 500 * 1024 * 1024;
const UPLOAD_BYTES = 1024 * 1024 * 1024;
const CHUNK_BYTES = RECORDING_UPLOAD_CHUNK_BYTES;
const UPLOAD_ROUNDS = 5;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const ROUNDS = 4;
const SECRET = 'bench-recordings-secret-0123456789abcdef';
const LESSON_ID = 1;
const FILE = 'bench.mp4';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Peak resident memory of a process, sampled every 50 ms while `work` runs (Linux /proc). */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakMb: number; startMb: number }> {
  const read = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  };
  const startMb = read();
  let peakMb = startMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, read());
  }, 50);
  try {
    const value = await work();
    peakMb = Math.max(peakMb, read());
    return { value, peakMb, startMb };
  } finally {
    clearInterval(timer);
  }
}

async function waitForUrl(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer at ${url}`);
}

function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** A file of `bytes` pseudo-random bytes (not compressible, written in 8 MiB blocks). */
function writeNoise(file: string, bytes: number): void {
  const block = Buffer.alloc(8 * 1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((Math.imul(i, 2654435761) ^ (i >>> 7)) >>> 0, i);
  const fd = openSync(file, 'w');
  try {
    for (let written = 0; written < bytes; written += block.length) writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  } finally {
    closeSync(fd);
  }
}

/**
 * A real video of `bytes` bytes, as an author's upload is: two seconds made by ffmpeg (H.264/AAC, its index first),
 * then a `free` box of incompressible bytes up to the size, which ffprobe, ffmpeg and players skip.
 */
function writeVideo(file: string, bytes: number, dir: string): void {
  const small = path.join(dir, 'two-seconds.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-y', small]);
  const video = readFileSync(small);
  writeNoise(file, bytes);
  const fd = openSync(file, 'r+');
  try {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(bytes - video.length, 0);
    header.write('free', 4, 'latin1');
    writeSync(fd, Buffer.concat([video, header]), 0, video.length + 8, 0);
  } finally {
    closeSync(fd);
  }
}

/** Waits until the lesson's recording is processed (the next round then has the machine to itself). */
async function processed(base: string, token: string, lessonId: number): Promise<string> {
  let state = '';
  const done = await eventually(async () => {
    const lesson = (await (await fetch(`${base}/api/v1/mutabo/lessons/${lessonId}/`, { headers: { authorization: `Bearer ${token}` } })).json()) as { recording: { state: string } };
    state = lesson.recording.state;
    return state === 'ready' || state === 'failed';
  }, 300_000);
  return done ? state : 'still processing after 5 minutes';
}

interface RangeStats {
  bytes: number;
  ranges: number;
  seconds: number;
  ttfbMs: number[];
  errors: number;
}

/**
 * VIEWERS players, each asking for one range after the other at random offsets, for `seconds`. `viewer()` gives each
 * player the function that gives its address for the next range.
 */
async function watch(viewer: () => () => URL, seconds: number): Promise<RangeStats> {
  const stats: RangeStats = { bytes: 0, ranges: 0, seconds, ttfbMs: [], errors: 0 };
  const end = performance.now() + seconds * 1000;
  const began = performance.now();
  const players = Array.from({ length: VIEWERS }, () => {
    const address = viewer();
    const { hostname, port } = address();
    return { address, connection: new RangeConnection(hostname, Number(port)) };
  });
  await Promise.all(
    players.map(async ({ address, connection }) => {
      while (performance.now() < end) {
        const start = Math.floor(Math.random() * (FILE_BYTES - RANGE_BYTES));
        const url = address();
        const result = await connection.get(url.pathname + url.search, start, RANGE_BYTES);
        stats.bytes += result.bytes;
        if (result.ok) {
          stats.ranges += 1;
          stats.ttfbMs.push(result.ttfbMs);
        } else stats.errors += 1;
      }
    }),
  );
  stats.seconds = (performance.now() - began) / 1000;
  for (const { connection } of players) connection.close();
  return stats;
}

function merge(parts: RangeStats[]): RangeStats {
  return parts.reduce((all, part) => ({
    bytes: all.bytes + part.bytes,
    ranges: all.ranges + part.ranges,
    seconds: all.seconds + part.seconds,
    ttfbMs: all.ttfbMs.concat(part.ttfbMs),
    errors: all.errors + part.errors,
  }));
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const mbps = (stats: { bytes: number; seconds: number }) => stats.bytes / stats.seconds / 1024 / 1024;

/**
 * The plain PUT the upload is compared with: a bare Node server writing the body to a file on the same disk, in a
 * process of its own as the server is. (In the benchmark's own process it would share one thread with the client and
 * spare the wake-ups between processes: on this 2-core VM any transfer between two processes is about a quarter
 * slower than one within a process, which is no measure of the upload's code.)
 */
async function startPlainPutServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const source = `
    const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
    const server = http.createServer((request, response) => {
      const out = fs.createWriteStream(path.join(process.argv[1], 'plain-put.bin'));
      request.pipe(out);
      out.on('finish', () => response.writeHead(204).end());
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the plain PUT server stopped (${code})`)));
    child.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => stop(child) };
}

async function timedPut(url: string, file: string): Promise<number> {
  const began = performance.now();
  await new Promise<void>((resolve, reject) => {
    const request = http.request(url, { method: 'PUT', headers: { 'content-length': UPLOAD_BYTES } }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 204 ? resolve() : reject(new Error(`PUT answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    createReadStream(file).pipe(request);
  });
  return (performance.now() - began) / 1000;
}

/** The tus upload as the authors' form sends it: a creation, then PATCHes of CHUNK_BYTES. Seconds, or a reason it could not run. */
async function timedTusUpload(base: string, token: string, lessonId: number, file: string): Promise<{ seconds: number; lastSeconds: number } | string> {
  const began = performance.now();
  const created = await fetch(`${base}/api/v1/mutabo/lessons/${lessonId}/recording/uploads/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(UPLOAD_BYTES),
      'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
    },
  });
  if (created.status !== 201) return `the tus creation answered ${created.status}: ${(await created.text()).slice(0, 200)}`;
  const location = new URL(created.headers.get('location')!, base).toString();
  let lastSeconds = 0;
  for (let offset = 0; offset < UPLOAD_BYTES; offset += CHUNK_BYTES) {
    const length = Math.min(CHUNK_BYTES, UPLOAD_BYTES - offset);
    const patchBegan = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        location,
        {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${token}`,
            'tus-resumable': '1.0.0',
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': length,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      createReadStream(file, { start: offset, end: offset + length - 1 }).pipe(request);
    });
    // The last PATCH probes the file (a video), stores it and queues its processing, then answers 204.
    const last = offset + length >= UPLOAD_BYTES;
    if (status !== 204) return `a PATCH at ${offset} answered ${status}`;
    if (last) lastSeconds = (performance.now() - patchBegan) / 1000;
  }
  return { seconds: (performance.now() - began) / 1000, lastSeconds };
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!;
  const dir = path.join(os.tmpdir(), `bench-recordings-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  let server: ChildProcess | null = null;
  let nginx: ChildProcess | null = null;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseName = `bench_recordings_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  let databaseUrl = '';
  try {
    if (adminUrl) {
      await admin(`CREATE DATABASE ${pg.escapeIdentifier(databaseName)}`);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
    }
    const dataDir = path.join(dir, 'data');
    const lessonDir = path.join(dataDir, 'recordings', 'lessons', String(LESSON_ID));
    mkdirSync(lessonDir, { recursive: true });
    writeNoise(path.join(lessonDir, FILE), FILE_BYTES);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
    const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
    server = spawn(process.execPath, [...profile, ...serverNodeArgs()], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', JWT_SECRET: SECRET, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, SEED_DEMO: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForUrl(`${base}/healthz`, server, 'the server');

    // deploy/nginx.conf in front of the same server (scripts/deployedNginx.ts): nginx asks the process about each new
    // address and sends the file itself. And a second site of the same nginx sending the file with no question asked,
    // the reference.
    const nginxPort = await freePort();
    const plainPort = await freePort();
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    const site = localDeployedNginx({ appPorts: [port], port: nginxPort, redirectPort: await freePort(), dataDir, cacheDir: path.join(nginxDir, 'checks') });
    const reference = `  server {\n    listen 127.0.0.1:${plainPort};\n    location /files/ { alias ${lessonDir}/; }\n  }\n`;
    writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxMainConfig(nginxDir, site + reference, 'auto'));
    nginx = spawn(nginxBinary(), nginxArgs(nginxDir), { stdio: 'ignore' });
    await waitForUrl(`http://127.0.0.1:${plainPort}/files/${FILE}`, nginx, 'nginx');

    // Every viewer is a person of their own (the addresses name the person).
    let viewers = 0;
    let issued = 0;
    const address = (userId: number, lifetimeSeconds = 600) => signRecordingAddress(SECRET, { userId, lessonId: LESSON_ID, file: FILE }, new Date(), lifetimeSeconds).path;
    // The process streaming, with a fresh signed address for each range (which costs it nothing more).
    const signed = () => {
      const userId = (viewers += 1);
      return () => new URL(address(userId), base);
    };
    const plain = new URL(`http://127.0.0.1:${plainPort}/files/${FILE}`);
    // Through nginx as the page plays: each viewer keeps its address (10 minutes, renewed before it ends: never
    // within a round), and nginx asks the process once per address.
    const viaNginx = `http://127.0.0.1:${nginxPort}`;
    const kept = () => {
      const own = new URL(address((viewers += 1)), viaNginx);
      return () => own;
    };
    // The worst case: every range a new address (as if every viewer had just opened the page), each asked about; the
    // lifetimes differ so that two ranges in one second get two addresses.
    const fresh = () => {
      const userId = (viewers += 1);
      return () => new URL(address(userId, 600 - ((issued += 1) % 300)), viaNginx);
    };
    const first = await fetch(signed()(), { headers: { range: 'bytes=0-9' } });
    if (first.status !== 206) throw new Error(`the signed address answered ${first.status}: ${await first.text()}`);
    await first.arrayBuffer();
    const throughNginx = await fetch(kept()(), { headers: { range: 'bytes=0-9' } });
    if (throughNginx.status !== 206) throw new Error(`deploy/nginx.conf answered ${throughNginx.status}: ${await throughNginx.text()}`);
    await throughNginx.arrayBuffer();

    await watch(signed, 2); // warm-up of each
    await watch(() => () => plain, 2);
    await watch(kept, 2);
    const ours: RangeStats[] = [];
    const keptRuns: RangeStats[] = [];
    const freshRuns: RangeStats[] = [];
    const theirs: RangeStats[] = [];
    const watched = await peakRss(server.pid!, async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        ours.push(await watch(signed, DURATION_S / ROUNDS));
        keptRuns.push(await watch(kept, DURATION_S / ROUNDS));
        freshRuns.push(await watch(fresh, DURATION_S / ROUNDS));
        theirs.push(await watch(() => () => plain, DURATION_S / ROUNDS));
      }
    });
    const app = merge(ours);
    const nginxKept = merge(keptRuns);
    const nginxFresh = merge(freshRuns);
    const sendfile = merge(theirs);

    // Uploading.
    const source = path.join(dir, 'upload.bin');
    writeVideo(source, UPLOAD_BYTES, dir);
    const login = await fetch(`${base}/api/v1/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'anna@example.com', password: 'demo-anna-2026' }) });
    const { access } = (await login.json()) as { access: string };
    const lessons = (await (await fetch(`${base}/api/v1/mutabo/courses/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { id: number }[];
    const course = (await (await fetch(`${base}/api/v1/mutabo/courses/${lessons[0]!.id}/`, { headers: { authorization: `Bearer ${access}` } })).json()) as { lessons: { id: number }[] };
    // The plain PUT and the tus upload in turns, UPLOAD_ROUNDS each, every one after `sync`: each starts with no dirty
    // pages of what was written before it (the source file, the other's gigabyte), which the kernel would otherwise
    // write back during it and slow it down — whichever came second paid for the first.
    const put = await startPlainPutServer(dir);
    const putRuns: number[] = [];
    const tusRuns: { seconds: number; lastSeconds: number }[] = [];
    let uploaded: { value: string | { seconds: number; lastSeconds: number }; peakMb: number; startMb: number } = { value: 'not run', peakMb: 0, startMb: 0 };
    for (let round = 0; round < UPLOAD_ROUNDS; round += 1) {
      execFileSync('sync');
      putRuns.push(await timedPut(put.url, source));
      rmSync(path.join(dir, 'plain-put.bin'), { force: true });
      execFileSync('sync');
      const run = await peakRss(server.pid!, () => timedTusUpload(base, access, course.lessons[round]!.id, source));
      uploaded = { value: run.value, peakMb: Math.max(uploaded.peakMb, run.peakMb), startMb: round === 0 ? run.startMb : uploaded.startMb };
      if (typeof run.value === 'string') break;
      tusRuns.push(run.value);
      const state = await processed(base, access, course.lessons[round]!.id);
      if (state !== 'ready') {
        uploaded.value = `the uploaded video was not processed: ${state}`;
        break;
      }
    }
    await put.close();
    // Medians: one round in a few is slowed by the machine (the page cache, other work) by a third or more.
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const putSeconds = median(putRuns);
    if (typeof uploaded.value !== 'string') uploaded.value = { seconds: median(tusRuns.map((run) => run.seconds)), lastSeconds: median(tusRuns.map((run) => run.lastSeconds)) };

    const row = (name: string, stats: RangeStats) =>
      `| ${name} | ${stats.ranges} | ${mbps(stats).toFixed(0)} | ${percentile(stats.ttfbMs, 0.5).toFixed(1)} | ${percentile(stats.ttfbMs, 0.99).toFixed(1)} | ${stats.errors} |`;
    const verdict = (stats: RangeStats) => {
      const share = mbps(stats) / mbps(sendfile);
      const p99 = percentile(stats.ttfbMs, 0.99);
      return `**${share.toFixed(2)}** of sendfile's rate ${share >= 0.8 ? '(met)' : '(NOT met)'}, p99 **${p99.toFixed(1)} ms** ${p99 < 100 ? '(met)' : '(NOT met)'}`;
    };
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:recordings\` (scripts/benchRecordings.ts) on this machine (${os.cpus().length} cores, load average before the run ${loadBefore.toFixed(1)}), the server on ${databaseUrl ? 'PostgreSQL (TEST_DATABASE_URL)' : 'the embedded database'}.`,
      '',
      `**Watching** — ${VIEWERS} viewers, each asking for ${RANGE_BYTES / 1024 / 1024} MiB ranges at random offsets of one ${FILE_BYTES / 1024 / 1024} MB file, one after the other on a kept-alive connection (scripts/rangeClient.ts), ${DURATION_S} s per target in ${ROUNDS} alternating rounds; the server as \`npm run serve\` runs it, files in a folder.`,
      '',
      '| target | ranges | MB/s | p50 first byte ms | p99 first byte ms | errors |',
      '|---|---|---|---|---|---|',
      row('deploy/nginx.conf: nginx asks the server once per address and sends the file; each viewer keeps its address, as the page does', nginxKept),
      row('the same, a new address for every range (the worst case)', nginxFresh),
      row('the server alone streaming (/media/recordings/…), a new address for every range', app),
      row('nginx sending the file with no question asked (sendfile), the reference', sendfile),
      '',
      `- As deployed (budget: ≥ 0.8 of sendfile's rate, p99 < 100 ms): ${verdict(nginxKept)}; a new address for every range: ${verdict(nginxFresh)}.`,
      `- The server alone, without nginx (\`npm start\`): ${verdict(app)}.`,
      `- The server's RSS: ${watched.startMb.toFixed(0)} MB before, **${watched.peakMb.toFixed(0)} MB** at most while watched (budget < 300 MB) ${watched.peakMb < 300 ? '— met' : '— NOT met'}.`,
      '',
      `**Uploading** — a video of ${UPLOAD_BYTES / 1024 / 1024 / 1024} GiB (two seconds of H.264/AAC, then incompressible bytes in a \`free\` box) over loopback; the plain PUT and the tus upload in turns, ${UPLOAD_ROUNDS} each, every one after \`sync\`, and each tus upload's processing waited for before the next round (the seconds are their medians, of ${putRuns.map((run) => run.toFixed(1)).join(', ')} s for the PUT and ${tusRuns.map((run) => run.seconds.toFixed(1)).join(', ')} s for tus).`,
      '',
    ];
    if (typeof uploaded.value === 'string') {
      lines.push(`- The tus upload could not be measured: ${uploaded.value}.`);
    } else {
      const { seconds, lastSeconds } = uploaded.value;
      const tusMbps = UPLOAD_BYTES / seconds / 1024 / 1024;
      const putMbps = UPLOAD_BYTES / putSeconds / 1024 / 1024;
      const share = tusMbps / putMbps;
      // The last PATCH also waits for the end of the upload (ffprobe, the file linked under its key (not synced: storage.ts
      // PutOptions), the job queued): the bytes' own transfer is the rest, compared with the same share of the PUT.
      const patches = Math.ceil(UPLOAD_BYTES / CHUNK_BYTES);
      const transferShare = (putSeconds * ((patches - 1) / patches)) / (seconds - lastSeconds);
      lines.push(
        '| how | seconds | MB/s |',
        '|---|---|---|',
        `| tus to the server, ${CHUNK_BYTES / 1024 / 1024} MiB PATCHes, the last request's probe and storing included | ${seconds.toFixed(1)} | ${tusMbps.toFixed(0)} |`,
        `| of which the last PATCH (its bytes, then the probe, the file linked under its key, the job queued) | ${lastSeconds.toFixed(1)} | |`,
        `| a plain PUT to a bare Node server (a process of its own) writing a file | ${putSeconds.toFixed(1)} | ${putMbps.toFixed(0)} |`,
        '',
        `- The tus upload reaches **${share.toFixed(2)}** of the plain PUT with the last request's probe and storing, **${transferShare.toFixed(2)}** for the bytes' transfer alone (budget ≥ 0.8) ${share >= 0.8 ? '— met' : transferShare >= 0.8 ? '— met for the transfer, not with the storing' : '— NOT met'}.`,
        `- The server's RSS: ${uploaded.startMb.toFixed(0)} MB before, **${uploaded.peakMb.toFixed(0)} MB** at most during the upload (${(uploaded.peakMb - uploaded.startMb).toFixed(0)} MB more for a ${UPLOAD_BYTES / 1024 / 1024} MB file: it streams).`,
      );
    }
    const body = lines.join('\n');
    console.log(body);
    writeBenchmarkSection('Recordings', body);
  } finally {
    await Promise.all([stop(server), stop(nginx)]);
    if (databaseUrl) await admin(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
