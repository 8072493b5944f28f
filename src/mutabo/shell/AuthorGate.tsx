// Who may enter the area: the user must be an author (`author` of GET /api/v1/users/me/); guests never get
// here (the route's RequireAuth sends them to login). The server checks again on every call.
import { useEffect, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { Loader } from '../../components/Loader.tsx';
import { ensureResource } from '../../data/cache.ts';
import { selectCurrentUser } from '../../features/session/currentUser.ts';
import { NotAuthorPage } from './NotAuthorPage.tsx';

export function AuthorGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  useEffect(() => {
    dispatch(ensureResource('me'));
  }, [dispatch]);

  if (me.error) return <ErrorScreen />;
  if (!me.data) return <Loader />;
  if (!me.data.author) return <NotAuthorPage />;
  return children;
}
