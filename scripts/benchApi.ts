// `npm run bench:api`: autocannon (50 connections, 10 s) against the catalogue endpoints and a bare Fastify
// route, on the embedded database with the demo content; writes the "API server" section of docs/BENCHMARKS.md.
//
// The servers run in a child process (this file with --serve) so that autocannon and the server each have
// their own event loop, as they would on separate machines.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { CourseShort } from '../common/wireTypes.ts';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPglite } from '../server/src/db/client.ts';
import { prepareDatabase } from '../server/src/db/prepare.ts';
import { createTokenService } from '../server/src/services/tokens.ts';
import { writeBenchmarkSection } from './benchmarkReport.ts';
import { serverRuntimeFlags } from './serverCommand.ts';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number };
  totalCompletedRequests: number;
  start: Date;
  finish: Date;
  latency: { p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  headers?: Record<string, string>;
  skipAggregateResult?: boolean;
}
const autocannon = createRequire(import.meta.url)('autocannon') as ((options: AutocannonOptions) => Promise<AutocannonResult>) & {
  aggregateResult(results: AutocannonResult[], options: AutocannonOptions): AutocannonResult;
};

const CONNECTIONS = 50;
/** BENCH_DURATION shortens runs while tuning; the recorded figures use the default. */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
/**
 * Each endpoint's run is cut into rounds that alternate between the endpoints, so that load from other programs on
 * the machine falls on all of them alike; the rounds are then aggregated into one result per endpoint.
 */
const ROUNDS = 5;
const JWT_SECRET = 'benchmark-secret-benchmark-secret-benchmark';
/** What the site's requests carry (spec section 7) and every browser adds (Accept-Encoding). */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-language': 'ru', 'accept-encoding': 'gzip, deflate, br' };

interface Ready {
  appPort: number;
  barePort: number;
}

/** Child mode: the real app (production logger, embedded PGlite, demo content) and a bare Fastify route. */
async function serve(dataDir: string) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET, PORT: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const database = await openPglite(config.pgliteDir);
  await prepareDatabase(database, { demoContent: async () => (await import('../server/src/db/demo/content.ts')).demoContent });
  // Log lines go to stdout as in production; the parent discards them.
  const app = await buildApp({ config, database, distDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (server: Server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  };
  process.send!({ appPort: port(app.server), barePort: port(bare.server) } satisfies Ready);
  process.on('disconnect', () => {
    void Promise.all([app.close(), bare.close()])
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Whether the target (≥ 0.5 × bare, p99 < 25 ms) applies. */
  target: boolean;
}

interface Measured extends Target {
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measureAll(targets: Target[]): Promise<Measured[]> {
  for (const target of targets) await autocannon({ url: target.url, connections: CONNECTIONS, duration: WARMUP_S, headers: target.headers });
  const rounds = new Map<Target, AutocannonResult[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Rotate the order so that no endpoint always runs right after another.
    for (const target of [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)]) {
      const options = { url: target.url, connections: CONNECTIONS, duration: DURATION_S / ROUNDS, headers: target.headers, skipAggregateResult: true };
      rounds.get(target)!.push(await autocannon(options));
    }
  }
  return targets.map((target) => {
    const results = rounds.get(target)!;
    // aggregateResult merges the latency histograms; the rate is counted here from the rounds' own times.
    const result = autocannon.aggregateResult(results, { url: target.url, connections: CONNECTIONS });
    const seconds = results.reduce((sum, round) => sum + (new Date(round.finish).getTime() - new Date(round.start).getTime()) / 1000, 0);
    const completed = results.reduce((sum, round) => sum + round.totalCompletedRequests, 0);
    const errors = result.errors + result.timeouts + result.non2xx;
    const measured = { ...target, requestsPerSecond: Math.round(completed / seconds), p99: result.latency.p99, errors };
    process.stdout.write(`${target.name}: ${measured.requestsPerSecond} req/s, p99 ${measured.p99} ms, errors ${errors}\n`);
    return measured;
  });
}

async function main() {
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-bench-'));
  const child = spawn(process.execPath, [...process.execArgv, ...serverRuntimeFlags(), fileURLToPath(import.meta.url), '--serve', dataDir], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the server process exited with code ${code}`)));
    });
    const api = `http://127.0.0.1:${ready.appPort}`;
    const courses = (await (await fetch(`${api}/api/v1/courses/`)).json()) as CourseShort[];
    const course = courses.find((item) => item.state === 'can_be_subscribed' && item.lessons.length > 0) ?? courses[0]!;
    const token = await createTokenService(JWT_SECRET).sign(3, 'access');

    const details = `/api/v1/courses/${course.id}/`;
    const measured = await measureAll([
      { name: 'bare Fastify route', url: `http://127.0.0.1:${ready.barePort}/bare`, headers: BROWSER_HEADERS, target: false },
      { name: 'GET /api/v1/courses/', url: `${api}/api/v1/courses/`, headers: BROWSER_HEADERS, target: true },
      { name: `GET ${details}`, url: `${api}${details}`, headers: BROWSER_HEADERS, target: true },
      { name: 'GET /api/v1/courses/ without Accept-Encoding', url: `${api}/api/v1/courses/`, headers: { accept: 'application/json' }, target: false },
      { name: `GET ${details} logged in`, url: `${api}${details}`, headers: { ...BROWSER_HEADERS, authorization: `Bearer ${token}` }, target: false },
    ]);
    const [bare, ...others] = measured;
    const guestDetails = measured[2]!;
    const loggedInDetails = measured[4]!;
    const loggedInShare = loggedInDetails.requestsPerSecond / guestDetails.requestsPerSecond;

    const row = (m: Measured) => {
      const ratio = m.requestsPerSecond / bare!.requestsPerSecond;
      const verdict = m.target ? (ratio >= 0.5 && m.p99 < 25 && m.errors === 0 ? 'met' : 'missed') : 'not a target';
      return `| ${m.name} | ${m.requestsPerSecond.toLocaleString('en-US')} | ${m.p99} | ${ratio.toFixed(2)} | ${m.errors} | ${verdict} |`;
    };
    const body = [
      `Command: \`npm run bench:api\` (scripts/benchApi.ts). autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after a ${WARMUP_S} s warm-up,`,
      `run as ${ROUNDS} rounds that alternate between the endpoints and aggregated per endpoint,`,
      'against the real app (embedded PGlite with the demo content, production JSON request log) and a bare Fastify route',
      `served by the same child process. Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, Node ${process.versions.node}`,
      `(load average ${loadBefore} before the run); autocannon runs on the same machine, so the client takes part of the CPU. Requests carry the headers the site`,
      'sends from a browser (`Accept-Language: ru`, `Accept-Encoding: gzip, deflate, br`) unless the row says otherwise.',
      '',
      '| endpoint | req/s | p99 ms | × bare | errors | target (≥ 0.5 × bare, p99 < 25 ms) |',
      '|---|---:|---:|---:|---:|---|',
      ...[bare!, ...others].map(row),
      '',
      `Logged-in course details: ${loggedInShare.toFixed(2)} × the guest figure in the same run (target ≥ 0.25: ${loggedInShare >= 0.25 ? 'met' : 'missed'}).`,
      '',
      'The catalogue is served from an in-memory cache of the public responses, kept as serialised JSON and compressed',
      'once per entry (server/src/services/publicCache.ts, server/src/http/replies.ts); a database trigger with NOTIFY',
      'invalidates it in every process on a write. A logged-in caller’s form (their participations and subscription merged',
      'into the public one) is kept and compressed the same way, per caller, while the public entry it was made from is',
      'current and until a hold of theirs lapses (server/src/services/personalCache.ts); the token is checked with a',
      'synchronous HMAC (server/src/services/tokens.ts). The logged-in row repeats one caller, so it measures the kept form;',
      'a caller’s first request after a change costs one query more.',
    ].join('\n');
    writeBenchmarkSection('API server', body);
    process.stdout.write('Written to docs/BENCHMARKS.md, section "API server".\n');
  } finally {
    child.disconnect();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else await main();
