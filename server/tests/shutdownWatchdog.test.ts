// The stop's watchdog kills the process from a worker thread even when the main thread never returns (a synchronous
// write that retries for ever sleeps in Atomics.wait, where no timer of the main thread can run), and does nothing
// once disarmed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const watchdogModule = fileURLToPath(new URL('../src/shutdownWatchdog.ts', import.meta.url));

/** Runs `body` as an ES module under tsx after importing startShutdownWatchdog; resolves with how it ended and when. */
function run(body: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number; stderr: string }> {
  const source = `import { startShutdownWatchdog } from ${JSON.stringify(watchdogModule)};\n${body}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, ms: Date.now() - started, stderr });
    }),
  );
}

describe('the shutdown watchdog', () => {
  it('kills the process while its main thread is stuck in Atomics.wait', async () => {
    const result = await run(`
      startShutdownWatchdog(500);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    `);
    expect(result.signal, result.stderr).toBe('SIGKILL');
    // The process's own start under tsx takes a while; the 15 s fallback would mean the watchdog never fired.
    expect(result.ms, result.stderr).toBeLessThan(10_000);
    // It says why, straight to the descriptor (the stuck main thread carries process.stderr).
    expect(result.stderr).toContain('The stop did not end in time: the process is killed (SIGKILL).\n');
  }, 20_000);

  it('does nothing once disarmed, and does not keep the process alive', async () => {
    const result = await run(`
      const disarm = startShutdownWatchdog(300);
      disarm();
      setTimeout(() => {}, 800);
    `);
    expect(result).toMatchObject({ code: 0, signal: null });
  }, 20_000);

  it('does not keep a process alive that ends on its own', async () => {
    const result = await run(`startShutdownWatchdog(10_000);`);
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.ms).toBeLessThan(8_000);
  }, 20_000);
});
