import type { Database } from '@kedai/db';
import type { SearchResult } from '@kedai/contract';
import type { SummaryRow } from '../products';
import type { FacetRow } from './catalogue-index';

export type { FacetRow } from './catalogue-index';

/** How a search matched: every product (no words), by its words, or by names like the words (typos). */
export type MatchMode = 'all' | 'words' | 'similar';

/** One search with its references resolved (region, category subtree, merchant id). */
export interface EngineRequest {
  region: { key: string; priceBands: number[] };
  q: string | undefined;
  exact: boolean;
  sort: SearchResult['sort'];
  offset: number;
  limit: number;
  /** The category subtree's ids, or null for every category. */
  categoryIds: string[] | null;
  merchantId: string | null;
  inStock: boolean;
  minPrice?: number;
  maxPrice?: number;
}

/** The product ids of the page asked for, the facet counts of every match, and how the words matched. */
export interface EngineAnswer {
  ids: string[];
  facetRows: FacetRow[];
  mode: MatchMode;
  /** The words a typo stands for (see `correctQuery`), when the words matched nothing. */
  correction: string | null;
}

/**
 * Answers catalogue searches. `postgres` asks the database each time; `memory` keeps an index of the
 * catalogue in the API process, fed by the database's change log (decision 0020). Both match with
 * PostgreSQL's own text search configuration, so they find the same products.
 */
export interface SearchEngine {
  search(db: Database, request: EngineRequest): Promise<EngineAnswer>;
  /** Enabled products' summaries by id, in the order of the ids (disabled and unknown ones left out). */
  summaries(db: Database, ids: string[]): Promise<SummaryRow[]>;
  /** Starts what the first search would otherwise wait for (loading an index). */
  warm?(db: Database): void;
  /** Whether its index has loaded (an engine without one is always loaded). */
  loaded?(db: Database): boolean;
  /** The catalogue changed (another process said so, or its news were missed): bring the index up to date soon. */
  changed?(db: Database): void;
}

export type { SearchEngineName } from '../../../platform/config';
