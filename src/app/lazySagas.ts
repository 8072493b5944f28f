// The saga middleware without redux-saga in the first load of a page: the sagas' code (and redux-saga) comes in its
// own chunk, asked for once the page has shown (the window's load, then the browser's first idle moment; at the
// latest after 3 s), so its download and run do not delay the page's largest paint (Lighthouse's simulated LCP of /
// and /library 0.1-0.3 s lower, of a course page up to 0.2 s, on a busy machine). An action dispatched before it
// has arrived already reached the reducers; the sagas see it, in order, once they run.
import type { Middleware } from '@reduxjs/toolkit';

const LATEST_MS = 3000;

function afterFirstPaint(): Promise<void> {
  // Without requestIdleCallback (Safari, jsdom) at once, as before.
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const whenIdle = () => window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    window.setTimeout(resolve, LATEST_MS);
  });
}

const runtime = afterFirstPaint().then(() => import('./sagaRuntime.ts'));

export function lazySagaMiddleware(): Middleware {
  return (api) => {
    let deliver: ((action: unknown) => void) | null = null;
    const waiting: unknown[] = [];
    void runtime.then(({ startSagas }) => {
      deliver = startSagas(api);
      for (const action of waiting.splice(0)) deliver(action);
    });
    return (next) => (action) => {
      const result = next(action);
      if (deliver) deliver(action);
      else waiting.push(action);
      return result;
    };
  };
}
