import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStarted, hydrate } from './actions';
import { configRequested } from './configSlice';
import { makeStore } from './store';
import { category, config, settle, sg } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the store', () => {
  it('calls the API through the same-origin /api proxy by default', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    store.dispatch(configRequested());
    await settle();
    expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.objectContaining({ credentials: 'same-origin' }));
    expect(store.getState().config.clientLoaded).toBe(true);
  });

  it('fills every empty slice from one hydrate, and starting up fetches nothing by itself', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    store.dispatch(hydrate({ config, defaultRegion: sg, categories: [category], categoriesUpdatedAt: 1_800_000_000 }));
    store.dispatch(appStarted());
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      config: { data: config, clientLoaded: false },
      region: { defaultRegion: sg, defaultRegionLoaded: true },
      categories: { data: [category], updatedAt: 1_800_000_000 },
      user: { signedIn: false },
    });
  });

  it('each store is separate (one per request / browser session)', () => {
    const a = makeStore();
    const b = makeStore();
    a.dispatch(hydrate({ config }));
    expect(b.getState().config.data).toBeNull();
  });
});
