/**
 * What staff may save as a product (issue 14; rules: entities.md "Product"), one function per
 * rule, each answering the normalised value or its catalogue code. The API saves nothing unless
 * every rule passes (`validateProductDraft`); the back office runs the same rules in its form.
 */
import { allVariantPaths, type ProductVariant, type RegionPrices, type VariantPathEntry } from './catalogue';
import { collectFields, fail, ok, parseText, type FieldProblem, type FieldResult } from './fields';
import { isUuid } from './ids';

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_PARAM_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 10_000;
export const PRODUCT_VARIANTS_MAX = 3;
export const PRODUCT_OPTIONS_MAX = 30;
export const PRODUCT_OPTION_NAME_MAX = 60;
export const PRODUCT_STOCK_MAX = 1_000_000;
export const PRODUCT_WEIGHT_MAX = 1_000_000;
export const PRODUCT_IMAGES_MAX = 20;
const SOURCE_NAME_MAX = 100;
const SOURCE_URL_MAX = 2000;
const IMAGE_NAME_MAX = 300;
/** A URL name or key: lower-case letters and digits in words joined by single dashes. */
const URL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// A name on the assets host: folders and a file name, no way up or out.
const IMAGE_NAME = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._/-]*\.(?:svg|png|jpe?g|webp|avif|gif)$/;

/** A URL name or key of at most `max` characters (products, categories, merchants, image pages). */
export const isUrlKey = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max && URL_KEY.test(value);

/** An image name on the assets host (folders and a file name, no way up or out), as every picture field takes. */
export const isImageName = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= IMAGE_NAME_MAX && IMAGE_NAME.test(value);

/** A URL name made from a product's name: lower case, ASCII letters and digits joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What the back office sends for a product (`AdminProductInput` without `version`). */
export interface ProductDraftInput {
  name: unknown;
  paramName?: unknown;
  description: unknown;
  categoryId: unknown;
  merchantId: unknown;
  sourceMarketPlace: unknown;
  sourceUrl: unknown;
  weight: unknown;
  price: unknown;
  variants: unknown;
  variantPaths: unknown;
  stock?: unknown;
  images: unknown;
  disabled: unknown;
}

/** A product as it is saved: every value checked and normalised. */
export interface ProductDraft {
  name: string;
  paramName: string;
  description: string;
  categoryId: string | null;
  merchantId: string | null;
  sourceMarketPlace: string | null;
  sourceUrl: string | null;
  weight: number;
  price: RegionPrices;
  variants: ProductVariant[];
  /** Every full path with its prices; `stock` only where the draft gave one (a new path). */
  variantPaths: Record<string, { price: RegionPrices; stock?: number }>;
  stock: number | undefined;
  images: string[];
  disabled: boolean;
}

const DRAFT_FIELDS = [
  'name',
  'paramName',
  'description',
  'categoryId',
  'merchantId',
  'source',
  'weight',
  'price',
  'variants',
  'variantPaths',
  'stock',
  'images',
  'disabled',
] as const;
export type ProductDraftField = (typeof DRAFT_FIELDS)[number];

const isWholeIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;

function parseParamName(input: unknown, name: FieldResult<string>): FieldResult<string> {
  const given = typeof input === 'string' ? input.trim() : input;
  const value = given === undefined || given === null || given === '' ? (name.ok ? slugify(name.value) : '') : given;
  if (!isUrlKey(value, PRODUCT_PARAM_NAME_MAX)) {
    return fail('product/invalid_param_name');
  }
  return ok(value);
}

function parseOptionalId(input: unknown, errorCode: 'product/unknown_category' | 'product/unknown_merchant'): FieldResult<string | null> {
  if (input === null || input === undefined || input === '') return ok(null);
  return typeof input === 'string' && isUuid(input) ? ok(input.toLowerCase()) : fail(errorCode);
}

function parseSource(marketPlace: unknown, url: unknown): FieldResult<{ marketPlace: string | null; url: string | null }> {
  const name = parseText(marketPlace, { min: 0, max: SOURCE_NAME_MAX }, 'product/invalid_source');
  const link = parseText(url, { min: 0, max: SOURCE_URL_MAX }, 'product/invalid_source');
  if (!name.ok || !link.ok) return fail('product/invalid_source');
  if (!name.value && !link.value) return ok({ marketPlace: null, url: null });
  if (!name.value || !link.value) return fail('product/invalid_source');
  try {
    const parsed = new URL(link.value);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return fail('product/invalid_source');
  } catch {
    return fail('product/invalid_source');
  }
  return ok({ marketPlace: name.value, url: link.value });
}

/** Region key -> a whole price above zero, only for the shop's regions; at least one. */
function parsePrices(input: unknown, regionKeys: readonly string[]): FieldResult<RegionPrices> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('product/invalid_prices');
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return fail('product/invalid_prices');
  const prices: RegionPrices = {};
  for (const [region, amount] of entries) {
    if (!regionKeys.includes(region) || !isWholeIn(amount, 1, Number.MAX_SAFE_INTEGER)) return fail('product/invalid_prices');
    prices[region] = amount;
  }
  return ok(prices);
}

function parseVariants(input: unknown): FieldResult<ProductVariant[]> {
  if (!Array.isArray(input) || input.length > PRODUCT_VARIANTS_MAX) return fail('product/invalid_variants');
  const variants: ProductVariant[] = [];
  const names = new Set<string>();
  for (const raw of input as unknown[]) {
    if (typeof raw !== 'object' || raw === null) return fail('product/invalid_variants');
    const { name, options } = raw as { name?: unknown; options?: unknown };
    const parsedName = parseText(name, { min: 1, max: PRODUCT_OPTION_NAME_MAX }, 'product/invalid_variants');
    if (!parsedName.ok || names.has(parsedName.value.toLowerCase())) return fail('product/invalid_variants');
    names.add(parsedName.value.toLowerCase());
    if (!Array.isArray(options) || options.length < 1 || options.length > PRODUCT_OPTIONS_MAX) return fail('product/invalid_variants');
    const labels: string[] = [];
    for (const option of options as unknown[]) {
      const label = parseText(option, { min: 1, max: PRODUCT_OPTION_NAME_MAX }, 'product/invalid_variants');
      if (!label.ok || labels.some((l) => l.toLowerCase() === label.value.toLowerCase())) return fail('product/invalid_variants');
      labels.push(label.value);
    }
    variants.push({ name: parsedName.value, options: labels });
  }
  return ok(variants);
}

/** Exactly the full paths of the variants, each with valid prices and, where given, a valid stock. */
function parseVariantPaths(
  input: unknown,
  variants: FieldResult<ProductVariant[]>,
  regionKeys: readonly string[],
): FieldResult<ProductDraft['variantPaths']> {
  if (!variants.ok) return fail('product/invalid_variants');
  const given = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;
  if (!given) return variants.value.length === 0 && (input === undefined || input === null) ? ok({}) : fail('product/invalid_prices');
  const expected = variants.value.length === 0 ? [] : allVariantPaths(variants.value);
  const keys = Object.keys(given);
  if (keys.length !== expected.length || !expected.every((path) => Object.hasOwn(given, path))) return fail('product/invalid_prices');
  const paths: ProductDraft['variantPaths'] = {};
  for (const path of expected) {
    const entry = given[path];
    if (typeof entry !== 'object' || entry === null) return fail('product/invalid_prices');
    const { price, stock } = entry as { price?: unknown; stock?: unknown };
    const prices = parsePrices(price, regionKeys);
    if (!prices.ok) return fail('product/invalid_prices');
    if (stock !== undefined && !isWholeIn(stock, 0, PRODUCT_STOCK_MAX)) return fail('product/invalid_stock');
    paths[path] = stock === undefined ? { price: prices.value } : { price: prices.value, stock };
  }
  return ok(paths);
}

function parseImages(input: unknown): FieldResult<string[]> {
  if (!Array.isArray(input) || input.length > PRODUCT_IMAGES_MAX) return fail('product/invalid_images');
  const images: string[] = [];
  for (const name of input as unknown[]) {
    if (!isImageName(name)) return fail('product/invalid_images');
    if (!images.includes(name)) images.push(name);
  }
  return ok(images);
}

/**
 * Checks a whole product as staff send it, against the shop's region keys: every value, or every
 * problem (one per field, in form order). A stock error of a variant path is the `stock` field's.
 */
export function validateProductDraft(
  input: ProductDraftInput,
  regionKeys: readonly string[],
): { ok: true; value: ProductDraft } | { ok: false; problems: FieldProblem<ProductDraftField>[] } {
  const name = parseText(input.name, { min: 1, max: PRODUCT_NAME_MAX }, 'product/invalid_name');
  const variants = parseVariants(input.variants);
  const paths = parseVariantPaths(input.variantPaths, variants, regionKeys);
  const hasVariants = variants.ok && variants.value.length > 0;
  const stock: FieldResult<number | undefined> =
    input.stock === undefined || input.stock === null
      ? ok(undefined)
      : isWholeIn(input.stock, 0, PRODUCT_STOCK_MAX) && !hasVariants
        ? ok(input.stock)
        : fail('product/invalid_stock');
  const result = collectFields(DRAFT_FIELDS, {
    name,
    paramName: parseParamName(input.paramName, name),
    description: parseText(input.description, { min: 0, max: PRODUCT_DESCRIPTION_MAX }, 'product/invalid_description'),
    categoryId: parseOptionalId(input.categoryId, 'product/unknown_category'),
    merchantId: parseOptionalId(input.merchantId, 'product/unknown_merchant'),
    source: parseSource(input.sourceMarketPlace, input.sourceUrl),
    weight: isWholeIn(input.weight, 0, PRODUCT_WEIGHT_MAX) ? ok(input.weight) : fail<number>('product/invalid_weight'),
    price: parsePrices(input.price, regionKeys),
    variants,
    // A variants problem is said once, under `variants`.
    variantPaths: !variants.ok ? ok({}) : !paths.ok && paths.errorCode === 'product/invalid_stock' ? ok({}) : paths,
    stock: !paths.ok && paths.errorCode === 'product/invalid_stock' ? fail('product/invalid_stock') : stock,
    images: parseImages(input.images),
    disabled: typeof input.disabled === 'boolean' ? ok(input.disabled) : fail<boolean>('general/argument_error'),
  });
  if (!result.ok) return result;
  const v = result.value;
  return {
    ok: true,
    value: {
      name: v.name,
      paramName: v.paramName,
      description: v.description,
      categoryId: v.categoryId,
      merchantId: v.merchantId,
      sourceMarketPlace: v.source.marketPlace,
      sourceUrl: v.source.url,
      weight: v.weight,
      price: v.price,
      variants: v.variants,
      variantPaths: v.variantPaths,
      stock: v.stock as number | undefined,
      images: v.images,
      disabled: v.disabled,
    },
  };
}

/** The stored variant paths after an edit: prices from the draft, stock kept for paths that stay, the draft's (or 0) for new ones. */
export function mergeVariantPaths(
  draft: ProductDraft['variantPaths'],
  stored: Record<string, VariantPathEntry>,
): Record<string, VariantPathEntry> {
  return Object.fromEntries(
    Object.entries(draft).map(([path, entry]) => [path, { price: entry.price, stock: stored[path]?.stock ?? entry.stock ?? 0 }]),
  );
}
