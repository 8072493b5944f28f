// The zone a visitor reads lesson times in: the profile's when logged in (and set), else the browser's.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { MOSCOW_TIME_ZONE } from '../../../common/lessonTimeText.ts';
import { isValidTimeZone } from '../../../common/zonedTime.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource } from '../../data/cache.ts';
import { selectCurrentUser } from '../session/index.ts';
import { selectIsLoggedIn } from '../session/index.ts';

/** The browser's zone; Moscow when the browser does not say. */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : MOSCOW_TIME_ZONE;
}

/**
 * The zone to show lesson times in; the browser's while the profile loads. The profile is asked for only when
 * `needed` (there are times to show).
 */
export function useVisitorTimeZone(needed = true): string {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector((state) => needed && selectIsLoggedIn(state));
  const me = useAppSelector(selectCurrentUser);
  const discipleId = loggedIn ? (me.data?.disciple ?? null) : null;
  const disciple = useAppSelector((state) => (discipleId === null ? null : selectResource(state, 'disciple', discipleId)));

  useEffect(() => {
    if (loggedIn) dispatch(ensureResource('me'));
  }, [dispatch, loggedIn]);
  useEffect(() => {
    if (discipleId !== null) dispatch(ensureResource('disciple', discipleId));
  }, [dispatch, discipleId]);

  const profileZone = disciple?.data?.profile.timezone;
  return profileZone && isValidTimeZone(profileZone) ? profileZone : browserTimeZone();
}
