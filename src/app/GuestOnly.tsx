// Guard of the login, sign-up and confirmation pages: a logged-in person is sent on where common/landing.ts says
// (an author to the area's summary, a participant back to the page they came from: `state.from`, set by RequireAuth
// and the «войти» links, or the address's `?next=`), once the site knows who they are.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { landingPath } from '../../common/landing.ts';
import { Loader } from '../components/Loader.tsx';
import { requestedReturn } from '../features/auth/landing.ts';
import { ensureResource } from '../data/cache.ts';
import { selectCurrentUser } from '../features/session/currentUser.ts';
import { selectIsLoggedIn } from '../features/session/selectors.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';

export function GuestOnly() {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const me = useAppSelector(selectCurrentUser);
  const location = useLocation();
  useEffect(() => {
    if (loggedIn) dispatch(ensureResource('me'));
  }, [loggedIn, dispatch]);
  if (loggedIn) {
    // Who they are decides where they land; a failed read lands them as a participant would.
    if (!me.data && !me.error) return <Loader label="Входим на сайт" />;
    return <Navigate to={landingPath(me.data ?? null, requestedReturn(location))} replace />;
  }
  return <Outlet />;
}
