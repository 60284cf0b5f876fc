/**
 * Region state (rules: entities.md): defaultRegion, defaultRegionLoaded, preferredRegion (a country code),
 * preferredRegionLoaded and lastChosenRegion. The default region comes from the server (the
 * layout's `hydrate`, decision 0010); the preferred region is fetched once (`listeners.ts`), for signed-in users
 * (who owe no second factor: the API would refuse). A region picked in the header is remembered
 * as lastChosenRegion and, for such users, stored as their preferred country (`POST /region/prefer`).
 * Failed region fetches and saves are only logged (console.warn), never stored as errors (rules: errors.md).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Region } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { hydrate } from '../../store/actions';
import { thunkCreatorFor } from '../../store/thunk';
import type { UserState } from '../account/user-slice';

interface RegionState {
  defaultRegion: Region | null;
  defaultRegionLoaded: boolean;
  /** Country code of the signed-in user's preference (`GET /region/preferred`), null when none. */
  preferredRegion: string | null;
  /** True once the one fetch of the preferred region has finished (even when it failed). */
  preferredRegionLoaded: boolean;
  /** Key of the region last chosen in the region picker. */
  lastChosenRegion: string | null;
}

/** What region thunks and watchers read: their own state and whether the user may save a preference. */
export interface RegionRoot {
  region: RegionState;
  user: UserState;
}

const createRegionThunk = thunkCreatorFor<RegionRoot>();

const initialRegionState: RegionState = {
  defaultRegion: null,
  defaultRegionLoaded: false,
  preferredRegion: null,
  preferredRegionLoaded: false,
  lastChosenRegion: null,
};

function logRegionFailure(what: string, error: unknown, verb = 'fetched'): void {
  console.warn(`[kedai] ${what} could not be ${verb}: ${errorMessageFor(error)}`);
}

export const fetchPreferredRegion = createRegionThunk(
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
export const preferRegion = createRegionThunk('region/prefer', async (countryCode: string, { extra, rejectWithValue }) => {
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
export const regionPicked = createRegionThunk('region/picked', async (region: Region, { dispatch, getState }) => {
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
          state.defaultRegionLoaded = true;
        }
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
