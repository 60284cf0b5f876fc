/**
 * Category state (spec §3): data, updatedAt (unix seconds) and the fetch error. The layout's
 * server fetch fills it when empty (`hydrate`); `fetchCategories` refreshes it.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { Category } from '@kedai/contract';
import { errorMessageFor } from '@kedai/domain';
import { hydrate } from './actions';
import { createAppAsyncThunk, nowSeconds } from './thunk';
import type { RootState } from './types';

export interface CategoriesState {
  data: Category[];
  /** When `data` was fetched, unix seconds; null before any data. */
  updatedAt: number | null;
  error: string | null;
  loading: boolean;
}

export const initialCategoriesState: CategoriesState = { data: [], updatedAt: null, error: null, loading: false };

export const fetchCategories = createAppAsyncThunk(
  'categories/fetch',
  async (_: void, { extra, rejectWithValue }) => {
    try {
      const { categories } = await extra.api.get('/product/categories');
      return { categories, updatedAt: nowSeconds() };
    } catch (error) {
      return rejectWithValue(errorMessageFor(error));
    }
  },
  { condition: (_, { getState }) => !getState().categories.loading },
);

export const categoriesSlice = createSlice({
  name: 'categories',
  initialState: initialCategoriesState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(hydrate, (state, action) => {
        const { categories, categoriesUpdatedAt, receivedAt } = action.payload;
        if (state.data.length === 0 && categories && categories.length > 0) {
          state.data = categories;
          state.updatedAt = categoriesUpdatedAt ?? receivedAt;
        }
      })
      .addCase(fetchCategories.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchCategories.fulfilled, (state, action) => {
        state.data = action.payload.categories;
        state.updatedAt = action.payload.updatedAt;
        state.error = null;
        state.loading = false;
      })
      .addCase(fetchCategories.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? action.error.message ?? 'Unknown error';
      });
  },
});

export const selectCategories = (state: RootState) => state.categories.data;
export const selectCategoriesUpdatedAt = (state: RootState) => state.categories.updatedAt;

/** Whether the categories are missing or older than `maxAgeSeconds` at `now` (unix seconds). */
export function categoriesStale(state: RootState, maxAgeSeconds: number, now: number = nowSeconds()): boolean {
  const { updatedAt, data } = state.categories;
  return data.length === 0 || updatedAt === null || now - updatedAt > maxAgeSeconds;
}
