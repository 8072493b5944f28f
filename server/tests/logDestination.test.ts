// The server's log destination: a failed write to stdout (EPIPE when its reader went away, or any other error) ends
// the log without an uncaught error, and nothing is written to the broken stream after it.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logDestination } from '../src/logDestination.ts';

/** A stream whose writes fail with `code` from the `failFrom`-th write on. */
function failingStream(code: string, failFrom: number) {
  const written: string[] = [];
  let writes = 0;
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      writes += 1;
      if (writes >= failFrom) callback(Object.assign(new Error(`${code}: write failed`), { code }));
      else {
        written.push(String(chunk));
        callback();
      }
    },
  });
  return { stream, written, writes: () => writes };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the log destination', () => {
  it('writes the lines to the stream while it takes them', async () => {
    const { stream, written } = failingStream('EPIPE', Infinity);
    const destination = logDestination(stream);
    destination.write('{"msg":"one"}\n');
    destination.write('{"msg":"two"}\n');
    await tick();
    expect(written).toEqual(['{"msg":"one"}\n', '{"msg":"two"}\n']);
  });

  for (const code of ['EPIPE', 'EIO']) {
    it(`stops writing after a write fails with ${code}, and reports it once`, async () => {
      const { stream, written, writes } = failingStream(code, 2);
      const broken: string[] = [];
      const destination = logDestination(stream, (error) => broken.push((error as NodeJS.ErrnoException).code ?? ''));
      destination.write('{"msg":"one"}\n');
      destination.write('{"msg":"two"}\n');
      await tick();
      for (let line = 0; line < 5; line += 1) destination.write('{"msg":"more"}\n');
      await tick();
      expect(written).toEqual(['{"msg":"one"}\n']);
      expect(writes()).toBe(2);
      expect(broken).toEqual([code]);
    });
  }
});
