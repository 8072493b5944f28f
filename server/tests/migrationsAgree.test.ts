// The drizzle snapshots agree with server/src/db/schema.ts: `drizzle-kit generate`, run on a copy of the migrations
// folder, finds no schema changes and writes nothing. A table or a column declared without its migration and snapshot
// (server/README.md, «Migrations») fails here. The real folder is never written to.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const drizzleKit = path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs');

/** Every file under `dir` with its content, by path relative to `dir`. */
async function contents(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const entries = await Promise.all(
    files.map(async (entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, full), await readFile(full, 'utf8')] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

describe('migrations and drizzle snapshots', () => {
  let dir: string;
  let copy: string;
  let config: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'webinar-courses-migrations-'));
    copy = path.join(dir, 'migrations');
    await cp(migrationsFolder, copy, { recursive: true });
    config = path.join(dir, 'drizzle.config.mjs');
    // drizzle-kit reads `out` relative to the working directory (the repository, like `npm run db:generate`).
    const settings = { dialect: 'postgresql', schema: './server/src/db/schema.ts', out: path.relative(root, copy), strict: true };
    await writeFile(config, `export default ${JSON.stringify(settings)};\n`);
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function drizzle(command: 'check' | 'generate') {
    return run(process.execPath, [drizzleKit, command, '--config', config], { cwd: root, timeout: 60_000, env: { ...process.env, FORCE_COLOR: '0' } });
  }

  it('the snapshots are whole and chained (drizzle-kit check)', async () => {
    const { stdout } = await drizzle('check');
    expect(stdout).toContain('Everything\'s fine');
  }, 70_000);

  it('the last snapshot is the schema: drizzle-kit generate finds no changes and writes nothing', async () => {
    const before = await contents(copy);
    const { stdout } = await drizzle('generate');
    const advice = 'schema.ts differs from the last snapshot: write its migration and snapshot (server/README.md, «Migrations»)';
    expect(stdout, advice).toContain('No schema changes, nothing to migrate');
    expect(await contents(copy), advice).toEqual(before);
  }, 70_000);
});
