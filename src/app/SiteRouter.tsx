// The site's router: React Router's declarative <Router> over the guarded history of siteHistory.ts (the data router,
// createBrowserRouter, would add 19 kB gzip to the first load for the leave guard alone). Navigations are transitions,
// as in <BrowserRouter>: the shown page stays until a lazily loaded one is ready; `navigate(to, { flushSync: true })`
// is shown at once, as the data router does (the logout leaves an account page before the guard sees it logged out).
import { createContext, startTransition, useContext, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router, UNSAFE_createBrowserHistory } from 'react-router-dom';
import { guardHistory, type ShouldBlock, type SiteHistory } from './siteHistory.ts';

const HistoryContext = createContext<SiteHistory | null>(null);

/** The browser's history, guarded: made once by src/main.tsx. */
export function createSiteHistory(): SiteHistory {
  return guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));
}

export function SiteRouter({ history, children }: { history: SiteHistory; children: ReactNode }) {
  const [state, setState] = useState(() => ({ location: history.location(), action: history.action() }));
  useLayoutEffect(
    () =>
      history.listen((change) => {
        const next = { location: history.location(), action: history.action() };
        if (change.flushSync) flushSync(() => setState(next));
        else startTransition(() => setState(next));
      }),
    [history],
  );
  return (
    <HistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history.navigator}>
        {children}
      </Router>
    </HistoryContext.Provider>
  );
}

interface LeaveBlocker {
  state: 'unblocked' | 'blocked';
  proceed: () => void;
  reset: () => void;
}

const never = () => () => {};
const unheld = () => false;
const noop = () => {};

/** As React Router's useBlocker: `shouldBlock` decides each navigation while the calling component is shown. */
export function useLeaveBlocker(shouldBlock: ShouldBlock): LeaveBlocker {
  const history = useContext(HistoryContext);
  const latestRef = useRef(shouldBlock);
  useLayoutEffect(() => {
    latestRef.current = shouldBlock;
  });
  useLayoutEffect(() => history?.block((args) => latestRef.current(args)), [history]);
  const held = useSyncExternalStore(history?.listenHeld ?? never, history?.isHeld ?? unheld);
  return { state: held ? 'blocked' : 'unblocked', proceed: history?.proceed ?? noop, reset: history?.reset ?? noop };
}
