// The msw server shared by the site's tests; each test adds the handlers it needs.
import { setupServer } from 'msw/node';

export const server = setupServer();
