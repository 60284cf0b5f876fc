import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AppThunkDispatch, RootState, ThunkExtra } from './types';

/** `createAsyncThunk` typed for this store; a rejection carries the text to show (spec §8). */
export const createAppAsyncThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppThunkDispatch;
  extra: ThunkExtra;
  rejectValue: string;
}>();

/** Now, in unix seconds (spec §9: timestamps are unix seconds). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
