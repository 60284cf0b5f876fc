import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows, sql, type Database } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
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

describe('cached, with a lazy query', () => {
  it('runs a query the loader answers once, however many callers await it', async () => {
    let runs = 0;
    // Like drizzle's query builders: each `then` runs the query again.
    const lazy = { then: (resolve: (n: number) => void) => resolve(++runs) } as unknown as Promise<number>;
    const other = {} as Database;
    const answers = await Promise.all([1, 2, 3].map(() => cached(other, 'lazy', () => lazy)));
    expect(answers).toEqual([1, 1, 1]);
    expect(await cached(other, 'lazy', () => lazy)).toBe(1);
    expect(runs).toBe(1);
  });
});

describe('cached, inside a transaction', () => {
  it('finds what the database loaded, and what it loads the database finds', async () => {
    const handle = await createTestDatabase();
    try {
      const { db } = handle;
      expect(await cached(db, 'k', async () => 'loaded')).toBe('loaded');
      await db.transaction(async (tx) => {
        expect(await cached(tx, 'k', async () => 'again')).toBe('loaded');
        const loaded = await cached(tx, 'regions', async (reader) => (await queryRows<{ n: number }>(reader, sql`SELECT 1 AS n`))[0]!.n);
        expect(loaded).toBe(1);
      });
      expect(await cached(db, 'regions', async () => -1)).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('does not wait for a load still running outside the transaction (on PGlite it waits for the transaction)', async () => {
    const handle = await createTestDatabase();
    try {
      const { db } = handle;
      let outside: Promise<string> | undefined;
      const inside = await db.transaction(async (tx) => {
        outside = cached(db, 'shared', async (reader) => {
          await reader.execute(sql`SELECT 1`);
          return 'outside';
        });
        return cached(tx, 'shared', async (reader) => {
          await reader.execute(sql`SELECT 2`);
          return 'inside';
        });
      });
      expect(['inside', 'outside']).toContain(inside);
      expect(await outside).toBe('outside');
    } finally {
      await handle.close();
    }
  });
});
