import { correctQuery, spellingVariants, splitNamePattern, wordsToCut } from '@kedai/domain';
import { sql, queryRows, uuidList, type Database, type SQL } from '@kedai/db';
import { cached } from '../../../platform/cache';
import { summaryRowsByIds } from '../products';
import type { EngineAnswer, EngineRequest, FacetRow, MatchMode, SearchEngine } from './engine';

/** How long facet counts and totals are reused for the same filters (they follow the catalogue closely enough). */
const FACETS_TTL_MS = 30_000;

/** The names of at most this many of the closest fallback matches supply the words of a correction. */
export const CORRECTION_NAMES = 50;

/**
 * The shopper's words as a `tsquery`: `websearch_to_tsquery` of each of their spellings
 * (`spellingVariants`: hyphenated words joined, words side by side joined), any of them matching.
 * Both engines read the words through this, so they find the same products.
 */
export function shopperQuery(q: string): SQL {
  return sql`(${sql.join(
    spellingVariants(q).map((text) => sql`websearch_to_tsquery('english', ${text})`),
    sql` || `,
  )})`;
}

/**
 * Search by asking PostgreSQL each time: full-text relevance (`ts_rank_cd`), and pg_trgm's word
 * similarity on names when the words match nothing. Facets and the total are computed once per filter
 * set and reused for FACETS_TTL_MS: they cost a pass over every match, the page of rows an index walk.
 */
export const postgresSearch: SearchEngine = {
  summaries: summaryRowsByIds,
  async search(db: Database, request: EngineRequest): Promise<EngineAnswer> {
    const { region, q, exact } = request;
    const shared: SQL[] = [sql`NOT p.disabled`];
    if (request.categoryIds) shared.push(sql`p.category_id IN (${uuidList(request.categoryIds)})`);
    if (request.inStock) shared.push(sql`p.in_stock`);
    const merchantCondition = request.merchantId ? sql`p.merchant_id = ${request.merchantId}::uuid` : sql`TRUE`;
    const priceParts: SQL[] = [];
    if (request.minPrice !== undefined) priceParts.push(sql`rp.min_price >= ${request.minPrice}`);
    if (request.maxPrice !== undefined) priceParts.push(sql`rp.min_price <= ${request.maxPrice}`);
    const priceCondition = priceParts.length ? sql.join(priceParts, sql` AND `) : sql`TRUE`;

    const from = sql`FROM products p
      JOIN product_region_prices rp ON rp.product_id = p.id AND rp.region_key = ${region.key}`;
    const filters = sql.join(shared, sql` AND `);
    const words = sql`p.search_vector @@ ${shopperQuery(q ?? '')}`;
    const similar = sql`${q ?? ''} <% p.name`;
    const matching = (mode: MatchMode) =>
      mode === 'words' ? sql`${filters} AND ${words}` : mode === 'similar' ? sql`${filters} AND ${similar}` : filters;

    // Words first; only when they match nothing here does the search fall back to similar names.
    const key = JSON.stringify([
      'search',
      region.key,
      q,
      exact,
      request.categoryIds,
      request.merchantId,
      request.inStock,
      request.minPrice,
      request.maxPrice,
    ]);
    const { mode, facetRows, correction } = await cached(
      db,
      key,
      async (reader) => {
        let mode: MatchMode = 'all';
        let correction: string | null = null;
        if (q) {
          const hit = await anyMatch(reader, sql`${from} WHERE ${filters} AND ${words} AND ${merchantCondition} AND ${priceCondition}`);
          // An exact search keeps to the words (and finds nothing); the correction is then only offered.
          mode = hit || exact ? 'words' : 'similar';
          if (!hit) {
            correction = await correctionOf(reader, q, {
              from,
              similar,
              filters: sql`${filters} AND ${merchantCondition} AND ${priceCondition}`,
            });
          }
        }
        const facetRows = await facetCounts(reader, from, matching(mode), merchantCondition, priceCondition, region.priceBands);
        return { mode, facetRows, correction };
      },
      FACETS_TTL_MS,
    );
    const score =
      mode === 'words'
        ? sql`ts_rank_cd(p.search_vector, ${shopperQuery(q ?? '')})`
        : mode === 'similar'
          ? sql`word_similarity(${q ?? ''}, p.name)`
          : sql`0`;
    // NULLS LAST matches the newest index (created_at is never null), so "newest" walks the index.
    const order = {
      relevance: sql`${score} DESC, p.created_at DESC NULLS LAST, p.id`,
      price_asc: sql`rp.min_price ASC, p.id`,
      price_desc: sql`rp.min_price DESC, p.id`,
      newest: sql`p.created_at DESC NULLS LAST, p.id`,
    }[request.sort];
    const rows = await queryRows<{ id: string }>(
      db,
      sql`SELECT p.id ${from}
          WHERE ${matching(mode)} AND ${merchantCondition} AND ${priceCondition}
          ORDER BY ${order}
          LIMIT ${request.limit} OFFSET ${request.offset}`,
    );
    return { ids: rows.map((row) => row.id), facetRows, mode, correction };
  },
};

async function anyMatch(db: Database, fromWhere: SQL): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(db, sql`SELECT EXISTS (SELECT 1 ${fromWhere}) AS hit`);
  return row?.hit === true;
}

/**
 * The words a typo-tolerant search stands for, or null: `correctQuery` over the names of the closest
 * similar-name matches (closest first, then by id, so the same catalogue gives the same words) and of
 * the names holding a typed word cut in two (by id: "wifi" in "Wi Fi Camera", the catalogue's own
 * form), kept only when those words themselves match products under the same filters, so that
 * searching for the correction finds something.
 */
async function correctionOf(db: Database, q: string, parts: { from: SQL; similar: SQL; filters: SQL }): Promise<string | null> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`SELECT p.name ${parts.from} WHERE ${parts.filters} AND ${parts.similar}
        ORDER BY word_similarity(${q}, p.name) DESC, p.id
        LIMIT ${CORRECTION_NAMES}`,
  );
  const cut = splitNamePattern(wordsToCut(q));
  const cutNames = cut
    ? await queryRows<{ name: string }>(
        db,
        sql`SELECT p.name ${parts.from} WHERE ${parts.filters} AND p.name ~* ${cut} ORDER BY p.id LIMIT ${CORRECTION_NAMES}`,
      )
    : [];
  const corrected = correctQuery(
    q,
    [...names, ...cutNames].map((row) => row.name),
  );
  if (!corrected) return null;
  const found = await anyMatch(db, sql`${parts.from} WHERE ${parts.filters} AND p.search_vector @@ ${shopperQuery(corrected)}`);
  return found ? corrected : null;
}

/**
 * Counts in one pass over the matches: the total, per category (within the selection), per merchant
 * (ignoring the merchant filter) and per price band (ignoring the price filter), so a shopper sees
 * what switching would give.
 */
function facetCounts(db: Database, from: SQL, where: SQL, merchantCondition: SQL, priceCondition: SQL, edges: number[]) {
  const band = edges.length
    ? sql`width_bucket(min_price, ARRAY[${sql.join(
        edges.map((e) => sql`${e}::bigint`),
        sql`, `,
      )}])`
    : sql`0`;
  return queryRows<FacetRow>(
    db,
    sql`WITH base AS MATERIALIZED (
          SELECT p.category_id, p.merchant_id, rp.min_price,
                 ${merchantCondition} AS in_merchant, ${priceCondition} AS in_price
          ${from} WHERE ${where})
        SELECT 'total' AS kind, NULL AS key, count(*)::int AS count FROM base WHERE in_merchant AND in_price
        UNION ALL
        SELECT 'category', category_id::text, count(*)::int FROM base WHERE in_merchant AND in_price GROUP BY category_id
        UNION ALL
        SELECT 'merchant', merchant_id::text, count(*)::int FROM base WHERE in_price GROUP BY merchant_id
        UNION ALL
        SELECT 'band', (${band})::text, count(*)::int FROM base WHERE in_merchant GROUP BY 2`,
  );
}
