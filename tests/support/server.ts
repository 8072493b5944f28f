// The msw server shared by the site's tests; each test adds the handlers it needs. The authors' list and the seller's
// details, which the frame of every page reads, and a signed-in person's (empty) course list are answered unless a
// test answers them otherwise; so are the area's list of authors for the course form (the same two) and the first steps
// of the summary (all done: no list shown), a lesson's attendance (nobody), and the profile's Telegram status (the site
// has no bot: the profile shows nothing of Telegram).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { MutaboAuthorChoice } from '../../common/mutabo/courses.ts';
import type { MutaboFirstSteps } from '../../common/mutabo/start.ts';
import { authorsHandler, noParticipationsHandler, sellerHandler, siteAuthors } from './siteData.ts';

const authorChoices: MutaboAuthorChoice[] = siteAuthors.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
const allStepsDone: MutaboFirstSteps = { pageText: true, photo: true, seller: true, course: true };

export const server = setupServer(
  authorsHandler,
  sellerHandler,
  noParticipationsHandler,
  http.get('*/api/v1/mutabo/authors/', () => HttpResponse.json(authorChoices)),
  http.get('*/api/v1/mutabo/first-steps/', () => HttpResponse.json(allStepsDone)),
  // «Кто пришёл» of a lesson that has begun (issue 35): nobody, unless a test answers otherwise.
  http.get('*/api/v1/mutabo/lessons/:id/attendance/', () => HttpResponse.json({ joined: [], absent: [] })),
  http.get('*/api/v1/users/me/telegram/', () => HttpResponse.json({ bound: false, name: '', bot: null })),
);
