import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '@kedai/db';
import { createTestApp, type TestApp } from '../helpers';
import { startDraining } from '../../src/modules/health/routes';

/** The balancer's probes (issue 28): live while the process runs; ready only when every check passes. */

const ALL_PASS = { database: true, migrations: true, searchIndex: true, subscription: true, notDraining: true };

async function probe(t: TestApp, which: 'live' | 'ready') {
  const response = await t.app.inject({ method: 'GET', url: `/health/${which}` });
  return { status: response.statusCode, body: response.json() };
}

describe('health probes with the in-process search index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is live but not ready while the search index loads, and ready once it has loaded', async () => {
    expect(await probe(t, 'live')).toEqual({ status: 200, body: { live: true } });
    // Nothing has loaded the index yet: the probe starts the load and says it is not ready.
    expect(await probe(t, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { ...ALL_PASS, searchIndex: false } } });
    // A search waits for the load.
    expect((await t.app.inject({ method: 'GET', url: '/product/search?q=laptop' })).statusCode).toBe(200);
    expect(await probe(t, 'ready')).toEqual({ status: 200, body: { ready: true, checks: ALL_PASS } });
  });

  it('is not ready when the subscription to other processes’ changes is down', async () => {
    t.app.readiness.subscriptionUp = () => false;
    try {
      expect(await probe(t, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { ...ALL_PASS, subscription: false } } });
    } finally {
      t.app.readiness.subscriptionUp = () => true;
    }
    expect((await probe(t, 'ready')).status).toBe(200);
  });

  it('is not ready when the database lacks this build’s newest migration', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.handle.db,
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING id, hash, created_at::text`,
    );
    try {
      expect(await probe(t, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { ...ALL_PASS, migrations: false } } });
    } finally {
      await t.handle.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await probe(t, 'ready')).status).toBe(200);
  });

  // Last: draining is never undone, as in a process shutting down.
  it('stops being ready once draining starts, while it stays live and still answers requests', async () => {
    startDraining(t.app);
    expect(await probe(t, 'ready')).toEqual({ status: 503, body: { ready: false, checks: { ...ALL_PASS, notDraining: false } } });
    expect(await probe(t, 'live')).toEqual({ status: 200, body: { live: true } });
    expect((await t.app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
  });
});

describe('health probes with PostgreSQL as the search engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { SEARCH_ENGINE: 'postgres' } });
  });
  afterAll(() => t?.close());

  it('is ready at once: no index to load', async () => {
    expect(await probe(t, 'ready')).toEqual({ status: 200, body: { ready: true, checks: ALL_PASS } });
  });
});
