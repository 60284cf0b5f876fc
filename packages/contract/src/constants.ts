/**
 * Plain values of the contract, without zod, so browser code can import them without pulling the
 * schema library into the page's JavaScript (`@kedai/contract/constants`).
 */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_MAX_PAGE = 500;
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** Products per page when a search names no limit: every listing page of the storefront. */
export const SEARCH_DEFAULT_LIMIT = 24;
/** Longest category reference (id or dot-joined path) a search or a home group takes. */
export const CATEGORY_REF_MAX_LENGTH = 300;
/** Longest merchant reference (id or slug) a search takes. */
export const MERCHANT_REF_MAX_LENGTH = 200;
/** Longest id (or slug) in a path such as `/product/one/:id`; longer ones answer 400. */
export const ID_PARAM_MAX_LENGTH = 200;
export const HOME_GROUP_MAX_LIMIT = 50;

/** Orders of the back office's product list. */
export const PRODUCT_ADMIN_SORTS = ['updated', 'newest', 'name', 'stock'] as const;
export type ProductAdminSort = (typeof PRODUCT_ADMIN_SORTS)[number];
/** Most products in one page of the back office's list. */
export const PRODUCT_ADMIN_MAX_LIMIT = 100;

/**
 * Content types `POST /admin/image` takes: the image's bytes as the body (its content decides,
 * not the type; SVG is never taken). Browsers send a picked file's own type.
 */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'application/octet-stream'] as const;
