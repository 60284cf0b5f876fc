import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@kedai/db';
import { MAX_ENTRIES, cached, invalidate } from '../src/platform/cache';

const db = {} as Database;

describe('cached', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once within the time to live, again after it, and again after invalidation', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached(db, 'k', load, 50)).toBe(1);
    vi.setSystemTime(49);
    expect(await cached(db, 'k', load, 50)).toBe(1);
    vi.setSystemTime(50);
    expect(await cached(db, 'k', load, 50)).toBe(2);
    invalidate(db, 'k');
    expect(await cached(db, 'k', load, 50)).toBe(3);
  });

  it('does not remember a failed load', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return 'up';
    };
    await expect(cached(db, 'flaky', flaky)).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached(db, 'flaky', flaky)).toBe('up');
  });

  it('keeps at most MAX_ENTRIES per database, dropping the oldest', async () => {
    const other = {} as Database;
    for (let i = 0; i <= MAX_ENTRIES; i++) await cached(other, `key-${i}`, async () => i);
    let reloaded = false;
    await cached(other, 'key-0', async () => {
      reloaded = true;
      return -1;
    });
    expect(reloaded).toBe(true);
    let kept = true;
    await cached(other, `key-${MAX_ENTRIES}`, async () => {
      kept = false;
      return -1;
    });
    expect(kept).toBe(true);
  });
});
