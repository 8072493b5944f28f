// The two programs meet only in common/: no file of the server (its tests included) imports the site's src/, and no
// file of the site imports server/. Relative imports are resolved, so server/tests' `../src/...` (the server's own
// server/src) is told apart from the site's src/.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.resolve(root, dir), { recursive: true, withFileTypes: true })
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

  it('the SQL of the server is in its repositories: no route or service imports Drizzle or the tables (types aside)', () => {
    const sqlImport = /^\s*import\s+(?!type\b)[^;]*?from\s*'(drizzle-orm[^']*|[^']*\/db\/schema\.ts)'/gm;
    const offenders = ['server/src/routes', 'server/src/services', 'server/src/http'].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(sqlImport)].map((match) => `${path.relative(root, file)} → ${match[1]}`)),
    );
    expect(offenders).toEqual([]);
    // The check itself works: the repositories do import them.
    expect(sourceFiles('server/src/repositories').filter((file) => [...readFileSync(file, 'utf8').matchAll(sqlImport)].length > 0).length).toBeGreaterThan(30);
  });
});

const importStatement = /^\s*(?:import|export)\b[^;]*?\bfrom\s*'(\.{1,2}\/[^']+)'|^\s*import\s*'(\.{1,2}\/[^']+)'/gm;

/** The file a relative specifier names: as written, or with .ts/.tsx or an index file; undefined for CSS, SVG etc. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * The import circles among the files under `dirs`, as paths `a → b → … → a`: through each file that is on one, the
 * shortest.
 * Static `import` and `export … from` count, `import type` too (a type-only circle still ties the modules together);
 * dynamic `import()` does not (a lazy chunk is loaded after both modules have run).
 */
function importCircles(dirs: string[]): string[][] {
  const files = dirs.flatMap(sourceFiles);
  const importsOf = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(importStatement)].flatMap((match) => resolveImport(file, (match[1] ?? match[2])!) ?? []);
  const edges = new Map(files.map((file) => [file, [...new Set(importsOf(file))]]));
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group = stack.splice(stack.indexOf(file));
      if (group.length > 1 || edges.get(file)!.includes(file)) groups.push(group);
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  // Through each file of a group, the shortest way back to it, written from the circle's first file by name.
  const shortestCircle = (start: string, group: string[]) => {
    const cameFrom = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length && !cameFrom.has(start); i++) {
      for (const next of edges.get(queue[i]!)!) {
        if (!group.includes(next) || cameFrom.has(next)) continue;
        cameFrom.set(next, queue[i]!);
        queue.push(next);
      }
    }
    const circle = [start];
    for (let at = cameFrom.get(start)!; at !== start; at = cameFrom.get(at)!) circle.unshift(at);
    const first = circle.indexOf([...circle].sort()[0]!);
    const names = [...circle.slice(first), ...circle.slice(0, first)].map((file) => path.relative(root, file));
    return [...names, names[0]!];
  };
  const circles = new Map(
    groups.flatMap((group) => group.map((file) => shortestCircle(file, group))).map((circle) => [circle.join(' → '), circle]),
  );
  return [...circles.keys()].sort().map((key) => circles.get(key)!);
}

/**
 * The circles still to break (issue 24, item 3), each with what breaks it. Nothing is to be added here: a new circle
 * fails the first test, and a listed one that is gone fails the second until it is taken off.
 */
const knownCircles: string[] = [];

describe('import circles', () => {
  const circles = importCircles(['server/src', 'common', 'src']).map((circle) => circle.join(' → '));

  it('no module of the server, common/ or the site imports itself through others, not even for a type', () => {
    expect(circles.filter((circle) => !knownCircles.includes(circle))).toEqual([]);
  });

  it('every circle still listed as known is still there (take off the ones that are broken)', () => {
    expect(knownCircles.filter((circle) => !circles.includes(circle))).toEqual([]);
  });

  it('finds a circle, type-only or through an index file, and names it as a path (the check itself works)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'circles-'));
    try {
      mkdirSync(path.join(dir, 'b'));
      writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B[];\n");
      writeFileSync(path.join(dir, 'b', 'index.ts'), "import './c.ts';\nexport { type A as B } from '../a.ts';\n");
      writeFileSync(path.join(dir, 'b', 'c.ts'), "import styles from './c.css';\nexport const lazy = () => import('../a.ts');\n");
      const inDir = (circle: string[]) => circle.map((file) => path.relative(dir, path.resolve(root, file)));
      expect(importCircles([dir]).map(inDir)).toEqual([['a.ts', path.join('b', 'index.ts'), 'a.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the server tests that replace a module', () => {
  it('run in the isolated project (vite.config.ts SERVER_FILES_MOCKING_MODULES): the other server files share a module cache', () => {
    const mocking = sourceFiles('server/tests')
      .filter((file) => file.endsWith('.test.ts') && /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
      .sort();
    const listed = /SERVER_FILES_MOCKING_MODULES\s*=\s*\[([^\]]*)\]/.exec(readFileSync(path.join(root, 'vite.config.ts'), 'utf8'))?.[1] ?? '';
    expect(mocking.length).toBeGreaterThan(0);
    expect([...listed.matchAll(/'([^']+)'/g)].map((match) => match[1]).sort()).toEqual(mocking);
  });
});

describe('thin routes: a route parses its input, calls a service and answers', () => {
  const routesDir = 'server/src/routes';

  /** The modules of routes/ that register other route modules, and import them for that alone. */
  const REGISTERING: Record<string, string> = {
    'server/src/routes/mutabo/area.ts': "registers the authors' area's route modules behind its hook (who is calling)",
    'server/src/routes/site.ts': "registers the link-preview pictures' routes (ogImages.ts) with the pictures' service it makes",
  };

  it('no route module imports a repository: the reads and decisions are in services', () => {
    expect(importsInto(routesDir, 'server/src/repositories')).toEqual([]);
  });

  it('no route module imports another file of routes/ but the registering ones (shared HTTP helpers are in http/)', () => {
    const registering = (edge: string) => Object.keys(REGISTERING).some((file) => edge.startsWith(`${file} → `));
    expect(importsInto(routesDir, routesDir).filter((edge) => !registering(edge))).toEqual([]);
  });

  it('every module of routes/ registers routes', () => {
    const registersRoutes = /\bapp\.(?:get|head|post|put|patch|delete|route|register)\b|\bregisterSite\b/;
    const others = sourceFiles(routesDir)
      .filter((file) => !registersRoutes.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(others).toEqual([]);
  });

  it('every file listed as registering is there and still registers others', () => {
    const edges = importsInto(routesDir, routesDir);
    expect(Object.keys(REGISTERING).filter((file) => !edges.some((edge) => edge.startsWith(`${file} → `)))).toEqual([]);
  });

  it('finds such imports when there are some (the check itself works)', () => {
    expect(importsInto('server/src/services', 'server/src/repositories').length).toBeGreaterThan(50);
    expect(importsInto('server/src/routes/mutabo', routesDir).length).toBeGreaterThan(10);
  });
});

describe("the authors' area and the server's other services", () => {
  it('no service outside services/mutabo/ imports the area: the area uses the shared rules, never the other way round', () => {
    const area = path.join('server', 'src', 'services', 'mutabo') + path.sep;
    expect(importsInto('server/src/services', 'server/src/services/mutabo').filter((line) => !line.startsWith(area))).toEqual([]);
  });

  it("nor do the public services and routes read the area's SQL: what they share with it lives in a domain of its own", () => {
    const areaFiles = [path.join('server', 'src', 'services', 'mutabo') + path.sep, path.join('server', 'src', 'routes', 'mutabo') + path.sep];
    const outside = (line: string) => !areaFiles.some((prefix) => line.startsWith(prefix));
    expect([...importsInto('server/src/services', 'server/src/repositories/mutabo'), ...importsInto('server/src/routes', 'server/src/repositories/mutabo')].filter(outside)).toEqual([]);
    // The check itself works: the area's own services do read it.
    expect(importsInto('server/src/services/mutabo', 'server/src/repositories/mutabo').length).toBeGreaterThan(5);
  });
});
