import { describe, expect, it } from 'vitest';
import { emptyQueueText, queueQueryOf, queueSearchOf, queueStateFrom } from './queue-params';

describe('the quotation queue in the address', () => {
  it('opens on the pending items, and reads nonsense as the defaults', () => {
    expect(queueStateFrom(new URLSearchParams(''))).toEqual({ status: 'pending', source: 'all', page: 1 });
    expect(queueStateFrom(new URLSearchParams('status=p&source=e&page=1.5'))).toEqual({ status: 'pending', source: 'all', page: 1 });
  });

  it('round-trips a state, leaving the defaults out', () => {
    const state = { status: 'declined' as const, source: 'marketplace' as const, page: 2 };
    expect(queueSearchOf(state).toString()).toBe('status=declined&source=marketplace&page=2');
    expect(queueStateFrom(queueSearchOf(state))).toEqual(state);
    expect(queueSearchOf({ status: 'pending', source: 'all', page: 1 }).toString()).toBe('');
    expect(queueSearchOf({ status: 'all', source: 'shop', page: 1 }).toString()).toBe('status=all&source=shop');
  });

  it("gives the API's query: status and source codes, newest first by default", () => {
    expect(queueQueryOf({ status: 'pending', source: 'all', page: 1 })).toEqual({ status: 'p', source: undefined, page: 1, limit: 25 });
    expect(queueQueryOf({ status: 'quoted', source: 'shop', page: 3 })).toEqual({ status: 'r', source: 'i', page: 3, limit: 25 });
    expect(queueQueryOf({ status: 'all', source: 'marketplace', page: 1 })).toEqual({
      status: undefined,
      source: 'e',
      page: 1,
      limit: 25,
    });
    expect(queueQueryOf({ status: 'declined', source: 'all', page: 1 }).status).toBe('d');
  });

  it('says what an empty page means', () => {
    expect(emptyQueueText({ status: 'pending', source: 'all', page: 1 })).toBe('No pending quotations.');
    expect(emptyQueueText({ status: 'quoted', source: 'marketplace', page: 1 })).toBe('No quoted quotations for marketplace links.');
    expect(emptyQueueText({ status: 'all', source: 'shop', page: 1 })).toBe('There are no quotations for shop products yet.');
    expect(emptyQueueText({ status: 'all', source: 'all', page: 4 })).toBe('There is nothing on this page any more.');
  });
});
