// The two programs meet only in common/: no file of the server (its tests included) imports the site's src/, and no
// file of the site imports server/. Relative imports are resolved, so server/tests' `../src/...` (the server's own
// server/src) is told apart from the site's src/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every relative import or re-export of the files under `dir` that resolves into `forbidden`, as `file → target`. */
function importsInto(dir: string, forbidden: string): string[] {
  const into = path.join(root, forbidden) + path.sep;
  return sourceFiles(dir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)]
      .map((match) => path.resolve(path.dirname(file), match[1]!))
      .filter((target) => target.startsWith(into))
      .map((target) => `${path.relative(root, file)} → ${path.relative(root, target)}`),
  );
}

describe('the layout of the two programs', () => {
  it('the server imports nothing from the site', () => {
    expect(sourceFiles('server').length).toBeGreaterThan(100);
    expect(importsInto('server', 'src')).toEqual([]);
  });

  it('the site imports nothing from the server', () => {
    expect(importsInto('src', 'server')).toEqual([]);
  });

  it('finds such an import when there is one (the check itself works)', () => {
    expect(importsInto('server/tests', 'server/src').length).toBeGreaterThan(40);
  });
});
