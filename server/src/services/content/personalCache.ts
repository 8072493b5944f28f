// Responses made for one caller from a shared public one (a course with the caller's participations merged in), kept
// with their JSON text like the public ones. An entry holds while the public entry it was made from is still the
// current one: every write that can change it (participants, news subscriptions, the course) drops the public cache,
// here or, through the database's change notices, in another process, and with it the ground of these entries.
import type { Cached, Loaded } from './publicCache.ts';

interface Entry {
  base: object;
  validUntil: number;
  cached: Cached<unknown>;
}

export class PersonalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entry for key made from `base` (the current public entry), or the loader's result, then kept. */
  async get<T>(key: string, base: object, load: () => Promise<Loaded<T>>): Promise<Cached<T>> {
    const entry = this.entries.get(key);
    if (entry && entry.base === base && entry.validUntil > this.now()) return entry.cached as Cached<T>;
    const loaded = await load();
    const cached: Cached<T> = { value: loaded.value, json: JSON.stringify(loaded.value) };
    const validUntil = loaded.validUntil === 0 ? 0 : (loaded.validUntil ?? Infinity);
    this.entries.delete(key);
    if (validUntil > this.now()) {
      // Maps iterate in insertion order: the oldest entry goes first.
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { base, validUntil, cached });
    }
    return cached;
  }
}
