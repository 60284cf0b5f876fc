import { describe, expect, it } from 'vitest';
import { listQueryOf, listSearchOf, listStateFrom } from './list-params';

describe('the product list in the address', () => {
  it('reads the defaults from an empty address and nonsense', () => {
    expect(listStateFrom(new URLSearchParams(''))).toEqual({ q: '', status: 'all', sort: 'updated', page: 1 });
    expect(listStateFrom(new URLSearchParams('status=gone&sort=price&page=-2'))).toEqual({
      q: '',
      status: 'all',
      sort: 'updated',
      page: 1,
    });
  });
  it('round-trips a state, leaving the defaults out', () => {
    const state = { q: 'mug', status: 'disabled' as const, sort: 'name' as const, page: 3 };
    expect(listSearchOf(state).toString()).toBe('q=mug&status=disabled&sort=name&page=3');
    expect(listStateFrom(listSearchOf(state))).toEqual(state);
    expect(listSearchOf({ q: ' ', status: 'all', sort: 'updated', page: 1 }).toString()).toBe('');
  });
  it("gives the API's query", () => {
    expect(listQueryOf({ q: ' mug ', status: 'enabled', sort: 'stock', page: 2 })).toEqual({
      q: 'mug',
      disabled: false,
      sort: 'stock',
      page: 2,
      limit: 25,
    });
    expect(listQueryOf({ q: '', status: 'all', sort: 'updated', page: 1 })).toEqual({
      q: undefined,
      disabled: undefined,
      sort: 'updated',
      page: 1,
      limit: 25,
    });
  });
});
