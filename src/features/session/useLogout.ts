// Logging out from any page: the profile's button and the header's account menu.
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { loggedOut } from './slice.ts';

export function useLogout(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return () => {
    // Home first, committed at once: logged out on an account address, the guard would send the user to the login page.
    void navigate(paths.home, { flushSync: true });
    dispatch(loggedOut());
  };
}
