// The msw server shared by the site's tests; each test adds the handlers it needs. The authors' list and the seller's
// details, which the frame of every page reads, and a signed-in person's (empty) course list are answered unless a
// test answers them otherwise.
import { setupServer } from 'msw/node';
import { authorsHandler, noParticipationsHandler, sellerHandler } from './siteData.ts';

export const server = setupServer(authorsHandler, sellerHandler, noParticipationsHandler);
