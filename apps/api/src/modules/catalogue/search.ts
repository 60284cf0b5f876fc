import { AppError, correctQuery } from '@kedai/domain';
import { sql, queryRows, type Database, type SQL } from '@kedai/db';
import { SEARCH_DEFAULT_LIMIT, type SearchQuery, type SearchResult } from '@kedai/contract';
import { cached } from '../../platform/cache';
import { regionCurrencies, resolveRegion } from '../regions/service';
import { findMerchant } from '../merchants/service';
import { categoryTree, findCategory, subtreeIds, type CategoryTree } from './categories';
import { SUMMARY_COLUMNS, toSummary, type SummaryRow } from './products';

const inList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** How long facet counts and totals are reused for the same filters (they follow the catalogue closely enough). */
const FACETS_TTL_MS = 30_000;

/** The names of at most this many of the closest fallback matches supply the words of a correction. */
const CORRECTION_NAMES = 50;

/**
 * Catalogue search: full-text relevance (English stemming: "laptops" finds "laptop"); when the words
 * match nothing, trigram word similarity on the name instead, for typos ("lapton" finds "laptop"),
 * unless `exact` asks for the words as typed only. A typo-tolerant answer says so (`typoTolerant`) and
 * names the words it stands for (`correctedQuery`, see `correctionOf`); an exact search that finds
 * nothing offers that correction instead (`suggestedQuery`).
 * Filters, facets and stable paging (every sort ends on the product id, so equal keys never swap
 * between pages). Facets and the total are computed once per filter set and reused for
 * FACETS_TTL_MS: they cost a pass over every match, the page of rows only an index walk.
 */
export async function searchProducts(db: Database, query: SearchQuery): Promise<SearchResult> {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    throw new AppError('general/argument_error', ['minPrice must not be above maxPrice']);
  }
  const region = await resolveRegion(db, query.region);
  const q = query.q ? query.q : undefined;
  const sort = query.sort ?? (q ? 'relevance' : 'newest');
  const page = query.page ?? 1;
  const limit = query.limit ?? SEARCH_DEFAULT_LIMIT;

  const { shared, merchantCondition, priceCondition } = await searchConditions(db, query);

  const from = sql`FROM products p
    JOIN product_region_prices rp ON rp.product_id = p.id AND rp.region_key = ${region.key}`;
  const filters = sql.join(shared, sql` AND `);
  const words = sql`p.search_vector @@ websearch_to_tsquery('english', ${q ?? ''})`;
  const similar = sql`${q ?? ''} <% p.name`;
  type Mode = 'all' | 'words' | 'similar';
  const matching = (mode: Mode) =>
    mode === 'words' ? sql`${filters} AND ${words}` : mode === 'similar' ? sql`${filters} AND ${similar}` : filters;

  // Words first; only when they match nothing here does the search fall back to similar names.
  const exact = query.exact === true;
  const key = JSON.stringify([
    'search',
    region.key,
    q,
    exact,
    query.category,
    query.merchant,
    query.inStock,
    query.minPrice,
    query.maxPrice,
  ]);
  const { mode, facetRows, correction } = await cached(
    db,
    key,
    async (reader) => {
      let mode: Mode = 'all';
      let correction: string | null = null;
      if (q) {
        const hit = await anyMatch(reader, sql`${from} WHERE ${filters} AND ${words} AND ${merchantCondition} AND ${priceCondition}`);
        // An exact search keeps to the words (and finds nothing); the correction is then only offered.
        mode = hit || exact ? 'words' : 'similar';
        if (!hit) {
          correction = await correctionOf(reader, q, {
            from,
            where: sql`${filters} AND ${similar} AND ${merchantCondition} AND ${priceCondition}`,
            filters: sql`${filters} AND ${merchantCondition} AND ${priceCondition}`,
          });
        }
      }
      const facetRows = await facetCounts(reader, from, matching(mode), merchantCondition, priceCondition, region.priceBands);
      return { mode, facetRows, correction };
    },
    FACETS_TTL_MS,
  );
  const where = matching(mode);
  const score =
    mode === 'words'
      ? sql`ts_rank_cd(p.search_vector, websearch_to_tsquery('english', ${q ?? ''}))`
      : mode === 'similar'
        ? sql`word_similarity(${q ?? ''}, p.name)`
        : sql`0`;
  // NULLS LAST matches the newest index (created_at is never null), so "newest" walks the index.
  const order = {
    relevance: sql`${score} DESC, p.created_at DESC NULLS LAST, p.id`,
    price_asc: sql`rp.min_price ASC, p.id`,
    price_desc: sql`rp.min_price DESC, p.id`,
    newest: sql`p.created_at DESC NULLS LAST, p.id`,
  }[sort];
  const [rows, currencies, tree] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      sql`SELECT ${SUMMARY_COLUMNS}
          ${from} LEFT JOIN merchants m ON m.id = p.merchant_id
          WHERE ${where} AND ${merchantCondition} AND ${priceCondition}
          ORDER BY ${order}
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    regionCurrencies(db),
    categoryTree(db),
  ]);

  const total = facetRows.find((row) => row.kind === 'total')?.count ?? 0;
  const typoTolerant = mode === 'similar' && total > 0;

  return {
    products: rows.map((row) => toSummary(row, currencies)),
    total,
    page,
    limit,
    pages: Math.ceil(total / limit),
    region: region.key,
    currency: region.currency,
    sort,
    facets: await facetsOf(db, facetRows, tree, region.priceBands),
    typoTolerant,
    correctedQuery: typoTolerant ? correction : null,
    suggestedQuery: exact ? correction : null,
  };
}

async function anyMatch(db: Database, fromWhere: SQL): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(db, sql`SELECT EXISTS (SELECT 1 ${fromWhere}) AS hit`);
  return row?.hit === true;
}

/**
 * The words a typo-tolerant search stands for, or null: `correctQuery` over the names of the closest
 * similar-name matches (`where`; closest first, then by id, so the same catalogue gives the same words),
 * kept only when those words themselves match products under the same filters, so that searching for
 * the correction finds something.
 */
async function correctionOf(db: Database, q: string, parts: { from: SQL; where: SQL; filters: SQL }): Promise<string | null> {
  const names = await queryRows<{ name: string }>(
    db,
    sql`SELECT p.name ${parts.from} WHERE ${parts.where}
        ORDER BY word_similarity(${q}, p.name) DESC, p.id
        LIMIT ${CORRECTION_NAMES}`,
  );
  const corrected = correctQuery(
    q,
    names.map((row) => row.name),
  );
  if (!corrected) return null;
  const found = await anyMatch(
    db,
    sql`${parts.from} WHERE ${parts.filters} AND p.search_vector @@ websearch_to_tsquery('english', ${corrected})`,
  );
  return found ? corrected : null;
}

/**
 * The WHERE parts of a search: those every facet shares (enabled, the category subtree, in stock),
 * and the merchant and price conditions kept apart, so that each of those facets can count what
 * picking another value would give.
 */
async function searchConditions(db: Database, query: SearchQuery) {
  const shared: SQL[] = [sql`NOT p.disabled`];
  if (query.category) {
    const category = await findCategory(db, query.category);
    shared.push(sql`p.category_id IN (${inList(await subtreeIds(db, category))})`);
  }
  if (query.inStock) shared.push(sql`p.in_stock`);
  const merchantCondition = query.merchant ? sql`p.merchant_id = ${(await findMerchant(db, query.merchant)).id}::uuid` : sql`TRUE`;
  const priceParts: SQL[] = [];
  if (query.minPrice !== undefined) priceParts.push(sql`rp.min_price >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) priceParts.push(sql`rp.min_price <= ${query.maxPrice}`);
  const priceCondition = priceParts.length ? sql.join(priceParts, sql` AND `) : sql`TRUE`;
  return { shared, merchantCondition, priceCondition };
}

/** The facets of a result from its counts: categories (rolled up to their ancestors), merchants and price bands. */
async function facetsOf(db: Database, facetRows: FacetRow[], tree: CategoryTree, edges: number[]): Promise<SearchResult['facets']> {
  // Leaf counts roll up to every ancestor: "Electronics" counts its laptops and phones.
  const categoryCounts = new Map<string, number>();
  for (const row of facetRows.filter((r) => r.kind === 'category' && r.key)) {
    const category = tree.byId.get(row.key!);
    if (!category) continue;
    const parts = category.path.split('.');
    for (let i = 1; i <= parts.length; i++) {
      const ancestor = tree.byPath.get(parts.slice(0, i).join('.'));
      if (ancestor) categoryCounts.set(ancestor.id, (categoryCounts.get(ancestor.id) ?? 0) + row.count);
    }
  }
  const merchantIds = facetRows.filter((r) => r.kind === 'merchant' && r.key).map((r) => r.key!);
  const merchants = await Promise.all(merchantIds.map((id) => findMerchant(db, id)));
  const merchantCounts = new Map(facetRows.filter((r) => r.kind === 'merchant' && r.key).map((r) => [r.key!, r.count]));
  const bandCounts = new Map(facetRows.filter((r) => r.kind === 'band').map((r) => [Number(r.key), r.count]));
  return {
    categories: tree.list
      .filter((c) => categoryCounts.has(c.id))
      .map((c) => ({ id: c.id, name: c.name, path: c.path, count: categoryCounts.get(c.id)! })),
    merchants: merchants
      .map((m) => ({ id: m.id, slug: m.slug, name: m.name, count: merchantCounts.get(m.id) ?? 0 }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    // Band i holds prices from edge i-1 up to just below edge i; the last has no upper bound.
    priceBands: [...edges.keys(), edges.length].map((i) => ({
      min: i === 0 ? 0 : edges[i - 1]!,
      max: i < edges.length ? edges[i]! - 1 : null,
      count: bandCounts.get(i) ?? 0,
    })),
  };
}

interface FacetRow {
  kind: 'total' | 'category' | 'merchant' | 'band';
  key: string | null;
  count: number;
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
