// The one data cache of the site and the authors' area: one entry per resource and argument, with loading and invalid
// flags. Writes invalidate entries by the tags of their resources (resource.ts); the middleware fetches.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestError } from '../api/requestError.ts';
import { loggedOut, unauthorized } from '../features/session/slice.ts';
import { definitionOf, resourceNameOf, type Tag } from './resource.ts';
import type { ResourceName } from './siteResources.ts';

export interface ResourceEntry {
  data: unknown;
  loaded: boolean;
  loading: boolean;
  invalid: boolean;
  error: RequestError | null;
}

export type ResourcesState = Record<string, ResourceEntry>;

const emptyEntry: ResourceEntry = { data: undefined, loaded: false, loading: false, invalid: false, error: null };

interface RequestPayload {
  name: string;
  arg?: unknown;
  /** Fetch again even when the entry is loaded and valid (a reader's «reload»). */
  force?: boolean;
}

const resourcesSlice = createSlice({
  name: 'resources',
  initialState: {} as ResourcesState,
  reducers: {
    /** "Ensure loaded": the middleware fetches only when the entry is missing, or invalid and not loading. */
    resourceRequested: (_state, _action: PayloadAction<RequestPayload>) => {},
    /** A reader (useResource) began or stopped showing an entry: a resource not kept unused goes with its last reader. */
    resourceSubscribed: (_state, _action: PayloadAction<string>) => {},
    resourceUnsubscribed: (_state, _action: PayloadAction<string>) => {},
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
    /** Every entry of these resources is refetched when next needed. */
    resourcesInvalidated: (state, action: PayloadAction<string[]>) => {
      for (const [key, entry] of Object.entries(state)) {
        if (action.payload.includes(resourceNameOf(key))) entry.invalid = true;
      }
    },
    /** After a write: every entry whose resource shows one of these is refetched when next needed. */
    tagsInvalidated: (state, action: PayloadAction<readonly Tag[]>) => {
      for (const [key, entry] of Object.entries(state)) {
        const tags = definitionOf(resourceNameOf(key))?.tags ?? [];
        if (tags.some((tag) => action.payload.includes(tag))) entry.invalid = true;
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
  resourceSubscribed,
  resourceUnsubscribed,
  fetchStarted,
  fetchSucceeded,
  fetchFailed,
  resourcesInvalidated,
  tagsInvalidated,
  resourceRemoved,
  resourceReplaced,
} = resourcesSlice.actions;
export const resourcesReducer = resourcesSlice.reducer;

/** Typed "ensure loaded" action creator for the public site's resources. */
export function ensureResource(name: ResourceName, arg?: unknown) {
  return resourceRequested(arg === undefined ? { name } : { name, arg });
}
