// Guard of the login, sign-up and confirmation pages: a logged-in user is sent home, or back to the page
// that asked them to log in (`state.from`, set by RequireAuth and the «войдите» links).
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isSitePath } from '../../common/sitePaths.ts';
import { selectIsLoggedIn } from '../features/session/selectors.ts';
import { useAppSelector } from './hooks.ts';
import { paths } from './paths.ts';

/** Only a path of this site (common/sitePaths.ts): never another origin (`//evil.example`, `/\evil.example`). */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && isSitePath(from) ? from : paths.home;
}

export function GuestOnly() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (loggedIn) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
