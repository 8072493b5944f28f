// One read shared by callers asking alike, until the version moves on or the read grows old.
import { describe, expect, it } from 'vitest';
import { SharedReads } from '../src/services/content/sharedReads.ts';

function counter() {
  let reads = 0;
  return {
    read: () => Promise.resolve(++reads),
    get reads() {
      return reads;
    },
  };
}

describe('SharedReads', () => {
  it('answers callers asking for the same key at once from one read, and other keys from their own', async () => {
    const source = counter();
    const shared = new SharedReads<string, number>(() => 0, 500);
    const answers = await Promise.all([shared.get('a', source.read), shared.get('a', source.read), shared.get('b', source.read)]);
    expect(answers).toEqual([1, 1, 2]);
    expect(source.reads).toBe(2);
  });

  it('reads again once the version has moved on or the read is older than its age limit', async () => {
    const source = counter();
    let version = 0;
    let now = 1_000;
    const shared = new SharedReads<string, number>(
      () => version,
      500,
      () => now,
    );
    expect(await shared.get('a', source.read)).toBe(1);
    now += 499;
    expect(await shared.get('a', source.read)).toBe(1);
    version += 1;
    expect(await shared.get('a', source.read)).toBe(2);
    now += 500;
    expect(await shared.get('a', source.read)).toBe(3);
  });

  it('does not hand a failed read to later callers', async () => {
    const shared = new SharedReads<string, number>(() => 0, 500);
    await expect(shared.get('a', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await shared.get('a', () => Promise.resolve(7))).toBe(7);
  });
});
