/**
 * The home page's content as the back office edits it: banners, popups and product groups are
 * lists in the order the storefront shows them (`sortOrder`, smallest first), image pages stand
 * alone. A `PUT` carries an item's whole state, so a reorder or a switch on or off sends each
 * changed item as it is with its new place or state. The domain's rules (which the API applies
 * too) are checked before a form is sent; errors are keyed by the input's field names, as the
 * API's 400 names them.
 */
import type {
  AdminBanner,
  AdminBannerInput,
  AdminHomeGroup,
  AdminHomeGroupInput,
  AdminImagePage,
  AdminImagePageInput,
  AdminPopup,
  AdminPopupInput,
} from '@kedai/contract';
import { validateBannerDraft, validateHomeGroupDraft, validateImagePageDraft, validatePopupDraft, type FieldProblem } from '@kedai/domain';

export type FieldErrors = Record<string, string>;
type Result<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

const errorsOf = (problems: readonly FieldProblem<string>[]): FieldErrors =>
  Object.fromEntries(problems.map((problem) => [problem.field, problem.error]));

// ——— Order ———

/**
 * The places to save when item `id` moves one up (-1) or down (+1): every item numbered by its new
 * position, only those whose number changes. Empty when it is already at that end.
 */
export function reorderPlan<T extends { id: string; sortOrder: number }>(
  items: readonly T[],
  id: string,
  by: -1 | 1,
): { item: T; sortOrder: number }[] {
  const index = items.findIndex((item) => item.id === id);
  const to = index + by;
  if (index === -1 || to < 0 || to >= items.length) return [];
  const order = [...items];
  [order[index], order[to]] = [order[to]!, order[index]!];
  return order.map((item, position) => ({ item, sortOrder: position })).filter(({ item, sortOrder }) => item.sortOrder !== sortOrder);
}

/** Each kind's `PUT` input for an item as it is, with `changes`. */
export const bannerInput = (b: AdminBanner, changes: Partial<AdminBannerInput> = {}): AdminBannerInput => ({
  title: b.title,
  image: b.image,
  link: b.link,
  sortOrder: b.sortOrder,
  enabled: b.enabled,
  ...changes,
});
export const popupInput = (p: AdminPopup, changes: Partial<AdminPopupInput> = {}): AdminPopupInput => ({
  name: p.name,
  image: p.image,
  link: p.link,
  sortOrder: p.sortOrder,
  enabled: p.enabled,
  ...changes,
});
export const groupInput = (g: AdminHomeGroup, changes: Partial<AdminHomeGroupInput> = {}): AdminHomeGroupInput => ({
  name: g.name,
  categoryId: g.categoryId,
  productIds: g.productIds,
  productLimit: g.productLimit,
  sortOrder: g.sortOrder,
  enabled: g.enabled,
  ...changes,
});
export const imagePageInput = (p: AdminImagePage, changes: Partial<AdminImagePageInput> = {}): AdminImagePageInput => ({
  title: p.title,
  slug: p.slug,
  blocks: p.blocks,
  enabled: p.enabled,
  ...changes,
});

// ——— Banners and popups ———

export interface BannerForm {
  title: string;
  /** Image name on the assets host; '' before one is uploaded. */
  image: string;
  link: string;
  enabled: boolean;
}

export const emptyBannerForm = (): BannerForm => ({ title: '', image: '', link: '', enabled: true });
export const bannerToForm = (b: AdminBanner): BannerForm => ({ title: b.title, image: b.image, link: b.link ?? '', enabled: b.enabled });

/** The API's input: a new banner goes last, an edited one keeps its place (no `sortOrder`). */
export function formToBannerInput(form: BannerForm): Result<AdminBannerInput> {
  const input: AdminBannerInput = {
    title: form.title.trim(),
    image: form.image.trim(),
    link: form.link.trim() || null,
    enabled: form.enabled,
  };
  const checked = validateBannerDraft(input);
  return checked.ok ? { ok: true, input } : { ok: false, errors: errorsOf(checked.problems) };
}

export interface PopupForm {
  name: string;
  image: string;
  link: string;
  enabled: boolean;
}

export const emptyPopupForm = (): PopupForm => ({ name: '', image: '', link: '', enabled: true });
export const popupToForm = (p: AdminPopup): PopupForm => ({ name: p.name, image: p.image ?? '', link: p.link ?? '', enabled: p.enabled });

export function formToPopupInput(form: PopupForm): Result<AdminPopupInput> {
  const input: AdminPopupInput = {
    name: form.name.trim(),
    image: form.image.trim() || null,
    link: form.link.trim() || null,
    enabled: form.enabled,
  };
  const checked = validatePopupDraft(input);
  return checked.ok ? { ok: true, input } : { ok: false, errors: errorsOf(checked.problems) };
}

// ——— Product groups ———

export interface GroupForm {
  name: string;
  source: 'category' | 'products';
  categoryId: string;
  productIds: string[];
  /** How many it shows; '' for the default (12 of a category, all of a list). */
  productLimit: string;
  enabled: boolean;
}

export const emptyGroupForm = (): GroupForm => ({
  name: '',
  source: 'category',
  categoryId: '',
  productIds: [],
  productLimit: '',
  enabled: true,
});
export const groupToForm = (g: AdminHomeGroup): GroupForm => ({
  name: g.name,
  source: g.categoryId ? 'category' : 'products',
  categoryId: g.categoryId ?? '',
  productIds: [...g.productIds],
  productLimit: String(g.productLimit),
  enabled: g.enabled,
});

export function formToGroupInput(form: GroupForm): Result<AdminHomeGroupInput> {
  const limit = form.productLimit.trim();
  const input: AdminHomeGroupInput = {
    name: form.name.trim(),
    categoryId: form.source === 'category' ? form.categoryId || null : null,
    productIds: form.source === 'products' ? form.productIds : [],
    enabled: form.enabled,
  };
  if (limit !== '') input.productLimit = /^\d+$/.test(limit) ? Number(limit) : NaN;
  const checked = validateHomeGroupDraft(input);
  if (checked.ok) return { ok: true, input };
  const errors = errorsOf(checked.problems);
  // The form names the missing source where staff choose it.
  if (errors.productIds && form.source === 'category') {
    errors.categoryId ??= 'Choose the category whose newest products the group shows';
    delete errors.productIds;
  } else if (errors.productIds && form.productIds.length === 0) errors.productIds = 'Add at least one product to the group';
  return { ok: false, errors };
}

/** A product list with `id` moved one place (-1 up, +1 down), removed, or added at the end once. */
export function moveId(ids: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
export const addId = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? [...ids] : [...ids, id]);

// ——— Image pages ———

export interface BlockForm {
  image: string;
  alt: string;
  link: string;
  /** Keeps a picture's fields (and its upload) together while pictures move or go; never sent. */
  key?: string;
}

let blockKeys = 0;
/** A new, empty picture. */
export const newBlock = (): BlockForm => ({ image: '', alt: '', link: '', key: `block-${++blockKeys}` });
export interface ImagePageForm {
  title: string;
  /** Blank: made from the title. */
  slug: string;
  blocks: BlockForm[];
  enabled: boolean;
}

export const emptyImagePageForm = (): ImagePageForm => ({ title: '', slug: '', blocks: [], enabled: true });
export const imagePageToForm = (p: AdminImagePage): ImagePageForm => ({
  title: p.title,
  slug: p.slug,
  blocks: p.blocks.map((b) => ({ ...newBlock(), image: b.image, alt: b.alt, link: b.link ?? '' })),
  enabled: p.enabled,
});

export function formToImagePageInput(form: ImagePageForm): Result<AdminImagePageInput> {
  const input: AdminImagePageInput = {
    title: form.title.trim(),
    blocks: form.blocks.map((b) => ({ image: b.image.trim(), alt: b.alt.trim(), link: b.link.trim() || null })),
    enabled: form.enabled,
  };
  if (form.slug.trim() !== '') input.slug = form.slug.trim();
  const checked = validateImagePageDraft(input);
  if (checked.ok) return { ok: true, input };
  const errors = errorsOf(checked.problems);
  // A URL name made from a missing title is not a problem of its own.
  if (errors.title && input.slug === undefined) delete errors.slug;
  return { ok: false, errors };
}

/** The storefront's address of an image page. */
export const imagePagePath = (slug: string): string => `/page/${slug}`;
