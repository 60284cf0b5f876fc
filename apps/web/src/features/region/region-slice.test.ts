import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { appStarted, hydrate } from '../../store/actions';
import type { Region } from '@kedai/contract';
import { countryOfRegion, fetchPreferredRegion, lastChosenRegion, preferRegion, regionPicked } from './region-slice';
import { makeStore } from '../../store/store';
import { envelope, fakeApi, my, settle, sg } from '../../store/testing';
import { sessionChanged, sessionExpired, signedOut } from '../account/user-slice';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

describe('region state (rules: state.md "Region state")', () => {
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

  it('the default region comes from server data: it fills an empty one (then loaded), never overwrites, and is never fetched', async () => {
    const { api, get } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(hydrate({ defaultRegion: sg }));
    expect(store.getState().region).toMatchObject({ defaultRegion: sg, defaultRegionLoaded: true });
    store.dispatch(hydrate({ defaultRegion: my }));
    expect(store.getState().region.defaultRegion).toEqual(sg);
    await settle();
    expect(get).not.toHaveBeenCalled(); // the server's is the one source (decision 0010)
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
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
    await settle();
    expect(store.getState().region).toMatchObject({ preferredRegion: 'MY', preferredRegionLoaded: true });
    store.dispatch(sessionChanged({ signedIn: false }));
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
    await store.dispatch(fetchPreferredRegion());
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a failed preferred-region fetch is only logged and not retried', async () => {
    const { api, get } = fakeApi({ '/region/preferred': [{ fail: envelope('auth/not_authorized', 'Not signed in') }] });
    const store = makeStore({ api });
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
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

  it('the preferred region is not fetched while a second factor is owed, and is once it is passed', async () => {
    const { api, get } = fakeApi({ '/region/preferred': [{ ok: { countryCode: 'JP' } }] });
    const store = makeStore({ api });
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: false }));
    await settle();
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().region.preferredRegionLoaded).toBe(false);
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
    expect(store.getState().region).toMatchObject({ preferredRegion: 'JP', preferredRegionLoaded: true });
  });

  it('lastChosenRegion is remembered through sign-out and session expiry', async () => {
    const { api } = fakeApi({ '/region/preferred': [{ ok: { countryCode: null } }] });
    const store = makeStore({ api });
    store.dispatch(lastChosenRegion('MY'));
    store.dispatch(signedOut());
    store.dispatch(sessionExpired());
    store.dispatch(hydrate({ defaultRegion: sg }));
    await settle();
    expect(store.getState().region.lastChosenRegion).toBe('MY');
  });

  describe('lastChosenRegion restored at start-up from the picker cookie', () => {
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'document');
    afterEach(() => {
      if (saved) Object.defineProperty(globalThis, 'document', saved);
      else delete (globalThis as { document?: unknown }).document;
    });
    const withCookie = (cookie: string) =>
      Object.defineProperty(globalThis, 'document', { value: { cookie }, configurable: true, writable: true });

    it('takes the kedai_region cookie in the browser', () => {
      withCookie('kedai_vid=1; kedai_region=MY; other=x');
      const store = makeStore({ api: fakeApi({}).api });
      store.dispatch(appStarted());
      expect(store.getState().region.lastChosenRegion).toBe('MY');
    });

    it('never overwrites a choice made since, and does nothing without the cookie or a document', () => {
      withCookie('kedai_region=MY');
      const chosen = makeStore({ api: fakeApi({}).api });
      chosen.dispatch(lastChosenRegion('JP'));
      chosen.dispatch(appStarted());
      expect(chosen.getState().region.lastChosenRegion).toBe('JP');

      withCookie('kedai_vid=1');
      const none = makeStore({ api: fakeApi({}).api });
      none.dispatch(appStarted());
      expect(none.getState().region.lastChosenRegion).toBeNull();

      delete (globalThis as { document?: unknown }).document;
      const server = makeStore({ api: fakeApi({}).api });
      server.dispatch(appStarted());
      expect(server.getState().region.lastChosenRegion).toBeNull();
    });
  });

  it("a picked region's country is its key when it is one of its countries, else its first country", () => {
    expect(countryOfRegion(sg)).toBe('SG');
    expect(countryOfRegion({ key: 'my', countries: ['bn', 'my'] })).toBe('MY');
    expect(countryOfRegion({ key: 'EU', countries: ['FR', 'DE'] })).toBe('FR');
    expect(countryOfRegion({ key: 'EMPTY', countries: [] })).toBeNull();
  });

  it('picking a region while signed in remembers it and saves its country as the preferred region', async () => {
    const { api, post } = fakeApi({
      '/region/preferred': [{ ok: { countryCode: null } }],
      'POST /region/prefer': [{ ok: { countryCode: 'MY' } }],
    });
    const store = makeStore({ api });
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
    await settle();
    await store.dispatch(regionPicked(my));
    expect(post).toHaveBeenCalledWith('/region/prefer', { countryCode: 'MY' });
    expect(store.getState().region).toMatchObject({ lastChosenRegion: 'MY', preferredRegion: 'MY', preferredRegionLoaded: true });
  });

  it('a preference saved before the one fetch makes that fetch unnecessary', async () => {
    const { api, get } = fakeApi({ 'POST /region/prefer': [{ ok: { countryCode: 'JP' } }] });
    const store = makeStore({ api });
    await store.dispatch(preferRegion('jp'));
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
    await settle();
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().region.preferredRegion).toBe('JP');
  });

  it('picking a region while signed out, or owing a second factor, only remembers it', async () => {
    const { api, post } = fakeApi({});
    const store = makeStore({ api });
    await store.dispatch(regionPicked(my));
    expect(store.getState().region.lastChosenRegion).toBe('MY');
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: false }));
    await store.dispatch(regionPicked(sg));
    expect(store.getState().region).toMatchObject({ lastChosenRegion: 'SG', preferredRegion: null });
    expect(post).not.toHaveBeenCalled();
  });

  it('a failed save of the preferred region is only logged: the choice stays, nothing else changes', async () => {
    const jp: Region = { key: 'JP', name: 'Japan', currency: 'JPY', countries: ['JP'], priceBands: [] };
    const { api, post } = fakeApi({
      '/region/preferred': [{ ok: { countryCode: 'SG' } }],
      'POST /region/prefer': [{ fail: envelope('user/invalid_country', 'Choose your country from the list.', ['JP']) }],
    });
    const store = makeStore({ api });
    store.dispatch(sessionChanged({ signedIn: true, tfaPassed: true }));
    await settle();
    const before = store.getState().region;
    await store.dispatch(regionPicked(jp));
    expect(post).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Choose your country from the list.'));
    expect(store.getState().region).toEqual({ ...before, lastChosenRegion: 'JP' });
    expect(store.getState().region).not.toHaveProperty('error');
  });
});
