// Guard of the account area: guests are sent to the login page.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectIsLoggedIn } from '../features/session/selectors.ts';
import { useAppSelector } from './hooks.ts';
import { paths } from './paths.ts';

export function RequireAuth() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
}
