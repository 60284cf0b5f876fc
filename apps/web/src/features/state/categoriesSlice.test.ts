import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrate } from './actions';
import { categoriesStale, fetchCategories } from './categoriesSlice';
import { makeStore } from './store';
import { category, envelope, fakeApi } from './testing';

afterEach(() => {
  vi.useRealTimers();
});

describe('category state (spec §3 "Category": data, updatedAt in unix seconds, fetch error)', () => {
  it('starts empty', () => {
    const { api } = fakeApi({});
    expect(makeStore({ api }).getState().categories).toMatchObject({ data: [], updatedAt: null, error: null });
  });

  it('keeps fetched categories with their update time in unix seconds', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.750Z'), toFake: ['Date'] });
    const { api, get } = fakeApi({ '/product/categories': [{ ok: { categories: [category] } }] });
    const store = makeStore({ api });
    await store.dispatch(fetchCategories());
    expect(get).toHaveBeenCalledWith('/product/categories');
    expect(store.getState().categories).toMatchObject({ data: [category], updatedAt: 1795341600, error: null });
  });

  it('a failed fetch stores the error text and keeps the data it had', async () => {
    const { api } = fakeApi({
      '/product/categories': [{ ok: { categories: [category] } }, { fail: envelope('general/unknown_error', 'Boom', ['Boom']) }],
    });
    const store = makeStore({ api });
    await store.dispatch(fetchCategories());
    await store.dispatch(fetchCategories());
    expect(store.getState().categories).toMatchObject({ data: [category], error: 'message Boom' });
  });

  it('server data fills empty categories with the server fetch time, and never overwrites', () => {
    const { api } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(hydrate({ categories: [category], categoriesUpdatedAt: 1_800_000_000 }));
    expect(store.getState().categories).toMatchObject({ data: [category], updatedAt: 1_800_000_000 });
    store.dispatch(hydrate({ categories: [{ ...category, name: 'Other' }], categoriesUpdatedAt: 1_900_000_000 }));
    expect(store.getState().categories).toMatchObject({ data: [category], updatedAt: 1_800_000_000 });
  });

  it('server data without a time is stamped when received', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), toFake: ['Date'] });
    const { api } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(hydrate({ categories: [category] }));
    expect(store.getState().categories.updatedAt).toBe(1795341600);
  });

  it('an empty or missing server list leaves the slice empty', () => {
    const { api } = fakeApi({});
    const store = makeStore({ api });
    store.dispatch(hydrate({ categories: [] }));
    store.dispatch(hydrate({ categories: null }));
    expect(store.getState().categories).toMatchObject({ data: [], updatedAt: null });
  });

  it('categoriesStale tells missing or old data from fresh data', () => {
    const { api } = fakeApi({});
    const store = makeStore({ api });
    expect(categoriesStale(store.getState(), 60, 1000)).toBe(true);
    store.dispatch(hydrate({ categories: [category], categoriesUpdatedAt: 1000 }));
    expect(categoriesStale(store.getState(), 60, 1060)).toBe(false);
    expect(categoriesStale(store.getState(), 60, 1061)).toBe(true);
  });
});
