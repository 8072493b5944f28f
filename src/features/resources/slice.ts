// The generic resource cache of spec section 4: one entry per list or item, with loading and invalid flags.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestError } from '../../api/requestError.ts';
import { loggedOut, unauthorized } from '../session/slice.ts';
import { resourceNameOf, type ResourceName } from './definitions.ts';

export interface ResourceEntry {
  data: unknown;
  loaded: boolean;
  loading: boolean;
  invalid: boolean;
  error: RequestError | null;
}

export type ResourcesState = Record<string, ResourceEntry>;

const emptyEntry: ResourceEntry = { data: undefined, loaded: false, loading: false, invalid: false, error: null };

interface EnsurePayload {
  name: ResourceName;
  arg?: unknown;
}

const resourcesSlice = createSlice({
  name: 'resources',
  initialState: {} as ResourcesState,
  reducers: {
    /** "Ensure loaded": the saga fetches only when the entry is missing, or invalid and not loading. */
    resourceRequested: (_state, _action: PayloadAction<EnsurePayload>) => {},
    fetchStarted: (state, action: PayloadAction<string>) => {
      state[action.payload] = { ...(state[action.payload] ?? emptyEntry), loading: true, error: null };
    },
    fetchSucceeded: (state, action: PayloadAction<{ key: string; data: unknown }>) => {
      state[action.payload.key] = { data: action.payload.data, loaded: true, loading: false, invalid: false, error: null };
    },
    fetchFailed: (state, action: PayloadAction<{ key: string; error: RequestError }>) => {
      const entry = state[action.payload.key] ?? { ...emptyEntry };
      state[action.payload.key] = { ...entry, loading: false, invalid: false, error: action.payload.error };
    },
    /** After a create, update or delete succeeded: every entry of these resources is refetched when next needed. */
    resourcesInvalidated: (state, action: PayloadAction<ResourceName[]>) => {
      for (const [key, entry] of Object.entries(state)) {
        if (action.payload.includes(resourceNameOf(key) as ResourceName)) entry.invalid = true;
      }
    },
    /** A successful delete removes the item itself. */
    resourceRemoved: (state, action: PayloadAction<string>) => {
      delete state[action.payload];
    },
    /** An answer that is itself the new state of a resource (participation creation answers the course). */
    resourceReplaced: (state, action: PayloadAction<{ key: string; data: unknown }>) => {
      state[action.payload.key] = { data: action.payload.data, loaded: true, loading: false, invalid: false, error: null };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => ({})).addCase(unauthorized, () => ({}));
  },
});

export const {
  resourceRequested,
  fetchStarted,
  fetchSucceeded,
  fetchFailed,
  resourcesInvalidated,
  resourceRemoved,
  resourceReplaced,
} = resourcesSlice.actions;
export const resourcesReducer = resourcesSlice.reducer;

/** Typed "ensure loaded" action creator. */
export function ensureResource(name: ResourceName, arg?: unknown) {
  return resourceRequested(arg === undefined ? { name } : { name, arg });
}
