// Test setup for the site: jest-dom matchers, msw answering the network, clean storage per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './support/server.ts';

// A page's first render loads its lazy chunk, and the whole site answers through its sagas: on two busy cores that has
// taken more than Testing Library's default second. Set here for every file: the files share one module cache per
// worker (isolate: false), so a setting made in one file would carry over to whichever files ran after it.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());
