// What the account pages show: the user (`me`) and their disciple, and whether the page may show them yet (spec section 4, page gating).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import type { RootState } from '../../app/store.ts';
import type { Disciple, User } from '../../../common/wireTypes.ts';
import { resourceKey } from '../../data/resource.ts';
import { selectResource } from '../../data/selectors.ts';
import { ensureResource } from '../../data/cache.ts';
import { selectCurrentUser } from '../session/index.ts';

type AccountDataStatus = 'loading' | 'failed' | 'ready';

interface AccountData {
  status: AccountDataStatus;
  user: User | undefined;
  /** Undefined for a user without a disciple, and for an author when the page does not wait for it. */
  disciple: Disciple | undefined;
}

/**
 * Whose disciple a page waits for: the account area waits only for non-authors' (spec section 4);
 * the profile pages show the disciple's fields, so they wait for anyone who has one.
 */
type DiscipleWait = 'nonAuthors' | 'anyone';

/** An entry being fetched again, or flagged for it: after an update its old data must not be shown as current. */
function isRefreshing(state: RootState, key: string): boolean {
  const entry = state.resources[key];
  return entry !== undefined && (entry.loading || entry.invalid);
}

function discipleIdOf(user: User | undefined, wait: DiscipleWait): number | null {
  if (!user || user.disciple === null || user.disciple === undefined) return null;
  if (wait === 'nonAuthors' && user.author) return null;
  return user.disciple;
}

/**
 * Asks for `me`, then for the disciple, whenever the page opens (a flagged entry is fetched again,
 * so the header shows a name just saved). `waitForRefresh` also holds the page while an entry is
 * refetched; the account frame does not, so that a tab's page is not unmounted by a refetch.
 */
export function useAccountData(wait: DiscipleWait, waitForRefresh: boolean): AccountData {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const discipleId = discipleIdOf(me.data, wait);
  const disciple = useAppSelector((state) => (discipleId === null ? null : selectResource(state, 'disciple', discipleId)));
  const refreshing = useAppSelector(
    (state) =>
      waitForRefresh &&
      (isRefreshing(state, resourceKey('me')) || (discipleId !== null && isRefreshing(state, resourceKey('disciple', discipleId)))),
  );

  useEffect(() => {
    dispatch(ensureResource('me'));
  }, [dispatch]);
  useEffect(() => {
    if (discipleId !== null) dispatch(ensureResource('disciple', discipleId));
  }, [dispatch, discipleId]);

  let status: AccountDataStatus = 'ready';
  if (me.error || disciple?.error) status = 'failed';
  else if (!me.data || (disciple && !disciple.data) || refreshing) status = 'loading';
  return { status, user: me.data, disciple: disciple?.data };
}

/** The dictionaries (countries, time zones), asked for once. */
export function useDictionaries() {
  const dispatch = useAppDispatch();
  const dictionaries = useAppSelector((state) => selectResource(state, 'dictionaries'));
  useEffect(() => {
    dispatch(ensureResource('dictionaries'));
  }, [dispatch]);
  return dictionaries;
}
