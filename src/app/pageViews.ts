// The site's view beacon (issue 37, docs/STATS.md «Counting views»): the server counts a public page's HTML itself,
// so the first page sends nothing unless the visitor is logged in (then `landing`, so that an author's own view is
// taken back), and every later page change sends its page once. Only the pages countedPage() names; never the area's.
// Fire and forget: no answer is read, no failure shown.
import { countedPage, STATS_VIEW_PATH } from '../../common/stats.ts';
import { API_URL } from '../api/client.ts';
import { isTokenExpired, readTokens, subscribeToTokens, type StoredTokens } from '../api/tokens.ts';

/** What the beacon needs of the site's history (siteHistory.ts). */
export interface ObservedHistory {
  location(): { pathname: string };
  listen(listener: () => void): () => void;
}

const usableAccess = ({ access }: StoredTokens) => (access && !isTokenExpired(access) ? access : null);

function sendView(path: string, landing: boolean, token: string | null): void {
  try {
    void fetch(API_URL + STATS_VIEW_PATH, {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(landing ? { path, landing: true } : { path }),
    }).catch(() => {});
  } catch {
    // A browser without fetch or keepalive: the view goes uncounted.
  }
}

/** The page a pathname shows, as compared between two locations: a change of query or hash is not a new page. */
const pageOf = (pathname: string) => pathname.toLowerCase().replace(/(.)\/+$/, '$1');

/** Starts sending the views of the site's pages; returns the way to stop. */
export function countPageViews(history: ObservedHistory): () => void {
  let shown = pageOf(history.location().pathname);
  let stopWaiting = () => {};
  const first = countedPage(history.location().pathname);
  const tokens = readTokens();
  if (first && usableAccess(tokens)) sendView(first.path, true, usableAccess(tokens));
  else if (first && tokens.refresh) {
    // Logged in with an access token that has lapsed: the landing goes once the site has renewed it.
    stopWaiting = subscribeToTokens((renewed) => {
      const access = usableAccess(renewed);
      if (access) sendView(first.path, true, access);
      if (access || !renewed.refresh) stopWaiting();
    });
  }
  const stopListening = history.listen(() => {
    const pathname = history.location().pathname;
    if (pageOf(pathname) === shown) return;
    shown = pageOf(pathname);
    const page = countedPage(pathname);
    if (page) sendView(page.path, false, usableAccess(readTokens()));
  });
  return () => {
    stopWaiting();
    stopListening();
  };
}
