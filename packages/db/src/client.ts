import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * One type for both drivers: every query in the app is written once against it. It is also the
 * executor every service takes: a transaction is a `Database` too, so a caller can run several
 * modules' services in one transaction (`db.transaction((tx) => …)`; a service's own transaction
 * then nests as a savepoint) and a failure in any step takes all of them back.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`; also a `Database`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a database and every transaction on it have in common (drizzle hands a transaction its
 * database's dialect object): per-database caches key on it, so that a read inside a transaction
 * finds what the database already loaded.
 */
export function databaseIdentity(db: Database): object {
  return (db as unknown as { dialect?: object }).dialect ?? db;
}

/** Uuids as the items of an SQL `IN (…)` list. */
export function uuidList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

export function isTransaction(db: Database): boolean {
  return is(db, PgTransaction);
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every `NOTIFY channel` any process sends (on PostgreSQL
   * over a connection of its own, outside the pool, re-established with backoff when it drops; PGlite
   * has one process). Resolves to the subscription: call it (or its `stop`) to stop listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, options?: ListenOptions): Promise<Subscription>;
}

export interface ListenOptions {
  /** A lost listening connection, or a failed try to open it again (the caller logs it). */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * The connection is listening again after a gap: notifications sent meanwhile were missed, so the
   * subscriber catches up from the tables (e.g. drops everything it cached).
   */
  onReconnect?: (() => void) | undefined;
  /** Waits before the next try; tests pass one that they release, so no test waits on the real clock. */
  wait?: ((ms: number) => Promise<void>) | undefined;
}

/** Stops listening when called (or through `stop`); `isUp` says whether notifications arrive now. */
export type Subscription = (() => Promise<void>) & { stop(): Promise<void>; isUp(): boolean };

function subscription(stop: () => Promise<void>, isUp: () => boolean): Subscription {
  return Object.assign(() => stop(), { stop, isUp });
}

const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 30_000;

/**
 * How long to wait before try `attempt` (0 for the first) to open a lost listening connection again:
 * 0.5 s doubling up to 30 s, of which a random half (`random` in [0, 1)), so that processes which lost
 * the database together do not all come back at the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export interface OpenDatabaseOptions {
  /** `postgres://…` for PostgreSQL; absent for the embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number | undefined;
  /** PGlite: start from this data folder's dump (see `dumpPglite`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
}

// Resolved through the package so it also holds when the API is bundled into one file.
export const migrationsFolder = join(dirname(createRequire(import.meta.url).resolve('@kedai/db/package.json')), 'migrations');

// Any fixed number: serialises migrations when several API processes start at once.
const MIGRATION_LOCK = 4_801_337;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Fail at start with a clear cause rather than on the first request.
    const probe = await pool.connect();
    probe.release();
    const url = options.url;
    return {
      db: drizzlePg(pool, { schema }) as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      async listen(channel, onMessage, options = {}) {
        const wait = options.wait ?? sleep;
        let current: pg.Client | null = null;
        let stopped = false;

        const lost = (client: pg.Client, error?: unknown) => {
          if (client !== current || stopped) return; // the 'end' after an 'error', or a client already replaced
          current = null;
          options.onError?.(error ?? new Error(`The connection listening on ${channel} ended`));
          client.end().catch(() => undefined);
          void reconnect();
        };
        const open = async () => {
          // Keep-alive: a connection that dies without a word (a network cut) is noticed too.
          const client = new pg.Client({ connectionString: url, application_name: `kedai listen ${channel}`, keepAlive: true });
          client.on('notification', (message) => {
            if (message.channel === channel) onMessage(message.payload ?? '');
          });
          client.on('error', (error) => lost(client, error));
          client.on('end', () => lost(client));
          try {
            await client.connect();
            await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
          } catch (error) {
            client.end().catch(() => undefined);
            throw error;
          }
          return client;
        };
        const reconnect = async () => {
          for (let attempt = 0; !stopped; attempt++) {
            await wait(reconnectDelay(attempt));
            if (stopped) return;
            try {
              const client = await open();
              if (stopped) {
                await client.end().catch(() => undefined);
                return;
              }
              current = client;
              options.onReconnect?.();
              return;
            } catch (error) {
              options.onError?.(error);
            }
          }
        };

        // The first connection fails the caller (at start, with a clear cause); later ones are retried.
        current = await open();
        const stop = async () => {
          stopped = true;
          const client = current;
          current = null;
          await client?.end();
        };
        return subscription(stop, () => current !== null);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    async listen(channel, onMessage) {
      // One process, nothing to lose: the subscription is up until stopped.
      const unlisten = await client.listen(channel, onMessage);
      let up = true;
      return subscription(
        async () => {
          up = false;
          await unlisten();
        },
        () => up,
      );
    },
  };
}

/** The whole PGlite cluster as a tarball, for `loadDataDir` (test databases start from a migrated one). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== 'pglite') throw new Error('dumpPglite: not a PGlite database');
  return (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; the result type of the shared `Database` does not say so.
  const result = await db.execute<Record<string, unknown>>(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A transaction-scoped advisory lock on a text key (e.g. `cart:<user id>`): serialises the
 * transactions that take the same key until they end, without locking any row.
 */
export async function lockKey(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
