// When a navigation resets the scroll position to the top (spec section 2, "Common layout").

/** Pairs of pages that keep the scroll position when the user moves between them, either way. */
const KEEP_SCROLL_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['/account/profile', '/account/courses'],
  ['/account/profile', '/account/profile/editor'],
];

function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when moving from one path to another should scroll the window to the top. */
export function shouldResetScroll(fromPath: string, toPath: string): boolean {
  const from = normalizePath(fromPath);
  const to = normalizePath(toPath);
  if (from === to) return false;
  return !KEEP_SCROLL_PAIRS.some(([a, b]) => (from === a && to === b) || (from === b && to === a));
}
