// The per-course queue of payment creations: batches in order of arrival, one at a time per key.
import { describe, expect, it } from 'vitest';
import { BatchQueue } from '../src/services/payments/batchQueue.ts';

interface Item {
  user: number;
  value: string;
}

type Run = (items: Item[]) => Promise<PromiseSettledResult<string>[]>;

const upperCase: Run = async (items) => items.map((item) => ({ status: 'fulfilled', value: item.value.toUpperCase() }));

/** A queue that records its batches; holdNextBatch() makes the next batch wait, and tells when it has started. */
function recordingQueue(run: Run = upperCase) {
  const batches: string[][] = [];
  let holding: { started: () => void; release: Promise<void> } | null = null;
  let release = () => {};
  const queue = new BatchQueue<Item, string>(
    async (_key, items) => {
      batches.push(items.map((item) => item.value));
      const held = holding;
      holding = null;
      if (held) {
        held.started();
        await held.release;
      }
      return run(items);
    },
    { maxBatch: 3, distinctKey: (item) => item.user },
  );
  return {
    queue,
    batches,
    holdNextBatch: () =>
      new Promise<void>((started) => {
        holding = { started, release: new Promise<void>((resolve) => (release = resolve)) };
      }),
    release: () => release(),
  };
}

describe('BatchQueue', () => {
  it('gathers what is submitted in one turn, and puts whatever arrives during a batch into the next, in order', async () => {
    const { queue, batches, holdNextBatch, release } = recordingQueue();
    const started = holdNextBatch();
    const first = [queue.submit(1, { user: 1, value: 'a' }), queue.submit(1, { user: 2, value: 'b' })];
    await started;
    const later = ['c', 'd', 'e', 'f'].map((value, index) => queue.submit(1, { user: index + 3, value }));
    release();
    expect(await Promise.all([...first, ...later])).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    // At most maxBatch (3) at a time.
    expect(batches).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
      ['f'],
    ]);
  });

  it('never puts two items with the same distinct key into one batch, and runs other keys alongside', async () => {
    const { queue, batches, holdNextBatch, release } = recordingQueue();
    const started = holdNextBatch();
    const first = queue.submit(1, { user: 1, value: 'a' });
    await started;
    const answers = [queue.submit(1, { user: 2, value: 'b' }), queue.submit(1, { user: 2, value: 'c' }), queue.submit(1, { user: 3, value: 'd' })];
    // Another course does not wait for the first.
    expect(await queue.submit(2, { user: 2, value: 'x' })).toBe('X');
    release();
    expect(await Promise.all([first, ...answers])).toEqual(['A', 'B', 'C', 'D']);
    expect(batches).toEqual([['a'], ['x'], ['b', 'd'], ['c']]);
  });

  it('gives each item its own outcome, and a failed batch fails only its own items', async () => {
    let calls = 0;
    const { queue, holdNextBatch, release } = recordingQueue(async (items) => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return items.map((item) => (item.value === 'no' ? { status: 'rejected', reason: new Error('refused') } : { status: 'fulfilled', value: item.value }));
    });
    const started = holdNextBatch();
    const first = queue.submit(1, { user: 1, value: 'no' });
    const firstOk = queue.submit(1, { user: 2, value: 'yes' });
    await started;
    const second = queue.submit(1, { user: 3, value: 'lost' });
    release();
    await expect(first).rejects.toThrow('refused');
    expect(await firstOk).toBe('yes');
    await expect(second).rejects.toThrow('connection lost');
    expect(await queue.submit(1, { user: 4, value: 'fine' })).toBe('fine');
  });

  it('runs a batch that failed as a whole again item by item, so only the item that fails alone fails', async () => {
    const { queue, batches } = recordingQueue(async (items) => {
      if (items.some((item) => item.value === 'overflow')) throw new Error('numeric field overflow');
      return items.map((item) => ({ status: 'fulfilled', value: item.value.toUpperCase() }));
    });
    const answers = [queue.submit(1, { user: 1, value: 'a' }), queue.submit(1, { user: 2, value: 'overflow' }), queue.submit(1, { user: 3, value: 'b' })];
    expect(await answers[0]).toBe('A');
    await expect(answers[1]).rejects.toThrow('numeric field overflow');
    expect(await answers[2]).toBe('B');
    expect(batches).toEqual([['a', 'overflow', 'b'], ['a'], ['overflow'], ['b']]);
  });
});
