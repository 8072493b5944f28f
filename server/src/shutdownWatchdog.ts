// The last resort of a stop: a worker thread that kills the process if the stop has not ended it in time. A timer on
// the main thread cannot do that when the main thread itself is stuck (a synchronous write that never returns, a
// loop): the worker has a thread and an event loop of its own, and SIGKILL needs neither.
import { Worker } from 'node:worker_threads';

// CommonJS, evaluated as it is: no TypeScript loader is started in the worker (execArgv: [] below).
const WATCHDOG_SOURCE = `
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  // Straight to the descriptor: the main thread, which carries process.stderr, may be the one that is stuck.
  try { require('node:fs').writeSync(2, 'The stop did not end in time: the process is killed (SIGKILL).\\n'); } catch {}
  process.kill(workerData.pid, 'SIGKILL');
}, Math.max(0, workerData.deadline - Date.now()));
`;

/**
 * Kills this process with SIGKILL `ms` from now unless the returned function is called first. The worker does not
 * keep the process alive: a process that ends on its own takes it along.
 */
export function startShutdownWatchdog(ms: number): () => void {
  let worker: Worker;
  try {
    worker = new Worker(WATCHDOG_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { pid: process.pid, deadline: Date.now() + ms },
      // A few MB of heap is all a timer needs.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
    });
  } catch {
    // No thread to be had (out of memory): the main thread's own forced exit is all that is left.
    return () => {};
  }
  worker.unref();
  worker.on('error', () => {});
  return () => void worker.terminate();
}
