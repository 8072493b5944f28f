// Runs every feature saga against a store (lazySagas.ts loads this chunk): the saga middleware is bound to the store,
// and each action the store has reduced is handed to it without reducing it again.
import type { MiddlewareAPI } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootSaga } from './rootSaga.ts';

export function startSagas(api: MiddlewareAPI): (action: unknown) => void {
  const sagaMiddleware = createSagaMiddleware();
  const deliver = sagaMiddleware(api)(() => undefined);
  sagaMiddleware.run(rootSaga);
  return deliver;
}
