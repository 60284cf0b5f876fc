import { EventEmitter } from 'node:events';
// ioredis rather than the `redis` package: it re-opens a lost connection on its own with a delay we
// compute (`retryStrategy`, so both seams back off alike: reconnectDelay), says when the connection is
// ready again, so we subscribe and catch up ourselves, and is the client BullMQ and most Node queues use.
import { Redis } from 'ioredis';
import {
  databaseIdentity,
  reconnectDelay,
  sql,
  type Database,
  type DatabaseHandle,
  type ListenOptions,
  type Subscription,
} from '@kedai/db';

/**
 * "Wake up, something changed" between API processes (decision 0022): a message says only that
 * something changed, never what; a subscriber reads the tables for that. Messages sent while a
 * subscriber's connection was down are lost, so after such a gap it is told (`onReconnect`) and
 * catches up from the tables. Delivered to every subscriber of the channel, the sender's own
 * process included.
 */
export interface PubSub {
  readonly kind: 'postgres' | 'pglite' | 'redis' | 'in-process';
  /** Tells every process subscribed to `channel`. A failed publish throws; callers that can live without it catch. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `onMessage` for each message on `channel` until the subscription is stopped. */
  subscribe(channel: string, onMessage: (message: string) => void, options?: SubscribeOptions): Promise<Subscription>;
  /** Whether messages arrive now: false before the first subscription, while the connection is down, and after `close`. */
  isUp(): boolean;
  /** Stops every subscription and closes the connections. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** The connection is subscribed again after a gap: messages sent meanwhile were missed. */
  onReconnect?: (() => void) | undefined;
}

/** Where lost connections and failed reconnections are said (the app's logger). */
interface PubSubLog {
  error(details: object, message: string): void;
  info(message: string): void;
}

const silent: PubSubLog = { error: () => undefined, info: () => undefined };

interface Subscriber {
  onMessage: (message: string) => void;
  options: SubscribeOptions;
}

/** The subscribers of each channel, and each message handed to them; one handler's throw does not stop the others. */
class Subscribers {
  private byChannel = new Map<string, Set<Subscriber>>();
  constructor(private log: PubSubLog) {}

  add(channel: string, subscriber: Subscriber): () => boolean {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byChannel.get(channel) === set) this.byChannel.delete(channel);
      return this.byChannel.size === 0;
    };
  }

  get channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, message: string) {
    for (const subscriber of this.byChannel.get(channel) ?? []) {
      try {
        subscriber.onMessage(message);
      } catch (error) {
        this.log.error({ err: error, channel }, 'pub/sub: a subscriber failed on a message');
      }
    }
  }

  reconnected() {
    for (const set of this.byChannel.values()) {
      for (const subscriber of set) {
        try {
          subscriber.options.onReconnect?.();
        } catch (error) {
          this.log.error({ err: error }, 'pub/sub: a subscriber failed to catch up');
        }
      }
    }
  }
}

function subscription(stop: () => Promise<void>, isUp: () => boolean): Subscription {
  return Object.assign(() => stop(), { stop, isUp });
}

/** The one PostgreSQL channel every message travels on; its payload names the seam's channel. */
const POSTGRES_CHANNEL = 'kedai_pubsub';
/** PostgreSQL refuses a NOTIFY payload from 8000 bytes on. */
const POSTGRES_PAYLOAD_LIMIT = 7_999;

interface DatabasePubSubOptions {
  log?: PubSubLog | undefined;
  /** The backoff's wait (DatabaseHandle.listen); tests pass one they release. */
  wait?: ListenOptions['wait'];
}

/**
 * PostgreSQL `LISTEN`/`NOTIFY` (PGlite: in the one process). One listening connection per process,
 * opened with the first subscription, on one channel whose payloads say which of ours they are for;
 * `DatabaseHandle.listen` re-opens it with backoff after a drop.
 */
export function databasePubSub(handle: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>, options: DatabasePubSubOptions = {}): PubSub {
  const log = options.log ?? silent;
  const subscribers = new Subscribers(log);
  let listening: Promise<Subscription> | null = null;
  /** The listening connection once open. */
  let current: Subscription | null = null;
  let closed = false;

  const listen = () =>
    handle.listen(
      POSTGRES_CHANNEL,
      (payload) => {
        let parsed: { c?: unknown; m?: unknown };
        try {
          parsed = JSON.parse(payload) as { c?: unknown; m?: unknown };
        } catch {
          return; // not ours
        }
        if (typeof parsed.c === 'string' && typeof parsed.m === 'string') subscribers.deliver(parsed.c, parsed.m);
      },
      {
        wait: options.wait,
        onError: (error) => log.error({ err: error }, 'pub/sub: the listening connection was lost; trying again'),
        onReconnect: () => {
          log.info('pub/sub: listening again; subscribers catch up');
          subscribers.reconnected();
        },
      },
    );

  return {
    kind: handle.kind,
    async publish(channel, message) {
      const payload = JSON.stringify({ c: channel, m: message });
      if (Buffer.byteLength(payload) > POSTGRES_PAYLOAD_LIMIT) throw new Error(`pub/sub: a message on ${channel} is too long`);
      await handle.db.execute(sql`SELECT pg_notify(${POSTGRES_CHANNEL}, ${payload})`);
    },
    async subscribe(channel, onMessage, subscribeOptions = {}) {
      if (closed) throw new Error('pub/sub: closed');
      const remove = subscribers.add(channel, { onMessage, options: subscribeOptions });
      if (!listening) {
        const opening = listen();
        listening = opening;
        opening.then(
          (connection) => {
            if (listening === opening) current = connection;
          },
          // A first connection that fails fails this subscriber (at start, with a clear cause); the next subscribe tries again.
          () => {
            if (listening === opening) listening = null;
          },
        );
      }
      let connection: Subscription;
      try {
        connection = await listening;
      } catch (error) {
        remove();
        throw error;
      }
      let stopped = false;
      return subscription(
        async () => {
          if (stopped) return;
          stopped = true;
          // The last subscriber gone: the connection goes too.
          if (remove() && listening) {
            listening = null;
            current = null;
            await connection.stop();
          }
        },
        () => !stopped && connection.isUp(),
      );
    },
    isUp: () => !closed && current !== null && current.isUp(),
    async close() {
      closed = true;
      const pending = listening;
      listening = null;
      current = null;
      const connection = await pending?.catch(() => null);
      await connection?.stop();
    },
  };
}

interface RedisPubSubOptions {
  /** `redis://…` (REDIS_URL). */
  url: string;
  log?: PubSubLog | undefined;
  /** Put before every channel name: several shops (or parallel test runs) on one Redis never cross. Default `kedai:`. */
  prefix?: string | undefined;
  /** The name the connections give themselves (CLIENT LIST); no spaces. Default `kedai-pubsub`. */
  connectionName?: string | undefined;
  /** Waits before the next try to open a lost connection (`reconnectDelay`); tests pass one they release. */
  wait?: ((ms: number) => Promise<void>) | undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Redis pub/sub: one connection that only subscribes (Redis allows nothing else on it) and one that
 * publishes. A lost subscribing connection is opened again after the same backoff as PostgreSQL's
 * (`reconnectDelay`), subscribed again, and only then up; its subscribers are told to catch up.
 */
export function redisPubSub(options: RedisPubSubOptions): PubSub {
  const log = options.log ?? silent;
  const prefix = options.prefix ?? 'kedai:';
  const wait = options.wait ?? sleep;
  const subscribers = new Subscribers(log);
  const connectionName = options.connectionName ?? 'kedai-pubsub';
  // The publisher: ioredis's own retryStrategy re-opens it; a publish while Redis is away fails after
  // one try rather than waiting for it (runners poll, caches expire, the search reads its change log).
  const publisher = new Redis(options.url, {
    lazyConnect: true,
    connectionName,
    maxRetriesPerRequest: 1,
    retryStrategy: (times: number) => reconnectDelay(times - 1),
  });
  // The subscriber: re-opened by us (the `end` below), so the backoff's wait can be driven by tests,
  // and subscribed again by us, so it counts as up only once that is done.
  const listener = new Redis(options.url, { lazyConnect: true, connectionName, autoResubscribe: false, retryStrategy: () => null });
  publisher.on('error', (error: unknown) => log.error({ err: error }, 'pub/sub: Redis publishing connection failed'));
  listener.on('error', (error: unknown) => log.error({ err: error }, 'pub/sub: Redis subscribing connection failed'));

  let up = false;
  let closed = false;
  let opening: Promise<void> | null = null;
  /** Subscribed once: from then on a lost connection is opened again (the first one fails its caller). */
  let established = false;
  let attempt = 0;

  listener.on('message', (channel: string, message: string) => {
    if (channel.startsWith(prefix)) subscribers.deliver(channel.slice(prefix.length), message);
  });
  listener.on('close', () => {
    up = false;
  });
  // The connection ended (lost, or a try to open it again failed): the next try after the backoff.
  listener.on('end', () => {
    if (closed || !established) return;
    if (attempt === 0) log.error({}, 'pub/sub: Redis subscribing connection lost; trying again');
    const delay = reconnectDelay(attempt++);
    void wait(delay).then(() => {
      if (!closed && listener.status === 'end') listener.connect().catch(() => undefined); // a failure ends it again
    });
  });
  listener.on('ready', () => {
    if (!established || closed) return; // the first connection: `subscribe` below
    const channels = subscribers.channels;
    const resubscribe = channels.length ? listener.subscribe(...channels.map((channel) => prefix + channel)) : Promise.resolve();
    resubscribe.then(
      () => {
        if (listener.status !== 'ready' || closed) return; // lost again meanwhile: the next ready tries again
        attempt = 0;
        up = true;
        log.info('pub/sub: Redis subscribed again; subscribers catch up');
        subscribers.reconnected();
      },
      (error: unknown) => log.error({ err: error }, 'pub/sub: subscribing again failed; waiting for the next connection'),
    );
  });

  const connectListener = async () => {
    try {
      await listener.connect();
    } catch (error) {
      // The first connection fails the caller with its cause (as on PostgreSQL).
      listener.disconnect();
      throw error;
    }
  };

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, onMessage, subscribeOptions = {}) {
      if (closed) throw new Error('pub/sub: closed');
      const remove = subscribers.add(channel, { onMessage, options: subscribeOptions });
      try {
        if (!established && (listener.status === 'wait' || listener.status === 'end')) {
          opening ??= connectListener().finally(() => (opening = null));
        }
        await opening;
        // While a lost connection is away, the channel is subscribed with the others once it is back.
        if (!established || listener.status === 'ready') await listener.subscribe(prefix + channel);
        if (!established) {
          established = true;
          up = listener.status === 'ready';
        }
      } catch (error) {
        remove();
        throw error;
      }
      let stopped = false;
      return subscription(
        async () => {
          if (stopped) return;
          stopped = true;
          remove();
          if (!subscribers.channels.includes(channel)) await listener.unsubscribe(prefix + channel).catch(() => undefined);
        },
        () => !stopped && up,
      );
    },
    isUp: () => up && !closed,
    async close() {
      closed = true;
      up = false;
      // Gone at once, without waiting for replies a dead server would never send.
      listener.disconnect();
      publisher.disconnect();
    },
  };
}

/**
 * Within this process only: for an app built without one (a test with one app on its database);
 * every process that runs beside others gets `databasePubSub` or `redisPubSub` (server.ts).
 */
export function inProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let subscriptions = 0;
  let closed = false;
  return {
    kind: 'in-process',
    async publish(channel, message) {
      queueMicrotask(() => emitter.emit(channel, message));
    },
    async subscribe(channel, onMessage) {
      if (closed) throw new Error('pub/sub: closed');
      emitter.on(channel, onMessage);
      subscriptions++;
      let stopped = false;
      return subscription(
        async () => {
          if (stopped) return;
          stopped = true;
          subscriptions--;
          emitter.off(channel, onMessage);
        },
        () => !stopped && !closed,
      );
    },
    isUp: () => !closed && subscriptions > 0,
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
  };
}

/** The seam chosen by configuration: Redis when `REDIS_URL` is set, else the database's LISTEN/NOTIFY. */
export function createPubSub(
  handle: Pick<DatabaseHandle, 'db' | 'kind' | 'listen'>,
  config: { redisUrl?: string | undefined },
  log?: PubSubLog,
): PubSub {
  return config.redisUrl ? redisPubSub({ url: config.redisUrl, log }) : databasePubSub(handle, { log });
}

const byDatabase = new WeakMap<object, PubSub>();

/** Makes `pubsub` the one this process uses for the database (app.ts); services that only have `db` find it with `pubSubOf`. */
export function usePubSub(db: Database, pubsub: PubSub): void {
  byDatabase.set(databaseIdentity(db), pubsub);
}

/** The pub/sub of the database's app, if one was built on it. */
function pubSubOf(db: Database): PubSub | undefined {
  return byDatabase.get(databaseIdentity(db));
}

/**
 * Publishes without waiting and without failing: for wake-ups whose loss only delays (job runners
 * poll every second; caches expire; the search index reads the change log before each search).
 */
export function tellOthers(db: Database, channel: string, message = ''): void {
  const pubsub = pubSubOf(db);
  if (!pubsub) return;
  Promise.resolve()
    .then(() => pubsub.publish(channel, message))
    .catch(() => undefined);
}

/** The channels of the seam, one per kind of change (a message's text may say more). */
export const CHANNELS = {
  /** Cached reference data changed: the key, or `*` for every entry (platform/cache.ts). */
  cache: 'cache',
  /** The catalogue changed: search indexes read the change log now (catalogue/search-index). */
  catalogue: 'catalogue',
  /** A job was queued: runners look for due jobs now (platform/jobs.ts). */
  jobs: 'jobs',
  /** A conversation or a shopper's counts changed: sockets read and send what is new (platform/live.ts). */
  live: 'live',
} as const;
