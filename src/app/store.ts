// The Redux store: the root reducer (rootReducer.ts), the resource cache's fetches, the sagas (in a chunk of their
// own, lazySagas.ts), the client's 401 hook and the session following the token store.
import { configureStore } from '@reduxjs/toolkit';
import { configureClient } from '../api/client.ts';
import { resourcesMiddleware } from '../data/middleware.ts';
import { followTokenStore } from '../features/session/followTokenStore.ts';
import { unauthorized } from '../features/session/slice.ts';
import { lazySagaMiddleware } from './lazySagas.ts';
import { rootReducer, type RootState } from './rootReducer.ts';

export type { RootState };

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(resourcesMiddleware, lazySagaMiddleware()),
  });
  configureClient({ onUnauthorized: () => store.dispatch(unauthorized()) });
  followTokenStore(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
