/**
 * Region state (spec §3): defaultRegion, defaultRegionLoaded, preferredRegion (a country code),
 * preferredRegionLoaded and lastChosenRegion. The default region is fetched lazily (watcher in
 * `listeners.ts`, stops once loaded); the preferred region is fetched once, for signed-in users
 * (who owe no second factor: the API would refuse). A region picked in the header is remembered
 * as lastChosenRegion and, for such users, stored as their preferred country (`POST /region/prefer`).
 * Failed region fetches and saves are only logged (console.warn), never stored as errors (spec §8).
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

function logRegionFailure(what: string, error: unknown, verb = 'fetched'): void {
  console.warn(`[kedai] ${what} could not be ${verb}: ${errorMessageFor(error)}`);
}

export const fetchDefaultRegion = createAppAsyncThunk(
  'region/fetchDefault',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      return (await extra.api.get('/region/default')).region;
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
      const { countryCode } = await extra.api.get('/region/preferred');
      return typeof countryCode === 'string' && countryCode !== '' ? countryCode.toUpperCase() : null;
    } catch (error) {
      logRegionFailure('The preferred region', error);
      return rejectWithValue(errorMessageFor(error));
    }
  },
  { condition: (_, { getState }) => !getState().region.preferredRegionLoaded },
);

/** `POST /region/prefer`: the stored (upper-case) country becomes the preferred region. */
export const preferRegion = createAppAsyncThunk('region/prefer', async (countryCode: string, { extra, rejectWithValue }) => {
  try {
    return (await extra.api.post('/region/prefer', { body: { countryCode } })).countryCode;
  } catch (error) {
    logRegionFailure('The preferred region', error, 'saved');
    return rejectWithValue(errorMessageFor(error));
  }
});

/**
 * The country a picked region stands for: its key when that is one of its countries (the usual
 * one-country region), else its first country; null for a region without countries.
 */
export function countryOfRegion(region: Pick<Region, 'key' | 'countries'>): string | null {
  const key = region.key.toUpperCase();
  const countries = region.countries.map((c) => c.toUpperCase());
  return countries.includes(key) ? key : (countries[0] ?? null);
}

/**
 * The shopper picked a region in the header: remember it (lastChosenRegion) and, when signed in
 * with no second factor owed, save its country as the preferred region.
 */
export const regionPicked = createAppAsyncThunk('region/picked', async (region: Region, { dispatch, getState }) => {
  dispatch(lastChosenRegion(region.key));
  const { signedIn, tfaPassed } = getState().user;
  const country = countryOfRegion(region);
  if (signedIn && tfaPassed && country) await dispatch(preferRegion(country));
});

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
      })
      .addCase(preferRegion.fulfilled, (state, action) => {
        // The server's answer is the preference now; the one fetch has nothing newer to tell.
        state.preferredRegion = action.payload;
        state.preferredRegionLoaded = true;
      });
  },
});

export const { lastChosenRegion } = regionSlice.actions;

export const selectDefaultRegion = (state: RootState) => state.region.defaultRegion;
export const selectPreferredRegion = (state: RootState) => state.region.preferredRegion;
export const selectLastChosenRegion = (state: RootState) => state.region.lastChosenRegion;
