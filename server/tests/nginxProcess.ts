// A real nginx for a test, where Debian's nginx is installed (CI installs it): started in the foreground with its own
// folder (`nginx -p <dir>`) and nginx.conf, waited for until it answers, and stopped with the test.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { installedNginx, nginxArgs } from '../../scripts/deployedNginx.ts';
import { eventually } from './eventually.ts';

export const NGINX = installedNginx();

/** Starts nginx on `config` (written to `dir`/nginx.conf) and waits until `readyUrl` answers anything. */
export async function startNginx(dir: string, config: string, readyUrl: string): Promise<{ stop(): Promise<void> }> {
  if (NGINX === null) throw new Error('nginx is not installed');
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const nginx = spawn(NGINX, nginxArgs(dir), { stdio: 'ignore' });
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      nginx.kill('SIGTERM');
      await exited;
    }
  };
  if (!(await eventually(async () => (await fetch(readyUrl).catch(() => null)) !== null, 20_000))) {
    await stop();
    throw new Error(`nginx did not answer ${readyUrl}; see ${path.join(dir, 'error.log')}`);
  }
  return { stop };
}
