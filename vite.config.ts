/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // draft-js reads the Node global `global`; without this the built page is blank.
  define: { global: 'globalThis' },
  server: { proxy: { '/api': apiTarget, '/media': apiTarget } },
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  test: {
    // Vitest's default leaves one core free: on the two cores of CI that is one file at a time. Most server files
    // wait on PostgreSQL, child processes and timers, so two at a time took the unit run from 544 s to 302 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'site',
          environment: 'jsdom',
          globals: true,
          include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
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
          pool: 'forks',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
