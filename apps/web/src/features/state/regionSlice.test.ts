import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { appStarted, hydrate } from './actions';
import { defaultRegionRequested, fetchPreferredRegion, lastChosenRegion } from './regionSlice';
import { makeStore } from './store';
import { envelope, fakeApi, my, settle, sg } from './testing';
import { sessionChanged } from './userSlice';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

describe('region state (spec §3 "Region state")', () => {
  it('starts with no default, preferred or chosen region', () => {
    const { api } = fakeApi({});
    expect(makeStore({ api }).getState().region).toMatchObject({
      defaultRegion: null,
      defaultRegionLoaded: false,
      preferredRegion: null,
      preferredRegionLoaded: false,
      lastChosenRegion: null,
    });
  });

  it('the default region is fetched lazily, when asked for', async () => {
    const { api, get } = fakeApi({ '/region/default': [{ ok: { region: sg } }] });
    const store = makeStore({ api });
    await settle();
    expect(get).not.toHaveBeenCalled();
    store.dispatch(defaultRegionRequested());
    await settle();
    expect(get).toHaveBeenCalledWith('/region/default');
    expect(store.getState().region).toMatchObject({ defaultRegion: sg, defaultRegionLoaded: true });
  });

  it('the default-region watcher stops once loaded', async () => {
    const { api, get } = fakeApi({ '/region/default': [{ ok: { region: sg } }] });
    const store = makeStore({ api });
    store.dispatch(defaultRegionRequested());
    await settle();
    store.dispatch(defaultRegionRequested());
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a failed default-region fetch is only logged: nothing stored, and a later request retries', async () => {
    const { api, get } = fakeApi({
      '/region/default': [{ fail: envelope('region/not_found', 'Region default is not found', ['default']) }, { ok: { region: sg } }],
    });
    const store = makeStore({ api });
    const before = store.getState().region;
    store.dispatch(defaultRegionRequested());
    await settle();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('This region is not available'));
    expect(store.getState().region).toEqual(before);
    expect(store.getState().region).not.toHaveProperty('error');

    store.dispatch(defaultRegionRequested());
    await settle();
    expect(get).toHaveBeenCalledTimes(2);
    expect(store.getState().region.defaultRegion).toEqual(sg);
  });

  it('server data fills an empty default region (then loaded), and never overwrites', async () => {
    const { api, get } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(hydrate({ defaultRegion: sg }));
    expect(store.getState().region).toMatchObject({ defaultRegion: sg, defaultRegionLoaded: true });
    store.dispatch(hydrate({ defaultRegion: my }));
    expect(store.getState().region.defaultRegion).toEqual(sg);
    store.dispatch(defaultRegionRequested());
    await settle();
    expect(get).not.toHaveBeenCalled();
  });

  it('the preferred region is not fetched for visitors who are not signed in', async () => {
    const { api, get } = fakeApi({ '/region/preferred': [{ ok: { countryCode: 'MY' } }] });
    const store = makeStore({ api });
    store.dispatch(appStarted());
    store.dispatch({ type: 'anything/else' });
    await settle();
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().region.preferredRegionLoaded).toBe(false);
  });

  it('the preferred region is fetched once, when the user is signed in', async () => {
    const { api, get } = fakeApi({ '/region/preferred': [{ ok: { countryCode: 'my' } }] });
    const store = makeStore({ api });
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(store.getState().region).toMatchObject({ preferredRegion: 'MY', preferredRegionLoaded: true });
    store.dispatch(sessionChanged({ signedIn: false }));
    store.dispatch(sessionChanged({ signedIn: true }));
    await store.dispatch(fetchPreferredRegion());
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a failed preferred-region fetch is only logged and not retried', async () => {
    const { api, get } = fakeApi({ '/region/preferred': [{ fail: envelope('auth/not_authorized', 'Not signed in') }] });
    const store = makeStore({ api });
    store.dispatch(sessionChanged({ signedIn: true }));
    await settle();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(store.getState().region).toMatchObject({ preferredRegion: null, preferredRegionLoaded: true });
    store.dispatch({ type: 'something/else' });
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('lastChosenRegion records the region picked in the picker', () => {
    const { api } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(lastChosenRegion('MY'));
    expect(store.getState().region.lastChosenRegion).toBe('MY');
  });
});
