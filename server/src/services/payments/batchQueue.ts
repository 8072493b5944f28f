// Payment creations for one course in this process, in batches (holds.ts): in a rush they queue here rather than in
// PostgreSQL on the course's row lock, where each waiter would hold a pooled connection that other requests need, and
// whoever queued during a transaction shares the next one. Only an optimisation: the row lock is what decides, across
// processes.

/**
 * Runs work per key in batches, one batch at a time per key: what is submitted while a batch runs goes together
 * into the next one, in order of arrival. Items with the same distinctKey never share a batch (the later waits). A
 * batch that fails as a whole is run again item by item: one buyer's failure is never another's.
 */
export class BatchQueue<Item, Result> {
  private readonly queues = new Map<number, { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[]>();

  constructor(
    private readonly run: (key: number, items: Item[]) => Promise<PromiseSettledResult<Result>[]>,
    private readonly options: { maxBatch: number; distinctKey: (item: Item) => unknown },
  ) {}

  submit(key: number, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const waiting = this.queues.get(key);
      if (waiting) return void waiting.push({ item, resolve, reject });
      this.queues.set(key, [{ item, resolve, reject }]);
      // Not at once: whoever is answered by the same read as this item submits in this same turn of the event loop.
      setImmediate(() => void this.drain(key));
    });
  }

  /** Runs batches for the key until nobody waits; the key's entry exists exactly while this runs. */
  private async drain(key: number) {
    const waiting = this.queues.get(key)!;
    while (waiting.length > 0) {
      const batch: typeof waiting = [];
      const keys = new Set<unknown>();
      for (let index = 0; index < waiting.length && batch.length < this.options.maxBatch; ) {
        const distinct = this.options.distinctKey(waiting[index]!.item);
        if (keys.has(distinct)) {
          index += 1;
          continue;
        }
        keys.add(distinct);
        batch.push(...waiting.splice(index, 1));
      }
      await this.runBatch(key, batch);
    }
    this.queues.delete(key);
  }

  private async runBatch(key: number, batch: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[]) {
    try {
      const outcomes = await this.run(
        key,
        batch.map((entry) => entry.item),
      );
      batch.forEach((entry, index) => {
        const outcome = outcomes[index]!;
        if (outcome.status === 'fulfilled') entry.resolve(outcome.value);
        else entry.reject(outcome.reason);
      });
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One item's failure failed the whole batch (its transaction rolled back): each is run again on its own, so
      // that only the item that fails alone fails.
      for (const entry of batch) await this.runBatch(key, [entry]);
    }
  }
}
