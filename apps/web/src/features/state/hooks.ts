'use client';

import { useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { configRequested } from './configSlice';
import { defaultRegionRequested } from './regionSlice';
import type { AppDispatch, AppStore } from './store';
import type { RootState } from './types';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** The configuration, asking the (lazy) config watcher for it until the client has loaded it. */
export function useConfig() {
  const dispatch = useAppDispatch();
  const { data, clientLoaded, error } = useAppSelector((state) => state.config);
  useEffect(() => {
    if (!clientLoaded) dispatch(configRequested());
  }, [clientLoaded, dispatch]);
  return { config: data, error };
}

/** The shop's default region, asking the (lazy) default-region watcher for it until loaded. */
export function useDefaultRegion() {
  const dispatch = useAppDispatch();
  const { defaultRegion, defaultRegionLoaded } = useAppSelector((state) => state.region);
  useEffect(() => {
    if (!defaultRegionLoaded) dispatch(defaultRegionRequested());
  }, [defaultRegionLoaded, dispatch]);
  return defaultRegion;
}
