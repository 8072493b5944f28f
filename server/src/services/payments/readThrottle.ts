// Reading payments back from their providers, at most once per interval per payment: anyone may post a notification,
// and each read-back costs the shop a request of its provider quota. Requests that arrive while a read-back runs
// share it; those within the interval after it are answered at once (or, when they ask to wait, with its result) and
// answered for by one more read-back at the interval's end, so a real notification that follows a forged one is still
// acted on. Every read of one key must do the same thing: the one scheduled is the first asker's.

export class ReadThrottle<Result> {
  private readonly running = new Map<string, Promise<Result>>();
  /** When the last read-back of each key started (kept while it could still hold one back). */
  private readonly started = new Map<string, number>();
  /** The read-back at the end of the interval, per key, while it waits. */
  private readonly scheduled = new Map<string, Promise<Result>>();

  constructor(
    private readonly intervalMs: number,
    /** Takes the scheduled read-backs, so that they are awaited (settled(), close) and their failures logged. */
    private readonly background: (key: string, task: Promise<Result>) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The read's result, or 'deferred' when it will run at the end of the interval; with `wait`, the result of that
   * later read-back instead (the caller waits at most the interval).
   */
  run(key: string, read: () => Promise<Result>, options: { wait?: boolean } = {}): Promise<Result | 'deferred'> {
    const running = this.running.get(key);
    if (running) return running;
    const at = this.now();
    const last = this.started.get(key);
    if (last === undefined || at - last >= this.intervalMs) return this.start(key, read);
    let later = this.scheduled.get(key);
    if (!later) {
      const delay = last + this.intervalMs - at;
      later = new Promise<void>((resolve) => setTimeout(resolve, delay)).then(() => {
        this.scheduled.delete(key);
        return this.running.get(key) ?? this.start(key, read);
      });
      this.scheduled.set(key, later);
      this.background(key, later);
    }
    return options.wait ? later : Promise.resolve('deferred');
  }

  private start(key: string, read: () => Promise<Result>): Promise<Result> {
    const at = this.now();
    this.forgetOld(at);
    this.started.set(key, at);
    const reading = read()
      .catch((error: unknown) => {
        // A read-back that failed did not learn anything: the provider's retry may read again at once.
        if (this.started.get(key) === at) this.started.delete(key);
        throw error;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, reading);
    return reading;
  }

  private forgetOld(at: number) {
    if (this.started.size < 1000) return;
    for (const [key, last] of this.started) if (at - last >= this.intervalMs) this.started.delete(key);
  }
}
