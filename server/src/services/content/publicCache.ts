// In-memory cache of the public responses that are identical for every caller, kept with their JSON text.
//
// Invalidation: a trigger on every table behind these responses sends NOTIFY public_content_changed (migrations
// 0001 and 0022; it writes nothing, so writes to different courses do not queue on a shared row). Each process LISTENs and drops everything on a
// notice, so several processes on one PostgreSQL invalidate together. While the LISTEN connection is down
// nothing is cached. Code that writes and then answers from the cache in the same request should call
// invalidate() after its commit: the notice from another connection may arrive a moment later.
import type { Database } from '../../db/client.ts';

const PUBLIC_CONTENT_CHANNEL = 'public_content_changed';

export interface Cached<T> {
  value: T;
  /** JSON.stringify(value), computed once per entry. */
  json: string;
  /** The compressed forms of json, made on first demand (http/replies.ts). */
  br?: Buffer;
  gzip?: Buffer;
}

export interface Loaded<T> {
  value: T;
  /** Time (ms since the epoch) after which the value may be wrong even without a write; 0 = do not keep. */
  validUntil?: number | null;
}

interface Entry {
  generation: number;
  validUntil: number;
  cached: Cached<unknown>;
}

interface PublicCacheOptions {
  maxEntries?: number;
  now?: () => number;
}

export class PublicCache {
  private currentGeneration = 0;
  private listening = false;
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { generation: number; promise: Promise<Cached<unknown>> }>();
  private readonly maxEntries: number;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(options: PublicCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** The cached value for key, or the loader's result (stored when no invalidation happened meanwhile). */
  async get<T>(key: string, load: () => Promise<Loaded<T>>): Promise<Cached<T>> {
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.currentGeneration && entry.validUntil > this.now()) {
      this.stats.hits += 1;
      return entry.cached as Cached<T>;
    }
    this.stats.misses += 1;
    if (!this.listening) return toCached(await load());
    const inFlight = this.loading.get(key);
    if (inFlight && inFlight.generation === this.currentGeneration) return inFlight.promise as Promise<Cached<T>>;

    // The generation is read before loading: a change committed during the load makes the result stale.
    const generation = this.currentGeneration;
    const promise = load().then((loaded) => {
      const cached = toCached(loaded);
      if (generation === this.currentGeneration && this.listening) this.store(key, { generation, validUntil: loaded.validUntil ?? Infinity, cached });
      return cached;
    });
    this.loading.set(key, { generation, promise });
    try {
      return await promise;
    } finally {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    }
  }

  invalidate(): void {
    this.currentGeneration += 1;
    this.stats.invalidations += 1;
    this.entries.clear();
  }

  /** Whether change notices can arrive; entries are only kept while they can. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  /** Moves on with every invalidation: whatever was read under an older generation may be out of date. */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (entry.validUntil <= this.now()) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}

function toCached<T>(loaded: Loaded<T>): Cached<T> {
  return { value: loaded.value, json: JSON.stringify(loaded.value) };
}

/** Connects the cache to the database's change notices; returns a function that disconnects it. */
export async function connectPublicCache(cache: PublicCache, database: Database): Promise<() => Promise<void>> {
  const stop = await database.listen(PUBLIC_CONTENT_CHANNEL, {
    onNotify: () => cache.invalidate(),
    onListening: (listening) => cache.setListening(listening),
  });
  return async () => {
    cache.setListening(false);
    await stop();
  };
}
