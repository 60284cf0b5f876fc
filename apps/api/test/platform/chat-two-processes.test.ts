import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows, sql, type DatabaseHandle } from '@kedai/db';
import { createTestDatabase } from '@kedai/db/testing';
import { seedDemo } from '@kedai/db/seed';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/platform/config';
import { databasePubSub, redisPubSub, type PubSub } from '../../src/platform/pubsub';
import { staffClient } from '../accounts';
import { TestClient } from '../client';
import { TestClock } from '../helpers';
import { LiveClient, SOON, listenForSockets } from '../live-socket';
import { placeOrder, sgShopper, type ShopShopper } from '../shop';

/**
 * Issue 29's "several API processes": two API processes (an app, a database pool and a pub/sub each)
 * on one PostgreSQL database, once over LISTEN/NOTIFY and once over Redis. A message written through
 * one reaches a socket held by the other, both give the same unread counts, and a process stopped
 * and started again loses nothing its clients catch up on. PostgreSQL only (TEST_DATABASE_URL).
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const redisUp = onPostgres && (await redisAnswers(redisUrl));

const SEAMS: { name: string; make: (handle: DatabaseHandle, prefix: string) => PubSub; skip: boolean }[] = [
  { name: 'PostgreSQL LISTEN/NOTIFY', make: (handle) => databasePubSub(handle), skip: !onPostgres },
  {
    name: redisUp ? 'Redis' : `Redis (skipped: no Redis answers at ${redisUrl})`,
    make: (_handle, prefix) => redisPubSub({ url: redisUrl, prefix, connectionName: `kedai-test-${randomUUID()}` }),
    skip: !redisUp,
  },
];

/** A backoff wait the test releases: no test waits on the real clock for a reconnection. */
function heldWaits() {
  let release: (() => void) | null = null;
  return {
    wait: () => new Promise<void>((resolve) => (release = resolve)),
    release: () => {
      release?.();
      release = null;
    },
  };
}

const listeningPids = async (handle: DatabaseHandle) =>
  (
    await queryRows<{ pid: number }>(
      handle.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'kedai listen kedai_pubsub'`,
    )
  ).map((row) => row.pid);

describe.runIf(onPostgres).each(SEAMS)('two API processes on one PostgreSQL, over $name', ({ name, make, skip }) => {
  const clock = new TestClock();
  const prefix = `kedai-test-${randomUUID()}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kedai-two-'));
  let first: DatabaseHandle & { url?: string };
  let second: DatabaseHandle;
  let config: AppConfig;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let shopper: ShopShopper;
  let staffA: TestClient;
  let orderId: string;
  const sockets: LiveClient[] = [];

  /** One API process: its own app and pub/sub on `handle`. */
  const start = (handle: DatabaseHandle) => buildApp({ config, db: handle.db, logger: false, pubsub: make(handle, prefix) });

  /** The same browser's cookies, sent to the other process. */
  function sameBrowser(app: FastifyInstance, client: TestClient): TestClient {
    const copy = new TestClient(app);
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    return copy;
  }

  beforeAll(async () => {
    if (skip) return;
    config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEV_OUTBOX: 'true' }), clock: clock.now };
    first = await createTestDatabase();
    await seedDemo(first.db, { assetsDir: config.assetsDir });
    second = await openDatabase({ url: first.url, poolSize: 4 });
    a = await start(first);
    b = await start(second);
    urlA = await listenForSockets(a);
    urlB = await listenForSockets(b);
    shopper = await sgShopper(a);
    staffA = (await staffClient(a, 'staff', clock.now)).client;
    orderId = (await placeOrder(a, shopper)).id;
  }, 60_000);

  afterAll(async () => {
    for (const live of sockets) live.close();
    await a?.close();
    await b?.close();
    await second?.close();
    await first?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function socketOnB(client: TestClient, after?: number): Promise<LiveClient> {
    const live = await LiveClient.open(urlB, { client });
    sockets.push(live);
    live.send({ type: 'subscribe', orderId, ...(after === undefined ? {} : { after }) });
    await live.next('read');
    return live;
  }

  async function staffWritesOnA(text: string): Promise<number> {
    const answer = await staffA.post(`/admin/order/${orderId}/messages`, { message: text });
    expect(answer.status, answer.response.payload).toBe(201);
    return answer.body.message.id as number;
  }

  it.skipIf(skip)('a message posted through one arrives on a socket held by the other, and the counts agree through both', async () => {
    const live = await socketOnB(shopper.client);
    const id = await staffWritesOnA('Posted through the first process');
    const frame = await live.next('message', (f) => f.message.id === id);
    expect(frame.message).toMatchObject({ orderId, body: 'Posted through the first process', author: { role: 'staff' } });

    const throughA = (await shopper.client.get('/chat/unread')).body;
    const throughB = (await sameBrowser(b, shopper.client).get('/chat/unread')).body;
    expect(throughB).toEqual(throughA);
    expect(throughA.total).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(live.of('counts').at(-1)?.chat).toBe(throughA.total), SOON);

    // And back: the shopper writes through the second, staff's socket on the first hears it.
    const staffSocket = await LiveClient.open(urlA, { client: staffA });
    sockets.push(staffSocket);
    staffSocket.send({ type: 'inbox' });
    staffSocket.send({ type: 'subscribe', orderId });
    await staffSocket.next('read');
    const reply = await sameBrowser(b, shopper.client).post(`/order/${orderId}/messages`, { message: 'Through the second' });
    expect(reply.status).toBe(201);
    await staffSocket.next('message', (f) => f.message.id === reply.body.message.id);
    await staffSocket.next('thread', (f) => f.orderId === orderId);
  });

  it.skipIf(skip)('a process stopped and started again misses nothing its clients catch up on', async () => {
    const live = await socketOnB(shopper.client);
    const seen = await staffWritesOnA('Before the restart');
    await live.next('message', (f) => f.message.id === seen);

    // The second process stops (SIGTERM's app.close): its sockets are told it is going away.
    await b.close();
    expect(await live.closed()).toBe(1001);
    const missed = [await staffWritesOnA('While it was down'), await staffWritesOnA('Still down')];

    b = await start(second);
    urlB = await listenForSockets(b);
    const back = await socketOnB(shopper.client, seen);
    await vi.waitFor(() => expect(back.messageIds(orderId)).toEqual(missed), SOON);
    const after = await staffWritesOnA('After the restart');
    await back.next('message', (f) => f.message.id === after);
    await back.roundTrip();
    expect(back.messageIds(orderId)).toEqual([...missed, after]);
  });

  it.skipIf(skip || !name.startsWith('PostgreSQL'))(
    'a process whose listening connection was cut catches its sockets up from the tables once it listens again',
    async () => {
      const held = heldWaits();
      const before = await listeningPids(first);
      const handle = await openDatabase({ url: first.url, poolSize: 2 });
      const c = await buildApp({ config, db: handle.db, logger: false, pubsub: databasePubSub(handle, { wait: held.wait }) });
      try {
        const live = await LiveClient.open(await listenForSockets(c), { client: shopper.client });
        sockets.push(live);
        live.send({ type: 'subscribe', orderId });
        await live.next('read');
        const cut = (await listeningPids(first)).filter((pid) => !before.includes(pid));
        expect(cut).toHaveLength(1);
        await first.db.execute(sql`SELECT pg_terminate_backend(${cut[0]}::int)`);
        await vi.waitFor(() => expect(c.pubsub.isUp()).toBe(false), SOON);
        // Announced while the third process hears nothing: lost to it, as a network cut would lose it.
        const written = await staffWritesOnA('While the third process was deaf');
        await live.roundTrip();
        expect(live.messageIds(orderId)).not.toContain(written);
        held.release();
        await live.next('message', (f) => f.message.id === written);
      } finally {
        await c.close();
        await handle.close();
      }
    },
  );
});
