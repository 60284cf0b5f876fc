/** Catalogue rules shared by the API, the seed and the storefront: stock, variants, prices, images. */

/** Region key -> amount in minor units of that region's currency. */
export type RegionPrices = Record<string, number>;

export interface VariantPathEntry {
  price: RegionPrices;
  stock: number;
}

export interface ProductVariant {
  name: string;
  options: string[];
  /** The picture of each option (an entry of the product's `images`), null where it has none; absent when no option has one. */
  images?: (string | null)[];
}

export interface StockHolder {
  stock: number;
  variants: ProductVariant[];
  variantPaths: Record<string, VariantPathEntry>;
}

/** Every variant path of a product: one option index per variant, joined by `/` ("0/2"). */
export function allVariantPaths(variants: ProductVariant[]): string[] {
  if (variants.length === 0) return [];
  return variants.reduce<string[]>(
    (paths, variant) => paths.flatMap((prefix) => variant.options.map((_, i) => (prefix === '' ? `${i}` : `${prefix}/${i}`))),
    [''],
  );
}

/**
 * The chosen option of each variant for a variant path ("1/0" -> Storage 1 TB, Colour Black), or
 * null when the path is not a full path of these variants (or there are none).
 */
export function variantOptionsOf(variants: ProductVariant[], path: string | null | undefined): { name: string; option: string }[] | null {
  if (variants.length === 0 || !isValidVariantPath(variants, path)) return null;
  const indexes = path!.split('/').map(Number);
  return variants.map((variant, i) => ({ name: variant.name, option: variant.options[indexes[i]!]! }));
}

/**
 * The picture of a product as chosen (a cart line, an order line): the first chosen option that has
 * its own picture (the colour chosen), else the product's main picture, as the product page shows it.
 */
export function variantPictureOf(
  product: { mainImage: string | null; variants: ProductVariant[] },
  path: string | null | undefined,
): string | null {
  if (isValidVariantPath(product.variants, path) && product.variants.length > 0) {
    const indexes = path!.split('/').map(Number);
    for (const [i, variant] of product.variants.entries()) {
      const picture = variant.images?.[indexes[i]!];
      if (picture) return picture;
    }
  }
  return product.mainImage;
}

/** A path is valid when it names one existing option of each variant, in order. */
export function isValidVariantPath(variants: ProductVariant[], path: string | null | undefined): boolean {
  if (variants.length === 0) return path === undefined || path === null || path === '';
  if (typeof path !== 'string') return false;
  const parts = path.split('/');
  if (parts.length !== variants.length) return false;
  return parts.every((part, i) => /^(0|[1-9]\d*)$/.test(part) && Number(part) < variants[i]!.options.length);
}

/** Units on hand for a variant path, or for the product itself when it has no variants. */
export function stockFor(product: StockHolder, variantPath?: string | null): number {
  if (product.variants.length === 0) return product.stock;
  if (!variantPath) return 0;
  return product.variantPaths[variantPath]?.stock ?? 0;
}

/** rules: validation.md: an item is available only if the stock on hand is at least the quantity. */
export function isAvailable(product: StockHolder, variantPath: string | null | undefined, quantity: number): boolean {
  return stockFor(product, variantPath) >= quantity;
}

/** Whether at least one unit of the product (any variant) can be bought. */
export function isInStock(product: StockHolder): boolean {
  if (product.variants.length === 0) return product.stock > 0;
  return Object.values(product.variantPaths).some((entry) => entry.stock > 0);
}

/** A product (or a chosen option) is low on stock at this many units or fewer. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = 'in_stock' | 'low_stock' | 'sold_out';

/** How much of something is left, as the shop tells shoppers: plenty, a few ("Only N left"), or none. */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return 'sold_out';
  return stock <= LOW_STOCK_THRESHOLD ? 'low_stock' : 'in_stock';
}

/** The words for a few left, wherever the shop shows them. */
export const onlyLeftText = (stock: number) => `Only ${stock} left`;

export interface PriceRange {
  min: number;
  max: number;
}

/**
 * Lowest and highest price per region: over the variant paths when the product has them,
 * else the product's own price. A region missing from a variant falls back to the product price.
 */
export function priceRange(price: RegionPrices, variantPaths: Record<string, VariantPathEntry>): Record<string, PriceRange> {
  const entries = Object.values(variantPaths);
  const range: Record<string, PriceRange> = {};
  for (const [region, base] of Object.entries(price)) {
    const amounts = entries.length === 0 ? [base] : entries.map((entry) => entry.price[region] ?? base);
    range[region] = { min: Math.min(...amounts), max: Math.max(...amounts) };
  }
  return range;
}

/** Suffix that turns an image name into its thumbnail's name: `phone-1.svg` -> `phone-1_thumb.svg`. */
export const THUMBNAIL_SUFFIX = '_thumb';

export function thumbnailName(image: string): string {
  const dot = image.lastIndexOf('.');
  const slash = image.lastIndexOf('/');
  if (dot <= slash) return `${image}${THUMBNAIL_SUFFIX}`;
  return `${image.slice(0, dot)}${THUMBNAIL_SUFFIX}${image.slice(dot)}`;
}

/** Placeholder used wherever a product has no main image. */
export const PLACEHOLDER_IMAGE = 'placeholder.svg';

/** Full URL of an image on the assets host; absolute URLs are kept as they are. */
export function assetUrl(assetsUrl: string, image: string | null | undefined, size: 'full' | 'thumb' = 'full'): string {
  const name = image || PLACEHOLDER_IMAGE;
  const file = size === 'thumb' ? thumbnailName(name) : name;
  if (/^https?:\/\//.test(file)) return file;
  return `${assetsUrl.replace(/\/+$/, '')}/${file.replace(/^\/+/, '')}`;
}
