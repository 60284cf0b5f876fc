/**
 * Config state (spec §3): data, clientLoaded and the fetch error. The layout's server fetch fills
 * `data` when it is empty (`hydrate`); the client fetches `GET /config` lazily — when something
 * asks for it with `configRequested` (the shell does at start-up) — and the watcher in
 * `listeners.ts` stops for good once it has loaded.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PublicConfig } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { hydrate } from './actions';
import { createAppAsyncThunk } from './thunk';
import type { RootState } from './types';

export interface ConfigState {
  data: PublicConfig | null;
  /** True once the browser has fetched the configuration itself (server data does not count). */
  clientLoaded: boolean;
  /** Text of the last failed fetch (spec §8), null after a success. */
  error: string | null;
  /** A fetch is in flight (keeps a second one from starting). */
  loading: boolean;
}

export const initialConfigState: ConfigState = { data: null, clientLoaded: false, error: null, loading: false };

/** Asks the config watcher for the configuration; does nothing once it has loaded. */
export const configRequested = createAction('config/requested');

export const fetchConfig = createAppAsyncThunk(
  'config/fetch',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      return await extra.api.get('/config');
    } catch (error) {
      return rejectWithValue(errorMessageFor(error));
    }
  },
  { condition: (_, { getState }) => !getState().config.loading },
);

export const configSlice = createSlice({
  name: 'config',
  initialState: initialConfigState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(hydrate, (state, action) => {
        if (state.data === null && action.payload.config) state.data = action.payload.config;
      })
      .addCase(fetchConfig.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchConfig.fulfilled, (state, action) => {
        state.data = action.payload;
        state.clientLoaded = true;
        state.error = null;
        state.loading = false;
      })
      .addCase(fetchConfig.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? action.error.message ?? 'Unknown error';
      });
  },
});

export const selectConfig = (state: RootState) => state.config.data;
export const selectConfigError = (state: RootState) => state.config.error;
/** The shop currency (config `app_currency`, spec §9), SGD until the configuration is known. */
export const selectAppCurrency = (state: RootState) => state.config.data?.app_currency || 'SGD';
