/**
 * schema.org structured data of a product page (https://schema.org/Product): the product with
 * its offer in the page's region, and the category breadcrumb.
 */
import type { Product } from '@kedai/contract';
import { assetUrl, fromMinorUnits, isInStock, priceSpan } from '@kedai/domain';
import type { Crumb } from './breadcrumb';
import { imageNames } from './view';

export const IN_STOCK = 'https://schema.org/InStock';
export const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

export interface ProductJsonLdOptions {
  /** Region key whose price and currency are offered. */
  region: string;
  /** Base URL of the assets host (config `assets_url`). */
  assetsUrl: string;
  /** Absolute canonical URL of the product page. */
  url: string;
}

type JsonLd = Record<string, unknown>;

function absolute(origin: string, href: string): string {
  return new URL(href, origin).toString();
}

/**
 * The Product object. Prices are major-unit decimal strings ("12.50") made exactly from minor
 * units; a product whose variants differ in price gets an AggregateOffer (lowPrice, highPrice).
 * No offer when the product is not sold in the region. Disabled or sold-out products are
 * OutOfStock.
 */
export function productJsonLd(product: Product, options: ProductJsonLdOptions): JsonLd {
  const names = imageNames(product);
  const images = names.length > 0 ? names : [null];
  const span = priceSpan(product, options.region, null);
  const availability = !product.disabled && isInStock(product) ? IN_STOCK : OUT_OF_STOCK;
  let offers: JsonLd | undefined;
  if (span) {
    const common = { priceCurrency: span.currency, availability, url: options.url };
    offers =
      span.min === span.max
        ? { '@type': 'Offer', price: fromMinorUnits(span.min, span.currency), ...common }
        : {
            '@type': 'AggregateOffer',
            lowPrice: fromMinorUnits(span.min, span.currency),
            highPrice: fromMinorUnits(span.max, span.currency),
            offerCount: Object.keys(product.variantPaths).length,
            ...common,
          };
    if (product.merchant) offers.seller = { '@type': 'Organization', name: product.merchant.name };
  }
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    // The assets host may be a path on the storefront (`/assets`): structured data needs absolute URLs.
    image: images.map((image) => new URL(assetUrl(options.assetsUrl, image, 'full'), options.url).toString()),
    description: product.description || undefined,
    sku: product.uuid,
    productID: product.uuid,
    url: options.url,
    brand: product.merchant ? { '@type': 'Brand', name: product.merchant.name } : undefined,
    category: product.category?.name,
    weight: product.weight > 0 ? { '@type': 'QuantitativeValue', value: product.weight, unitCode: 'GRM' } : undefined,
    offers,
  };
  return JSON.parse(JSON.stringify(data)) as JsonLd; // drops the undefined entries
}

/** BreadcrumbList of the category crumbs and the product itself; null when there are no crumbs. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], product: { name: string; url: string }, origin: string): JsonLd | null {
  if (crumbs.length === 0) return null;
  const items = [
    ...crumbs.map((crumb) => ({ name: crumb.name, item: absolute(origin, crumb.href) })),
    { name: product.name, item: product.url },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((entry, i) => ({ '@type': 'ListItem', position: i + 1, ...entry })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped as \u003c so no string in the
 * data can close the script element (or open a comment); U+2028/2029 are escaped too.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
