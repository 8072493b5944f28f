// Work started without waiting for it (reading payments back from their providers, the expiry sweep): kept track of,
// so that closing the app waits for it and tests can wait until it is done.
export class BackgroundTasks {
  private readonly running = new Set<Promise<unknown>>();

  /** Starts tracking the task; its failure is its own to log (a failed task is only forgotten). */
  run(task: Promise<unknown>): void {
    const tracked = task.catch(() => {}).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves when the work started so far, and whatever it started meanwhile, has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

/**
 * Runs `sweep` now and every `intervalMs` (unref'd), one run at a time; a failed run is logged and the next one comes.
 * Returns a stop, which resolves once a run under way has finished (`stopped` tells the run to finish early).
 */
export function startPeriodicSweep(
  sweep: (stopped: () => boolean) => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweep(() => stopped)
      .then(() => {}, onError)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
