/**
 * What staff may save as the home page's content (issue 14): banners, popups, home product groups
 * and image pages. One rule per field, each answering the normalised value or its catalogue code;
 * nothing is saved unless every rule passes. Links are data shown to shoppers, so only a path on the
 * shop (`/search?…`) or an http(s) address passes: never `javascript:`, `data:` or `//host`.
 */
import { isUuid } from './ids';
import { isImageName, isUrlKey } from './product-input';
import { collectFields, fail, ok, parseText, type FieldProblem, type FieldResult } from './fields';
import { ERROR_MESSAGES, type ErrorCode } from './errors';

export const BANNER_TITLE_MAX = 200;
export const POPUP_NAME_MAX = 200;
export const HOME_GROUP_NAME_MAX = 100;
/** At most this many hand-picked products in a group, and shown by one. */
export const HOME_GROUP_PRODUCTS_MAX = 50;
export const IMAGE_PAGE_TITLE_MAX = 200;
export const IMAGE_PAGE_SLUG_MAX = 80;
export const IMAGE_PAGE_BLOCKS_MAX = 30;
export const IMAGE_ALT_MAX = 300;
export const CONTENT_LINK_MAX = 1000;
export const CONTENT_SORT_ORDER_MAX = 100_000;

const HTTP = /^https?:\/\/[^\s/?#\\@]+(?:[/?#][^\s\\]*)?$/i;

type Problems<F extends string> = { ok: false; problems: FieldProblem<F>[] };
type Checked<T, F extends string> = { ok: true; value: T } | Problems<F>;

/**
 * A content link: empty for none (null); else a path on this shop (`/…`, not `//host` nor `/\host`)
 * or an absolute http(s) address, with no spaces or control characters.
 */
export function parseContentLink(input: unknown): FieldResult<string | null> {
  if (input === undefined || input === null) return ok(null);
  if (typeof input !== 'string') return fail('content/invalid_link');
  const value = input.trim();
  if (value === '') return ok(null);
  if (value.length > CONTENT_LINK_MAX || /[\p{Cc}\s\u2028\u2029]/u.test(value)) return fail('content/invalid_link');
  const sitePath = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
  return sitePath || HTTP.test(value) ? ok(value) : fail('content/invalid_link');
}

const requiredImage = (input: unknown, errorCode: ErrorCode): FieldResult<string> => (isImageName(input) ? ok(input) : fail(errorCode));
const optionalImage = (input: unknown, errorCode: ErrorCode): FieldResult<string | null> =>
  input === undefined || input === null || input === '' ? ok(null) : requiredImage(input, errorCode);

const problem = <F extends string>(field: F, errorCode: ErrorCode): FieldProblem<F> => ({
  field,
  errorCode,
  error: ERROR_MESSAGES[errorCode],
});

/** A place in a list, smallest first; absent: `fallback` (the API puts a new item last, an edit keeps its place). */
export function parseSortOrder(input: unknown, fallback = 0): FieldResult<number> {
  if (input === undefined) return ok(fallback);
  return typeof input === 'number' && Number.isInteger(input) && Math.abs(input) <= CONTENT_SORT_ORDER_MAX
    ? ok(input)
    : fail('content/invalid_sort_order');
}

const parseEnabled = (input: unknown): FieldResult<boolean> =>
  input === undefined ? ok(true) : typeof input === 'boolean' ? ok(input) : fail('general/argument_error');

// ——— Banners ———

export interface BannerDraft {
  title: string;
  image: string;
  link: string | null;
  sortOrder: number;
  enabled: boolean;
}
const BANNER_FIELDS = ['title', 'image', 'link', 'sortOrder', 'enabled'] as const;
export type BannerField = (typeof BANNER_FIELDS)[number];

/** A banner of the home page's carousel: its title (also the picture's text alternative), picture and link. */
export function validateBannerDraft(input: {
  title: unknown;
  image: unknown;
  link?: unknown;
  sortOrder?: unknown;
  enabled?: unknown;
}): Checked<BannerDraft, BannerField> {
  return collectFields(BANNER_FIELDS, {
    title: parseText(input.title, { min: 1, max: BANNER_TITLE_MAX }, 'banner/invalid_title'),
    image: requiredImage(input.image, 'banner/invalid_image'),
    link: parseContentLink(input.link),
    sortOrder: parseSortOrder(input.sortOrder),
    enabled: parseEnabled(input.enabled),
  });
}

// ——— Popups ———

export interface PopupDraft {
  name: string;
  image: string | null;
  link: string | null;
  sortOrder: number;
  enabled: boolean;
}
const POPUP_FIELDS = ['name', 'image', 'link', 'sortOrder', 'enabled'] as const;
export type PopupField = (typeof POPUP_FIELDS)[number];

/** A popup of the home page: its name (shown as its heading), an optional picture and link. */
export function validatePopupDraft(input: {
  name: unknown;
  image?: unknown;
  link?: unknown;
  sortOrder?: unknown;
  enabled?: unknown;
}): Checked<PopupDraft, PopupField> {
  return collectFields(POPUP_FIELDS, {
    name: parseText(input.name, { min: 1, max: POPUP_NAME_MAX }, 'popup/invalid_name'),
    image: optionalImage(input.image, 'popup/invalid_image'),
    link: parseContentLink(input.link),
    sortOrder: parseSortOrder(input.sortOrder),
    enabled: parseEnabled(input.enabled),
  });
}

// ——— Home product groups ———

export interface HomeGroupDraft {
  name: string;
  categoryId: string | null;
  productIds: string[];
  productLimit: number;
  sortOrder: number;
  enabled: boolean;
}
const HOME_GROUP_FIELDS = ['name', 'categoryId', 'productIds', 'productLimit', 'sortOrder', 'enabled'] as const;
export type HomeGroupField = (typeof HOME_GROUP_FIELDS)[number];

/**
 * A product group of the home page: it shows the newest products of a category (and its
 * subcategories), or a hand-picked list of products in the order given; one or the other, never
 * both. `productLimit` is how many it shows (1 to 50; a hand-picked group defaults to its list's length).
 */
export function validateHomeGroupDraft(input: {
  name: unknown;
  categoryId?: unknown;
  productIds?: unknown;
  productLimit?: unknown;
  sortOrder?: unknown;
  enabled?: unknown;
}): Checked<HomeGroupDraft, HomeGroupField> {
  const categoryId: FieldResult<string | null> =
    input.categoryId === undefined || input.categoryId === null || input.categoryId === ''
      ? ok(null)
      : typeof input.categoryId === 'string' && isUuid(input.categoryId)
        ? ok(input.categoryId.toLowerCase())
        : fail('home_group/invalid_source');
  const list = input.productIds === undefined || input.productIds === null ? [] : input.productIds;
  let productIds: FieldResult<string[]>;
  if (!Array.isArray(list) || list.length > HOME_GROUP_PRODUCTS_MAX || !list.every((id) => typeof id === 'string' && isUuid(id))) {
    productIds = fail('home_group/invalid_source');
  } else {
    const ids = (list as string[]).map((id) => id.toLowerCase());
    const oneSource = categoryId.ok && (categoryId.value === null) !== (ids.length === 0);
    productIds = new Set(ids).size === ids.length && (oneSource || !categoryId.ok) ? ok(ids) : fail('home_group/invalid_source');
  }
  const fallbackLimit = productIds.ok && productIds.value.length > 0 ? productIds.value.length : 12;
  const limit = input.productLimit;
  const productLimit: FieldResult<number> =
    limit === undefined || limit === null
      ? ok(fallbackLimit)
      : typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 && limit <= HOME_GROUP_PRODUCTS_MAX
        ? ok(limit)
        : fail('home_group/invalid_limit');
  return collectFields(HOME_GROUP_FIELDS, {
    name: parseText(input.name, { min: 1, max: HOME_GROUP_NAME_MAX }, 'home_group/invalid_name'),
    categoryId,
    productIds,
    productLimit,
    sortOrder: parseSortOrder(input.sortOrder),
    enabled: parseEnabled(input.enabled),
  });
}

// ——— Image pages ———

export interface ImagePageBlockDraft {
  image: string;
  alt: string;
  link: string | null;
}
export interface ImagePageDraft {
  title: string;
  slug: string;
  blocks: ImagePageBlockDraft[];
  enabled: boolean;
}
const IMAGE_PAGE_FIELDS = ['title', 'slug', 'enabled'] as const;
/** `title`, `slug`, `enabled`, `blocks` (the list itself) or one block's field: `blocks.2.alt`. */
export type ImagePageField = (typeof IMAGE_PAGE_FIELDS)[number] | 'blocks' | `blocks.${number}.${'image' | 'alt' | 'link'}`;

/** A URL name made from a title: lower-case ASCII letters and digits joined by dashes. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, IMAGE_PAGE_SLUG_MAX)
    .replace(/-+$/, '');
}

/**
 * An image page (`/page/<slug>` on the storefront): a title, a URL name (from the title when none)
 * and 1 to 30 pictures in order, each with its text alternative and an optional link.
 */
export function validateImagePageDraft(input: {
  title: unknown;
  slug?: unknown;
  blocks: unknown;
  enabled?: unknown;
}): Checked<ImagePageDraft, ImagePageField> {
  const title = parseText(input.title, { min: 1, max: IMAGE_PAGE_TITLE_MAX }, 'image_page/invalid_title');
  const given = typeof input.slug === 'string' ? input.slug.trim() : input.slug;
  const slugValue = given === undefined || given === null || given === '' ? (title.ok ? slugFromTitle(title.value) : '') : given;
  const slug: FieldResult<string> = isUrlKey(slugValue, IMAGE_PAGE_SLUG_MAX) ? ok(slugValue) : fail('image_page/invalid_slug');
  const fields = collectFields(IMAGE_PAGE_FIELDS, { title, slug, enabled: parseEnabled(input.enabled) });
  const problems: FieldProblem<ImagePageField>[] = fields.ok ? [] : [...fields.problems];
  const blocks: ImagePageBlockDraft[] = [];
  if (!Array.isArray(input.blocks) || input.blocks.length === 0 || input.blocks.length > IMAGE_PAGE_BLOCKS_MAX) {
    problems.push(problem('blocks', 'image_page/invalid_blocks'));
  } else {
    for (const [index, raw] of (input.blocks as unknown[]).entries()) {
      const block = (typeof raw === 'object' && raw !== null ? raw : {}) as { image?: unknown; alt?: unknown; link?: unknown };
      const image = requiredImage(block.image, 'image_page/invalid_image');
      const alt = parseText(block.alt, { min: 1, max: IMAGE_ALT_MAX }, 'image_page/invalid_alt');
      const link = parseContentLink(block.link);
      if (!image.ok) problems.push(problem(`blocks.${index}.image`, image.errorCode));
      if (!alt.ok) problems.push(problem(`blocks.${index}.alt`, alt.errorCode));
      if (!link.ok) problems.push(problem(`blocks.${index}.link`, link.errorCode));
      if (image.ok && alt.ok && link.ok) blocks.push({ image: image.value, alt: alt.value, link: link.value });
    }
  }
  if (problems.length > 0 || !fields.ok) return { ok: false, problems };
  return { ok: true, value: { ...fields.value, blocks } };
}
