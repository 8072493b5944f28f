// Browser journeys: the real server on a fresh embedded database, driven by playwright-core + Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    globals: true,
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
