import { createAsyncThunk, type ThunkDispatch, type TypedStartListening, type UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '@kedai/contract/client';

/** What every thunk and listener gets besides the state: the typed API client. */
export interface ThunkExtra {
  /** `browserApi` (lib/browser-api) in the browser, a stand-in in tests. */
  api: ApiClient;
}

/**
 * `createAsyncThunk` for thunks that read `State`: the parts of the store a feature declares it
 * needs (e.g. `{ cart: CartState }`). Features never import the whole store's state, so the store
 * imports the features and never the other way round. A rejection carries `RejectValue` (by
 * default the text to show, rules: errors.md).
 */
export const thunkCreatorFor = <State, RejectValue = string>() =>
  createAsyncThunk.withTypes<{
    state: State;
    dispatch: ThunkDispatch<State, ThunkExtra, UnknownAction>;
    extra: ThunkExtra;
    rejectValue: RejectValue;
  }>();

/** How a feature registers its watchers (listener-middleware effects) on the part of the store it reads. */
export type StartListeningFor<State> = TypedStartListening<State, ThunkDispatch<State, ThunkExtra, UnknownAction>, ThunkExtra>;
