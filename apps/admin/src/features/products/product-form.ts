/**
 * The product editor's form and the API's `AdminProductInput`, both ways. The form keeps what staff
 * type (amounts in major units as text, options one per line); `draftToInput` checks what the API
 * cannot read (amounts, whole numbers, variants without options), then the domain's own product
 * rules (`validateProductDraft`, which the API applies too). Errors are keyed by the input's field
 * names: the API's 400 names whole fields (`price`, `variantPaths`, `source`), the form's own checks
 * name single values (`price.SG`, `variantPaths.0/1.stock`, `variants.0.options`).
 */
import type { AdminProductInput, Product } from '@kedai/contract';
import {
  currencyDecimals,
  fromMinorUnits,
  toMinorUnits,
  validateProductDraft,
  type ProductVariant,
  type RegionPrices,
} from '@kedai/domain';
import { codeOf, errorText, fieldErrorsOf } from '../../lib/errors';
import { combinationsOf, parseOptions, type Combination } from './variant-paths';

/** Region key -> amount as typed, in major units ("12.50"); blank: no price in that region. */
type PriceDraft = Record<string, string>;

export interface VariantDraft {
  name: string;
  /** One option per line. */
  options: string;
  /** Option name -> its picture, kept from the saved product (pictures are edited with uploads, later). */
  pictures: Record<string, string>;
}

export interface PathDraft {
  prices: PriceDraft;
  /** Units in stock, for a path that is not saved yet. */
  stock: string;
}

export interface ProductDraft {
  name: string;
  paramName: string;
  description: string;
  categoryId: string;
  merchantId: string;
  sourceMarketPlace: string;
  sourceUrl: string;
  weight: string;
  prices: PriceDraft;
  stock: string;
  variants: VariantDraft[];
  /** Variant path -> its prices and stock (rows of paths that no longer exist are ignored). */
  paths: Record<string, PathDraft>;
  /** Image names, one per line; the first is the main image. */
  images: string;
  disabled: boolean;
}

/** Region key -> currency, from `GET /region`. */
export type Currencies = Record<string, string>;

export type FieldErrors = Record<string, string>;

export const emptyDraft = (): ProductDraft => ({
  name: '',
  paramName: '',
  description: '',
  categoryId: '',
  merchantId: '',
  sourceMarketPlace: '',
  sourceUrl: '',
  weight: '',
  prices: {},
  stock: '',
  variants: [],
  paths: {},
  images: '',
  disabled: false,
});

function pricesToDraft(prices: RegionPrices, currencies: Currencies): PriceDraft {
  const draft: PriceDraft = {};
  for (const [region, amount] of Object.entries(prices)) draft[region] = fromMinorUnits(amount, currencies[region] ?? 'SGD');
  return draft;
}

/** The form of a saved product. */
export function productToDraft(product: Product, currencies: Currencies): ProductDraft {
  const paths: Record<string, PathDraft> = {};
  for (const [path, entry] of Object.entries(product.variantPaths)) {
    paths[path] = { prices: pricesToDraft(entry.price, currencies), stock: String(entry.stock) };
  }
  return {
    name: product.name,
    paramName: product.paramName,
    description: product.description,
    categoryId: product.category?.id ?? '',
    merchantId: product.merchant?.id ?? '',
    sourceMarketPlace: product.sourceMarketPlace ?? '',
    sourceUrl: product.sourceUrl ?? '',
    weight: String(product.weight),
    prices: pricesToDraft(product.price, currencies),
    stock: String(product.stock),
    variants: product.variants.map((variant) => ({
      name: variant.name,
      options: variant.options.join('\n'),
      pictures: Object.fromEntries(
        variant.options.flatMap((option, i) => {
          const picture = variant.images?.[i];
          return picture ? [[option, picture]] : [];
        }),
      ),
    })),
    paths,
    images: product.images.join('\n'),
    disabled: product.disabled,
  };
}

/** The variants the form describes: blank rows dropped, names trimmed, options parsed. */
export function draftVariants(draft: Pick<ProductDraft, 'variants'>): ProductVariant[] {
  return draft.variants
    .map((variant) => ({ variant, options: parseOptions(variant.options), name: variant.name.trim() }))
    .filter(({ name, options }) => name !== '' || options.length > 0)
    .map(({ variant, options, name }) => {
      const pictures = options.map((option) => variant.pictures[option] ?? null);
      return pictures.some((picture) => picture !== null) ? { name, options, images: pictures } : { name, options };
    });
}

/** The variant paths the form describes, in order. */
export const draftCombinations = (draft: Pick<ProductDraft, 'variants'>): Combination[] => combinationsOf(draftVariants(draft));

/** A hint of the amount format of a currency: "12.50", or "1500" without decimals. */
export const amountExample = (currency: string): string => (currencyDecimals(currency) === 0 ? '1500' : '12.50');

const WHOLE = /^\d+$/;

interface Context {
  currencies: Currencies;
  /** The product as saved (editing), or null (creating): stock is sent only for what is new. */
  saved: Product | null;
  version?: number;
}

type Result = { ok: true; input: AdminProductInput } | { ok: false; errors: FieldErrors };

/** The form as the API's input, or the problems found before sending it. */
export function draftToInput(draft: ProductDraft, { currencies, saved, version }: Context): Result {
  const errors: FieldErrors = {};

  const prices = (typed: PriceDraft, field: string): RegionPrices => {
    const result: RegionPrices = {};
    for (const [region, text] of Object.entries(typed)) {
      if (text.trim() === '') continue;
      const currency = currencies[region] ?? 'SGD';
      try {
        const amount = toMinorUnits(text, currency);
        if (amount <= 0) errors[`${field}.${region}`] = 'A price must be above zero';
        else result[region] = amount;
      } catch {
        errors[`${field}.${region}`] = `Enter an amount in ${currency}, such as ${amountExample(currency)}`;
      }
    }
    return result;
  };
  const count = (text: string, field: string, message: string): number | undefined => {
    const trimmed = text.trim();
    if (trimmed === '') return 0;
    if (!WHOLE.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
      errors[field] = message;
      return undefined;
    }
    return Number(trimmed);
  };

  if (draft.name.trim() === '') errors.name = "Enter the product's name";
  const weight = count(draft.weight, 'weight', 'Weight must be a whole number of grams') ?? 0;

  draft.variants.forEach((variant, i) => {
    const name = variant.name.trim();
    const options = parseOptions(variant.options);
    if (name === '' && options.length === 0) return;
    if (name === '') errors[`variants.${i}.name`] = 'Name this variant, for example Colour';
    if (options.length === 0) errors[`variants.${i}.options`] = 'Give this variant at least one option';
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
      errors[`variants.${i}.options`] = 'Each option must have a name of its own';
    }
  });
  const variants = draftVariants(draft);

  const variantPaths: AdminProductInput['variantPaths'] = {};
  for (const { path } of combinationsOf(variants)) {
    const row = draft.paths[path] ?? { prices: {}, stock: '' };
    const entry: AdminProductInput['variantPaths'][string] = { price: prices(row.prices, `variantPaths.${path}.price`) };
    if (!saved?.variantPaths[path]) {
      entry.stock = count(row.stock, `variantPaths.${path}.stock`, 'Stock must be a whole number, 0 or more') ?? 0;
    }
    variantPaths[path] = entry;
  }

  // With variants, the price shown before a choice defaults to the lowest of the paths' prices.
  const price = prices(draft.prices, 'price');
  if (variants.length > 0) {
    for (const entry of Object.values(variantPaths)) {
      for (const [region, amount] of Object.entries(entry.price)) {
        if (!(region in draft.prices) || draft.prices[region]!.trim() === '') price[region] = Math.min(price[region] ?? amount, amount);
      }
    }
  }

  const input: AdminProductInput = {
    name: draft.name.trim(),
    description: draft.description,
    categoryId: draft.categoryId || null,
    merchantId: draft.merchantId || null,
    sourceMarketPlace: draft.sourceMarketPlace.trim() || null,
    sourceUrl: draft.sourceUrl.trim() || null,
    weight,
    price,
    variants,
    variantPaths,
    images: parseOptions(draft.images),
    disabled: draft.disabled,
  };
  if (draft.paramName.trim() !== '') input.paramName = draft.paramName.trim();
  if (!saved && variants.length === 0) {
    input.stock = count(draft.stock, 'stock', 'Stock must be a whole number, 0 or more') ?? 0;
  }
  if (version !== undefined) input.version = version;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = validateProductDraft(input, Object.keys(currencies));
  if (!checked.ok) return { ok: false, errors: Object.fromEntries(checked.problems.map((problem) => [problem.field, problem.error])) };
  return { ok: true, input };
}

/** The field problems of a refused save: the 400's list, and a URL name another product has (409). */
export function saveErrors(error: unknown): FieldErrors {
  const errors = fieldErrorsOf(error);
  if (codeOf(error) === 'product/param_name_taken') errors.paramName ??= errorText(error);
  return errors;
}
