import Link from 'next/link';
import type { SearchResult } from '@kedai/contract';
import { categoryHref } from '../catalogue/links';
import { bandFilter, categoryFacetView, isBandSelected, priceBandLabel } from './facets';
import { listingHref, withFilters, type ListingScope, type SearchState } from './url-state';

export interface FacetsProps {
  scope: ListingScope;
  state: SearchState;
  result: SearchResult;
  /** Category path -> name, for the "up" link when the facet lacks the parent. */
  categoryNames: ReadonlyMap<string, string>;
}

/** A facet value: a link that applies it, or (when applied) removes it. */
function FacetLink({ href, selected, label, count }: { href: string; selected: boolean; label: string; count?: number }) {
  return (
    // The page stays where it is: on a phone the filters are a drawer that stays open to show the new counts.
    <Link href={href} scroll={false} className={selected ? 'facet__link facet__link--selected' : 'facet__link'}>
      <span className="facet__check" aria-hidden="true" />
      <span className="facet__label">{label}</span>
      {count !== undefined ? (
        <span className="facet__count">
          <span className="visually-hidden">, </span>
          {count.toLocaleString('en-GB')}
          <span className="visually-hidden"> {count === 1 ? 'product' : 'products'}</span>
        </span>
      ) : null}
      {selected ? <span className="visually-hidden">, selected; follow to remove</span> : null}
    </Link>
  );
}

function CategoryFacet({ scope, state, result, categoryNames }: FacetsProps) {
  const current = scope.kind === 'category' ? scope.path : state.category;
  const view = categoryFacetView(result.facets.categories, current, categoryNames);
  if (!view.current && !view.up && view.options.length === 0) return null;

  // On a category page, moving to another category moves to its page (filters kept, page 1);
  // elsewhere the category is one more filter of the URL.
  const hrefFor = (path: string | null): string => {
    if (scope.kind === 'category') {
      const { category: _omit, ...rest } = withFilters(state, {});
      return path === null ? listingHref({ kind: 'search' }, rest) : listingHref({ kind: 'category', path }, rest);
    }
    return listingHref(scope, withFilters(state, { category: path ?? undefined }));
  };

  return (
    <div className="facet" role="group" aria-labelledby="facet-category">
      <h3 id="facet-category" className="facet__title">
        Category
      </h3>
      <ul role="list" className="facet__list">
        {view.up ? (
          <li>
            <Link href={hrefFor(view.up.path)} scroll={false} className="facet__up">
              <span aria-hidden="true">‹ </span>
              {view.up.path === null ? 'All categories' : view.up.name}
            </Link>
          </li>
        ) : null}
        {view.current ? (
          <li>
            <span className="facet__current" aria-current="true">
              {view.current.name}
              <span className="facet__count">
                <span className="visually-hidden">, </span>
                {view.current.count.toLocaleString('en-GB')}
                <span className="visually-hidden"> products</span>
              </span>
            </span>
          </li>
        ) : null}
        {view.options.map((option) => (
          <li key={option.id} className={view.current || view.up ? 'facet__child' : undefined}>
            <FacetLink href={hrefFor(option.path)} selected={false} label={option.name} count={option.count} />
          </li>
        ))}
      </ul>
      {scope.kind !== 'category' && view.current ? (
        <p className="facet__more">
          <Link href={categoryHref(view.current.path)}>All of {view.current.name}</Link>
        </p>
      ) : null}
    </div>
  );
}

function MerchantFacet({ scope, state, result }: FacetsProps) {
  if (scope.kind === 'merchant') return null;
  const merchants = result.facets.merchants.filter((m) => m.count > 0 || m.slug === state.merchant || m.id === state.merchant);
  if (merchants.length === 0) return null;
  return (
    <div className="facet" role="group" aria-labelledby="facet-merchant">
      <h3 id="facet-merchant" className="facet__title">
        Merchant
      </h3>
      <ul role="list" className="facet__list">
        {merchants.map((merchant) => {
          const selected = state.merchant === merchant.slug || state.merchant === merchant.id;
          return (
            <li key={merchant.id}>
              <FacetLink
                href={listingHref(scope, withFilters(state, { merchant: selected ? undefined : merchant.slug }))}
                selected={selected}
                label={merchant.name}
                count={merchant.count}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PriceFacet({ scope, state, result }: FacetsProps) {
  const bands = result.facets.priceBands.filter((band) => band.count > 0 || isBandSelected(band, state));
  if (bands.length === 0) return null;
  return (
    <div className="facet" role="group" aria-labelledby="facet-price">
      <h3 id="facet-price" className="facet__title">
        Price
      </h3>
      <ul role="list" className="facet__list">
        {bands.map((band) => {
          const selected = isBandSelected(band, state);
          const patch = selected ? { minPrice: undefined, maxPrice: undefined } : bandFilter(band);
          return (
            <li key={band.min}>
              <FacetLink
                href={listingHref(scope, withFilters(state, patch))}
                selected={selected}
                label={priceBandLabel(band, result.currency)}
                count={band.count}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The facets of a listing: category (drill down), shop and price band, with their counts. */
export function Facets(props: FacetsProps) {
  return (
    <div className="facets__groups">
      <CategoryFacet {...props} />
      <MerchantFacet {...props} />
      <PriceFacet {...props} />
    </div>
  );
}
