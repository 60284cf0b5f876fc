import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Category, SearchResult } from '@kedai/contract';
import { categoryHref } from '../catalogue/links';
import { ProductGrid } from '../catalogue/ProductGrid';
import { categoryMenu } from '../shell/category-tree';
import { suggestedSearch } from './correction';
import { Facets } from './Facets';
import { FilterDrawer } from './FilterDrawer';
import { FilterForm } from './FilterForm';
import { Pagination } from './Pagination';
import { SORT_LABELS, humanise, priceRangeLabel, rangeSummary, sortOptions } from './facets';
import {
  activeFilterKeys,
  defaultSort,
  hasRefinements,
  listingHref,
  scopePath,
  withFilters,
  withPage,
  type ListingScope,
  type SearchState,
} from './url-state';

export interface ListingViewProps {
  scope: ListingScope;
  state: SearchState;
  /** Null when the API refused the query; `error` then says why. */
  result: SearchResult | null;
  error: string | null;
  region: string;
  assetsUrl: string;
  categories: Category[];
  /** Page heading (h1), breadcrumb or merchant header, shown above the results. */
  header: ReactNode;
  /** List name for `select_item` analytics. */
  listName: string;
}

/** Hidden fields carrying the rest of the state through the sort/stock form. */
function HiddenState({ scope, state }: { scope: ListingScope; state: SearchState }) {
  const fields: [string, string | number | undefined][] = [
    ['q', state.q],
    ['exact', state.q && state.exact ? 'true' : undefined],
    ['category', scope.kind === 'category' ? undefined : state.category],
    ['merchant', scope.kind === 'merchant' ? undefined : state.merchant],
    ['minPrice', state.minPrice],
    ['maxPrice', state.maxPrice],
  ];
  return (
    <>
      {fields
        .filter((field): field is [string, string | number] => field[1] !== undefined)
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

function Toolbar({ scope, state, result }: { scope: ListingScope; state: SearchState; result: SearchResult }) {
  const sort = state.sort ?? result.sort ?? defaultSort(state);
  const options = sortOptions(Boolean(state.q));
  return (
    // Keyed by the URL state, so back/forward (which reuse this component) show the right values.
    <FilterForm key={listingHref(scope, state)} action={scopePath(scope)} className="listing__toolbar filter-form">
      <HiddenState scope={scope} state={state} />
      <label className="toggle">
        <input type="checkbox" name="inStock" value="true" defaultChecked={state.inStock === true} />
        <span>In stock only</span>
      </label>
      <span className="listing__sort">
        <label htmlFor="listing-sort">Sort by</label>
        <select id="listing-sort" name="sort" defaultValue={options.includes(sort) ? sort : options[0]}>
          {options.map((option) => (
            <option key={option} value={option}>
              {SORT_LABELS[option]}
            </option>
          ))}
        </select>
      </span>
    </FilterForm>
  );
}

function ActiveFilters({
  scope,
  state,
  result,
  categoryNames,
}: {
  scope: ListingScope;
  state: SearchState;
  result: SearchResult | null;
  categoryNames: ReadonlyMap<string, string>;
}) {
  const keys = activeFilterKeys(state, scope);
  if (keys.length === 0) return null;
  const merchantName =
    result?.facets.merchants.find((m) => m.slug === state.merchant || m.id === state.merchant)?.name ??
    (state.merchant ? humanise(state.merchant) : '');
  const categoryName =
    (state.category &&
      (categoryNames.get(state.category) ??
        result?.facets.categories.find((c) => c.id === state.category || c.path === state.category)?.name ??
        humanise(state.category))) ||
    '';
  const currency = result?.currency ?? '';
  const chips = keys.map((key) => {
    switch (key) {
      case 'category':
        return { key, label: categoryName, href: listingHref(scope, withFilters(state, { category: undefined })) };
      case 'merchant':
        return { key, label: merchantName, href: listingHref(scope, withFilters(state, { merchant: undefined })) };
      case 'price':
        return {
          key,
          label: priceRangeLabel(state.minPrice, state.maxPrice, currency),
          href: listingHref(scope, withFilters(state, { minPrice: undefined, maxPrice: undefined })),
        };
      default:
        return { key, label: 'In stock only', href: listingHref(scope, withFilters(state, { inStock: undefined })) };
    }
  });
  const clearAll = listingHref(scope, { q: state.q, exact: state.exact, sort: state.sort });
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">Active filters</h2>
      <ul role="list" className="active-filters__list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link href={chip.href} className="chip">
              <span className="visually-hidden">Remove filter: </span>
              {chip.label}
              <span aria-hidden="true" className="chip__x">
                ×
              </span>
            </Link>
          </li>
        ))}
        {chips.length > 1 ? (
          <li>
            <Link href={clearAll} className="active-filters__clear">
              Clear all filters
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function EmptyState({
  scope,
  state,
  result,
  categories,
}: {
  scope: ListingScope;
  state: SearchState;
  result: SearchResult;
  categories: Category[];
}) {
  const refined = hasRefinements(state, scope);
  const top = categoryMenu(categories).slice(0, 8);
  // An exact search for a typo: the corrected search the API offers back.
  const suggestion = suggestedSearch(scope, state, result);
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{state.q ? `No products match “${state.q}”` : 'No products here yet'}</h2>
      <ul className="empty-state__tips">
        {suggestion ? (
          <li>
            Did you mean <Link href={suggestion.href}>{suggestion.q}</Link>?
          </li>
        ) : null}
        {state.q ? <li>Check the spelling, or try fewer or more general words.</li> : null}
        {refined ? (
          <li>
            <Link href={listingHref(scope, { q: state.q, exact: state.exact })}>Remove the filters</Link> to see more products.
          </li>
        ) : null}
        {state.q && scope.kind !== 'search' ? (
          <li>
            <Link href={listingHref({ kind: 'search' }, { q: state.q })}>Search the whole shop for “{state.q}”</Link>.
          </li>
        ) : null}
        <li>
          Browse <Link href="/search?sort=newest">our newest products</Link> or a category below.
        </li>
      </ul>
      {top.length > 0 ? (
        <ul role="list" className="empty-state__categories">
          {top.map((category) => (
            <li key={category.id}>
              <Link href={categoryHref(category.path)} className="chip chip--plain">
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The results of a listing: count, active filters, facets, sort and stock, the product grid,
 * pagination, and the empty, past-the-end and refused-query states. Server-rendered; only the
 * sort/stock form and the product links run scripts.
 */
export function ListingView({ scope, state, result, error, region, assetsUrl, categories, header, listName }: ListingViewProps) {
  const categoryNames = new Map(categories.flatMap((c) => [[c.path, c.name] as const, [c.id, c.name] as const]));
  const activeCount = activeFilterKeys(state, scope).length;

  if (!result) {
    return (
      <div className="listing">
        {header}
        <section className="notice notice--inline" role="alert" aria-labelledby="listing-error">
          <h2 id="listing-error">We couldn’t run this search</h2>
          <p>{error ?? 'Some of the search options were not valid.'}</p>
          <p className="notice__actions">
            <Link href={listingHref(scope, { q: state.q })} className="button button--primary">
              Search without filters
            </Link>
          </p>
        </section>
      </div>
    );
  }

  const pastTheEnd = result.products.length === 0 && result.total > 0;

  return (
    <div className="listing">
      {header}
      <ActiveFilters scope={scope} state={state} result={result} categoryNames={categoryNames} />
      <div className={result.total > 0 ? 'listing__layout' : 'listing__layout listing__layout--single'}>
        {result.total > 0 ? (
          <FilterDrawer
            activeCount={activeCount}
            total={result.total}
            clearHref={activeCount > 0 ? listingHref(scope, { q: state.q, exact: state.exact, sort: state.sort }) : null}
            resultsId="listing-count"
          >
            <Facets scope={scope} state={state} result={result} categoryNames={categoryNames} />
          </FilterDrawer>
        ) : null}
        <section className="listing__results" aria-labelledby="listing-count">
          <div className="listing__bar">
            <h2 id="listing-count" className="listing__count" tabIndex={-1}>
              {rangeSummary(result)}
            </h2>
            <Toolbar scope={scope} state={state} result={result} />
          </div>
          {result.products.length > 0 ? (
            <ProductGrid
              products={result.products}
              region={result.region || region}
              assetsUrl={assetsUrl}
              headingLevel={3}
              listName={listName}
              indexOffset={(result.page - 1) * result.limit}
              priorityCount={2}
            />
          ) : pastTheEnd ? (
            <section className="empty-state" aria-labelledby="past-end-title">
              <h2 id="past-end-title">This page is past the end of the results</h2>
              <p>
                <Link href={listingHref(scope, withPage(state, result.pages))}>Go to the last page (page {result.pages})</Link> or{' '}
                <Link href={listingHref(scope, withPage(state, 1))}>back to the first</Link>.
              </p>
            </section>
          ) : (
            <EmptyState scope={scope} state={state} result={result} categories={categories} />
          )}
          <Pagination scope={scope} state={state} page={result.page} pages={result.pages} />
        </section>
      </div>
    </div>
  );
}
