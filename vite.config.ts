/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

/**
 * A Brotli copy (quality 11) beside each built script and style sheet, which the server sends as is (site.ts,
 * preCompressed): the server compresses other answers at quality 5, which for the entry chunk is 12 kB more to download.
 */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue;
        const target = join(options.dir ?? 'dist', file);
        const source = readFileSync(target);
        const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
        writeFileSync(`${target}.br`, brotliCompressSync(source, { params }));
      }
    },
  };
}

/** Server test files that vi.mock a module (server-isolated project); a test in layout.test.ts keeps the list true. */
export const SERVER_FILES_MOCKING_MODULES = ['server/tests/mutaboCourseImages.test.ts'];

export default defineConfig({
  plugins: [react(), precompressAssets()],
  // draft-js reads the Node global `global`; without this the built page is blank.
  define: { global: 'globalThis' },
  server: { proxy: { '/api': apiTarget, '/media': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads statically in one chunk: Rolldown otherwise splits what the lazy pages share
            // with it into several chunks, each compressed apart (3 kB more gzip for the home page, more requests).
            { name: 'index', tags: ['$initial'] },
            // The site's own modules that two or more lazy pages share, in one chunk: a course page loaded its code
            // in 13 requests (a dozen small shared chunks), now 2. draft-js and the authors' area stay apart.
            { name: 'shared', minShareCount: 2, test: (id) => !/node_modules|[\\/]src[\\/]mutabo[\\/]|DraftView|RichTextEditor/.test(id) },
          ],
        },
      },
    },
  },
  test: {
    // One file more than there are cores: most server files wait on PostgreSQL, child processes and timers, so a third
    // file fills the gaps. On two cores the unit run took 544 s one file at a time, 346 s two at a time and 273 s
    // three at a time (four: 300 s); docs/BENCHMARKS.md, «The test run».
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        // tus-js-client's package points Node at its Node build, which refuses the browser's File: the site's tests
        // (jsdom) use the browser build the site ships (a vi.mock of it would leak into the other files of a worker).
        resolve: { alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }] },
        test: {
          name: 'site',
          environment: 'jsdom',
          globals: true,
          include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          // One module cache per worker, not per file: setting up jsdom, the setup file and importing the site (React,
          // styled-components, the store) anew for each of the 92 files took 212 of the project's 745 s of file time;
          // the whole project took 366 s of CPU isolated, 110 s without (docs/BENCHMARKS.md, «The test run»). The files share nothing that outlives them: tests/setup.ts unmounts, resets msw's handlers and
          // clears storage after each test; each test makes its own store; stubbed globals and fake timers are undone
          // in afterEach.
          isolate: false,
          // A page's first render loads its lazy chunks: on two busy cores that alone has taken over 5 s.
          testTimeout: 15000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          globals: true,
          include: ['server/tests/**/*.test.ts'],
          exclude: SERVER_FILES_MOCKING_MODULES,
          pool: 'forks',
          // One module cache per worker, as for the site: importing Fastify, Drizzle, PGlite and the server anew for
          // each of the 88 files cost 401 s against 235 s for the project on two cores (docs/BENCHMARKS.md, «The test
          // run»). Every file makes its own databases and app and closes them in afterAll; what a module keeps (the
          // PostgreSQL template's name, compiled schemas) is the same for every file.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // A file that replaces a module with vi.mock needs its own module cache, or the mock would meet a copy
        // another file had already imported (or leak into the next file).
        test: {
          name: 'server-isolated',
          environment: 'node',
          globals: true,
          include: SERVER_FILES_MOCKING_MODULES,
          pool: 'forks',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
