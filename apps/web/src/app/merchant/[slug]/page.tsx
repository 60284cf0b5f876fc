import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import type { Merchant } from '@kedai/contract';
import { assetUrl, countryName } from '@kedai/domain';
import { merchantHref } from '../../../features/catalogue/links';
import { getMerchant } from '../../../features/merchants/load';
import { MerchantLogo } from '../../../features/merchants/MerchantLogo';
import { siteOrigin } from '../../../lib/site';
import { Breadcrumb } from '../../../features/search/Breadcrumb';
import { productCount } from '../../../features/search/facets';
import { ListingView } from '../../../features/search/ListingView';
import { loadListing, loadListingForMetadata } from '../../../features/search/load';
import { listingIndexing, listingMetadata, pageSuffix } from '../../../features/search/metadata';
import { listingHref, parseSearchParams, searchQueryString, type ListingScope } from '../../../features/search/url-state';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { isApiError } from '../../../lib/api';

type Props = PageProps<'/merchant/[slug]'>;

/** The merchant of the path segment, or the not-found page; an id is redirected (308) to the slug. */
async function resolveMerchant(segment: string, query: string): Promise<Merchant> {
  const key = decodeURIComponent(segment);
  const merchant = await getMerchant(key);
  if (!merchant) notFound();
  if (merchant.slug !== key) permanentRedirect(`${merchantHref(merchant.slug)}${query ? `?${query}` : ''}`);
  return merchant;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ slug }, raw] = await Promise.all([params, searchParams]);
  const state = parseSearchParams(raw);
  let merchant: Merchant;
  try {
    merchant = await resolveMerchant(slug, searchQueryString(state));
  } catch (error) {
    if (isApiError(error)) return { title: 'Shop' };
    throw error;
  }
  const scope: ListingScope = { kind: 'merchant', slug: merchant.slug };
  const [data, origin] = await Promise.all([loadListingForMetadata(scope, state), siteOrigin()]);
  const description =
    merchant.description || `${merchant.name} on ${data?.config.shop_name ?? 'our shop'}: ${productCount(merchant.productCount)}.`;
  const metadata = listingMetadata(listingIndexing(scope, state, data?.result ? data.result.products.length : null), {
    title: `${merchant.name}${pageSuffix(state)}`,
    description,
    origin,
  });
  if (merchant.logo && data) {
    metadata.openGraph = { ...metadata.openGraph, images: [{ url: assetUrl(data.config.assets_url, merchant.logo), alt: '' }] };
  }
  return metadata;
}

/** `/merchant/<slug>`: the merchant's logo, name, description and their products with facets. */
export default async function MerchantPage({ params, searchParams }: Props) {
  const [{ slug }, raw] = await Promise.all([params, searchParams]);
  const state = parseSearchParams(raw);
  return withApiFallback(
    listingHref({ kind: 'merchant', slug: decodeURIComponent(slug) }, state),
    async () => {
      const merchant = await resolveMerchant(slug, searchQueryString(state));
      const scope: ListingScope = { kind: 'merchant', slug: merchant.slug };
      return { ...(await loadListing(scope, state)), merchant, scope };
    },
    ({ result, error, region, config, categories, merchant, scope }) => (
      <ListingView
        scope={scope}
        state={state}
        result={result}
        error={error}
        region={region.key}
        assetsUrl={config.assets_url}
        categories={categories}
        listName={`Shop: ${merchant.name}`}
        header={
          <header className="listing__header merchant-header">
            <Breadcrumb
              crumbs={[
                { name: 'Home', href: '/' },
                { name: 'Merchants', href: '/merchant' },
                { name: merchant.name, href: merchantHref(merchant.slug), current: true },
              ]}
            />
            <div className="merchant-header__main">
              <MerchantLogo merchant={merchant} assetsUrl={config.assets_url} size={96} priority />
              <div>
                <h1 className="merchant-header__name">
                  {merchant.name}
                  {state.q ? <span className="listing__subtitle"> matching “{state.q}”</span> : null}
                </h1>
                <p className="merchant-header__meta">
                  Based in {countryName(merchant.countryCode)} · {productCount(merchant.productCount)}
                </p>
              </div>
            </div>
            {merchant.description ? <p className="merchant-header__description">{merchant.description}</p> : null}
          </header>
        }
      />
    ),
  );
}
