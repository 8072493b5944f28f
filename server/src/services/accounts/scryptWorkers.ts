// scrypt in worker threads at a lower CPU priority. A password check keeps a core busy for about 0.2 s; on libuv's
// thread pool it would run at the same priority as the event loop and share the pool with file reads and DNS. Here
// each worker lowers its own thread's priority (nice 10; Linux sets it per thread), so that under a login flood the
// kernel serves requests first and lets the checks have what is left.
import type { ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const thread = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(thread, 10);
} catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** One worker per core but one, at most two: the password gate (passwords.ts) decides how many checks run. */
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));

interface Job {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

const idle: Worker[] = [];
const queue: Job[] = [];
let workers = 0;

function start(worker: Worker, job: Job) {
  // Referenced only while it works: an idle pool never keeps the process alive, a running check does.
  worker.ref();
  const finish = (outcome: { key?: Uint8Array; error?: string }) => {
    worker.off('error', failed);
    worker.unref();
    if (outcome.key) job.resolve(Buffer.from(outcome.key.buffer, outcome.key.byteOffset, outcome.key.byteLength));
    else job.reject(new Error(outcome.error ?? 'scrypt failed'));
    const next = queue.shift();
    if (next) start(worker, next);
    else idle.push(worker);
  };
  const failed = (error: Error) => {
    // A worker that crashed is replaced by a new one on the next job.
    worker.off('message', finish);
    workers -= 1;
    job.reject(error);
    const next = queue.shift();
    if (next) dispatch(next);
  };
  worker.once('message', finish);
  worker.once('error', failed);
  worker.postMessage({ password: job.password, salt: job.salt, keyLength: job.keyLength, options: job.options });
}

function dispatch(job: Job) {
  const worker = idle.pop();
  if (worker) return start(worker, job);
  if (workers < POOL_SIZE) {
    workers += 1;
    return start(new Worker(WORKER_SOURCE, { eval: true }), job);
  }
  queue.push(job);
}

/** scrypt(password, salt, keyLength, options) on a worker thread of lower priority. */
export function scryptInWorker(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => dispatch({ password, salt, keyLength, options, resolve, reject }));
}
