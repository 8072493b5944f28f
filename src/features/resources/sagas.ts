// Fetches a resource when a page asks for it and the cache rules say it is needed.
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { asRequestError } from '../../api/requestError.ts';
import type { RootState } from '../../app/rootReducer.ts';
import { resourceFetchers, resourceKey } from './definitions.ts';
import { fetchFailed, fetchStarted, fetchSucceeded, resourceRequested } from './slice.ts';

export function needsFetch(entry: RootState['resources'][string] | undefined): boolean {
  if (!entry) return true;
  if (entry.loading) return false;
  return entry.invalid || (!entry.loaded && entry.error === null);
}

function* fetchResource(action: ReturnType<typeof resourceRequested>) {
  const { name, arg } = action.payload;
  const key = resourceKey(name, arg);
  const entry: RootState['resources'][string] | undefined = yield select((state: RootState) => state.resources[key]);
  if (!needsFetch(entry)) return;
  yield put(fetchStarted(key));
  try {
    const fetcher = resourceFetchers[name] as (arg: unknown) => Promise<unknown>;
    const data: unknown = yield call(fetcher, arg);
    yield put(fetchSucceeded({ key, data }));
  } catch (error) {
    yield put(fetchFailed({ key, error: asRequestError(error) }));
  }
}

export function* resourcesSaga() {
  yield takeEvery(resourceRequested.type, fetchResource);
}
