// The server runs the same way everywhere: the systemd unit starts it with the Node options of `npm run serve`, and
// the benchmarks and the cluster test read them from there (scripts/serverCommand.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeArgs, serverRuntimeFlags } from '../../scripts/serverCommand.ts';

const unit = readFileSync(new URL('../../deploy/webinar-courses@.service', import.meta.url), 'utf8');

describe('how the server is started', () => {
  it('the systemd unit runs node with the arguments of npm run serve', () => {
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1];
    expect(execStart).toBe(['/usr/bin/node', ...serverNodeArgs()].join(' '));
  });

  it('keeps the young generation small, and the benchmarks pass that on without the loader', () => {
    expect(serverNodeArgs()).toEqual(expect.arrayContaining(['--max-semi-space-size=4', '--import', 'tsx', 'server/src/main.ts']));
    expect(serverRuntimeFlags()).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=100']);
  });
});
