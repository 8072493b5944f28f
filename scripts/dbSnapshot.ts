// `npm run db:snapshot`: writes the drizzle snapshot of server/src/db/schema.ts for the last migration of the journal
// (server/README.md, «Migrations»). The migration's SQL and journal entry are written by hand first; drizzle-kit
// generate runs on a copy of the migrations folder (its own numbering counts journal entries, one behind the file
// numbers since 0006 was never made), its snapshot is kept under the last migration's number and the SQL it would have
// written is printed, to compare with the hand-written one. `--replace` rewrites a snapshot that exists already.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrations = path.join(root, 'server', 'src', 'db', 'migrations');

const journal = JSON.parse(await readFile(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const last = journal.entries.at(-1)!.tag;
const number = last.split('_')[0]!;
const target = path.join(migrations, 'meta', `${number}_snapshot.json`);
if (!existsSync(path.join(migrations, `${last}.sql`))) {
  console.error(`The journal's last migration ${last} has no file ${last}.sql.`);
  process.exit(1);
}
if (existsSync(target) && !process.argv.includes('--replace')) {
  console.error(`${path.relative(root, target)} exists: add the new migration (SQL file and journal entry) first, or pass --replace.`);
  process.exit(1);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'webinar-courses-snapshot-'));
try {
  const copy = path.join(dir, 'migrations');
  await cp(migrations, copy, { recursive: true });
  // A snapshot being replaced must not be what the new one is compared with.
  if (existsSync(target)) await rm(path.join(copy, 'meta', `${number}_snapshot.json`));
  const before = new Set(await readdir(path.join(copy, 'meta')));
  const config = path.join(dir, 'drizzle.config.mjs');
  const settings = { dialect: 'postgresql', schema: './server/src/db/schema.ts', out: path.relative(root, copy), strict: true };
  await writeFile(config, `export default ${JSON.stringify(settings)};\n`);
  // Its questions (a renamed table or column?) need the terminal; its errors go to stderr with exit code 0.
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'), 'generate', '--config', config], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  process.stderr.write(result.stderr);
  if (result.status !== 0 || /\bError\b/.test(result.stderr)) {
    console.error('drizzle-kit generate failed: nothing written.');
    process.exit(1);
  }

  const written = (await readdir(path.join(copy, 'meta'))).filter((name) => name.endsWith('_snapshot.json') && !before.has(name));
  const snapshot = written[0];
  if (!snapshot) {
    console.log('schema.ts and the last snapshot agree: nothing written.');
  } else {
    const sql = (await readdir(copy)).filter((name) => name.endsWith('.sql') && !existsSync(path.join(migrations, name)));
    await writeFile(target, await readFile(path.join(copy, 'meta', snapshot), 'utf8'));
    console.log(`\nWrote ${path.relative(root, target)}. drizzle-kit's SQL for the change, to compare with ${last}.sql:\n`);
    for (const name of sql) console.log((await readFile(path.join(copy, name), 'utf8')).replaceAll('--> statement-breakpoint', ''));
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
