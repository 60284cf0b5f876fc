import { databaseIdentity, isTransaction, type Database, type Subscription } from '@kedai/db';
import { CHANNELS, tellOthers, type PubSub, type SubscribeOptions } from './pubsub';

/**
 * Small read-through cache for reference data (regions, categories, config) that every catalogue
 * request needs and staff change rarely, and for search facet counts. Entries expire after a short time, so several API
 * processes converge without coordination; keyed per database so tests never share entries, and
 * shared by the database's transactions (`databaseIdentity`), so a transaction does not read again
 * what every request already has.
 */
const caches = new WeakMap<object, Map<string, Entry>>();

interface Entry {
  value: Promise<unknown>;
  expires: number;
  settled: boolean;
}

const REFERENCE_TTL_MS = 30_000;
/** Beyond this many entries per database the oldest go first (search facets are keyed by filters). */
export const MAX_ENTRIES = 2_000;

/**
 * The entry under `key`, loaded by `load(db)` when missing or expired. A transaction takes only an
 * entry already loaded, never one still loading elsewhere: on PGlite that load waits for the
 * transaction to end, so waiting for it would never end. What a transaction loads (in itself) is
 * shared like any other entry: loads only read reference data, which no transaction reads after writing it.
 */
export function cached<T>(db: Database, key: string, load: (db: Database) => Promise<T>, ttlMs = REFERENCE_TTL_MS): Promise<T> {
  const id = databaseIdentity(db);
  let cache = caches.get(id);
  if (!cache) caches.set(id, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.expires > now && (hit.settled || !isTransaction(db))) return hit.value as Promise<T>;
  // Drizzle's queries are lazy: each `then` on one runs it again. Adopted once here, every caller
  // shares one run (a loader that is not `async` answers such a query).
  const value = Promise.resolve(load(db));
  const entry: Entry = { value, expires: now + ttlMs, settled: false };
  cache.delete(key); // re-inserting moves the key to the end of the eviction order
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  value.then(
    () => {
      entry.settled = true;
    },
    () => {
      // A failed load is not remembered.
      if (cache?.get(key) === entry) cache.delete(key);
    },
  );
  return value;
}

function dropLocal(db: Database, key?: string) {
  if (key === undefined) caches.delete(databaseIdentity(db));
  else caches.get(databaseIdentity(db))?.delete(key);
}

/**
 * Drops cached entries after a change (the back office's writes): in this process at once, and in
 * every other API process on the same database through the pub/sub seam (see `followCacheChanges`),
 * so the storefront shows the change within moments rather than when the entries expire.
 */
export function invalidate(db: Database, key?: string) {
  dropLocal(db, key);
  // Not told (no seam, or it is down): the other processes' entries still expire within REFERENCE_TTL_MS.
  tellOthers(db, CHANNELS.cache, key ?? '*');
}

/**
 * Drops this process's entries of `db` whenever any API process says the data changed; resolves to
 * the subscription (call it to stop). When the seam comes back after a drop, every entry goes:
 * changes told meanwhile were missed.
 */
export function followCacheChanges(db: Database, pubsub: PubSub, options: SubscribeOptions = {}): Promise<Subscription> {
  return pubsub.subscribe(CHANNELS.cache, (key) => dropLocal(db, key === '*' ? undefined : key), {
    onReconnect: () => {
      dropLocal(db);
      options.onReconnect?.();
    },
  });
}
