// The real servers of the browser journeys: one per worker, so two journeys never share a server at the same time.
// Each worker's files run one after another on its server, as all of them did on one server before; the second
// server's outbox is the first one's folder, so `inject('dataDir')` finds every letter (each journey writes to
// addresses of its own).
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers.ts';
import { startTestServer } from './testServer.ts';

export default async function setup(project: TestProject) {
  const outbox = mkdtempSync(join(tmpdir(), 'site-outbox-'));
  // Started together: each seeds its demo content, mostly waiting on its database.
  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'site-data-'));
      symlinkSync(outbox, join(dataDir, 'outbox'));
      return startTestServer({}, dataDir);
    }),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(outbox, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide('baseUrls', servers.map((server) => server.baseUrl));
  // The data folder whose outbox every server writes to.
  project.provide('dataDir', servers[0]!.dataDir);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(outbox, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
    dataDir: string;
  }
}
