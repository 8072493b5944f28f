// The account routes parse, call one service and answer: they reach no repository and no other route
// (docs/ARCHITECTURE.md, «How the server is built»).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
const ACCOUNT_ROUTES = ['users.ts', 'token.ts', 'disciples.ts', 'newsUnsubscribe.ts'].map((file) => `routes/${file}`);

/** The relative imports of a file under src/ that resolve into repositories/ or to another file of its own folder. */
function layerBreaches(file: string): string[] {
  const absolute = path.join(src, file);
  const source = readFileSync(absolute, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*'(\.{1,2}\/[^']+)'/gm)]
    .map((match) => path.resolve(path.dirname(absolute), match[1]!))
    .filter((target) => target.startsWith(path.join(src, 'repositories') + path.sep) || path.dirname(target) === path.dirname(absolute))
    .map((target) => `${file} → ${path.relative(src, target)}`);
}

describe('the account routes', () => {
  it('import no repository and no other route', () => {
    expect(ACCOUNT_ROUTES.flatMap(layerBreaches)).toEqual([]);
  });

  it('the check itself finds such imports', () => {
    expect(layerBreaches('services/accounts/signup.ts')).toEqual(
      expect.arrayContaining(['services/accounts/signup.ts → repositories/accounts/usersRepository.ts', 'services/accounts/signup.ts → services/accounts/limits.ts']),
    );
  });
});
