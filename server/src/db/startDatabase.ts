// The database of a starting server: opened, migrated, the demo content loaded into an empty one when configured, then
// reopened fresh. A new embedded database is created in a child process instead: initdb, the migrations and the demo
// seed (scrypt hashes of 128 MB each) leave some 170 MB of this process's memory resident for good, and the server
// lives on with what a restart would have (docs/BENCHMARKS.md, "Login flood").
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import type { SeedSummary } from './seed.ts';

export interface StartDatabaseConfig {
  databaseUrl: string | null;
  pgliteDir: string;
  dataDir: string;
  seedDemo: boolean;
}

export async function startDatabase(config: StartDatabaseConfig): Promise<{ database: Database; seeded: SeedSummary | null }> {
  let seeded: SeedSummary | null = null;
  const opened = await openDatabase(config, {
    beforeCreating: async () => {
      seeded = await prepareInChild(config.pgliteDir, config.seedDemo);
    },
  });
  try {
    // Migrations a newer version brought, or (on PostgreSQL) everything: a no-op after the child's work.
    const here = await prepareDatabase(opened, {
      demoContent: config.seedDemo ? async () => (await import('./demo/content.ts')).demoContent : undefined,
    });
    return { database: await opened.fresh(), seeded: seeded ?? here };
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

function prepareInChild(pgliteDir: string, seedDemo: boolean): Promise<SeedSummary | null> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./prepareChild.ts', import.meta.url)), [], {
      env: { ...process.env, PREPARE_PGLITE_DIR: pgliteDir, PREPARE_SEED_DEMO: seedDemo ? '1' : '0' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: { seeded?: SeedSummary | null; error?: string } = {};
    child.on('message', (message) => (answer = message as typeof answer));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && answer.error === undefined) resolve(answer.seeded ?? null);
      else reject(new Error(answer.error ?? `creating the embedded database failed (exit code ${code})`));
    });
  });
}
