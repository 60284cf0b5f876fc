/**
 * What staff may save as a category or a merchant (issue 14), one rule per field, each answering
 * the normalised value or its catalogue code; nothing is saved unless every rule passes.
 */
import { isCountryCode } from './countries';
import { collectFields, fail, ok, parseText, type FieldProblem, type FieldResult } from './fields';
import { isUuid } from './ids';
import { isImageName, isUrlKey, slugify } from './product-input';

export const CATEGORY_KEY_MAX = 60;
export const CATEGORY_NAME_MAX = 100;
export const MERCHANT_NAME_MAX = 100;
export const MERCHANT_SLUG_MAX = 80;
export const MERCHANT_DESCRIPTION_MAX = 2000;

type Problems<F extends string> = { ok: false; problems: FieldProblem<F>[] };

function parseKey(
  input: unknown,
  fallback: string,
  max: number,
  errorCode: 'category/invalid_key' | 'merchant/invalid_slug',
): FieldResult<string> {
  const given = typeof input === 'string' ? input.trim() : input;
  const value = given === undefined || given === null || given === '' ? fallback : given;
  return isUrlKey(value, max) ? ok(value) : fail(errorCode);
}

function parseImage(input: unknown, errorCode: 'category/invalid_image' | 'merchant/invalid_logo'): FieldResult<string | null> {
  if (input === null || input === undefined || input === '') return ok(null);
  return isImageName(input) ? ok(input) : fail(errorCode);
}

export interface CategoryDraft {
  key: string;
  name: string;
  parentId: string | null;
  image: string | null;
  sortOrder: number;
}
const CATEGORY_FIELDS = ['name', 'key', 'parentId', 'image', 'sortOrder'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];

/** A category as staff save it: its name, its URL key (from the name when none), its parent and picture. */
export function validateCategoryDraft(input: {
  key?: unknown;
  name: unknown;
  parentId: unknown;
  image?: unknown;
  sortOrder?: unknown;
}): { ok: true; value: CategoryDraft } | Problems<CategoryField> {
  const name = parseText(input.name, { min: 1, max: CATEGORY_NAME_MAX }, 'category/invalid_name');
  const parentId =
    input.parentId === null || input.parentId === undefined
      ? ok(null)
      : typeof input.parentId === 'string' && isUuid(input.parentId)
        ? ok(input.parentId.toLowerCase())
        : fail<string | null>('category/invalid_parent');
  const sortOrder =
    input.sortOrder === undefined
      ? ok(0)
      : typeof input.sortOrder === 'number' && Number.isInteger(input.sortOrder) && Math.abs(input.sortOrder) <= 100_000
        ? ok(input.sortOrder)
        : fail<number>('general/argument_error');
  return collectFields(CATEGORY_FIELDS, {
    name,
    key: parseKey(input.key, name.ok ? slugify(name.value) : '', CATEGORY_KEY_MAX, 'category/invalid_key'),
    parentId,
    image: parseImage(input.image, 'category/invalid_image'),
    sortOrder,
  });
}

export interface MerchantDraft {
  slug: string;
  name: string;
  description: string;
  logo: string | null;
  countryCode: string;
}
const MERCHANT_FIELDS = ['name', 'slug', 'description', 'logo', 'countryCode'] as const;
export type MerchantField = (typeof MERCHANT_FIELDS)[number];

/** A merchant as staff save it: name, URL name (from the name when none), description, logo and country. */
export function validateMerchantDraft(input: {
  slug?: unknown;
  name: unknown;
  description?: unknown;
  logo?: unknown;
  countryCode: unknown;
}): { ok: true; value: MerchantDraft } | Problems<MerchantField> {
  const name = parseText(input.name, { min: 1, max: MERCHANT_NAME_MAX }, 'merchant/invalid_name');
  const country = typeof input.countryCode === 'string' ? input.countryCode.trim().toUpperCase() : '';
  return collectFields(MERCHANT_FIELDS, {
    name,
    slug: parseKey(input.slug, name.ok ? slugify(name.value) : '', MERCHANT_SLUG_MAX, 'merchant/invalid_slug'),
    description: parseText(input.description, { min: 0, max: MERCHANT_DESCRIPTION_MAX }, 'merchant/invalid_description'),
    logo: parseImage(input.logo, 'merchant/invalid_logo'),
    countryCode: isCountryCode(country) ? ok(country) : fail<string>('merchant/invalid_country'),
  });
}
