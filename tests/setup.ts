// Test setup for the site: jest-dom matchers, msw answering the network, clean storage per test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { server } from './support/server.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
