// A message the author has to see (a save's notice or its error) is brought into the window when it is not already
// wholly there: on a phone the form's top, where the message sits, is far above the save button that was pressed.

/** Scrolls the element to the middle of the window unless the whole of it is already visible. */
export function revealMessage(element: Element | null | undefined): void {
  if (!element || typeof element.scrollIntoView !== 'function') return;
  const box = element.getBoundingClientRect();
  const height = window.innerHeight || document.documentElement.clientHeight;
  if (box.height > 0 && box.top >= 0 && box.bottom <= height) return;
  const reduceMotion = typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
}

/** The first message of a failed save inside the form's part of the page, in the page's order: a red block or a field in error. */
export function failureMessageIn(scope: ParentNode): Element | null {
  return scope.querySelector('[role="alert"], [aria-invalid="true"]');
}
