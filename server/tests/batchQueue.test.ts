// The per-course queue of payment creations: batches in order of arrival, one at a time per key.
import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../src/services/payments/context.ts';

interface Item {
  user: number;
  value: string;
}

function recordingQueue(run: (items: Item[]) => Promise<PromiseSettledResult<string>[]> = async (items) => items.map((item) => ({ status: 'fulfilled', value: item.value.toUpperCase() }))) {
  const batches: string[][] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const queue = new BatchQueue<Item, string>(
    async (_key, items) => {
      batches.push(items.map((item) => item.value));
      if (hold) {
        // Only the next batch waits.
        hold = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return run(items);
    },
    { maxBatch: 3, distinctKey: (item) => item.user },
  );
  return {
    queue,
    batches,
    holdNext: () => (hold = true),
    release: () => release?.(),
  };
}

describe('BatchQueue', () => {
  it('puts whatever arrives during a batch into the next one, at most maxBatch at a time, in order', async () => {
    const { queue, batches, holdNext, release } = recordingQueue();
    holdNext();
    const first = queue.submit(1, { user: 1, value: 'a' });
    const later = ['b', 'c', 'd', 'e'].map((value, index) => queue.submit(1, { user: index + 2, value }));
    release();
    expect(await Promise.all([first, ...later])).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(batches).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
  });

  it('never puts two items with the same distinct key into one batch, and runs other keys alongside', async () => {
    const { queue, batches, holdNext, release } = recordingQueue();
    holdNext();
    const started = queue.submit(1, { user: 1, value: 'a' });
    const answers = [queue.submit(1, { user: 2, value: 'b' }), queue.submit(1, { user: 2, value: 'c' }), queue.submit(1, { user: 3, value: 'd' })];
    // Another course does not wait for the first.
    const other = queue.submit(2, { user: 2, value: 'x' });
    release();
    expect(await Promise.all([started, ...answers, other])).toEqual(['A', 'B', 'C', 'D', 'X']);
    expect(batches).toEqual([['a'], ['x'], ['b', 'd'], ['c']]);
  });

  it('gives each item its own outcome, and a failed batch fails only its own items', async () => {
    let calls = 0;
    const { queue, holdNext, release } = recordingQueue(async (items) => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return items.map((item) => (item.value === 'no' ? { status: 'rejected', reason: new Error('refused') } : { status: 'fulfilled', value: item.value }));
    });
    holdNext();
    const first = queue.submit(1, { user: 1, value: 'no' });
    const second = queue.submit(1, { user: 2, value: 'lost' });
    release();
    await expect(first).rejects.toThrow('refused');
    await expect(second).rejects.toThrow('connection lost');
    expect(await queue.submit(1, { user: 3, value: 'fine' })).toBe('fine');
  });
});
