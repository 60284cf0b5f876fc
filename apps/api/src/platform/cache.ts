import { sql, type Database, type DatabaseHandle } from '@kedai/db';

/**
 * Small read-through cache for reference data (regions, categories, config) that every catalogue
 * request needs and staff change rarely, and for search facet counts. Entries expire after a short time, so several API
 * processes converge without coordination; keyed per database so tests never share entries.
 */
const caches = new WeakMap<Database, Map<string, { value: Promise<unknown>; expires: number }>>();

const REFERENCE_TTL_MS = 30_000;
/** Beyond this many entries per database the oldest go first (search facets are keyed by filters). */
export const MAX_ENTRIES = 2_000;

export function cached<T>(db: Database, key: string, load: () => Promise<T>, ttlMs = REFERENCE_TTL_MS): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  cache.delete(key); // re-inserting moves the key to the end of the eviction order
  cache.set(key, { value, expires: now + ttlMs });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  // A failed load is not remembered.
  value.catch(() => cache.delete(key));
  return value;
}

/** The channel on which an API process tells the others that reference data changed. */
const CHANGES_CHANNEL = 'kedai_cache';

function dropLocal(db: Database, key?: string) {
  if (key === undefined) caches.delete(db);
  else caches.get(db)?.delete(key);
}

/**
 * Drops cached entries after a change (the back office's writes): in this process at once, and in
 * every other API process on the same database through a `NOTIFY` (see `followCacheChanges`), so
 * the storefront shows the change within moments rather than when the entries expire.
 */
export function invalidate(db: Database, key?: string) {
  dropLocal(db, key);
  Promise.resolve()
    .then(() => db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${key ?? '*'})`))
    .catch(() => {
      // Not told: the other processes' entries still expire within REFERENCE_TTL_MS.
    });
}

/** Drops this process's entries whenever any API process says the data changed; resolves to the stop function. */
export function followCacheChanges(handle: Pick<DatabaseHandle, 'db' | 'listen'>): Promise<() => Promise<void>> {
  return handle.listen(CHANGES_CHANNEL, (payload) => dropLocal(handle.db, payload === '*' ? undefined : payload));
}
