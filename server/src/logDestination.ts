// Where the server process writes its JSON log lines: standard output, through Node's own stream for it.
//
// Not pino's default destination (sonic-boom 4): that one writes from the thread pool and, when the process exits,
// flushes what is left with synchronous writes that sleep (Atomics.wait) and retry after any error, EPIPE included.
// With the reader of stdout gone (journald restarted, a log shipper's pipe closed), a stop ended in that loop for ever:
// the main thread never returned, so neither the forced exit nor a second signal could run. Node's stream writes a
// line at once when the pipe has room, otherwise keeps it in memory and writes it when the pipe drains; it never
// blocks, not at exit either (what is still queued then is lost). A failed write (EPIPE or any other error) ends the
// log for the rest of the process's life: later lines are dropped instead of piling up or being retried.
import type { Writable } from 'node:stream';

interface LogDestination {
  write(line: string): void;
}

/** Log lines to `out` until a write to it fails; `onBroken` hears of that failure, once. */
export function logDestination(out: Writable, onBroken: (error: unknown) => void = () => {}): LogDestination {
  let broken = false;
  // Stays for good: a write still queued when the stream broke fails too, and an 'error' without a listener would
  // end the process as an uncaught exception.
  out.on('error', (error) => {
    if (broken) return;
    broken = true;
    onBroken(error);
  });
  return {
    write(line) {
      if (!broken && !out.destroyed) out.write(line);
    },
  };
}
