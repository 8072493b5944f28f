// The database of a starting server: opened, migrated, the demo content loaded into an empty one when configured, and
// reopened fresh if that did any work. A new embedded database is created in a child process instead: initdb, the
// migrations and the demo seed (and its scrypt hashes) left some 170 MB of this process's memory resident for good, and
// the server lives on with what a restart would have (docs/BENCHMARKS.md, "Login flood").
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appliedMigrations, openDatabase, type Database } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import type { SeedSummary } from './seed.ts';

interface StartDatabaseConfig {
  databaseUrl: string | null;
  pgliteDir: string;
  dataDir: string;
  seedDemo: boolean;
}

/** initdb and the demo seed take seconds; a child still busy after this long is stuck. */
const CREATE_TIMEOUT_MS = 5 * 60_000;

export async function startDatabase(config: StartDatabaseConfig): Promise<{ database: Database; seeded: SeedSummary | null }> {
  let seeded: SeedSummary | null = null;
  const opened = await openDatabase(config, {
    beforeCreating: async () => {
      seeded = await createInChild(config.pgliteDir, config.seedDemo);
    },
  });
  try {
    // Migrations a newer version brought, or (on PostgreSQL) everything: a no-op after the child's work.
    const before = await appliedMigrations(opened);
    const here = await prepareDatabase(opened, {
      demoContent: config.seedDemo ? async () => (await import('./demo/content.ts')).demoContent : undefined,
    });
    // Reopened only when this process did the work: the closed PGlite keeps its memory until a full garbage
    // collection, which a quiet server may not see for hours, so a needless reopen costs some 50 MB.
    const worked = here !== null || (await appliedMigrations(opened)) !== before;
    return { database: worked ? await opened.fresh() : opened, seeded: seeded ?? here };
  } catch (error) {
    await opened.close().catch(() => {});
    throw error;
  }
}

/**
 * The child builds the database in a sibling directory that is renamed into place only once it has finished, so a
 * child that died half-way (killed, out of memory) leaves nothing the next start would take for a database. Runs under
 * DATA_DIR's lock: a leftover of an earlier try is nobody's and is removed.
 */
async function createInChild(pgliteDir: string, seedDemo: boolean): Promise<SeedSummary | null> {
  const parent = path.dirname(pgliteDir);
  const prefix = `${path.basename(pgliteDir)}.creating-`;
  for (const name of readdirSync(parent)) if (name.startsWith(prefix)) rmSync(path.join(parent, name), { recursive: true, force: true });
  const building = path.join(parent, `${prefix}${process.pid}`);
  try {
    const seeded = await runChild(building, seedDemo);
    renameSync(building, pgliteDir);
    return seeded;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

/** The parent's Node flags without a debugger's (its port is taken), with the TypeScript loader the child needs. */
function childExecArgv(): string[] {
  const flags = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
  const hasLoader = [...flags, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('tsx'));
  return hasLoader ? flags : [...flags, '--import', 'tsx'];
}

function runChild(pgliteDir: string, seedDemo: boolean): Promise<SeedSummary | null> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(fileURLToPath(new URL('./prepareChild.ts', import.meta.url)), [], {
      env: { ...process.env, PREPARE_PGLITE_DIR: pgliteDir, PREPARE_SEED_DEMO: seedDemo ? '1' : '0' },
      execArgv: childExecArgv(),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A server told to stop while the child works takes the child with it.
    const stopChild = () => child.kill('SIGKILL');
    const signals = ['SIGINT', 'SIGTERM'] as const;
    const onSignal = (signal: NodeJS.Signals) => {
      stopChild();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    for (const signal of signals) process.once(signal, onSignal);
    const timer = setTimeout(stopChild, CREATE_TIMEOUT_MS);
    let answer: { seeded?: SeedSummary | null; error?: string } = {};
    child.on('message', (message) => (answer = message as typeof answer));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      for (const name of signals) process.off(name, onSignal);
      if (code === 0 && answer.error === undefined) resolve(answer.seeded ?? null);
      else reject(new Error(answer.error ?? `creating the embedded database failed (${signal ? `killed by ${signal}` : `exit code ${code}`})`));
    });
  });
}
