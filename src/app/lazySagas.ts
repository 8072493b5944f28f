// The saga middleware without redux-saga in the first load of a page: the sagas' code (and redux-saga) comes in its
// own chunk, asked for as soon as this module runs, while the page renders. An action dispatched before it has
// arrived already reached the reducers; the sagas see it, in order, once they run.
import type { Middleware } from '@reduxjs/toolkit';

const runtime = import('./sagaRuntime.ts');

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
