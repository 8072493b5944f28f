// Where a person lands after logging in (issue 22, item 8), and the page they asked to come back to, which the site
// and the server both check before using it (a sign-up carries it into the confirmation letter's link).
import { isSitePage, isSitePath, SITE_ROUTES } from './sitePaths.ts';

/** The longest path kept to come back to: a page of the site with its query, never a whole document. */
export const MAX_RETURN_PATH = 500;

export const landingMessages = {
  nextInvalid: 'Страница, на которую вернуться после входа, должна быть страницей этого сайта.',
};

const pathnameOf = (path: string) => path.split(/[?#]/, 1)[0]!;
const under = (pathname: string, prefix: string) => pathname.toLowerCase() === prefix || pathname.toLowerCase().startsWith(`${prefix}/`);

/**
 * `value` when it is a page of this site to come back to: a same-site path (isSitePath: never `//host` or `/\host`),
 * a page the site's route table has, and not one of the account pages under /user/ (logging in, signing up, the
 * letters' links: coming back there would go round in circles); otherwise null.
 */
export function returnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH || !isSitePath(value)) return null;
  const pathname = pathnameOf(value);
  if (!isSitePage(pathname) || under(pathname, '/user')) return null;
  return value;
}

/** The pages only a logged-in person opens: the account and the authors' area. */
function needsLogin(path: string): boolean {
  const pathname = pathnameOf(path);
  return under(pathname, SITE_ROUTES.account) || under(pathname, SITE_ROUTES.admin);
}

/**
 * Where a person goes after logging in. An author goes to the area's summary, unless they were on their way to a page
 * that needs the login (an area page or the account, where the guard sent them to log in); a participant goes back to
 * the page they came from (`requested`, already checked with returnPath), the home page without one.
 */
export function landingPath(user: { author: number | null } | null, requested: string | null): string {
  if (user?.author) return requested && needsLogin(requested) ? requested : SITE_ROUTES.admin;
  return requested ?? SITE_ROUTES.home;
}
