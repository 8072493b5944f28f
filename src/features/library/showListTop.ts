// A new library page is read from its start: the window scrolls to the top of the list and the focus goes there.

/** Focusing alone scrolls nowhere when part of the list is still on screen, so the window is moved explicitly. */
export function showListTop(list: HTMLElement | null): void {
  if (!list) return;
  list.focus({ preventScroll: true });
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  list.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
}
