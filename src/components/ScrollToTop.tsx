// Moves the window to the top after a navigation, or to the element a #hash names (rules in lib/scrollRules).
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { shouldResetScroll } from '../lib/scrollRules.ts';

/** A page loads lazily, so the anchor of /about#anna may appear a moment after the navigation. */
const ANCHOR_RETRIES = 20;
const ANCHOR_RETRY_MS = 100;

export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const previousPath = useRef(pathname);

  // Before paint, so the new page never shows at the old position for a frame.
  useLayoutEffect(() => {
    const fromPath = previousPath.current;
    previousPath.current = pathname;

    if (hash.length > 1) {
      const id = decodeURIComponent(hash.slice(1));
      let tries = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const scrollToAnchor = () => {
        const target = document.getElementById(id);
        if (target) target.scrollIntoView?.();
        else if (tries++ < ANCHOR_RETRIES) timer = setTimeout(scrollToAnchor, ANCHOR_RETRY_MS);
      };
      scrollToAnchor();
      return () => clearTimeout(timer);
    }

    if (shouldResetScroll(fromPath, pathname)) window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash]);

  return null;
}
