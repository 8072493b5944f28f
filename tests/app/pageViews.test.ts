// The site's view beacon (issue 37, item 1): the first page only when logged in, as a landing; each later page change
// once; never for the area, the account or an unknown page; the token when there is one; failures swallowed.
import { http, HttpResponse } from 'msw';
import { STATS_VIEW_PATH } from '../../common/stats.ts';
import { saveTokens } from '../../src/api/tokens.ts';
import { countPageViews, type ObservedHistory } from '../../src/app/pageViews.ts';
import { server } from '../support/server.ts';
import { fakeJwt } from '../support/tokens.ts';

interface Sent {
  body: unknown;
  authorization: string | null;
  contentType: string | null;
}

function recordBeacons(status = 204): Sent[] {
  const sent: Sent[] = [];
  server.use(
    http.post(`*${STATS_VIEW_PATH}`, async ({ request }) => {
      sent.push({ body: await request.json(), authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type') });
      return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json({ detail: 'x' }, { status });
    }),
  );
  return sent;
}

function fakeHistory(start: string) {
  let pathname = start;
  const listeners = new Set<() => void>();
  const history: ObservedHistory = {
    location: () => ({ pathname }),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    history,
    go(next: string) {
      pathname = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** msw answers asynchronously: wait until the beacons so far have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the view beacon', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('sends nothing for an anonymous first page, then each page change once, without a token', async () => {
    const sent = recordBeacons();
    const site = fakeHistory('/');
    stop = countPageViews(site.history);
    site.go('/courses/12');
    site.go('/courses/12/');
    site.go('/about');
    site.go('/about');
    site.go('/');
    await settle();
    expect(sent.map((beacon) => beacon.body)).toEqual([{ path: '/courses/12' }, { path: '/about' }, { path: '/' }]);
    expect(sent.every((beacon) => beacon.authorization === null && beacon.contentType === 'application/json')).toBe(true);
  });

  it('never for the area, the account, a form or an unknown page; a change of query is not a page change', async () => {
    const sent = recordBeacons();
    const site = fakeHistory('/mutabo');
    stop = countPageViews(site.history);
    for (const path of ['/mutabo/courses', '/account', '/account/courses', '/user/login', '/nowhere', '/lessons/1/join', '/library']) site.go(path);
    await settle();
    expect(sent.map((beacon) => beacon.body)).toEqual([{ path: '/library' }]);
  });

  it('when logged in: the first page as a landing, and every beacon with the access token', async () => {
    const access = fakeJwt(1800);
    saveTokens({ access, refresh: fakeJwt(86400) });
    const sent = recordBeacons();
    const site = fakeHistory('/courses/7');
    stop = countPageViews(site.history);
    site.go('/timetable');
    await settle();
    expect(sent).toEqual([
      { body: { path: '/courses/7', landing: true }, authorization: `Bearer ${access}`, contentType: 'application/json' },
      { body: { path: '/timetable' }, authorization: `Bearer ${access}`, contentType: 'application/json' },
    ]);
  });

  it('no landing for a first page that is not counted, even logged in', async () => {
    saveTokens({ access: fakeJwt(1800), refresh: fakeJwt(86400) });
    const sent = recordBeacons();
    stop = countPageViews(fakeHistory('/mutabo/stats').history);
    await settle();
    expect(sent).toEqual([]);
  });

  it('with a lapsed access token, the landing waits for the renewed one; an expired token is never sent', async () => {
    saveTokens({ access: fakeJwt(-60), refresh: fakeJwt(86400) });
    const sent = recordBeacons();
    const site = fakeHistory('/');
    stop = countPageViews(site.history);
    site.go('/about');
    await settle();
    expect(sent).toEqual([{ body: { path: '/about' }, authorization: null, contentType: 'application/json' }]);
    const renewed = fakeJwt(1800);
    saveTokens({ access: renewed });
    saveTokens({ access: fakeJwt(1700) });
    await settle();
    expect(sent.slice(1)).toEqual([{ body: { path: '/', landing: true }, authorization: `Bearer ${renewed}`, contentType: 'application/json' }]);
  });

  it('swallows a failure of the network or of the server', async () => {
    server.use(http.post(`*${STATS_VIEW_PATH}`, () => HttpResponse.error()));
    const site = fakeHistory('/');
    stop = countPageViews(site.history);
    expect(() => site.go('/about')).not.toThrow();
    await settle();
    const sent = recordBeacons(500);
    site.go('/feedbacks');
    await settle();
    expect(sent).toHaveLength(1);
  });
});
