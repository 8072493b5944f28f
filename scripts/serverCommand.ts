// How the server is started in production, read from `npm run serve` (package.json), so that the benchmarks and the
// cluster test run it with the same Node options as deploy/webinar-courses@.service (server/tests/serverCommand.test.ts
// holds the two alike).
import { readFileSync } from 'node:fs';

const packageFile = new URL('../package.json', import.meta.url);

/** The arguments `npm run serve` passes to node: its options, then the server's entry file. */
export function serverNodeArgs(): string[] {
  const serve = (JSON.parse(readFileSync(packageFile, 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const [command, ...args] = serve.trim().split(/\s+/);
  if (command !== 'node' || !args.at(-1)?.endsWith('main.ts')) throw new Error(`npm run serve is not "node … server/src/main.ts": ${serve}`);
  return args;
}

/**
 * Node's options of the server other than its TypeScript loader, for a process that already runs under tsx and
 * starts a server of its own (the benchmarks' child processes).
 */
export function serverRuntimeFlags(): string[] {
  const args = serverNodeArgs().slice(0, -1);
  return args.filter((arg, index) => !(arg === '--import' && args[index + 1] === 'tsx') && !(arg === 'tsx' && args[index - 1] === '--import'));
}
