import type { Metadata } from 'next';
import { siteOrigin } from '../../lib/site';
import { ListingView } from '../../features/search/ListingView';
import { loadListing, loadListingForMetadata } from '../../features/search/load';
import { SearchHeading } from '../../features/search/SearchHeading';
import { listingIndexing, listingMetadata, searchTitle } from '../../features/search/metadata';
import { SEARCH_SCOPE, listingHref, parseSearchParams } from '../../features/search/url-state';
import { withApiFallback } from '../../features/shell/withApiFallback';

type Props = PageProps<'/search'>;

/** Title "Results for “…”", canonical and robots: see features/search/metadata.ts for the rules. */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const state = parseSearchParams(await searchParams);
  const [data, origin] = await Promise.all([loadListingForMetadata(SEARCH_SCOPE, state), siteOrigin()]);
  const shown = data?.result ? data.result.products.length : null;
  const total = data?.result?.total ?? 0;
  const shop = data?.config.shop_name ?? 'our shop';
  const description = state.q
    ? `${total.toLocaleString('en-GB')} ${total === 1 ? 'product' : 'products'} matching “${state.q}” at ${shop}, from local merchants and marketplaces.`
    : `Every product at ${shop}, from local merchants and marketplaces.`;
  return listingMetadata(listingIndexing(SEARCH_SCOPE, state, shown), { title: searchTitle(state), description, origin });
}

/** `/search?q&exact&category&merchant&minPrice&maxPrice&inStock&sort&page`: product search with facets. */
export default async function SearchPage({ searchParams }: Props) {
  const state = parseSearchParams(await searchParams);
  return withApiFallback(
    listingHref(SEARCH_SCOPE, state),
    () => loadListing(SEARCH_SCOPE, state),
    ({ result, error, region, config, categories }) => (
      <ListingView
        scope={SEARCH_SCOPE}
        state={state}
        result={result}
        error={error}
        region={region.key}
        assetsUrl={config.assets_url}
        categories={categories}
        listName="Search results"
        header={<SearchHeading state={state} result={result} />}
      />
    ),
  );
}
