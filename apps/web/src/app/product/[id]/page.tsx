import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { assetUrl } from '@kedai/domain';
import { categoryBreadcrumb } from '../../../features/product/breadcrumb';
import { summarise } from '../../../features/product/format';
import { getProduct } from '../../../features/product/load';
import { siteOrigin } from '../../../lib/site';
import { priceSpan } from '@kedai/domain';
import { ProductPage } from '../../../features/product/ProductPage';
import { currentCountry, currentRegion } from '../../../features/region/server';
import { getShippingLocations } from '../../../features/content/load';
import { deliveryView } from '../../../features/product/delivery';
import { withApiFallback } from '../../../features/shell/withApiFallback';
import { productHref } from '../../../features/catalogue/links';
import { getCategories, getPublicConfig } from '../../../lib/catalogue';

type Props = PageProps<'/product/[id]'>;

function first(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Title, description, canonical address (by paramName, without `?v=`) and Open Graph image. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  let product;
  let config;
  try {
    [product, config] = await Promise.all([getProduct(id), getPublicConfig()]);
  } catch {
    return { title: 'Product' }; // the page shows the "taking a break" state
  }
  // The not-found page (with its noindex metadata). The status stays 200 because the root and
  // product loading.tsx boundaries start streaming before the product is read.
  if (!product) notFound();

  const origin = await siteOrigin();
  const url = `${origin}${productHref(product.paramName)}`;
  const description = summarise(product.description) || `${product.name} at ${config.shop_name}.`;
  const image = assetUrl(config.assets_url, product.mainImage, 'full');
  return {
    title: product.name,
    description,
    alternates: { canonical: url },
    robots: product.disabled ? { index: false, follow: true } : undefined,
    openGraph: {
      type: 'website',
      siteName: config.shop_name,
      title: product.name,
      description,
      url,
      images: [{ url: image, alt: product.name }],
    },
    twitter: { card: 'summary_large_image', title: product.name, description, images: [image] },
  };
}

/** `/product/[id]`: id is the paramName or the uuid. Rendered per request (reads the request's cookies). */
export default async function Page({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const variantParam = first(query.v);
  const retry = `${productHref(id)}${variantParam && /^[\d/]+$/.test(variantParam) ? `?v=${variantParam}` : ''}`;

  return withApiFallback(
    retry,
    async () => {
      const product = await getProduct(id);
      if (!product) notFound();
      const [region, config, categories, origin, country, locations] = await Promise.all([
        currentRegion(),
        getPublicConfig(),
        // Only names the breadcrumb's ancestors; without it the names come from the keys.
        getCategories().catch(() => []),
        siteOrigin(),
        currentCountry(),
        // The delivery line is a hint: the page works without it.
        getShippingLocations().catch(() => null),
      ]);
      const delivery = locations ? deliveryView(region, country, locations, priceSpan(product, region.key, null)?.min ?? null) : null;
      return { product, region, config, categories, origin, delivery };
    },
    ({ product, region, config, categories, origin, delivery }) => (
      <ProductPage
        product={product}
        region={region}
        assetsUrl={config.assets_url}
        crumbs={categoryBreadcrumb(product.category, categories)}
        url={`${origin}${productHref(product.paramName)}`}
        origin={origin}
        variantParam={variantParam}
        delivery={delivery}
      />
    ),
  );
}
