// The Redux store: the root reducer (rootReducer.ts), the saga middleware, the client's 401 hook and the session
// following the token store.
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { configureClient } from '../api/client.ts';
import { followTokenStore } from '../features/session/followTokenStore.ts';
import { unauthorized } from '../features/session/slice.ts';
import { rootReducer, type RootState } from './rootReducer.ts';
import { rootSaga } from './rootSaga.ts';

export type { RootState };

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  configureClient({ onUnauthorized: () => store.dispatch(unauthorized()) });
  followTokenStore(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
