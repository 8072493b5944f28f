// The reducers of the store, and the state they make: the sagas and selectors take RootState from here, so that
// they do not import the store that runs them (store.ts imports this and rootSaga.ts).
import { combineReducers } from '@reduxjs/toolkit';
import { resourcesReducer } from '../data/cache.ts';
import { mutationsReducer } from '../data/mutationState.ts';
import { sessionReducer } from '../features/session/slice.ts';

export const rootReducer = combineReducers({
  session: sessionReducer,
  resources: resourcesReducer,
  mutations: mutationsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
