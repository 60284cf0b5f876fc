/**
 * Shared types of the client store. `RootState` is declared by hand (not inferred from the reducer)
 * so slices, thunks and listeners can refer to it without a circular inference.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '@kedai/contract/client';
import type { CartState } from '../cart/cartSlice';
import type { SelectionState } from '../cart/selectionSlice';
import type { CategoriesState } from './categoriesSlice';
import type { ConfigState } from './configSlice';
import type { RegionState } from './regionSlice';
import type { UserState } from './userSlice';

export interface RootState {
  config: ConfigState;
  region: RegionState;
  categories: CategoriesState;
  user: UserState;
  cart: CartState;
  selection: SelectionState;
}

export interface ThunkExtra {
  /** The typed API client: `browserApi` (lib/browser-api) in the browser, a stand-in in tests. */
  api: ApiClient;
}

export type AppThunkDispatch = ThunkDispatch<RootState, ThunkExtra, UnknownAction>;
