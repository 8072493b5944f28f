// `npm run test:cluster`: the browser journeys through nginx in front of three server processes on one PostgreSQL.
// Its files end in .cluster.ts so that the ordinary browser journeys (vitest.e2e.config.ts) do not pick them up.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'cluster',
    environment: 'node',
    globals: true,
    include: ['e2e/cluster/**/*.cluster.ts'],
    globalSetup: ['e2e/cluster/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 150_000,
  },
});
