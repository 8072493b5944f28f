// One read shared by every caller that asks for the same key while nothing has changed: in a rush, the buyers of
// one course are answered from one read of its places instead of one read each.

/**
 * A read is shared while the version (services/content/publicCache.ts: it moves on with every change of places, here or,
 * through the database's change notices, in another process) is the one it started under, and for at most
 * maxAgeMs: a hold lapses with time alone. A failed read is not shared with later callers.
 */
export class SharedReads<K, T> {
  private readonly reads = new Map<K, { version: number; startedAt: number; promise: Promise<T> }>();

  constructor(
    private readonly version: () => number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, read: () => Promise<T>): Promise<T> {
    const version = this.version();
    const shared = this.reads.get(key);
    if (shared && shared.version === version && this.now() - shared.startedAt < this.maxAgeMs) return shared.promise;
    const entry = { version, startedAt: this.now(), promise: read() };
    this.reads.set(key, entry);
    // Kept no longer than it may be used: the map holds only the keys read in the last maxAgeMs.
    entry.promise.then(
      () => setTimeout(() => this.forget(key, entry), this.maxAgeMs).unref(),
      () => this.forget(key, entry),
    );
    return entry.promise;
  }

  private forget(key: K, entry: { promise: Promise<T> }) {
    if (this.reads.get(key) === entry) this.reads.delete(key);
  }
}
