import { createAction } from '@reduxjs/toolkit';
import type { Region } from '@kedai/contract';

/** What the root layout fetched on the server for this request and the client store keeps; anything may be missing (API down). */
export interface InitialData {
  defaultRegion?: Region | null;
}

/**
 * Server-provided data for the client store (rules: state.md "Loading"): each slice takes its part only if
 * it is still empty, so a refresh of the layout never overwrites what the client has since chosen.
 */
export const hydrate = createAction<InitialData>('app/hydrate');

/** Dispatched once when the app starts in the browser. */
export const appStarted = createAction('app/started');
