import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SearchResult } from '@kedai/contract';
import { openDatabase, reconnectDelay, sql, type DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { buildApp } from '../../src/app';
import { cached } from '../../src/platform/cache';
import { databasePubSub, type PubSub } from '../../src/platform/pubsub';
import { LIFTED_LIMITS, staffClient } from '../accounts';
import type { TestClient } from '../client';
import { createTestApp, get, type TestApp } from '../helpers';

describe('the wait before opening a lost listening connection again', () => {
  it('doubles from 0.5 s up to 30 s, of which a random half', () => {
    const shortest = Array.from({ length: 9 }, (_, attempt) => reconnectDelay(attempt, () => 0));
    const longest = Array.from({ length: 9 }, (_, attempt) => reconnectDelay(attempt, () => 1));
    expect(shortest).toEqual([250, 500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
    expect(longest).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // However long the database stays away.
    expect(reconnectDelay(1000, () => 0.5)).toBe(22_500);
  });
});

describe('a subscription', () => {
  it('is up until stopped', async () => {
    const handle = await createTestDatabase();
    try {
      const subscription = await handle.listen('kedai_probe', () => undefined);
      expect(subscription.isUp()).toBe(true);
      await subscription();
      expect(subscription.isUp()).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

/**
 * A second API process (its own pool, pub/sub and app on the same PostgreSQL database) whose listening
 * connection is cut: it is logged, opened again after the backoff (driven here, not waited for), and
 * what changed meanwhile is in its caches and its search index (told to catch up from the change log
 * at once). PostgreSQL only (TEST_DATABASE_URL).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the listening connection comes back after a drop (PostgreSQL)', () => {
  let t: TestApp;
  let staff: TestClient;
  let second: DatabaseHandle;
  let secondApp: FastifyInstance;
  let pubsub: PubSub;
  const errors: unknown[] = [];
  const waits: number[] = [];
  let reconnected = 0;
  let endWait: (() => void) | null = null;

  beforeAll(async () => {
    t = await createTestApp({ env: LIFTED_LIMITS });
    ({ client: staff } = await staffClient(t.app, 'staff', t.clock.now));
    second = await openDatabase({ url: (t.handle as { url?: string }).url!, poolSize: 2 });
    pubsub = databasePubSub(second, {
      log: { error: (details) => errors.push(details), info: () => undefined },
      wait: (ms) => {
        waits.push(ms);
        return new Promise<void>((resolve) => (endWait = resolve));
      },
    });
    // The app subscribes its caches, search index and job runner, and closes the pub/sub with itself.
    secondApp = await buildApp({ config: t.config, db: second.db, logger: false, pubsub });
    await pubsub.subscribe('probe', () => undefined, { onReconnect: () => reconnected++ });
  });
  afterAll(async () => {
    endWait?.();
    await secondApp?.close();
    await second?.close();
    await t?.close();
  });

  const price = async (app: FastifyInstance) => {
    const { body } = await get<SearchResult>(app, '/product/search?q=zorblax&region=SG');
    return body.products.map((product) => product.priceRange.SG?.min);
  };

  it('logs the drop, listens again after the backoff, and drops what it cached meanwhile', async () => {
    const input = {
      name: 'Zorblax Teapot',
      description: 'Brews for two.',
      categoryId: null,
      merchantId: null,
      sourceMarketPlace: null,
      sourceUrl: null,
      weight: 500,
      price: { SG: 2490 },
      variants: [],
      variantPaths: {},
      images: [],
      disabled: false,
    };
    const created = await staff.post('/admin/product', input);
    expect(created.status).toBe(201);
    expect(await price(secondApp)).toEqual([2490]);
    expect(await cached(second.db, 'probe', async () => 'before')).toBe('before');
    expect(pubsub.isUp()).toBe(true);
    expect((await get(secondApp, '/health/ready')).status).toBe(200);

    // Every process's listening connection (the first app's comes back on its own, after a real backoff).
    await t.handle.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'kedai listen kedai_pubsub'`,
    );
    await vi.waitFor(() => expect(pubsub.isUp()).toBe(false), { timeout: 5000 });
    // Not ready while changes may be missed.
    expect((await get(secondApp, '/health/ready')).status).toBe(503);
    expect(errors.length).toBeGreaterThan(0);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);

    // Changed while nobody listens in the second process: its notification is lost.
    const changed = await staff.put(`/admin/product/${created.body.product.uuid}`, { ...input, price: { SG: 3990 }, version: 1 });
    expect(changed.status).toBe(200);
    expect(await cached(second.db, 'probe', async () => 'not asked')).toBe('before');

    endWait!();
    await vi.waitFor(() => expect(pubsub.isUp()).toBe(true), { timeout: 5000 });
    expect(reconnected).toBe(1);
    expect((await get(secondApp, '/health/ready')).status).toBe(200);
    // Caught up from the tables: the cache reads again, the search index read the change log.
    expect(await cached(second.db, 'probe', async () => 'after')).toBe('after');
    expect(await price(secondApp)).toEqual([3990]);
    expect(await price(t.app)).toEqual([3990]);

    // Listening again for real: the next change is told at once.
    await cached(second.db, 'probe', async () => 'kept');
    const again = await staff.put(`/admin/product/${created.body.product.uuid}`, { ...input, price: { SG: 4990 }, version: 2 });
    expect(again.status).toBe(200);
    await vi.waitFor(async () => expect(await cached(second.db, 'probe', async () => 'told')).toBe('told'), { timeout: 5000 });
    expect(waits).toHaveLength(1);
  });
});
