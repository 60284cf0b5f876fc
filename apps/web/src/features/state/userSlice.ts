/**
 * The beginning of the user state of spec §3 (signedIn, tfaPassed, profile, profileFetched).
 * Accounts come with a later issue; until then every visitor is "not signed in" and nothing here
 * changes, except through `sessionChanged`, which that sign-in flow will dispatch.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from './types';

export interface UserState {
  signedIn: boolean;
  tfaPassed: boolean;
  profile: Record<string, unknown> | null;
  profileFetched: boolean;
}

export const initialUserState: UserState = { signedIn: false, tfaPassed: false, profile: null, profileFetched: false };

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    sessionChanged(state, action: PayloadAction<{ signedIn: boolean; tfaPassed?: boolean }>) {
      state.signedIn = action.payload.signedIn;
      state.tfaPassed = action.payload.tfaPassed ?? false;
    },
  },
});

export const { sessionChanged } = userSlice.actions;
export const selectSignedIn = (state: RootState) => state.user.signedIn;
