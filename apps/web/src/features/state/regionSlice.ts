/**
 * Region state (spec §3): defaultRegion, defaultRegionLoaded, preferredRegion (a country code),
 * preferredRegionLoaded and lastChosenRegion. The default region is fetched lazily (watcher in
 * `listeners.ts`, stops once loaded); the preferred region is fetched once, for signed-in users.
 * Failed region fetches are only logged (console.warn), never stored as errors (spec §8).
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Region } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { hydrate } from './actions';
import { createAppAsyncThunk } from './thunk';
import type { RootState } from './types';

export interface RegionState {
  defaultRegion: Region | null;
  defaultRegionLoaded: boolean;
  /** Country code of the signed-in user's preference (`GET /region/preferred`), null when none. */
  preferredRegion: string | null;
  /** True once the one fetch of the preferred region has finished (even when it failed). */
  preferredRegionLoaded: boolean;
  /** Key of the region last chosen in the region picker. */
  lastChosenRegion: string | null;
  /** A default-region fetch is in flight. */
  defaultRegionLoading: boolean;
}

export const initialRegionState: RegionState = {
  defaultRegion: null,
  defaultRegionLoaded: false,
  preferredRegion: null,
  preferredRegionLoaded: false,
  lastChosenRegion: null,
  defaultRegionLoading: false,
};

/** Asks the default-region watcher for the default region; does nothing once it has loaded. */
export const defaultRegionRequested = createAction('region/defaultRequested');

function logRegionFailure(what: string, error: unknown): void {
  console.warn(`[kedai] ${what} could not be fetched: ${errorMessageFor(error)}`);
}

export const fetchDefaultRegion = createAppAsyncThunk(
  'region/fetchDefault',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      return (await extra.api.get<{ region: Region }>('/region/default')).region;
    } catch (error) {
      logRegionFailure('The default region', error);
      return rejectWithValue(errorMessageFor(error));
    }
  },
  { condition: (_, { getState }) => !getState().region.defaultRegionLoading },
);

export const fetchPreferredRegion = createAppAsyncThunk(
  'region/fetchPreferred',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { countryCode } = await extra.api.get<{ countryCode: string | null }>('/region/preferred');
      return typeof countryCode === 'string' && countryCode !== '' ? countryCode.toUpperCase() : null;
    } catch (error) {
      logRegionFailure('The preferred region', error);
      return rejectWithValue(errorMessageFor(error));
    }
  },
  { condition: (_, { getState }) => !getState().region.preferredRegionLoaded },
);

export const regionSlice = createSlice({
  name: 'region',
  initialState: initialRegionState,
  reducers: {
    /** The shopper chose a region in the picker (its key). */
    lastChosenRegion(state, action: PayloadAction<string>) {
      state.lastChosenRegion = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(hydrate, (state, action) => {
        if (state.defaultRegion === null && action.payload.defaultRegion) {
          state.defaultRegion = action.payload.defaultRegion;
          // The server fetched it for this very request: nothing left for the watcher to do.
          state.defaultRegionLoaded = true;
        }
      })
      .addCase(fetchDefaultRegion.pending, (state) => {
        state.defaultRegionLoading = true;
      })
      .addCase(fetchDefaultRegion.fulfilled, (state, action) => {
        state.defaultRegion = action.payload;
        state.defaultRegionLoaded = true;
        state.defaultRegionLoading = false;
      })
      .addCase(fetchDefaultRegion.rejected, (state) => {
        // Only logged (in the thunk); nothing is stored, and a later request tries again.
        state.defaultRegionLoading = false;
      })
      .addCase(fetchPreferredRegion.fulfilled, (state, action) => {
        state.preferredRegion = action.payload;
        state.preferredRegionLoaded = true;
      })
      .addCase(fetchPreferredRegion.rejected, (state) => {
        // Fetched once: a failure is logged and not retried.
        state.preferredRegionLoaded = true;
      });
  },
});

export const { lastChosenRegion } = regionSlice.actions;

export const selectDefaultRegion = (state: RootState) => state.region.defaultRegion;
export const selectPreferredRegion = (state: RootState) => state.region.preferredRegion;
export const selectLastChosenRegion = (state: RootState) => state.region.lastChosenRegion;
