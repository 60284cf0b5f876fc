import { describe, expect, it } from 'vitest';
import { hydrate } from './actions';
import { configRequested, fetchConfig } from './configSlice';
import { makeStore } from './store';
import { config, envelope, fakeApi, settle } from './testing';

describe('config state (spec §3 "Config state": data, clientLoaded, fetch error)', () => {
  it('starts empty: no data, not client-loaded, no error', () => {
    const { api } = fakeApi({});
    expect(makeStore({ api }).getState().config).toMatchObject({ data: null, clientLoaded: false, error: null });
  });

  it('is fetched lazily: nothing is fetched until something asks for it', async () => {
    const { api, get } = fakeApi({ '/config': [{ ok: config }] });
    const store = makeStore({ api });
    await settle();
    expect(get).not.toHaveBeenCalled();
    store.dispatch(configRequested());
    await settle();
    expect(get).toHaveBeenCalledWith('/config');
    expect(store.getState().config).toMatchObject({ data: config, clientLoaded: true, error: null });
  });

  it('the watcher stops once loaded: later requests fetch nothing', async () => {
    const { api, get } = fakeApi({ '/config': [{ ok: config }] });
    const store = makeStore({ api });
    store.dispatch(configRequested());
    await settle();
    store.dispatch(configRequested());
    store.dispatch(configRequested());
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('requests while a fetch is in flight share it', async () => {
    let release: (value: unknown) => void = () => {};
    const { api, get } = fakeApi({ '/config': [{ wait: new Promise((resolve) => (release = resolve)) }] });
    const store = makeStore({ api });
    store.dispatch(configRequested());
    store.dispatch(configRequested());
    release(config);
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
    expect(store.getState().config.clientLoaded).toBe(true);
  });

  it('a failed fetch stores the error text (spec §8) and the watcher tries again on the next request', async () => {
    const { api, get } = fakeApi({
      '/config': [{ fail: envelope('general/rate_limited', 'Slow down') }, { ok: config }],
    });
    const store = makeStore({ api });
    store.dispatch(configRequested());
    await settle();
    expect(store.getState().config).toMatchObject({
      data: null,
      clientLoaded: false,
      error: 'Too many requests, please wait a moment and try again',
    });
    store.dispatch(configRequested());
    await settle();
    expect(get).toHaveBeenCalledTimes(2);
    expect(store.getState().config).toMatchObject({ data: config, clientLoaded: true, error: null });
  });

  it('a failure without an errorCode keeps the error text, else "Unknown error"', async () => {
    const { api } = fakeApi({ '/config': [{ fail: new Error('Network down') }, { fail: {} }] });
    const store = makeStore({ api });
    await store.dispatch(fetchConfig());
    expect(store.getState().config.error).toBe('Network down');
    await store.dispatch(fetchConfig());
    expect(store.getState().config.error).toBe('Unknown error');
  });

  it('server data fills an empty config (not counted as client-loaded), and never overwrites', async () => {
    const { api } = fakeApi({ '/config': [{ ok: { ...config, shop_name: 'From the client' } }] });
    const store = makeStore({ api });
    store.dispatch(hydrate({ config }));
    expect(store.getState().config).toMatchObject({ data: config, clientLoaded: false });

    store.dispatch(hydrate({ config: { ...config, shop_name: 'Other' } }));
    expect(store.getState().config.data?.shop_name).toBe('Kedai');

    store.dispatch(configRequested());
    await settle();
    store.dispatch(hydrate({ config }));
    expect(store.getState().config.data?.shop_name).toBe('From the client');
  });

  it('a missing server config (API down) leaves the slice empty', () => {
    const { api } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(hydrate({ config: null }));
    expect(store.getState().config.data).toBeNull();
  });
});
