/**
 * Plain values of the contract, without zod, so browser code can import them without pulling the
 * schema library into the page's JavaScript (`@kedai/contract/constants`).
 */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_MAX_LIMIT = 100;
export const SEARCH_MAX_PAGE = 500;
export const SEARCH_MAX_QUERY_LENGTH = 200;
export const HOME_GROUP_MAX_LIMIT = 50;
