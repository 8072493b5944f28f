// Size budget: the JavaScript the home page loads before it can render, gzipped (issue 2: 150 kB; issue 24: 120 kB).
// Reads Vite's manifest: the entry chunk, its static imports, and the home page's own lazy chunk.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeBenchmarkSection } from './benchmarkReport.ts';

/**
 * Issue 24, item 7: 120 kB. The site runs on React Router's declarative router (src/app/SiteRouter.tsx): its data
 * router (createBrowserRouter, 19 kB gzip) is not in the first load.
 */
const BUDGET_KB = 120;
const ROUTE_MODULE = 'src/pages/HomePage.tsx';
const RICH_TEXT_MARKER = 'DraftEditorContents';
/** A text only the authors' area (/mutabo) has: its code must stay in its own lazy chunk. */
const AUTHORS_AREA_MARKER = 'Уйти без сохранения?';
/** The public offer's page (/offer) is its own lazy chunk, too. */
const OFFER_PAGE_MODULE = 'src/pages/OfferPage.tsx';
const OFFER_PAGE_MARKER = 'Договор-оферта пока не опубликован.';
/** React Router's data router (createRouter) has this text: the site's router is the declarative one. */
const DATA_ROUTER_MARKER = 'You must provide a non-empty routes array to createRouter';
/** Chart.js's key on the canvases it draws: the statistics' charts load it in a chunk of their own (issue 37). */
const CHART_MARKER = '$chartjs';
/** redux-saga's own text: the sagas come in their own chunk once the store exists (src/app/lazySagas.ts). */
const SAGA_MARKER = '@@redux-saga/';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

if (!process.argv.includes('--no-build') || !existsSync('dist/.vite/manifest.json')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;

const needed = new Set<string>();
function collect(key: string) {
  if (needed.has(key) || !manifest[key]) return;
  needed.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported);
}
const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry chunk in the Vite manifest');
collect(entry);
collect(ROUTE_MODULE);

let totalBytes = 0;
const rows: string[] = [];
let richTextInFirstLoad = false;
let authorsAreaInFirstLoad = false;
let offerPageInFirstLoad = false;
let sagasInFirstLoad = false;
let dataRouterInFirstLoad = false;
let chartsInFirstLoad = false;
for (const key of needed) {
  const file = manifest[key]!.file;
  const source = readFileSync(join('dist', file));
  const gzipped = gzipSync(source, { level: 9 }).length;
  totalBytes += gzipped;
  if (source.includes(RICH_TEXT_MARKER)) richTextInFirstLoad = true;
  if (source.includes(AUTHORS_AREA_MARKER)) authorsAreaInFirstLoad = true;
  if (source.includes(OFFER_PAGE_MARKER)) offerPageInFirstLoad = true;
  if (source.includes(SAGA_MARKER)) sagasInFirstLoad = true;
  if (source.includes(DATA_ROUTER_MARKER)) dataRouterInFirstLoad = true;
  if (source.includes(CHART_MARKER)) chartsInFirstLoad = true;
  rows.push(`  ${(gzipped / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const totalKb = totalBytes / 1024;
console.log(`JavaScript loaded before the home page renders (gzip):\n${rows.join('\n')}\n  ${totalKb.toFixed(1).padStart(7)} kB  total (budget ${BUDGET_KB} kB)`);
if (process.argv.includes('--record')) {
  writeBenchmarkSection(
    'Site bundle',
    `Command: \`npm run size -- --record\` (scripts/checkSize.ts): the JavaScript the home page loads before it can render —
the entry chunk, its static imports and the home page's chunk, from Vite's manifest, gzip level 9. Budget ${BUDGET_KB} kB
(issue 24, item 7); draft-js, the authors' area, the offer page, redux-saga, React Router's data router and Chart.js must not be part
of it.

| chunk | gzip |
|---|---:|
${rows.map((row) => row.trim().replace(/^([\d.]+) kB\s+(.*)$/, '| `$2` | $1 kB |')).join('\n')}
| **total** | **${totalKb.toFixed(1)} kB** |

Measured ${new Date().toISOString().slice(0, 10)}.`,
  );
}
if (richTextInFirstLoad) {
  console.error('draft-js is in the first load of the home page: load it lazily where rich text is shown.');
  process.exit(1);
}
if (authorsAreaInFirstLoad) {
  console.error("The authors' area (/mutabo) is in the first load of the home page: keep it in its lazy chunk.");
  process.exit(1);
}
if (offerPageInFirstLoad || !manifest[OFFER_PAGE_MODULE] || needed.has(OFFER_PAGE_MODULE)) {
  console.error('The offer page (/offer) is not a lazy chunk of its own: load it with lazyPage in src/app/routes.tsx.');
  process.exit(1);
}
if (sagasInFirstLoad) {
  console.error('redux-saga is in the first load of the home page: the store loads the sagas lazily (src/app/lazySagas.ts).');
  process.exit(1);
}
if (dataRouterInFirstLoad) {
  console.error(
    "React Router's data router (createBrowserRouter, createMemoryRouter, RouterProvider, useBlocker, useMatches) is in the first load of the home page: the site uses the declarative router (src/app/SiteRouter.tsx).",
  );
  process.exit(1);
}
if (chartsInFirstLoad) {
  console.error("Chart.js is in the first load of the home page: only the authors' statistics load it (src/mutabo/stats/chartRenderer.ts).");
  process.exit(1);
}
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} kB.`);
  process.exit(1);
}
