// `npm run bench:api`: autocannon (50 connections, 10 s) against the catalogue endpoints and reference Fastify routes
// that send the catalogue's own bytes (bare, then with the app's request log, then with its hooks), on the embedded
// database with the demo content; writes the "API server" section of docs/BENCHMARKS.md.
//
// The servers run in a child process (this file with --serve) so that autocannon and the server each have
// their own event loop, as they would on separate machines.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { CourseShort } from '../common/wireTypes.ts';
import { buildApp, COMPRESS_OPTIONS, requestLogging } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPglite } from '../server/src/db/client.ts';
import { prepareDatabase } from '../server/src/db/prepare.ts';
import { setApiSecurityHeaders } from '../server/src/http/apiHeaders.ts';
import { logDestination } from '../server/src/logDestination.ts';
import { registerOptionalAuth } from '../server/src/http/auth.ts';
import { preferredEncoding } from '../server/src/http/replies.ts';
import { createTokenService } from '../server/src/services/accounts/tokens.ts';
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

/** What the two rows of a page's HTML say: the view counter's cost (issue 37), or why they are missing. */
function pageRows(measured: Measured[]): string[] {
  const [counted, robot] = measured.filter((m) => m.name.includes('the page’s HTML') || m.name.includes("the page's HTML"));
  if (!counted || !robot) return ['The page rows need the built site (`npm run build`); without `dist/` they are left out.', ''];
  return [
    `A course page's HTML, asked by a browser (its view counted, issue 37) and by a robot (not counted; the same HTML otherwise): ${counted.requestsPerSecond.toLocaleString('en-US')} and ${robot.requestsPerSecond.toLocaleString('en-US')} req/s,`,
    `${counted.cpuMicroseconds.toFixed(0)} and ${robot.cpuMicroseconds.toFixed(0)} µs of CPU per request: counting a view (a map update in memory, written once a minute) is lost in the noise of`,
    'the page itself. The page rows are measured after the others, in rounds of their own, and not held to the API\'s target: a',
    'page builds its first HTML with the data inside and compresses it per request.',
    '',
  ];
}

/** The built site (`npm run build`): with it the app answers a page's HTML too, and its row is measured. */
const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const BUILT_SITE = existsSync(path.join(DIST_DIR, 'index.html'));

/** A browser opening a page: counted as a view (a robot's user agent would not be). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-language': 'ru', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' };

/** The reference servers, each answering GET /api/v1/courses/ with the app's own bytes; see referenceServer. */
type Reference = 'bare' | 'unwritten' | 'log' | 'hooks';

const REFERENCES: Record<Reference, string> = {
  bare: 'bare Fastify route, the catalogue’s bytes',
  unwritten: 'bare + the app’s request log, lines not written',
  log: 'bare + the app’s request log',
  hooks: 'bare + request log + the API’s hooks',
};

interface Ready {
  appPort: number;
  references: Record<Reference, number>;
}

const CATALOGUE = '/api/v1/courses/';

/** The header sets the rows send: a browser's, and a client that takes no compression. */
const ENCODING_HEADERS: Record<string, string>[] = [BROWSER_HEADERS, { accept: 'application/json' }];

/** The headers that make the catalogue's answer what it is (the security headers are the hooks' part). */
const BODY_HEADERS = ['content-type', 'content-encoding', 'vary'] as const;

interface CapturedReply {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The catalogue's answers as the app sends them, one per encoding the rows negotiate (brotli, none), so that the
 * reference routes send the very same bytes with the same content type and encoding: the comparison then leaves out
 * only what the app does around sending them.
 */
async function captureCatalogue(app: FastifyInstance): Promise<Map<string | null, CapturedReply>> {
  const captured = new Map<string | null, CapturedReply>();
  for (const headers of ENCODING_HEADERS) {
    const response = await app.inject({ method: 'GET', url: CATALOGUE, headers });
    const kept = Object.fromEntries(BODY_HEADERS.flatMap((name) => (response.headers[name] === undefined ? [] : [[name, String(response.headers[name])]])));
    captured.set(preferredEncoding(headers['accept-encoding']), { body: response.rawPayload, headers: kept });
  }
  return captured;
}

/**
 * The reference servers, each a step closer to the app. "bare" sends the captured bytes, negotiating the encoding
 * with the app's own function; "unwritten" adds the app's logger with a destination that drops the lines; "log" writes
 * them (the same JSON line per request, through the production destination to stdout, a pipe that the parent reads and
 * discards); "hooks" adds what runs on every API request before its route (the optional token check,
 * @fastify/compress's hooks, the API's security headers) and the app's router options. What the app costs beyond
 * "hooks" is its route: the cache lookup, sendCached, the schema of the details' id, and a router with every other route.
 */
async function referenceServer(reference: Reference, captured: Map<string | null, CapturedReply>, logLevel: string): Promise<FastifyInstance> {
  const dropLines = { write: () => {} };
  const logging = reference === 'bare' ? {} : requestLogging(logLevel, reference === 'unwritten' ? dropLines : logDestination(process.stdout));
  const routerOptions = reference === 'hooks' ? { routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true } } : {};
  const server = Fastify({ ...logging, ...routerOptions });
  if (reference === 'hooks') {
    registerOptionalAuth(server, createTokenService(JWT_SECRET));
    await server.register(fastifyCompress, COMPRESS_OPTIONS);
    server.addHook('onRequest', setApiSecurityHeaders);
  }
  server.get(CATALOGUE, (request, reply) => {
    const { body, headers } = captured.get(preferredEncoding(request.headers['accept-encoding']))!;
    return reply.headers(headers).send(body);
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

/** Child mode: the real app (production logger, embedded PGlite, demo content) and the reference servers. */
async function serve(dataDir: string) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET, PORT: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const database = await openPglite(config.pgliteDir);
  await prepareDatabase(database, { demoContent: async () => (await import('../server/src/db/demo/content.ts')).demoContent });
  // Log lines go to stdout through the production destination (server/src/main.ts); the parent reads and discards them.
  const app = await buildApp({ config, database, distDir: BUILT_SITE ? DIST_DIR : null, logStream: logDestination(process.stdout) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const captured = await captureCatalogue(app);
  const servers = [app];
  const references = {} as Record<Reference, number>;
  for (const reference of Object.keys(REFERENCES) as Reference[]) {
    const server = await referenceServer(reference, captured, config.logLevel);
    servers.push(server);
    references[reference] = port(server.server);
  }
  process.send!({ appPort: port(app.server), references } satisfies Ready);
  // The parent reads the server's CPU time around each round (cpuTime).
  process.on('message', (message) => {
    if (message === 'cpu') process.send!(process.cpuUsage());
  });
  process.on('disconnect', () => {
    void Promise.all(servers.map((server) => server.close()))
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

function port(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The status, raw bytes (fetch would decompress them) and body headers of one answer. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: Object.fromEntries(BODY_HEADERS.map((name) => [name, response.headers[name]])) });
        });
      })
      .on('error', reject);
  });
}

/** Refuses to measure unless every reference route answers with the app's bytes and body headers. */
async function checkSameAnswers(api: string, references: Record<Reference, number>) {
  for (const headers of ENCODING_HEADERS) {
    const expected = await rawGet(`${api}${CATALOGUE}`, headers);
    for (const [reference, referencePort] of Object.entries(references)) {
      const got = await rawGet(`http://127.0.0.1:${referencePort}${CATALOGUE}`, headers);
      if (got.status !== 200 || !got.body.equals(expected.body) || JSON.stringify(got.headers) !== JSON.stringify(expected.headers)) {
        throw new Error(`the "${reference}" route does not answer as the app does to ${JSON.stringify(headers)}`);
      }
    }
  }
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Whether the target (≥ 0.6 × bare, p99 < 25 ms) applies. */
  target: boolean;
  /** The bare route under the same Accept-Encoding, which the row is compared with; none for that route itself. */
  bare?: string;
}

interface Measured extends Target {
  requestsPerSecond: number;
  /** The server process's CPU time (user and system) per request, the median of the rounds'. */
  cpuMicroseconds: number;
  p99: number;
  errors: number;
}

/** The server process's CPU time so far, in µs: steadier than the rate on a machine that others load too. */
function cpuTime(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage) => resolve((usage as NodeJS.CpuUsage).user + (usage as NodeJS.CpuUsage).system));
    child.send('cpu');
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measureAll(child: ChildProcess, targets: Target[]): Promise<Measured[]> {
  for (const target of targets) await autocannon({ url: target.url, connections: CONNECTIONS, duration: WARMUP_S, headers: target.headers });
  const rounds = new Map<Target, AutocannonResult[]>(targets.map((target) => [target, []]));
  const cpu = new Map<Target, number[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    // Rotate the order so that no endpoint always runs right after another.
    for (const target of [...targets.slice(round % targets.length), ...targets.slice(0, round % targets.length)]) {
      const options = { url: target.url, connections: CONNECTIONS, duration: DURATION_S / ROUNDS, headers: target.headers, skipAggregateResult: true };
      const cpuBefore = await cpuTime(child);
      const result = await autocannon(options);
      rounds.get(target)!.push(result);
      cpu.get(target)!.push(((await cpuTime(child)) - cpuBefore) / result.totalCompletedRequests);
    }
  }
  return targets.map((target) => {
    const results = rounds.get(target)!;
    // aggregateResult merges the latency histograms; the rate is counted here from the rounds' own times.
    const result = autocannon.aggregateResult(results, { url: target.url, connections: CONNECTIONS });
    const seconds = results.reduce((sum, round) => sum + (new Date(round.finish).getTime() - new Date(round.start).getTime()) / 1000, 0);
    const completed = results.reduce((sum, round) => sum + round.totalCompletedRequests, 0);
    const errors = result.errors + result.timeouts + result.non2xx;
    const measured = { ...target, requestsPerSecond: Math.round(completed / seconds), cpuMicroseconds: median(cpu.get(target)!), p99: result.latency.p99, errors };
    process.stdout.write(`${target.name}: ${measured.requestsPerSecond} req/s, ${measured.cpuMicroseconds.toFixed(1)} µs CPU per request, p99 ${measured.p99} ms, errors ${errors}\n`);
    return measured;
  });
}

async function main() {
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webinar-courses-bench-'));
  const child = spawn(process.execPath, [...process.execArgv, ...serverRuntimeFlags(), fileURLToPath(import.meta.url), '--serve', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // A pipe, as journald's is: each log line costs the server a write, and the reader keeps up.
  child.stdout!.resume();
  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Ready));
      child.once('exit', (code) => reject(new Error(`the server process exited with code ${code}`)));
    });
    const api = `http://127.0.0.1:${ready.appPort}`;
    await checkSameAnswers(api, ready.references);
    const courses = (await (await fetch(`${api}${CATALOGUE}`)).json()) as CourseShort[];
    const course = courses.find((item) => item.state === 'can_be_subscribed' && item.lessons.length > 0) ?? courses[0]!;
    const token = await createTokenService(JWT_SECRET).sign(3, 'access');

    const details = `/api/v1/courses/${course.id}/`;
    const sentBytes = async (url: string) => (await rawGet(url, BROWSER_HEADERS)).body.length.toLocaleString('en-US');
    const [catalogueBytes, detailsBytes] = [await sentBytes(`${api}${CATALOGUE}`), await sentBytes(`${api}${details}`)];
    const [browser, plain] = ENCODING_HEADERS as [Record<string, string>, Record<string, string>];
    const reference = (name: Reference) => `http://127.0.0.1:${ready.references[name]}${CATALOGUE}`;
    const bare = REFERENCES.bare;
    const bareWithout = `${REFERENCES.bare} without Accept-Encoding`;
    const measured = await measureAll(child, [
      { name: bare, url: reference('bare'), headers: browser, target: false },
      { name: REFERENCES.unwritten, url: reference('unwritten'), headers: browser, target: false, bare },
      { name: REFERENCES.log, url: reference('log'), headers: browser, target: false, bare },
      { name: REFERENCES.hooks, url: reference('hooks'), headers: browser, target: false, bare },
      { name: `GET ${CATALOGUE}`, url: `${api}${CATALOGUE}`, headers: browser, target: true, bare },
      { name: `GET ${details}`, url: `${api}${details}`, headers: browser, target: true, bare },
      { name: bareWithout, url: reference('bare'), headers: plain, target: false },
      { name: `GET ${CATALOGUE} without Accept-Encoding`, url: `${api}${CATALOGUE}`, headers: plain, target: false, bare: bareWithout },
      { name: `GET ${details} logged in`, url: `${api}${details}`, headers: { ...browser, authorization: `Bearer ${token}` }, target: false, bare },
    ]);
    // The course's page as a browser opens it, its view counted (issue 37: counting must cost nothing measurable), and
    // the same page asked by a robot, whose view is not counted: the two rows differ by the counting alone. Measured after
    // the API's rows, in rounds of their own: a page's HTML costs a hundred times an API answer, and its garbage would
    // fall on the rows measured next.
    if (BUILT_SITE) {
      const page = `${api}/courses/${course.id}`;
      measured.push(
        ...(await measureAll(child, [
          { name: `GET /courses/${course.id} (the page's HTML, its view counted)`, url: page, headers: PAGE_HEADERS, target: false, bare },
          { name: `GET /courses/${course.id} (the page's HTML, a robot: not counted)`, url: page, headers: { ...PAGE_HEADERS, 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }, target: false, bare },
        ])),
      );
    }
    const byName = new Map(measured.map((m) => [m.name, m]));
    const [bareRow, unwrittenRow, logRow, hooksRow, catalogueRow, detailsRow] = measured as [Measured, Measured, Measured, Measured, Measured, Measured];
    const loggedInDetails = measured[8]!;
    const loggedInShare = loggedInDetails.requestsPerSecond / detailsRow.requestsPerSecond;

    const row = (m: Measured) => {
      const bare = byName.get(m.bare ?? m.name)!;
      const ratio = m.requestsPerSecond / bare.requestsPerSecond;
      const verdict = m.target ? (ratio >= 0.6 && m.p99 < 25 && m.errors === 0 ? 'met' : 'missed') : 'not a target';
      const cpuRatio = bare.cpuMicroseconds / m.cpuMicroseconds;
      return `| ${m.name} | ${m.requestsPerSecond.toLocaleString('en-US')} | ${ratio.toFixed(2)} | ${m.cpuMicroseconds.toFixed(0)} | ${cpuRatio.toFixed(2)} | ${m.p99} | ${m.errors} | ${verdict} |`;
    };
    const step = (from: Measured, to: Measured) => `${(to.cpuMicroseconds - from.cpuMicroseconds).toFixed(0)} µs`;
    const body = [
      `Command: \`npm run bench:api\` (scripts/benchApi.ts). autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after a ${WARMUP_S} s warm-up,`,
      `run as ${ROUNDS} rounds that alternate between the endpoints and aggregated per endpoint, against the real app (embedded`,
      'PGlite with the demo content, production JSON request log to stdout) and reference routes served by the same child',
      `process. Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, Node ${process.versions.node}`,
      `(load average ${loadBefore} before the run); autocannon runs on the same machine, so the client takes part of the CPU. Requests carry the headers the site`,
      'sends from a browser (`Accept-Language: ru`, `Accept-Encoding: gzip, deflate, br`) unless the row says otherwise.',
      '',
      `The reference routes answer with the catalogue’s own bytes: after the app is ready, GET ${CATALOGUE} is fetched from it`,
      'once per Accept-Encoding the rows send (brotli; none), and each reference route sends those bytes with the same',
      'Content-Type, Content-Encoding and Vary, negotiating the encoding with the app’s own function (the run stops unless',
      'their answers equal the app’s, byte for byte). They are steps towards the app: the bare route alone; with the app’s',
      'logger, its lines dropped; with the app’s logger (the same JSON line per request, written to stdout through the',
      'production destination, to a pipe as journald’s); and with the hooks every API request runs before its route',
      '(the optional token check, @fastify/compress’s hooks, the security headers) and the app’s router options.',
      '',
      '| endpoint | req/s | × bare | server CPU µs per request | bare’s CPU ÷ this | p99 ms | errors | target (≥ 0.6 × bare, p99 < 25 ms) |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...measured.map(row),
      '',
      '“× bare” compares a row’s rate with the bare route’s under the same Accept-Encoding. The server’s CPU time (user and',
      'system, read from the server process around each round; the median of the rounds) is steadier than the rate when others',
      'load the machine, though differences of a few µs between rows are still within the noise of one run;',
      `where it goes, as differences between the rows: the request log ${step(bareRow, logRow)} per request (${step(bareRow, unwrittenRow)} making the line, writing it to stdout ${step(unwrittenRow, logRow)}), the hooks ${step(logRow, hooksRow)}, the catalogue’s route`,
      `(the cache lookup and sendCached, a router with every other route) ${step(hooksRow, catalogueRow)}; the course details’ route`,
      `${step(hooksRow, detailsRow)}, more for its body: ${detailsBytes} bytes of brotli against the catalogue’s ${catalogueBytes}, and the write to the socket`,
      'is the largest single cost of every row (its id’s schema takes some 0.3 µs).',
      '',
      'What the earlier runs of this comparison showed (issue 24, item 10): with the same bytes to send, the rates of the',
      'bare route and the catalogue are close, as the client on the same cores sets the pace, so their ratio says little; per',
      'request, the app’s server spends some 1.2–1.5 times the bare route’s CPU. The request log and the hooks take most of it,',
      'a few µs each: Fastify’s child logger per request and the line (its write to the stdout pipe costs little: the rows',
      'with and without it are within the noise), and the five security headers, which Node checks and writes on every',
      'answer, with the hooks’ own runs. The route itself, the cache lookup and the sending of kept bytes, costs next to',
      'nothing beyond them. Two costs were removed: an answer without compression sent the JSON text, which Node',
      'encoded again for every request (now bytes kept per cache entry, 67 → 53 µs per request), and the log’s URL masking',
      'ran its split and regular expressions on every URL (now only on those with a query or a long segment, 1.4 → 0.2 µs).',
      '',
      `Logged-in course details: ${loggedInShare.toFixed(2)} × the guest figure in the same run (target ≥ 0.25: ${loggedInShare >= 0.25 ? 'met' : 'missed'}).`,
      '',
      ...pageRows(measured),
      'The catalogue is served from an in-memory cache of the public responses, kept as serialised JSON and compressed',
      'once per entry (server/src/services/content/publicCache.ts, server/src/http/replies.ts); a database trigger with NOTIFY',
      'invalidates it in every process on a write. A logged-in caller’s form (their participations and subscription merged',
      'into the public one) is kept and compressed the same way, per caller, while the public entry it was made from is',
      'current and until a hold of theirs lapses (server/src/services/content/personalCache.ts); the token is checked with a',
      'synchronous HMAC (server/src/services/accounts/tokens.ts). The logged-in row repeats one caller, so it measures the kept form;',
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
