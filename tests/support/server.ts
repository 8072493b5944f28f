// The msw server shared by the site's tests; each test adds the handlers it needs. The authors' list, which the
// frame of every page reads, is answered unless a test answers it otherwise.
import { setupServer } from 'msw/node';
import { authorsHandler } from './siteData.ts';

export const server = setupServer(authorsHandler);
