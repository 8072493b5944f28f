// The Redux store: reducers of every feature, the saga middleware, and the client's session hooks.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { configureClient } from '../api/client.ts';
import { accountReducers } from '../features/account/slices.ts';
import { enrollmentReducers } from '../features/enrollment/slices.ts';
import { resourcesReducer } from '../features/resources/slice.ts';
import { accessTokenRenewed, sessionReducer, unauthorized } from '../features/session/slice.ts';
import { rootSaga } from './rootSaga.ts';

const rootReducer = combineReducers({
  session: sessionReducer,
  resources: resourcesReducer,
  ...accountReducers,
  ...enrollmentReducers,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  configureClient({
    onUnauthorized: () => store.dispatch(unauthorized()),
    onAccessTokenRenewed: (access) => store.dispatch(accessTokenRenewed(access)),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
