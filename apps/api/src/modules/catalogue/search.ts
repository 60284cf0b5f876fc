import { AppError } from '@kedai/domain';
import { databaseIdentity, type Database, type Subscription } from '@kedai/db';
import { CHANNELS, tellOthers, type PubSub } from '../../platform/pubsub';
import { SEARCH_DEFAULT_LIMIT, type SearchQuery, type SearchResult } from '@kedai/contract';
import { regionCurrencies, resolveRegion } from '../regions/service';
import { findMerchant } from '../merchants/service';
import { categoryTree, findCategory, subtreeIds, type CategoryTree } from './categories';
import { toSummary } from './products';
import type { FacetRow, SearchEngine, SearchEngineName } from './search-index/engine';
import { memorySearch } from './search-index/memory';
import { postgresSearch } from './search-index/postgres';

const ENGINES: Record<SearchEngineName, SearchEngine> = { memory: memorySearch, postgres: postgresSearch };
const chosen = new WeakMap<object, SearchEngine>();

/** Which engine answers the searches of a database (`SEARCH_ENGINE`; the in-memory index unless told). */
export function useSearchEngine(db: Database, name: SearchEngineName): void {
  chosen.set(databaseIdentity(db), ENGINES[name]);
}

/** Starts loading what the database's search engine needs, so the first search does not wait for it. */
export function warmSearchEngine(db: Database): void {
  (chosen.get(databaseIdentity(db)) ?? memorySearch).warm?.(db);
}

/** Whether the database's search engine has what it needs to answer (readiness, modules/health). */
export function searchEngineLoaded(db: Database): boolean {
  return (chosen.get(databaseIdentity(db)) ?? memorySearch).loaded?.(db) ?? true;
}

/**
 * After a catalogue write (the back office's): every API process's index reads the change log now
 * rather than at its next search. A search reads the log itself, so a lost message only costs that search the work.
 */
export function announceCatalogueChange(db: Database): void {
  tellOthers(db, CHANNELS.catalogue);
}

/**
 * Keeps the database's search engine following what any process announces; after a gap in the
 * subscription it catches up from the change log at once.
 */
export function followCatalogueChanges(db: Database, pubsub: PubSub): Promise<Subscription> {
  const changed = () => (chosen.get(databaseIdentity(db)) ?? memorySearch).changed?.(db);
  return pubsub.subscribe(CHANNELS.catalogue, changed, { onReconnect: changed });
}

/**
 * Catalogue search: full-text relevance (PostgreSQL's English configuration: "laptops" finds "laptop";
 * a name match ranks above a description match); when the words match nothing, names with words like
 * them instead, for typos ("lapton" finds "laptop"), unless `exact` asks for the words as typed only.
 * A typo-tolerant answer says so (`typoTolerant`) and names the words it stands for (`correctedQuery`);
 * an exact search that finds nothing offers that correction instead (`suggestedQuery`).
 * Filters, facets and stable paging (every sort ends on the product id, so equal keys never swap
 * between pages). The engine (search-index/) finds the page's ids and the counts; the summaries
 * come from the database.
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
  const categoryIds = query.category ? await subtreeIds(db, await findCategory(db, query.category)) : null;
  const merchantId = query.merchant ? (await findMerchant(db, query.merchant)).id : null;

  const engine = chosen.get(databaseIdentity(db)) ?? memorySearch;
  const { ids, facetRows, mode, correction } = await engine.search(db, {
    region,
    q,
    exact: query.exact === true,
    sort,
    offset: (page - 1) * limit,
    limit,
    categoryIds,
    merchantId,
    inStock: query.inStock === true,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
  });
  const [rows, currencies, tree] = await Promise.all([engine.summaries(db, ids), regionCurrencies(db), categoryTree(db)]);

  const total = facetRows.find((row) => row.kind === 'total')?.count ?? 0;
  const typoTolerant = mode === 'similar' && total > 0;
  const exact = query.exact === true;

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
