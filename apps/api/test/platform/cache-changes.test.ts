import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { cached, followCacheChanges, invalidate } from '../../src/platform/cache';
import { databasePubSub, usePubSub, type PubSub } from '../../src/platform/pubsub';

/**
 * Two API processes on one PostgreSQL database (two connection pools and two pub/subs here): a change
 * made through one drops the other's cached reference data at once, not when it expires. PGlite has
 * a single process, so this runs on PostgreSQL (TEST_DATABASE_URL, as CI does).
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(postgres)('cache changes between API processes', () => {
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  let firstPubSub: PubSub;
  let secondPubSub: PubSub;
  beforeAll(async () => {
    first = await createTestDatabase();
    second = await openDatabase({ url: first.url, poolSize: 2 });
    // What app.ts does for each process: the seam its services publish on, and the caches following it.
    firstPubSub = databasePubSub(first);
    usePubSub(first.db, firstPubSub);
    secondPubSub = databasePubSub(second);
    usePubSub(second.db, secondPubSub);
    await followCacheChanges(second.db, secondPubSub);
  });
  afterAll(async () => {
    await secondPubSub?.close();
    await firstPubSub?.close();
    await second?.close();
    await first?.close();
  });

  it('drops the other process’s entry when one process changes the data', async () => {
    expect(await cached(second.db, 'regions', async () => 'before')).toBe('before');
    // Still cached: a second load is not asked for.
    expect(await cached(second.db, 'regions', async () => 'not asked')).toBe('before');
    invalidate(first.db, 'regions');
    await vi.waitFor(async () => expect(await cached(second.db, 'regions', async () => 'after')).toBe('after'), { timeout: 5000 });
    // Everything at once when no key is named.
    await cached(second.db, 'config', async () => 'old config');
    invalidate(first.db);
    await vi.waitFor(async () => expect(await cached(second.db, 'config', async () => 'new config')).toBe('new config'), { timeout: 5000 });
  });
});

describe('cache changes within one process', () => {
  it('drops the entry in this process at once, before anyone is told', async () => {
    const handle = await createTestDatabase();
    const pubsub = databasePubSub(handle);
    try {
      usePubSub(handle.db, pubsub);
      const subscription = await followCacheChanges(handle.db, pubsub);
      expect(subscription.isUp()).toBe(true);
      await cached(handle.db, 'regions', async () => 'before');
      invalidate(handle.db, 'regions');
      // Dropped here before anyone is told.
      expect(await cached(handle.db, 'regions', async () => 'after')).toBe('after');
      await subscription();
      expect(subscription.isUp()).toBe(false);
    } finally {
      await pubsub.close();
      await handle.close();
    }
  });
});
