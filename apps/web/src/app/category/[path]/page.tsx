import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, permanentRedirect } from 'next/navigation';
import type { Category } from '@kedai/contract';
import { categoryHref } from '../../../features/catalogue/links';
import { siteOrigin } from '../../../lib/site';
import { Breadcrumb, JsonLd, breadcrumbJsonLd } from '../../../features/search/Breadcrumb';
import { findCategory, subcategories } from '../../../features/search/category';
import { categoryBreadcrumb } from '../../../features/search/facets';
import { ListingView } from '../../../features/search/ListingView';
import { loadListing, loadListingForMetadata } from '../../../features/search/load';
import { listingIndexing, listingMetadata, pageSuffix } from '../../../features/search/metadata';
import { listingHref, parseSearchParams, searchQueryString, type ListingScope } from '../../../features/search/url-state';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { isApiError } from '../../../lib/api';
import { getCategories } from '../../../lib/catalogue';

type Props = PageProps<'/category/[path]'>;

/**
 * The category named by the path segment, or the not-found page. A category addressed by id is
 * redirected (308) to its path, keeping the query.
 */
async function resolveCategory(segment: string, query: string): Promise<Category> {
  const categories = await getCategories();
  const category = findCategory(categories, decodeURIComponent(segment));
  if (!category) notFound();
  if (category.path !== decodeURIComponent(segment)) {
    permanentRedirect(`${categoryHref(category.path)}${query ? `?${query}` : ''}`);
  }
  return category;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ path }, raw] = await Promise.all([params, searchParams]);
  const state = parseSearchParams(raw);
  let category: Category;
  try {
    category = await resolveCategory(path, searchQueryString(state));
  } catch (error) {
    if (isApiError(error)) return { title: 'Category' }; // the page shows the "taking a break" state
    throw error;
  }
  const scope: ListingScope = { kind: 'category', path: category.path };
  const [data, origin] = await Promise.all([loadListingForMetadata(scope, state), siteOrigin()]);
  const shop = data?.config.shop_name ?? 'our shop';
  const total = data?.result?.total ?? 0;
  return listingMetadata(listingIndexing(scope, state, data?.result ? data.result.products.length : null), {
    title: `${category.name}${pageSuffix(state)}`,
    description: `Shop ${category.name} at ${shop}: ${total.toLocaleString('en-GB')} ${total === 1 ? 'product' : 'products'} from local merchants and marketplaces, priced in your currency.`,
    origin,
  });
}

/** `/category/<path>` (e.g. `/category/electronics.laptops`): the category's products with facets. */
export default async function CategoryPage({ params, searchParams }: Props) {
  const [{ path }, raw] = await Promise.all([params, searchParams]);
  const state = parseSearchParams(raw);
  const retry = listingHref({ kind: 'category', path: decodeURIComponent(path) }, state);
  return withApiFallback(
    retry,
    async () => {
      const category = await resolveCategory(path, searchQueryString(state));
      const scope: ListingScope = { kind: 'category', path: category.path };
      const [listing, origin] = await Promise.all([loadListing(scope, state), siteOrigin()]);
      return { ...listing, category, scope, origin };
    },
    ({ result, error, region, config, categories, category, scope, origin }) => {
      const crumbs = categoryBreadcrumb(category.path, categories, categoryHref);
      const children = subcategories(categories, category);
      return (
        <ListingView
          scope={scope}
          state={state}
          result={result}
          error={error}
          region={region.key}
          assetsUrl={config.assets_url}
          categories={categories}
          listName={`Category: ${category.name}`}
          header={
            <header className="listing__header">
              <Breadcrumb crumbs={crumbs} />
              <JsonLd data={breadcrumbJsonLd(crumbs, origin)} />
              <h1>
                {category.name}
                {state.q ? <span className="listing__subtitle"> matching “{state.q}”</span> : null}
              </h1>
              {children.length > 0 ? (
                <nav aria-label={`${category.name} subcategories`}>
                  <ul role="list" className="chip-row">
                    {children.map((child) => (
                      <li key={child.id}>
                        <Link href={categoryHref(child.path)} className="chip chip--plain">
                          {child.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </header>
          }
        />
      );
    },
  );
}
