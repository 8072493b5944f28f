// The way back after logging in (issue 22, item 8), on the site's side: the page a person asked to come back to, read
// from the router's state (`from`, set by the guard and the «войти» links) or the address's `?next=` (the confirmation
// letter's link and the login link it leads to), always checked with common/landing.ts returnPath.
import { useLocation } from 'react-router-dom';
import { returnPath } from '../../../common/landing.ts';

interface LocationLike {
  pathname: string;
  search: string;
  state: unknown;
}

/** The checked page to come back to, or null. */
export function requestedReturn(location: Pick<LocationLike, 'search' | 'state'>): string | null {
  const from = (location.state as { from?: unknown } | null)?.from;
  return returnPath(from) ?? returnPath(new URLSearchParams(location.search).get('next'));
}

/** `/user/login?next=…`-style address: a page of the site with the way back in its query. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/**
 * The router state for a link to the login or sign-up page: come back to this page, or, on the account pages
 * themselves, to where they were to lead.
 */
export function useReturnState(): { from: string } | undefined {
  const location = useLocation();
  const here = returnPath(`${location.pathname}${location.search}`);
  const from = here ?? requestedReturn(location);
  return from ? { from } : undefined;
}
