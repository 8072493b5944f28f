/// <reference types="vitest/config" />
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
