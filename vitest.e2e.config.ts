// Browser journeys: the real server on a fresh embedded database (one per worker), driven by playwright-core + Chromium.
import { defineConfig } from 'vitest/config';
import LongestFirst from './e2e/support/longestFirst.ts';
import { E2E_WORKERS } from './e2e/support/workers.ts';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    globals: true,
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    // Three files at a time, each worker on its own server (e2e/support/globalSetup.ts): one file mostly waits on its
    // browser and server, so on two cores the others fill the gaps.
    maxWorkers: E2E_WORKERS,
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
