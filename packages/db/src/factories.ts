/**
 * Small factories for tests: each builds one row (and what the catalogue derives from it) with
 * plain defaults and the overrides a test cares about, so a test says what it needs instead of
 * searching the demo seed for a row that happens to fit.
 */
import { allVariantPaths, isInStock, priceRange, type ProductVariant, type RegionPrices } from '@kedai/domain';
import type { Database } from './client';
import { productRegionPrices, productVariantPaths, products } from './schema';

let serial = 0;
const next = () => ++serial;

export interface ProductOverrides {
  name?: string;
  paramName?: string;
  description?: string;
  /** Extra search words beside the name. */
  keywords?: string;
  /** Minor units per region key; `{ SG: 1990 }` by default. */
  price?: RegionPrices;
  /** Stock of a product without variants (10 by default). */
  stock?: number;
  variants?: ProductVariant[];
  /** Price and stock per variant path; by default every path of `variants`, at `price`, 10 in stock. */
  variantPaths?: Record<string, { price?: RegionPrices; stock?: number }>;
  disabled?: boolean;
  /** A marketplace the shop buys from (an external product), or null. */
  sourceMarketPlace?: string | null;
  categoryId?: string | null;
  merchantId?: string | null;
  createdAt?: Date;
}

export interface CreatedProduct {
  id: string;
  paramName: string;
  /** The variant paths it has, in order (empty without variants). */
  paths: string[];
}

/** One product with its variant paths and derived region prices, as the catalogue stores them. */
export async function createProduct(db: Database, overrides: ProductOverrides = {}): Promise<CreatedProduct> {
  const n = next();
  const price = overrides.price ?? { SG: 1990 };
  const variants = overrides.variants ?? [];
  const stock = overrides.stock ?? 10;
  const given = overrides.variantPaths;
  const paths = given ? Object.keys(given) : allVariantPaths(variants);
  const variantPaths = Object.fromEntries(
    paths.map((path) => [path, { price: given?.[path]?.price ?? price, stock: given?.[path]?.stock ?? 10 }]),
  );
  const paramName = overrides.paramName ?? `test-product-${n}`;
  const [row] = await db
    .insert(products)
    .values({
      paramName,
      name: overrides.name ?? `Test product ${n}`,
      description: overrides.description ?? '',
      keywords: overrides.keywords ?? '',
      price,
      variants,
      stock: variants.length === 0 ? stock : 0,
      disabled: overrides.disabled ?? false,
      sourceMarketPlace: overrides.sourceMarketPlace ?? null,
      categoryId: overrides.categoryId ?? null,
      merchantId: overrides.merchantId ?? null,
      inStock: isInStock({ stock, variants, variantPaths }),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning({ id: products.id });
  const id = row!.id;
  if (paths.length > 0) {
    await db.insert(productVariantPaths).values(paths.map((path) => ({ productId: id, path, ...variantPaths[path]! })));
  }
  const ranges = Object.entries(priceRange(price, variantPaths));
  if (ranges.length > 0) {
    await db
      .insert(productRegionPrices)
      .values(ranges.map(([regionKey, { min, max }]) => ({ productId: id, regionKey, minPrice: min, maxPrice: max })));
  }
  return { id, paramName, paths };
}
