// The site's history with a leave guard: a form with unsaved changes may hold a navigation until the person decides
// (src/mutabo/forms/useLeaveGuard.tsx). React Router's useBlocker does this only in its data router
// (createBrowserRouter), whose code is 19 kB gzip of the first load; the site runs on the declarative router
// (src/app/SiteRouter.tsx) over this history instead. Links, navigate() and the sagas' redirects go through
// `navigator`; the browser's Back and Forward are undone while held and repeated on `proceed`, as useBlocker does.
import { parsePath, type Location, type NavigationType, type Navigator, type To, type UNSAFE_createBrowserHistory } from 'react-router-dom';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** Whether a navigation from `currentLocation` to `nextLocation` must wait for the person's answer. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'> }) => boolean;

export interface SiteHistory {
  /** What React Router's <Router> moves through. */
  navigator: Navigator;
  location(): Location;
  action(): NavigationType;
  /**
   * Told of every navigation that happened (a held one only once it proceeds), and whether it asked to be shown at
   * once (`navigate(to, { flushSync: true })`); returns the unsubscribe.
   */
  listen(listener: (change: { flushSync: boolean }) => void): () => void;
  /** Sets the one guard (a later one replaces it); returns its removal. */
  block(shouldBlock: ShouldBlock): () => void;
  /** Whether a navigation is held; subscribe with `listenHeld`. */
  isHeld(): boolean;
  listenHeld(listener: () => void): () => void;
  /** Lets the held navigation through. */
  proceed(): void;
  /** Drops the held navigation and stays. */
  reset(): void;
}

export function guardHistory(history: History): SiteHistory {
  let shouldBlock: ShouldBlock | null = null;
  let held: (() => void) | null = null;
  let passNext = false;
  let ignorePop = false;
  let location = history.location;
  let action: NavigationType = history.action;
  let flushNext = false;
  const listeners = new Set<(change: { flushSync: boolean }) => void>();
  const heldListeners = new Set<() => void>();

  const hold = (next: (() => void) | null) => {
    held = next;
    for (const listener of heldListeners) listener();
  };

  const blocks = (nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'>) => {
    if (passNext) {
      passNext = false;
      return false;
    }
    return shouldBlock?.({ currentLocation: location, nextLocation }) ?? false;
  };

  const target = (to: To) => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return { pathname: path.pathname ?? location.pathname, search: path.search ?? '', hash: path.hash ?? '' };
  };

  history.listen(({ action: nextAction, location: nextLocation, delta }) => {
    if (nextAction === 'POP') {
      if (ignorePop) {
        // The browser going back to where it was held.
        ignorePop = false;
        return;
      }
      if (delta && blocks(nextLocation)) {
        ignorePop = true;
        history.go(-delta);
        hold(() => {
          // The browser's Back again, which this time the guard does not see.
          passNext = true;
          history.go(delta);
        });
        return;
      }
    }
    location = nextLocation;
    action = nextAction;
    const change = { flushSync: flushNext };
    flushNext = false;
    for (const listener of listeners) listener(change);
  });

  const attempt = (to: To, change: () => void, options?: { flushSync?: boolean }) => {
    const go = () => {
      flushNext = options?.flushSync === true;
      change();
    };
    if (blocks(target(to))) {
      hold(go);
      return;
    }
    go();
  };

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state, options) => attempt(to, () => history.push(to, state), options),
    replace: (to, state, options) => attempt(to, () => history.replace(to, state), options),
  };

  return {
    navigator,
    location: () => location,
    action: () => action,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block(next) {
      shouldBlock = next;
      return () => {
        if (shouldBlock === next) shouldBlock = null;
      };
    },
    isHeld: () => held !== null,
    listenHeld(listener) {
      heldListeners.add(listener);
      return () => heldListeners.delete(listener);
    },
    proceed() {
      const go = held;
      hold(null);
      go?.();
    },
    reset() {
      hold(null);
    },
  };
}
