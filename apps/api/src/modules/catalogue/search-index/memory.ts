import { correctQuery, wordsToCut } from '@kedai/domain';
import { databaseIdentity, queryRows, sql, uuidList, type Database, type SQL } from '@kedai/db';
import { CatalogueIndex, type IndexedProduct, type IndexFilters, type IndexOrder, type Selection } from './catalogue-index';
import type { EngineAnswer, EngineRequest, MatchMode, SearchEngine } from './engine';
import { summaryRowsByIds, type SummaryRow } from '../products';
import { CORRECTION_NAMES, postgresSearch, shopperQuery } from './postgres';
import { hasPhrase, parseTsquery, type TsQuery } from './tsquery';

/** Products read per query while loading the index. */
const LOAD_BATCH = 5_000;
/** Above this many products a process answers from PostgreSQL while its index loads, rather than wait. */
const WAIT_FOR_LOAD_BELOW = 20_000;
/** A large catalogue whose log names more products than this is reloaded in the background instead. */
const RELOAD_ABOVE_CHANGES = 50_000;
/** After a failed load, how long until a search starts another. */
const LOAD_RETRY_MS = 10_000;
/** The change log keeps a day; a process that has not looked for half of that loads everything again. */
const CHANGES_KEPT = '1 day';
const RELOAD_AFTER_MS = 12 * 3600_000;
const PRUNE_EVERY_MS = 600_000;
/** Product summaries kept per process (about 1 kB each); past it the longest kept go first. */
const SUMMARIES_KEPT = 50_000;
/** Answers kept per process until the catalogue changes, the most recently asked staying. */
const ANSWERS_KEPT = 500;
/** Parsed shopper queries kept (PostgreSQL parses each once). */
const PARSED_KEPT = 5_000;

/** Every column the index keeps, for the products `where` selects. */
function indexedRows(db: Database, where: SQL, limit?: number) {
  return queryRows<{
    id: string;
    name: string;
    lexemes: string;
    category_id: string | null;
    merchant_id: string | null;
    in_stock: boolean;
    disabled: boolean;
    created_micros: string;
    prices: Record<string, number | string>;
  }>(
    db,
    sql`SELECT p.id, p.name, COALESCE(p.search_vector::text, '') AS lexemes, p.category_id, p.merchant_id, p.in_stock, p.disabled,
               (extract(epoch FROM p.created_at) * 1000000)::bigint::text AS created_micros,
               COALESCE((SELECT jsonb_object_agg(r.region_key, r.min_price) FROM product_region_prices r WHERE r.product_id = p.id), '{}') AS prices
        FROM products p WHERE ${where} ORDER BY p.id ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`,
  );
}

type Row = Awaited<ReturnType<typeof indexedRows>>[number];

function toIndexed(row: Row): IndexedProduct {
  return {
    id: row.id,
    name: row.name,
    lexemes: row.lexemes,
    categoryId: row.category_id,
    merchantId: row.merchant_id,
    inStock: row.in_stock,
    createdMicros: Number(row.created_micros),
    prices: Object.fromEntries(Object.entries(row.prices).map(([region, price]) => [region, Number(price)])),
  };
}

/** The oldest transaction still running: every change logged by an older one is visible now. */
const SNAPSHOT_XMIN = sql`pg_snapshot_xmin(pg_current_snapshot())::text`;

/**
 * One database's catalogue index in this process, kept equal to the database: before each search it
 * reads the change log (`catalogue_changes`, written by triggers) for every transaction that may have
 * committed since it last looked, and reloads those products. So a write is in the next search that
 * starts after it commits, from any API process, however the write was made.
 */
class FollowedIndex {
  index = new CatalogueIndex();
  private loading: Promise<void> | null = null;
  private loadFailedAt = -Infinity;
  ready = false;
  /** Loaded whole at least once: a later reload (answered meanwhile) does not make the process unready. */
  loadedOnce = false;
  large = false;
  private horizon = '0';
  /** Transactions at or above the horizon whose changes are applied already (they are read again until it passes them). */
  private applied = new Set<string>();
  private lastSync = 0;
  private lastPrune = 0;
  /** Summaries of products shown lately, dropped as the change log names them: never older than the index. */
  private summaries = new Map<string, SummaryRow>();
  /**
   * Answers, for the index version they were made from: a few searches and filter sets (browse, each
   * category, the common words) take most requests, and each costs a pass over its matches.
   */
  answers = new Map<string, { index: CatalogueIndex; version: number; answer: EngineAnswer }>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private db: Database) {
    this.load().catch(() => undefined); // a search retries, and fails itself if the database does
  }

  /** The whole index loaded, shared by all who wait for it; after a failure the next search tries again. */
  load(): Promise<void> {
    this.loading ??= this.loadAll().then(
      () => {
        this.ready = true;
        this.loadedOnce = true;
      },
      (error: unknown) => {
        this.loading = null;
        this.loadFailedAt = Date.now();
        throw error;
      },
    );
    return this.loading;
  }

  /** While PostgreSQL answers for a large catalogue: loads again if the last try failed long enough ago. */
  retryLoad(): void {
    if (!this.loading && Date.now() - this.loadFailedAt > LOAD_RETRY_MS) this.load().catch(() => undefined);
  }

  /** Loads everything again. A large catalogue is answered by PostgreSQL meanwhile; a small one is quick to wait for. */
  private reload(): Promise<void> {
    this.ready = false;
    this.loading = null;
    const loading = this.load();
    if (!this.large) return loading;
    loading.catch(() => undefined);
    return Promise.resolve();
  }

  /** The log's rows by transaction, from `since` (an xid8), or from the oldest transaction running now. */
  private async readLog(since: string | null) {
    const [log] = await queryRows<{ xmin: string; changes: { xid: string; ids: string[] | null; everything: boolean }[] }>(
      this.db,
      sql`WITH changed AS (
            SELECT xid::text AS xid,
                   array_agg(DISTINCT product_id::text) FILTER (WHERE product_id IS NOT NULL) AS ids,
                   bool_or(product_id IS NULL) AS everything
            FROM catalogue_changes WHERE xid >= ${since === null ? sql`pg_snapshot_xmin(pg_current_snapshot())` : sql`${since}::xid8`}
            GROUP BY xid)
          SELECT ${SNAPSHOT_XMIN} AS xmin, COALESCE(json_agg(changed), '[]'::json) AS changes FROM changed`,
    );
    const { xmin, changes } = log!;
    // Transactions the horizon has not passed yet, whose rows the next read will see again.
    const pending = new Set(changes.filter((change) => BigInt(change.xid) >= BigInt(xmin)).map((change) => change.xid));
    return { xmin, changes, pending };
  }

  private async loadAll() {
    const [counted] = await queryRows<{ count: number }>(this.db, sql`SELECT count(*)::int AS count FROM products`);
    this.large = counted!.count >= WAIT_FOR_LOAD_BELOW;
    // Every change committed before this read is in what the loop below reads.
    const log = await this.readLog(null);
    const index = new CatalogueIndex();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await indexedRows(this.db, sql`p.id > ${after}::uuid AND NOT p.disabled`, LOAD_BATCH);
      for (const row of rows) index.upsert(toIndexed(row));
      if (rows.length < LOAD_BATCH) break;
      after = rows[rows.length - 1]!.id;
    }
    this.index = index;
    this.summaries.clear();
    this.answers.clear();
    this.horizon = log.xmin;
    this.applied = log.pending;
    this.lastSync = Date.now();
  }

  /** Enabled products' summaries by id, in the order of the ids: from memory, else from the database. */
  async summaryRows(ids: string[]): Promise<SummaryRow[]> {
    const missing = ids.filter((id) => !this.summaries.has(id));
    const { index } = this;
    const version = index.version;
    const loaded = missing.length ? await summaryRowsByIds(this.db, missing) : [];
    // A change applied meanwhile may be newer than what was read: keep the rows for this answer only.
    if (this.ready && this.index === index && index.version === version) {
      for (const row of loaded) this.summaries.set(row.id, row);
      while (this.summaries.size > SUMMARIES_KEPT) this.summaries.delete(this.summaries.keys().next().value!);
    }
    const byId = new Map(loaded.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = this.summaries.get(id) ?? byId.get(id);
      return row ? [row] : [];
    });
  }

  /** Brings the index up to date. Searches arriving while a sync runs share the one after it. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.syncOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.sync();
      });
    return this.queued;
  }

  private async syncOnce() {
    await this.load();
    if (Date.now() - this.lastSync > RELOAD_AFTER_MS) return this.reload();
    const log = await this.readLog(this.horizon);
    this.lastSync = Date.now();
    const fresh = log.changes.filter((change) => !this.applied.has(change.xid));
    const ids = [...new Set(fresh.flatMap((change) => change.ids ?? []))];
    if (fresh.some((change) => change.everything) || (this.large && ids.length > RELOAD_ABOVE_CHANGES)) return this.reload();
    for (let i = 0; i < ids.length; i += LOAD_BATCH) {
      const batch = ids.slice(i, i + LOAD_BATCH);
      const rows = await indexedRows(this.db, sql`p.id IN (${uuidList(batch)})`);
      const found = new Map(rows.map((row) => [row.id, row]));
      for (const id of batch) {
        this.summaries.delete(id);
        const row = found.get(id);
        if (row && !row.disabled) this.index.upsert(toIndexed(row));
        else this.index.remove(id);
      }
    }
    this.horizon = log.xmin;
    this.applied = log.pending;
    if (this.index.wantsCompaction) this.index.compact();
    if (this.lastSync - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = this.lastSync;
      // Not waited for: no search should carry a day's worth of deletes (another process may do it too).
      this.db.execute(sql`DELETE FROM catalogue_changes WHERE created_at < now() - ${CHANGES_KEPT}::interval`).catch(() => undefined);
    }
  }
}

const followed = new WeakMap<object, FollowedIndex>();

/** This process's index of the database's catalogue, loading it on first use. */
function catalogueIndexOf(db: Database): FollowedIndex {
  const id = databaseIdentity(db);
  let entry = followed.get(id);
  if (!entry) followed.set(id, (entry = new FollowedIndex(db)));
  return entry;
}

const parsed = new Map<string, Promise<TsQuery | null>>();

/** The shopper's words as PostgreSQL reads them (`shopperQuery`: every spelling), parsed once per text. */
function parseWords(db: Database, text: string): Promise<TsQuery | null> {
  let query = parsed.get(text);
  if (!query) {
    query = queryRows<{ query: string }>(db, sql`SELECT ${shopperQuery(text)}::text AS query`).then((rows) => parseTsquery(rows[0]!.query));
    parsed.set(text, query);
    query.catch(() => parsed.delete(text));
    if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
  }
  return query;
}

const ORDERS: Record<EngineRequest['sort'], IndexOrder> = {
  relevance: 'score',
  newest: 'newest',
  price_asc: 'price_asc',
  price_desc: 'price_desc',
};

/** Search from the index in this process (decision 0020); PostgreSQL answers while a large catalogue loads. */
export const memorySearch: SearchEngine = {
  summaries: (db, ids) => catalogueIndexOf(db).summaryRows(ids),
  warm: (db) =>
    void catalogueIndexOf(db)
      .load()
      .catch(() => undefined),
  loaded: (db) => followed.get(databaseIdentity(db))?.loadedOnce ?? false,
  // Reads the change log now, so the next search finds little left to apply. An index not loaded yet
  // reads everything when it loads; a failed sync is tried again by the next search.
  changed: (db) => {
    const followedIndex = followed.get(databaseIdentity(db));
    if (followedIndex?.ready) followedIndex.sync().catch(() => undefined);
  },
  async search(db, request): Promise<EngineAnswer> {
    const followedIndex = catalogueIndexOf(db);
    const { q } = request;
    const words = q ? await parseWords(db, q) : null;
    // PostgreSQL answers while a large catalogue (re)loads, and what the index would only approximate:
    // phrases, whose words must stand side by side.
    if (words && hasPhrase(words)) return postgresSearch.search(db, request);
    if (!followedIndex.ready && followedIndex.large) {
      followedIndex.retryLoad();
      return postgresSearch.search(db, request);
    }
    await followedIndex.sync();
    if (!followedIndex.ready) return postgresSearch.search(db, request);
    // From here to the answer nothing waits, so no change lands halfway (but for the correction's check).
    const index = followedIndex.index;
    const { answers } = followedIndex;
    const key = JSON.stringify(request);
    const kept = answers.get(key);
    if (kept && kept.index === index && kept.version === index.version) {
      answers.delete(key); // most recently asked: last to go
      answers.set(key, kept);
      return kept.answer;
    }
    const version = index.version;
    const filters: IndexFilters = {
      region: request.region.key,
      categoryIds: request.categoryIds ? new Set(request.categoryIds) : null,
      merchantId: request.merchantId,
      inStock: request.inStock,
      minPrice: request.minPrice,
      maxPrice: request.maxPrice,
      bands: request.region.priceBands,
    };
    let mode: MatchMode = 'all';
    let selection: Selection;
    let correctionNames: string[] | null = null;
    if (!q) selection = index.select(null, filters);
    else {
      selection = index.select(words ? index.match(words) : new Int32Array(0), filters);
      const hit = selection.slots.length > 0;
      if (hit && words) selection.scores = index.relevance(words, selection.slots);
      if (!hit) {
        const similar = index.similar(q);
        const similarSelection = index.select(similar.slots, filters, similar.scores);
        // As the PostgreSQL engine's: the closest names, and those holding a typed word cut in two (by id).
        const cutSelection = index.select(index.holdingCut(wordsToCut(q)), filters);
        correctionNames = [
          ...index.pageSlots(similarSelection, 'closest', filters.region, 0, CORRECTION_NAMES),
          ...index.pageSlots(cutSelection, 'closest', filters.region, 0, CORRECTION_NAMES),
        ].map((slot) => index.nameOf(slot));
        if (!request.exact) selection = similarSelection;
      }
      mode = hit || request.exact ? 'words' : 'similar';
    }
    const ids = index
      .pageSlots(selection, ORDERS[request.sort], filters.region, request.offset, request.limit)
      .map((slot) => index.idOf(slot));
    const facetRows = selection.facetRows;
    const correction = correctionNames ? await correctionOf(db, q!, correctionNames, filters) : null;
    const answer = { ids, facetRows, mode, correction };
    // Kept for the version it was made from: once the index moves on it is never served.
    answers.delete(key);
    answers.set(key, { index, version, answer });
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
    return answer;
  },
};

/** As the PostgreSQL engine's: the corrected words, kept only when they themselves find products under the filters. */
async function correctionOf(db: Database, q: string, names: string[], filters: IndexFilters): Promise<string | null> {
  const corrected = correctQuery(q, names);
  if (!corrected) return null;
  const words = await parseWords(db, corrected);
  if (!words) return null;
  const index = catalogueIndexOf(db).index;
  return index.select(index.match(words), filters, null, true).slots.length > 0 ? corrected : null;
}
