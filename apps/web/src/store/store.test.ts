import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStarted, hydrate } from './actions';
import { makeStore } from './store';
import { settle, sg } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the store', () => {
  it('calls the API through the same-origin /api proxy by default', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ signedIn: false, tfaPassed: false, tfaEnabled: false }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { fetchCurrentUser } = await import('../features/account/user-slice');
    const store = makeStore();
    await store.dispatch(fetchCurrentUser());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('holds the client state only (decision 0010): the user, the region, the cart, the selection, the quotation items and the checkout', () => {
    expect(Object.keys(makeStore().getState()).sort()).toEqual(['cart', 'checkout', 'quotations', 'region', 'selection', 'user']);
  });

  it('fills the empty region from one hydrate, and starting up fetches nothing by itself', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    store.dispatch(hydrate({ defaultRegion: sg }));
    store.dispatch(appStarted());
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ region: { defaultRegion: sg, defaultRegionLoaded: true }, user: { signedIn: false } });
  });

  it('each store is separate (one per request / browser session)', () => {
    const a = makeStore();
    const b = makeStore();
    a.dispatch(hydrate({ defaultRegion: sg }));
    expect(b.getState().region.defaultRegion).toBeNull();
  });
});
