// The reducers of every feature, and the state they make: the sagas and selectors take RootState from here, so that
// they do not import the store that runs them (store.ts imports this and rootSaga.ts).
import { combineReducers } from '@reduxjs/toolkit';
import { accountReducers } from '../features/account/slices.ts';
import { enrollmentReducers } from '../features/enrollment/slices.ts';
import { resourcesReducer } from '../data/cache.ts';
import { sessionReducer } from '../features/session/slice.ts';

export const rootReducer = combineReducers({
  session: sessionReducer,
  resources: resourcesReducer,
  ...accountReducers,
  ...enrollmentReducers,
});

export type RootState = ReturnType<typeof rootReducer>;
