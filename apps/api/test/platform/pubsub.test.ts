import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { openDatabase, sql, type DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { queueJob } from '../../src/platform/jobs';
import { CHANNELS, databasePubSub, inProcessPubSub, redisPubSub, type PubSub } from '../../src/platform/pubsub';
import { staffClient } from '../accounts';
import { createTestApp, type TestApp } from '../helpers';

/** Generous: a message crosses in milliseconds, but a busy CI machine runs many files at once. */
const SOON = { timeout: 10_000, interval: 20 };

/** Messages received on a channel, in order. */
function inbox(pubsub: PubSub, channel: string, onReconnect?: () => void) {
  const messages: string[] = [];
  const subscribed = pubsub.subscribe(channel, (message) => messages.push(message), { onReconnect });
  return { messages, subscribed };
}

/** A backoff wait the test releases: no test waits on the real clock for a reconnection. */
function heldWaits() {
  const asked: number[] = [];
  let release: (() => void) | null = null;
  return {
    asked,
    wait: (ms: number) => {
      asked.push(ms);
      return new Promise<void>((resolve) => (release = resolve));
    },
    release: () => {
      release?.();
      release = null;
    },
  };
}

describe('pub/sub within one process', () => {
  it('on PGlite (or the test database) a subscriber gets what is published, and stops getting it when stopped', async () => {
    const handle = await createTestDatabase();
    const pubsub = databasePubSub(handle);
    try {
      expect(pubsub.isUp()).toBe(false); // nothing subscribed yet
      const { messages, subscribed } = inbox(pubsub, 'greetings');
      const subscription = await subscribed;
      expect(pubsub.isUp()).toBe(true);
      await pubsub.publish('greetings', 'hello');
      await pubsub.publish('elsewhere', 'not for us');
      await vi.waitFor(() => expect(messages).toEqual(['hello']), SOON);
      await subscription();
      expect(subscription.isUp()).toBe(false);
      expect(pubsub.isUp()).toBe(false); // the last subscriber gone, so is the connection
    } finally {
      await pubsub.close();
      await handle.close();
    }
  });

  it('refuses a message PostgreSQL could not carry', async () => {
    const handle = await createTestDatabase();
    const pubsub = databasePubSub(handle);
    try {
      await expect(pubsub.publish('big', 'x'.repeat(8000))).rejects.toThrow(/too long/);
    } finally {
      await pubsub.close();
      await handle.close();
    }
  });

  it('in-process: delivered within this process only, up while subscribed', async () => {
    const pubsub = inProcessPubSub();
    const { messages, subscribed } = inbox(pubsub, 'greetings');
    await subscribed;
    expect(pubsub.isUp()).toBe(true);
    await pubsub.publish('greetings', 'hi');
    await vi.waitFor(() => expect(messages).toEqual(['hi']), SOON);
    await pubsub.close();
    expect(pubsub.isUp()).toBe(false);
  });
});

describe('what the app announces on the seam', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is subscribed, so GET /health/ready counts the subscription up', async () => {
    expect(t.app.pubsub.isUp()).toBe(true);
    expect(t.app.readiness.subscriptionUp()).toBe(true);
  });

  it('a back-office catalogue write wakes every search index', async () => {
    const { client: staff } = await staffClient(t.app, 'staff', t.clock.now);
    const { messages, subscribed } = inbox(t.app.pubsub, CHANNELS.catalogue);
    const subscription = await subscribed;
    const created = await staff.post('/admin/product', {
      name: 'Quibble Kettle',
      description: 'Boils.',
      categoryId: null,
      merchantId: null,
      sourceMarketPlace: null,
      sourceUrl: null,
      weight: 500,
      price: { SG: 1990 },
      variants: [],
      variantPaths: {},
      images: [],
      disabled: false,
    });
    expect(created.status).toBe(201);
    await vi.waitFor(() => expect(messages.length).toBeGreaterThanOrEqual(1), SOON);
    await subscription();
  });

  it('a job queued outside a transaction wakes the runners; one queued inside a transaction or for later does not', async () => {
    const { messages, subscribed } = inbox(t.app.pubsub, CHANNELS.jobs);
    const subscription = await subscribed;
    await t.app.db.transaction((tx) => queueJob(tx, 'test.nothing', {}));
    await queueJob(t.app.db, 'test.nothing', {}, { runAt: new Date(Date.now() + 3600_000) });
    await queueJob(t.app.db, 'test.nothing', {});
    await vi.waitFor(() => expect(messages).toEqual(['']), SOON);
    await subscription();
  });
});

/**
 * Two API processes on one PostgreSQL database (a pool and a pub/sub each): a message crosses, and a
 * listening connection cut by PostgreSQL comes back after the backoff with its subscribers told to
 * catch up. PostgreSQL only (TEST_DATABASE_URL, as CI's second leg).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('pub/sub between processes on PostgreSQL', () => {
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  const pubsubs: PubSub[] = [];
  beforeAll(async () => {
    first = await createTestDatabase();
    second = await openDatabase({ url: first.url, poolSize: 2 });
  });
  afterEach(async () => {
    await Promise.all(pubsubs.splice(0).map((pubsub) => pubsub.close()));
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers a message from one process to the other', async () => {
    const sender = databasePubSub(first);
    const receiver = databasePubSub(second);
    pubsubs.push(sender, receiver);
    const { messages, subscribed } = inbox(receiver, 'greetings');
    await subscribed;
    await sender.publish('greetings', 'from the first');
    await vi.waitFor(() => expect(messages).toEqual(['from the first']), SOON);
  });

  it('a terminated listening connection is logged, opened again after the backoff, and its subscribers catch up', async () => {
    const held = heldWaits();
    const errors: unknown[] = [];
    const log = { error: (details: object) => errors.push(details), info: () => undefined };
    const sender = databasePubSub(first);
    const receiver = databasePubSub(second, { wait: held.wait, log });
    pubsubs.push(sender, receiver);
    let caughtUp = 0;
    const { messages, subscribed } = inbox(receiver, 'greetings', () => caughtUp++);
    await subscribed;
    expect(receiver.isUp()).toBe(true);

    await first.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'kedai listen kedai_pubsub'`,
    );
    await vi.waitFor(() => expect(receiver.isUp()).toBe(false), SOON);
    await vi.waitFor(() => expect(held.asked).toHaveLength(1), SOON);
    expect(errors.length).toBeGreaterThan(0);
    // Sent while nobody listens: lost, which is why subscribers catch up from the tables.
    await sender.publish('greetings', 'lost');

    held.release();
    await vi.waitFor(() => expect(receiver.isUp()).toBe(true), SOON);
    expect(caughtUp).toBe(1);
    await sender.publish('greetings', 'after');
    await vi.waitFor(() => expect(messages).toEqual(['after']), SOON);
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers at `url` (within a second): the Redis tests skip, saying so, when none does. */
async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisAnswers(redisUrl);

/**
 * Redis (REDIS_URL): the same, over two connections each. Channels carry a prefix of this run's own,
 * so parallel test files (and other users of this Redis) never cross.
 */
describe.skipIf(!redisUp)(
  redisUp ? 'pub/sub between processes on Redis' : `pub/sub between processes on Redis (skipped: no Redis answers at ${redisUrl})`,
  () => {
    const prefix = `kedai-test-${randomUUID()}:`;
    const connectionName = `kedai-test-${randomUUID()}`;
    const pubsubs: PubSub[] = [];
    let admin: Redis;
    beforeAll(() => {
      admin = new Redis(redisUrl);
    });
    afterEach(async () => {
      await Promise.all(pubsubs.splice(0).map((pubsub) => pubsub.close()));
    });
    afterAll(() => {
      admin?.disconnect();
    });

    /** Cuts this test's subscribing connections, as a Redis restart or a network cut would. */
    async function killSubscribers(): Promise<number> {
      const list = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${connectionName} `))
        .map((line) => /(?:^|\s)id=(\d+)/.exec(line)![1]!);
      for (const id of ids) await admin.call('CLIENT', 'KILL', 'ID', id);
      return ids.length;
    }

    it('delivers a message from one process to the other', async () => {
      const sender = redisPubSub({ url: redisUrl, prefix, connectionName });
      const receiver = redisPubSub({ url: redisUrl, prefix, connectionName });
      pubsubs.push(sender, receiver);
      expect(receiver.isUp()).toBe(false);
      const { messages, subscribed } = inbox(receiver, 'greetings');
      await subscribed;
      expect(receiver.isUp()).toBe(true);
      await sender.publish('greetings', 'from the first');
      await sender.publish('other', 'not for us');
      await vi.waitFor(() => expect(messages).toEqual(['from the first']), SOON);
      // Another prefix (another shop on the same Redis) hears nothing of it.
      const stranger = redisPubSub({ url: redisUrl, prefix: `${prefix}other:`, connectionName });
      pubsubs.push(stranger);
      await stranger.publish('greetings', 'from elsewhere');
      await sender.publish('greetings', 'again');
      await vi.waitFor(() => expect(messages).toEqual(['from the first', 'again']), SOON);
    });

    it('a killed subscribing connection is logged, opened again after the backoff, subscribed again, and its subscribers catch up', async () => {
      const held = heldWaits();
      const errors: unknown[] = [];
      const log = { error: (details: object) => errors.push(details), info: () => undefined };
      const sender = redisPubSub({ url: redisUrl, prefix, connectionName });
      const receiver = redisPubSub({ url: redisUrl, prefix, connectionName, wait: held.wait, log });
      pubsubs.push(sender, receiver);
      let caughtUp = 0;
      const { messages, subscribed } = inbox(receiver, 'greetings', () => caughtUp++);
      const subscription = await subscribed;
      await sender.publish('greetings', 'before');
      await vi.waitFor(() => expect(messages).toEqual(['before']), SOON);

      expect(await killSubscribers()).toBe(1);
      await vi.waitFor(() => expect(receiver.isUp()).toBe(false), SOON);
      expect(subscription.isUp()).toBe(false);
      await vi.waitFor(() => expect(held.asked).toHaveLength(1), SOON);
      expect(errors.length).toBeGreaterThan(0);
      await sender.publish('greetings', 'lost');

      held.release();
      await vi.waitFor(() => expect(receiver.isUp()).toBe(true), SOON);
      expect(caughtUp).toBe(1);
      await sender.publish('greetings', 'after');
      await vi.waitFor(() => expect(messages).toEqual(['before', 'after']), SOON);
      expect(held.asked).toHaveLength(1);
    });

    it('fails the first subscription with its cause when Redis does not answer', async () => {
      // A port nothing listens on.
      const nowhere = redisPubSub({ url: 'redis://127.0.0.1:1', prefix, connectionName });
      pubsubs.push(nowhere);
      await expect(nowhere.subscribe('greetings', () => undefined)).rejects.toThrow();
      expect(nowhere.isUp()).toBe(false);
      // A publish fails too; callers that can live without it (tellOthers) ignore it.
      await expect(nowhere.publish('greetings', 'x')).rejects.toThrow();
    });
  },
);
