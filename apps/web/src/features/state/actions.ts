import { createAction } from '@reduxjs/toolkit';
import type { Category, PublicConfig, Region } from '@kedai/contract';
import { nowSeconds } from './thunk';

/** What the root layout fetched on the server for this request; anything may be missing (API down). */
export interface InitialData {
  config?: PublicConfig | null;
  defaultRegion?: Region | null;
  categories?: Category[] | null;
  /** When the server fetched the categories, unix seconds. */
  categoriesUpdatedAt?: number | null;
}

/**
 * Initial server-provided data (spec §4 "Loading"): each slice takes its part only if it is still
 * empty, so a refresh of the layout never overwrites what the client has fetched or chosen since.
 * The payload is stamped with `receivedAt` (unix seconds) for data that comes without a time.
 */
export const hydrate = createAction('app/hydrate', (data: InitialData) => ({
  payload: { ...data, receivedAt: nowSeconds() },
}));

/** Dispatched once when the app starts in the browser. */
export const appStarted = createAction('app/started');
